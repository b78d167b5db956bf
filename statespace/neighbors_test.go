package statespace

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Expander.Neighbors must give the ranks of the boards Apply reaches, in
// move order, on every shape and for both goals.
func TestExpanderNeighbors(t *testing.T) {
	shapes := []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}, {3, 4}, {4, 3}, {2, 6}, {2, 7}, {7, 2}, {4, 4}}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range shapes {
		for _, goal := range []Board{GoalLast(sh), GoalFirst(sh)} {
			sp := MustSpace(goal)
			x := sp.NewExpander()
			for i := 0; i < 2000; i++ {
				r := rng.Uint64N(sp.Size())
				if i < 4 {
					r = []uint64{0, sp.Size() - 1, sp.half, sp.half - 1}[i]
				}
				b := sp.Unrank(r)
				var want []uint64
				for _, m := range Moves {
					if c, ok := b.Apply(m); ok {
						want = append(want, sp.Rank(c))
					}
				}
				var out [4]uint64
				got := out[:x.Neighbors(r, &out)]
				if !slices.Equal(got, want) {
					t.Fatalf("%s goal %s: neighbours of rank %d (%s) = %v, want %v", sh, GoalName(goal), r, b, got, want)
				}
			}
		}
	}
}

func benchmarkNeighbors(b *testing.B, sh Shape, stride uint64) {
	sp := MustSpace(GoalLast(sh))
	x := sp.NewExpander()
	var out [4]uint64
	r := uint64(12345)
	var sink uint64
	for b.Loop() {
		n := x.Neighbors(r, &out)
		sink += out[n-1]
		r += stride
		if r >= sp.Size() {
			r -= sp.Size()
		}
	}
	_ = sink
}

// In rank order, as a breadth-first search scans its frontier, and at
// random.
func BenchmarkExpanderNeighbors2x7InOrder(b *testing.B) { benchmarkNeighbors(b, Shape{2, 7}, 3) }
func BenchmarkExpanderNeighbors3x4InOrder(b *testing.B) { benchmarkNeighbors(b, Shape{3, 4}, 3) }
func BenchmarkExpanderNeighbors2x7Random(b *testing.B) {
	benchmarkNeighbors(b, Shape{2, 7}, 7919*104729)
}
