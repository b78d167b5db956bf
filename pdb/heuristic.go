// Package pdb holds tilespace's admissible heuristics behind one small
// interface: Manhattan distance, misplaced tiles, linear conflict, and
// pattern databases (patterns, partitions, generation by 0-1 BFS in the
// abstract space, additive lookup with reflection, and their file format).
// The exact distance table meets the same interface through Exact.
package pdb

import (
	"github.com/tilespace/tilespace/statespace"

	"github.com/tilespace/tilespace/table"
)

// Heuristic estimates the number of moves from a board to the goal the
// heuristic was made for. An admissible heuristic never overestimates.
type Heuristic interface {
	// Distance returns the estimate for b, which must have the goal's shape.
	Distance(b statespace.Board) int
}

// ExactTable is what Exact asks of a distance table (package table's
// Table or Lazy): the exact distance of a board.
type ExactTable interface {
	Lookup(b statespace.Board) (int, error)
}

// loaded is a table that may hold a byte per board in memory (package
// table's Interface), which Exact reads by rank without Lookup's checks.
type loaded interface {
	Loaded() (*table.Table, error)
}

// Exact adapts a distance table to the Heuristic interface: the perfect
// heuristic. A board of the table's space is required, as for every
// Heuristic. A lazy table's board whose stored bits cannot be walked
// (damage) counts 0, which keeps the estimate admissible: a search's path
// checked against the table (its CheckPath) tells the
// damage.
func Exact(t ExactTable) Heuristic {
	if l, ok := t.(loaded); ok {
		if full, err := l.Loaded(); err == nil {
			return exact{full}
		}
	}
	return lookup{t}
}

type lookup struct{ t ExactTable }

func (h lookup) Distance(b statespace.Board) int {
	d, err := h.t.Lookup(b)
	if err != nil {
		return 0
	}
	return d
}

// Name names the heuristic for display.
func (lookup) Name() string { return "exact table" }

type exact struct{ t *table.Table }

func (h exact) Distance(b statespace.Board) int { return h.t.DistanceAt(h.t.Space().Rank(b)) }

// Name names the heuristic for display.
func (exact) Name() string { return "exact table" }
