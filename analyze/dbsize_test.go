package analyze

import (
	"context"
	"math"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// plainIDAExpanded runs a plain recursive IDA* from b — children in Up,
// Down, Left, Right order, the move back left out, a node expanded when
// its f is within the bound and it is not the goal — and returns the
// nodes it expands over every iteration and the solution's length.
func plainIDAExpanded(b, goal statespace.Board, h func(statespace.Board) int) (expanded uint64, length int) {
	var visit func(b statespace.Board, g int, last statespace.Move, first bool, bound int) (found bool, next int)
	visit = func(b statespace.Board, g int, last statespace.Move, first bool, bound int) (bool, int) {
		f := g + h(b)
		if f > bound {
			return false, f
		}
		if b == goal {
			length = g
			return true, f
		}
		expanded++
		next := math.MaxInt
		for _, m := range statespace.Moves {
			if !first && m == last.Opposite() {
				continue
			}
			if c, ok := b.Apply(m); ok {
				found, n := visit(c, g+1, m, false, bound)
				if found {
					return true, n
				}
				next = min(next, n)
			}
		}
		return false, next
	}
	for bound := h(b); ; {
		found, next := visit(b, 0, 0, true, bound)
		if found {
			return expanded, length
		}
		bound = next
	}
}

// placements is n!/(n−k)!, multiplied out.
func placements(n, k int) uint64 {
	p := uint64(1)
	for i := 0; i < k; i++ {
		p *= uint64(n - i)
	}
	return p
}

func TestDBSizeMatchesRecount(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})} {
		const boards = 12
		tab, err := DBSize(context.Background(), DBSizeConfig{Goal: goal, Boards: boards, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		exact := mapBFS(goal)
		n := goal.Cells()
		if len(tab.Rows) != n-1 {
			t.Fatalf("%s: %d rows, want one per pattern size 1 … %d", goal, len(tab.Rows), n-1)
		}
		// The same boards DBSize draws: its seed and stream.
		sp := statespace.MustSpace(goal)
		starts := drawDBSizeBoards(sp, boards, 7)
		for k, row := range tab.Rows {
			part, err := pdb.ParsePartition(row.Partition, goal)
			if err != nil {
				t.Fatal(err)
			}
			var s uint64
			for _, pat := range part.Patterns {
				if len(pat) > k+1 {
					t.Errorf("%s: row %d has a pattern of %d tiles", goal, k, len(pat))
				}
				s += placements(n, len(pat))
			}
			if row.Entries != s {
				t.Errorf("%s %s: %d entries, want %d", goal, row.Partition, row.Entries, s)
			}
			a, err := pdb.BuildPartition(context.Background(), goal, part, nil)
			if err != nil {
				t.Fatal(err)
			}
			h := a.Plain()
			var depth, hs, exp, brute float64
			for _, b := range starts {
				e, l := plainIDAExpanded(b, goal, h.Distance)
				if l != exact[b] {
					t.Fatalf("%s: plain IDA* found %d moves, the distance is %d", b, l, exact[b])
				}
				levels := make([]uint64, l+1)
				treeSize(b, 0, true, l, levels)
				for _, x := range levels {
					brute += float64(x)
				}
				depth, hs, exp = depth+float64(l), hs+float64(h.Distance(b)), exp+float64(e)
			}
			want := DBSizeRow{Partition: row.Partition, Patterns: len(part.Patterns), Entries: s, Boards: boards,
				MeanDepth: depth / boards, MeanH: hs / boards, MeanExpanded: exp / boards, MeanBrute: brute / boards, Fraction: exp / brute,
				Predicted: (math.Log(float64(s))/math.Log(tab.Branching) + 1) / float64(s)}
			if !close(row.MeanDepth, want.MeanDepth) || !close(row.MeanH, want.MeanH) || !close(row.MeanExpanded, want.MeanExpanded) ||
				!close(row.MeanBrute, want.MeanBrute) || !close(row.Fraction, want.Fraction) || !close(row.Predicted, want.Predicted) ||
				row.Patterns != want.Patterns || row.Boards != boards {
				t.Errorf("%s:\n got %+v\nwant %+v", goal, row, want)
			}
		}
		// One pattern of every tile is the exact distance: IDA* expands
		// the path's boards and nothing else.
		last := tab.Rows[len(tab.Rows)-1]
		if last.MeanH != last.MeanDepth || last.MeanExpanded != last.MeanDepth {
			t.Errorf("%s, every tile in one pattern: mean h %v, expanded %v, depth %v; want all three equal", goal, last.MeanH, last.MeanExpanded, last.MeanDepth)
		}
	}
}

func TestDefaultDBSizePartitions(t *testing.T) {
	for _, c := range []struct {
		shape       statespace.Shape
		first, last string
		n           int
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, "1/2/3/4/5/6/7/8", "1,2,3,4,5,6,7,8", 8},
		{statespace.Shape{Rows: 3, Cols: 4}, "1/2/3/4/5/6/7/8/9/10/11", "1,2,3,4,5,6,7/8,9,10,11", 7},
		{statespace.Shape{Rows: 4, Cols: 4}, "1/2/3/4/5/6/7/8/9/10/11/12/13/14/15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15", 5},
	} {
		got := DefaultDBSizePartitions(statespace.GoalLast(c.shape))
		if len(got) != c.n || got[0] != c.first || got[len(got)-1] != c.last {
			t.Errorf("%s: %q, want %d from %q to %q", c.shape, got, c.n, c.first, c.last)
		}
	}
}

func TestKorfFraction(t *testing.T) {
	// s = b: (1 + 1)/b; s = b³: 4/b³.
	for _, b := range []float64{1.5, 2.13, 13.35} {
		if got := KorfFraction(b, b); !close(got, 2/b) {
			t.Errorf("KorfFraction(%v, %v) = %v, want %v", b, b, got, 2/b)
		}
		if got := KorfFraction(b*b*b, b); !close(got, 4/(b*b*b)) {
			t.Errorf("KorfFraction(%v³, %v) = %v, want %v", b, b, got, 4/(b*b*b))
		}
	}
}
