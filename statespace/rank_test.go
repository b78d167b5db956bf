package statespace

import (
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"gonum.org/v1/gonum/stat/combin"
)

// Rank and Unrank are inverse bijections between the space and [0, n!/2),
// for every shape up to 2x5 and goals in both parity classes.
func TestRankBijection(t *testing.T) {
	shapes := []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}}
	for _, sh := range shapes {
		if !longtest.Enabled() && sh.Cells() > 9 {
			continue
		}
		for _, goal := range []Board{GoalLast(sh), GoalFirst(sh)} {
			sp := MustSpace(goal)
			want := uint64(combin.NumPermutations(sh.Cells(), sh.Cells()) / 2)
			if sp.Size() != want {
				t.Fatalf("%s: size %d, want n!/2 = %d", sh, sp.Size(), want)
			}
			seen := make(map[uint64]bool, sp.Size())
			for r := uint64(0); r < sp.Size(); r++ {
				b := sp.Unrank(r)
				if err := sp.Check(b); err != nil {
					t.Fatalf("%s goal %s: Unrank(%d) = %s is not in the space: %v", sh, GoalName(goal), r, b, err)
				}
				if got := sp.Rank(b); got != r {
					t.Fatalf("%s goal %s: Rank(Unrank(%d)) = %d", sh, GoalName(goal), r, got)
				}
				k := b.Packed().Lo
				if seen[k] {
					t.Fatalf("%s: Unrank gives %s twice", sh, b)
				}
				seen[k] = true
			}
		}
	}
}

// Every permutation of the 2x3 and 3x3 tiles is in exactly one of the two
// spaces of goals in different parity classes, and Check agrees with
// RankChecked. The oracle for the permutations is gonum's combin.
func TestCheckPartitionsPermutations(t *testing.T) {
	for _, sh := range []Shape{{2, 3}, {3, 3}, {2, 2}, {2, 4}} {
		n := sh.Cells()
		a := MustSpace(GoalLast(sh))
		// A goal in the other class: swap two tiles of the goal.
		other := GoalLast(sh).Tiles()
		other[0], other[1] = other[1], other[0]
		b := MustSpace(MustBoard(sh, other...))
		gen := combin.NewPermutationGenerator(n, n)
		perm := make([]int, n)
		var inA, inB int
		for gen.Next() {
			gen.Permutation(perm)
			bd := MustBoard(sh, perm...)
			_, okA := a.RankChecked(bd)
			_, okB := b.RankChecked(bd)
			if okA == okB {
				t.Fatalf("%s: board %s in both or neither space", sh, bd)
			}
			if (a.Check(bd) == nil) != okA {
				t.Fatalf("%s: Check and RankChecked disagree on %s", sh, bd)
			}
			if okA {
				inA++
			} else {
				inB++
			}
		}
		if uint64(inA) != a.Size() || uint64(inB) != b.Size() {
			t.Fatalf("%s: %d and %d boards, want %d each", sh, inA, inB, a.Size())
		}
	}
}

// A horizontal move changes the rank by exactly (n-1)!/2.
func TestRankHorizontalDelta(t *testing.T) {
	sp := MustSpace(GoalFirst(Shape{3, 4}))
	half := sp.Size() / 12
	for r := uint64(0); r < sp.Size(); r += 9973 {
		b := sp.Unrank(r)
		if c, ok := b.Apply(Right); ok && sp.Rank(c) != r+half {
			t.Fatalf("%s: Right changes rank %d to %d, want +%d", b, r, sp.Rank(c), half)
		}
	}
}

var sink uint64
var sinkBoard Board

func BenchmarkRank(b *testing.B) {
	sp := MustSpace(GoalLast(Shape{3, 3}))
	boards := make([]Board, 1024)
	for i := range boards {
		boards[i] = sp.Unrank(uint64(i) * 177 % sp.Size())
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += sp.Rank(boards[i&1023])
	}
}

func BenchmarkUnrank(b *testing.B) {
	sp := MustSpace(GoalLast(Shape{3, 3}))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sinkBoard = sp.Unrank(uint64(i*7919) % sp.Size())
	}
}

func BenchmarkRank4x4(b *testing.B) {
	sp := MustSpace(GoalFirst(Shape{4, 4}))
	boards := make([]Board, 1024)
	for i := range boards {
		boards[i] = sp.Unrank(uint64(i) * 1_000_000_007 % sp.Size())
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += sp.Rank(boards[i&1023])
	}
}
