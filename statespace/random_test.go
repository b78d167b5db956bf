package statespace

import (
	"math/rand/v2"
	"testing"
)

// sampleShapes are every shape from 2x2 to 5x5 and the long ones of 21
// cells and more that once made Random panic (too many boards to rank).
func sampleShapes() []Shape {
	var out []Shape
	for r := 2; r <= 5; r++ {
		for c := 2; c <= 5; c++ {
			out = append(out, Shape{r, c})
		}
	}
	return append(out, Shape{7, 3}, Shape{3, 7}, Shape{4, 6}, Shape{2, 11}, Shape{2, 12})
}

// Random gives reachable boards of the space's shape on every shape, for
// both goals, the same ones for the same seed.
func TestRandomEveryShape(t *testing.T) {
	for _, sh := range sampleShapes() {
		for _, goal := range []Board{GoalLast(sh), GoalFirst(sh)} {
			sp := MustSpace(goal)
			rng := rand.New(rand.NewPCG(1, 2))
			again := rand.New(rand.NewPCG(1, 2))
			seen := map[Board]bool{}
			for range 50 {
				b := sp.Random(rng)
				if err := sp.Check(b); err != nil || b.Shape() != sh {
					t.Fatalf("%s goal %s: drew %s: %v", sh, GoalName(goal), b, err)
				}
				if b.Tile(b.Blank()) != 0 {
					t.Fatalf("%s: drew %s with its blank recorded at %d", sh, b, b.Blank())
				}
				if c := sp.Random(again); c != b {
					t.Fatalf("%s: the same seed drew %s then %s", sh, b, c)
				}
				seen[b] = true
			}
			if min(sp.Size(), 50) > 12 && len(seen) < 40 {
				t.Errorf("%s: only %d distinct boards in 50 draws", sh, len(seen))
			}
		}
	}
}

// On a space too large to rank, Random is uniform in its marginals: the
// blank's cell and the tile in the first cell each take every value about
// equally often (within 5 standard deviations over 25,000 draws).
func TestRandomWideUniform(t *testing.T) {
	sp := MustSpace(GoalLast(Shape{5, 5}))
	if sp.Counted() {
		t.Fatal("5x5 is counted; the test wants a space too large to rank")
	}
	const draws = 25_000
	var blank, first [25]int
	rng := rand.New(rand.NewPCG(5, 5))
	for range draws {
		b := sp.Random(rng)
		blank[b.Blank()]++
		first[b.Tile(0)]++
	}
	const mean, sd = draws / 25, 31.0 // sqrt(draws·(1/25)·(24/25))
	for v := range 25 {
		if d := float64(blank[v] - mean); d > 5*sd || d < -5*sd {
			t.Errorf("blank at cell %d %d times, want about %d", v, blank[v], mean)
		}
		if d := float64(first[v] - mean); d > 5*sd || d < -5*sd {
			t.Errorf("tile %d in cell 0 %d times, want about %d", v, first[v], mean)
		}
	}
}

// Random on a small space is uniform: every 2x3 board about equally often.
func TestRandomSmallUniform(t *testing.T) {
	sp := MustSpace(GoalLast(Shape{2, 3}))
	count := map[Board]int{}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 36_000 {
		count[sp.Random(rng)]++
	}
	if len(count) != 360 {
		t.Fatalf("%d distinct boards, want all 360", len(count))
	}
	for b, n := range count {
		if n < 100-50 || n > 100+50 { // sd 10
			t.Errorf("%s drawn %d times, want about 100", b, n)
		}
	}
}

// A walk reaches a board of the space on every shape (its distances are
// checked against tables in package table's TestWalkDistances).
func TestWalk(t *testing.T) {
	for _, sh := range sampleShapes() {
		goal := GoalLast(sh)
		sp := MustSpace(goal)
		rng := rand.New(rand.NewPCG(3, 3))
		for n := range 30 {
			for _, mode := range []WalkMode{AnyMove, NoReverse} {
				b := Walk(rng, goal, n, mode)
				if err := sp.Check(b); err != nil {
					t.Fatalf("%s: a walk of %d reached %s: %v", sh, n, b, err)
				}
			}
		}
	}
}
