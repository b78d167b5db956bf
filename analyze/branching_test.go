package analyze

import (
	"math"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// treeSize counts the brute-force tree's nodes by depth from a board the
// plain way: a depth-first search over boards that never undoes the move
// before.
func treeSize(b statespace.Board, last statespace.Move, first bool, depth int, out []uint64) {
	out[0]++
	if depth == 0 {
		return
	}
	for _, m := range statespace.Moves {
		if !first && m == last.Opposite() {
			continue
		}
		if c, ok := b.Apply(m); ok {
			treeSize(c, m, false, depth-1, out[1:])
		}
	}
}

func TestBruteForceLevels(t *testing.T) {
	for _, s := range []statespace.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}, {Rows: 3, Cols: 4}} {
		bf := NewBruteForce(s)
		goal := statespace.GoalFirst(s)
		for cell := 0; cell < s.Cells(); cell++ {
			// Any board with the blank in cell: the goal with the blank
			// walked there.
			b := goal
			for b.Blank() != cell {
				m := statespace.Right
				if s.Row(b.Blank()) < s.Row(cell) {
					m = statespace.Down
				} else if s.Col(b.Blank()) == s.Cols-1 || s.Col(b.Blank()) >= s.Col(cell) && s.Row(b.Blank()) == s.Row(cell) {
					m = statespace.Left
				}
				b, _ = b.Apply(m)
			}
			const depth = 12
			want := make([]uint64, depth+1)
			treeSize(b, 0, true, depth, want)
			got, ok := bf.Levels(cell, depth)
			if !ok {
				t.Fatal("overflow")
			}
			for d := range want {
				if got[d] != want[d] {
					t.Errorf("%s cell %d depth %d: %d nodes, want %d", s, cell, d, got[d], want[d])
				}
			}
		}
	}
}

// TestBruteForceFactor checks the asymptotic branching factors published
// by Edelkamp & Korf ("The Branching Factor of Regular Search Spaces",
// AAAI 1998): √3 ≈ 1.732 for the 8-puzzle, 2.1304 for the 15-puzzle.
func TestBruteForceFactor(t *testing.T) {
	for _, c := range []struct {
		s    statespace.Shape
		want float64
		tol  float64
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, math.Sqrt(3), 1e-12},
		{statespace.Shape{Rows: 4, Cols: 4}, 2.1304, 5e-5},
	} {
		if got := NewBruteForce(c.s).Factor(); math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: b = %.6f, want %.6f", c.s, got, c.want)
		}
	}
}
