package analyze

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// TestDrawBFS: on 3x3 every level the breadth-first draw enumerates has
// the size the distance table counts, and the boards drawn are at the
// distance, without repetition.
func TestDrawBFS(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	dist := mapBFS(goal)
	counts := map[int]uint64{}
	for _, d := range dist {
		counts[d]++
	}
	for _, d := range []int{0, 1, 5, 12, 20, 31} {
		bs, st, err := DrawAtDistance(context.Background(), DrawConfig{Goal: goal, Distance: d, N: 50, Seed: 7, BFSDepth: 31})
		if err != nil {
			t.Fatal(err)
		}
		if st.Level != counts[d] || len(bs) != int(min(50, counts[d])) {
			t.Fatalf("distance %d: level %d (want %d), %d boards", d, st.Level, counts[d], len(bs))
		}
		seen := map[statespace.Board]bool{}
		for _, b := range bs {
			if dist[b] != d || seen[b] {
				t.Fatalf("distance %d: drew %s at %d (or twice)", d, b, dist[b])
			}
			seen[b] = true
		}
	}
	_, _, err := DrawAtDistance(context.Background(), DrawConfig{Goal: goal, Distance: 20, N: 1, BFSDepth: 31, MaxBFS: 1000})
	if _, ok := err.(*DrawLimitError); !ok {
		t.Errorf("a level beyond MaxBFS: %v", err)
	}
}

// TestDrawRejectionTester: the rejection's test of a board's distance is
// right on every board of 3x3 for one distance (on Manhattan distance) and
// of 2x4 for three (on pattern databases).
func TestDrawRejectionTester(t *testing.T) {
	for _, c := range []struct {
		goal statespace.Board
		ds   []int
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), []int{9}},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4}), []int{10, 21, 30}},
	} {
		dist := mapBFS(c.goal)
		var dbs *pdb.Additive // Manhattan distance on 3x3, databases on 2x4
		if c.goal.Shape().Rows == 2 {
			part, err := pdb.ParsePartition("1,2,3,4/5,6,7", c.goal)
			if err != nil {
				t.Fatal(err)
			}
			if dbs, err = pdb.BuildPartition(context.Background(), c.goal, part, nil); err != nil {
				t.Fatal(err)
			}
		}
		tester, err := newDistanceTester(context.Background(), c.goal, dbs)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range c.ds {
			for b, bd := range dist {
				ok, _, err := tester.at(context.Background(), b, d)
				if err != nil {
					t.Fatal(err)
				}
				if ok != (bd == d) {
					t.Fatalf("%s at %d: tested at %d: %v", b, bd, d, ok)
				}
			}
		}
	}
}

// TestDrawRejectionUniform: boards kept by the rejection at distance 12
// on 3x3 (748 boards) fall on each of them as often as a uniform draw
// does, by a chi-square test of 3,740 draws (5 a board expected); and
// DrawAtDistance's own draw keeps boards at the distance, each once.
func TestDrawRejectionUniform(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	dist := mapBFS(goal)
	const d = 12
	var level int
	for _, bd := range dist {
		if bd == d {
			level++
		}
	}
	sp := statespace.MustSpace(goal)
	tester, err := newDistanceTester(context.Background(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	hits := map[statespace.Board]int{}
	n := 5 * level
	for k := 0; k < n; {
		b := sp.Random(rng)
		ok, _, err := tester.at(context.Background(), b, d)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			hits[b]++
			k++
		}
	}
	want := float64(n) / float64(level)
	chi := 0.0
	for b, bd := range dist {
		if bd == d {
			x := float64(hits[b]) - want
			chi += x * x / want
		}
	}
	df := float64(level - 1)
	t.Logf("chi-square %.1f, %d degrees of freedom", chi, level-1)
	if math.Abs(chi-df) > 5*math.Sqrt(2*df) {
		t.Errorf("chi-square %.1f over %d boards, want about %.0f ± %.0f", chi, level, df, math.Sqrt(2*df))
	}
	bs, st, err := DrawAtDistance(context.Background(), DrawConfig{Goal: goal, Distance: d, N: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[statespace.Board]bool{}
	for _, b := range bs {
		if dist[b] != d || seen[b] {
			t.Fatalf("drew %s at %d (or twice)", b, dist[b])
		}
		seen[b] = true
	}
	if len(bs) != 20 || st.Method != "rejection" || st.Draws < 20 {
		t.Errorf("%d boards, %+v", len(bs), st)
	}
}

// TestDrawBFSLevels4x4: on the 15-puzzle the breadth-first levels up to
// distance 14 have the sizes published (OEIS A089484, data/reference).
func TestDrawBFSLevels4x4(t *testing.T) {
	pub, ok := reference.FindDistribution("4x4", "corner")
	if !ok {
		t.Fatal("no published 4x4 distribution")
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	for d := 0; d <= 14; d++ {
		_, st, err := DrawAtDistance(context.Background(), DrawConfig{Goal: goal, Distance: d, N: 1, BFSDepth: 14})
		if err != nil {
			t.Fatal(err)
		}
		if st.Level != pub.Counts[d] {
			t.Errorf("distance %d: %d boards, published %d", d, st.Level, pub.Counts[d])
		}
	}
}
