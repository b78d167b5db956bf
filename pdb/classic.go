package pdb

import "github.com/tilespace/tilespace/statespace"

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
	dist  [statespace.MaxCells][statespace.MaxCells]uint8 // [tile][cell]
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
		d += int(h.dist[b.Tile(c)&(statespace.MaxCells-1)][c])
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
type LinearConflict struct {
	md         *Manhattan
	rows, cols int
	goalRow    [statespace.MaxCells]int8 // goal row of each tile, -1 for the blank
	goalCol    [statespace.MaxCells]int8
}

// NewLinearConflict returns the linear-conflict heuristic for goal.
func NewLinearConflict(goal statespace.Board) *LinearConflict {
	sh := goal.Shape()
	h := &LinearConflict{md: NewManhattan(goal), rows: sh.Rows, cols: sh.Cols}
	for c := 0; c < goal.Cells(); c++ {
		t := goal.Tile(c)
		if t == 0 {
			h.goalRow[0], h.goalCol[0] = -1, -1
			continue
		}
		h.goalRow[t], h.goalCol[t] = int8(sh.Row(c)), int8(sh.Col(c))
	}
	return h
}

// Distance returns the linear-conflict estimate of b, which must have the
// goal's shape.
func (h *LinearConflict) Distance(b statespace.Board) int {
	var line [statespace.MaxCells]int8
	out := 0
	for r := 0; r < h.rows; r++ {
		n := 0
		for c := 0; c < h.cols; c++ {
			t := b.Tile(r*h.cols+c) & (statespace.MaxCells - 1)
			if int(h.goalRow[t]) == r {
				line[n] = h.goalCol[t]
				n++
			}
		}
		out += n - classicLongestIncreasing(line[:n])
	}
	for c := 0; c < h.cols; c++ {
		n := 0
		for r := 0; r < h.rows; r++ {
			t := b.Tile(r*h.cols+c) & (statespace.MaxCells - 1)
			if int(h.goalCol[t]) == c {
				line[n] = h.goalRow[t]
				n++
			}
		}
		out += n - classicLongestIncreasing(line[:n])
	}
	return h.md.Distance(b) + 2*out
}

// classicLongestIncreasing returns the length of the longest strictly increasing
// subsequence of xs (patience sorting; lines hold at most 8 tiles).
func classicLongestIncreasing(xs []int8) int {
	var tails [statespace.MaxCells]int8
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
