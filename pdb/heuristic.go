// Package pdb holds tilespace's admissible heuristics behind one small
// interface: Manhattan distance, misplaced tiles, linear conflict, and
// pattern databases (patterns, partitions, generation by 0-1 BFS in the
// abstract space, additive lookup with reflection, and their file format).
// The exact distance table meets the same interface through Exact.
package pdb

import "github.com/tilespace/tilespace/statespace"

// Heuristic estimates the number of moves from a board to the goal the
// heuristic was made for. An admissible heuristic never overestimates.
type Heuristic interface {
	// Distance returns the estimate for b, which must have the goal's shape.
	Distance(b statespace.Board) int
}

// Exact adapts a distance table to the Heuristic interface: the perfect
// heuristic.
func Exact(t *statespace.Table) Heuristic { return t }
