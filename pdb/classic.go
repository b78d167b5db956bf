package pdb

import (
	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// The classic heuristics below work for any shape and goal. Each is built
// once per goal, precomputing where every tile belongs, so Distance does
// no allocation and one pass over the cells (two for linear conflict).
// All three are admissible and consistent for unit move costs: one move
// slides one tile by one cell, which changes Manhattan distance by exactly
// one and the misplaced count by at most one, and linear conflict by at
// most one (see LinearConflict).

// Manhattan is the sum over the tiles (not the blank) of the grid distance
// from each tile's cell to its goal cell: every move slides one tile one
// cell, so no solution is shorter.
type Manhattan struct {
	cells int
	dist  [perm.Cells][perm.Cells]uint8 // [tile][cell]
}

// NewManhattan returns Manhattan distance to goal.
func NewManhattan(goal statespace.Board) *Manhattan {
	h := &Manhattan{cells: goal.Cells()}
	sh := goal.Shape()
	for g := 0; g < h.cells; g++ {
		t := goal.Tile(g)
		if t == 0 {
			continue // the blank costs nothing wherever it is
		}
		for c := 0; c < h.cells; c++ {
			h.dist[t][c] = uint8(classicAbs(sh.Row(c)-sh.Row(g)) + classicAbs(sh.Col(c)-sh.Col(g)))
		}
	}
	return h
}

// Distance returns the Manhattan distance of b, which must have the goal's
// shape.
func (h *Manhattan) Distance(b statespace.Board) int {
	d := 0
	for c := 0; c < h.cells; c++ {
		d += int(h.dist[b.Tile(c)&(perm.Cells-1)][c])
	}
	return d
}

// Misplaced counts the tiles (not the blank) that are not on their goal
// cell: each needs at least one move.
type Misplaced struct {
	goal statespace.Board
}

// NewMisplaced returns the misplaced-tiles heuristic for goal.
func NewMisplaced(goal statespace.Board) *Misplaced { return &Misplaced{goal: goal} }

// Distance returns the number of misplaced tiles of b, which must have the
// goal's shape.
func (h *Misplaced) Distance(b statespace.Board) int {
	d := 0
	for c, n := 0, b.Cells(); c < n; c++ {
		if t := b.Tile(c); t != 0 && t != h.goal.Tile(c) {
			d++
		}
	}
	return d
}

// LinearConflict is Manhattan distance plus two moves for every tile that
// must leave its line (row or column) to let others pass: in each line,
// among the tiles that stand in their goal line, at least (their number −
// the length of the longest run of them already in goal order) must step
// out of the line and back, two moves Manhattan distance does not count.
// Those extra moves are vertical for rows and horizontal for columns, so
// rows and columns add up.
//
// This is the admissible form of Hansson, Mayer and Yung (1992). The
// common shortcut that adds 2 for every conflicting pair overestimates:
// a row holding 3 2 1 whose goal is 1 2 3 has three conflicting pairs, but
// two tiles stepping out suffice (+4, not +6).
//
// It is consistent too: a move slides one tile into or out of at most one
// of its goal lines, so the number of tiles that must step out changes by
// at most one there, and when it does, Manhattan distance changes by one
// in the opposite direction.
//
// Each line is scored through a small table indexed by which of its cells
// hold which of its own tiles ((len+1)^len entries: 64 for a line of 3,
// 625 for 4), so Distance is a lookup per line; lines longer than 5 cells
// (2x6 and wider) fall back to computing the run.
type LinearConflict struct {
	md    *Manhattan
	lines []classicLine
}

// classicLine is one row or column: its cells, the code of each tile in it
// (1 + the tile's goal position along the line when the line is the
// tile's goal line, else 0), and the extra moves per combination of codes.
type classicLine struct {
	cells []uint8
	code  [perm.Cells]uint8
	extra []uint8 // indexed by the codes in base len+1; nil for long lines
}

// classicMaxTableLine is the longest line scored by table lookup.
const classicMaxTableLine = 5

// NewLinearConflict returns the linear-conflict heuristic for goal.
func NewLinearConflict(goal statespace.Board) *LinearConflict {
	sh := goal.Shape()
	h := &LinearConflict{md: NewManhattan(goal)}
	addLine := func(cells []uint8) {
		l := classicLine{cells: cells}
		for k, c := range cells {
			if t := goal.Tile(int(c)); t != 0 {
				l.code[t] = uint8(k + 1)
			}
		}
		if n := len(cells); n <= classicMaxTableLine {
			size := 1
			for range cells {
				size *= n + 1
			}
			l.extra = make([]uint8, size)
			var seq [perm.Cells]int8
			for key := range l.extra {
				m, x := 0, key
				for k := 0; k < n; k++ { // most significant digit first = first cell
					d := x
					for j := k + 1; j < n; j++ {
						d /= n + 1
					}
					d %= n + 1
					if d != 0 {
						seq[m] = int8(d)
						m++
					}
				}
				l.extra[key] = uint8(2 * (m - classicLongestIncreasing(seq[:m])))
			}
		}
		h.lines = append(h.lines, l)
	}
	for _, line := range sh.Lines() {
		cells := make([]uint8, len(line))
		for i, c := range line {
			cells[i] = uint8(c)
		}
		addLine(cells)
	}
	return h
}

// Distance returns the linear-conflict estimate of b, which must have the
// goal's shape.
func (h *LinearConflict) Distance(b statespace.Board) int {
	d := h.md.Distance(b)
	for i := range h.lines {
		l := &h.lines[i]
		if l.extra != nil {
			base, key := len(l.cells)+1, 0
			for _, c := range l.cells {
				key = key*base + int(l.code[b.Tile(int(c))&(perm.Cells-1)])
			}
			d += int(l.extra[key])
			continue
		}
		var seq [perm.Cells]int8
		m := 0
		for _, c := range l.cells {
			if k := l.code[b.Tile(int(c))&(perm.Cells-1)]; k != 0 {
				seq[m] = int8(k)
				m++
			}
		}
		d += 2 * (m - classicLongestIncreasing(seq[:m]))
	}
	return d
}

// classicLongestIncreasing returns the length of the longest strictly increasing
// subsequence of xs (patience sorting; lines hold at most 8 tiles).
func classicLongestIncreasing(xs []int8) int {
	var tails [perm.Cells]int8
	n := 0
	for _, x := range xs {
		i := 0
		for i < n && tails[i] < x {
			i++
		}
		tails[i] = x
		if i == n {
			n++
		}
	}
	return n
}

func classicAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
