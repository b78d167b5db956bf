package analyze

import (
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

func TestBlockWalkRanks(t *testing.T) {
	for _, goal := range append(testGoals(t), statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 2}), statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})) {
		sp := statespace.MustSpace(goal)
		w := newBlockWalker(sp)
		big := sp.Size() > 1<<20
		seen := uint64(0)
		var prev [statespace.MaxCells]uint8
		for k := 0; k < w.blocks(); k++ {
			if big && k%37 != 5 {
				continue // 3x4: four blocks in full
			}
			want := uint64(k) * w.perFirst
			w.walk(k, func(rank uint64, blank int, codes []uint8, from int) bool {
				ints := make([]int, len(codes))
				for i, c := range codes {
					ints[i] = int(c)
				}
				b := w.board(blank, ints)
				if rank != want || sp.Rank(b) != rank {
					t.Fatalf("%s goal %s block %d: board %s walked as rank %d, ranks %d, want %d", goal.Shape(), goal, k, b, rank, sp.Rank(b), want)
				}
				if _, ok := sp.RankChecked(b); !ok {
					t.Fatalf("%s: walked to unreachable board %s", goal.Shape(), b)
				}
				for i := 0; i < from; i++ {
					if codes[i] != prev[i] {
						t.Fatalf("%s block %d: position %d changed, but the walk says from %d", goal.Shape(), k, i, from)
					}
				}
				copy(prev[:], codes)
				want++
				seen++
				return true
			})
			if want != uint64(k+1)*w.perFirst {
				t.Fatalf("%s block %d ended at rank %d, want %d", goal.Shape(), k, want, uint64(k+1)*w.perFirst)
			}
		}
		if !big && seen != sp.Size() {
			t.Errorf("%s: walked %d boards of %d", goal.Shape(), seen, sp.Size())
		}
	}
}
