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
	var out [4]uint64
	benchmarkRanks(b, sh, stride, func(x *Expander, r uint64) uint64 { return out[x.Neighbors(r, &out)-1] })
}

// benchmarkRanks calls f on ranks stride apart, as a search's frontier
// gives them.
func benchmarkRanks(b *testing.B, sh Shape, stride uint64, f func(x *Expander, r uint64) uint64) {
	sp := MustSpace(GoalLast(sh))
	x := sp.NewExpander()
	r := uint64(12345)
	var sink uint64
	for b.Loop() {
		sink += f(x, r)
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

// Vertical and the sideways step must give exactly Neighbors' ranks, on
// every shape and goal, at random ranks and in runs of increasing ones
// (where blocks are reused).
func TestExpanderVertical(t *testing.T) {
	shapes := []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}, {3, 4}, {4, 3}, {2, 6}, {6, 2}, {2, 7}, {7, 2}, {4, 4}, {3, 5}, {5, 3}, {2, 8}, {8, 2}}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sh := range shapes {
		for _, goal := range []Board{GoalLast(sh), GoalFirst(sh)} {
			sp := MustSpace(goal)
			x, y := sp.NewExpander(), sp.NewExpander().Clone()
			step := sp.sidewaysStep()
			r := uint64(0)
			for i := 0; i < 6000; i++ {
				switch {
				case i%200 == 0:
					r = rng.Uint64N(sp.Size())
				case i%3 == 0:
					r = (r + 1 + rng.Uint64N(7)) % sp.Size()
				default:
					r = (r + 1) % sp.Size()
				}
				var all [4]uint64
				want := all[:x.Neighbors(r, &all)]
				var vert [2]uint64
				got := slices.Clone(vert[:y.Vertical(r, &vert)])
				blank := int(r / step)
				if blank%sh.Cols != 0 {
					got = append(got, r-step)
				}
				if blank%sh.Cols != sh.Cols-1 {
					got = append(got, r+step)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s goal %s: rank %d (%s): vertical and sideways give %v, Neighbors %v", sh, GoalName(goal), r, sp.Unrank(r), got, want)
				}
			}
		}
	}
}

func benchmarkVertical(b *testing.B, sh Shape, stride uint64) {
	var out [2]uint64
	benchmarkRanks(b, sh, stride, func(x *Expander, r uint64) uint64 { return out[x.Vertical(r, &out)-1] })
}

func BenchmarkExpanderVertical2x7InOrder(b *testing.B) { benchmarkVertical(b, Shape{2, 7}, 3) }
func BenchmarkExpanderVertical3x4InOrder(b *testing.B) { benchmarkVertical(b, Shape{3, 4}, 3) }

// A sparse level: about seven boards in each block of 2,520 ranks.
func BenchmarkExpanderVertical2x7Sparse(b *testing.B)  { benchmarkVertical(b, Shape{2, 7}, 361) }
func BenchmarkExpanderNeighbors2x7Sparse(b *testing.B) { benchmarkNeighbors(b, Shape{2, 7}, 361) }

// sidewaysStep returns how much a horizontal move of the blank changes a
// rank: (n−1)!/2, down for a move left and up for a move right.
func (s *Space) sidewaysStep() uint64 { return s.half }
