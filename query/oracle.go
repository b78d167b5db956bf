package query

import (
	"context"
	"fmt"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// Answer is what query knows about one board.
type Answer struct {
	Board    statespace.Board
	Distance int                // exact number of moves to the goal
	Optimal  statespace.MoveSet // every move that leads one step closer
	Path     []statespace.Move  // one optimal solution, when asked for
	// Heuristic names what the answer came from: HeuristicTable, a
	// pattern database set (HeuristicName), HeuristicLinearConflict.
	Heuristic string

	// Set for answers found by search rather than read from a table.
	Search *SearchCost
}

// SearchCost is what an answer found by search cost.
type SearchCost struct {
	Nodes   uint64        // nodes expanded, over every search the answer took
	Elapsed time.Duration // wall time of those searches
	// OptimalUnknown is true when only the path was searched for, so
	// Optimal holds nothing: finding every optimal first move costs one
	// more search per legal move.
	OptimalUnknown bool
}

// An Oracle gives exact answers for the boards of one shape and goal:
// the distance table (TableOracle), IDA* on pattern databases
// (SolverOracle) or on another heuristic (SearchOracle).
type Oracle interface {
	// Goal returns the goal the answers are measured to.
	Goal() statespace.Board
	// Answer returns b's distance and optimal first moves, and an optimal
	// path when withPath is set. A board that cannot reach the goal gives
	// an error (a *statespace.UnsolvableError for the wrong parity).
	Answer(ctx context.Context, b statespace.Board, withPath bool) (Answer, error)
}

// TableOracle answers from an exact distance table.
type TableOracle struct {
	Table *statespace.Table
	// Source says where the table came from, e.g. "embedded 3x3-last.tbl".
	Source string

	// half is the rank distance of a horizontal move, (n−1)!/2: the
	// ranker puts the blank's cell in the leading digit and a horizontal
	// move keeps the order of the tiles (see statespace.Space), so Left
	// is rank − half and Right rank + half, with no ranking.
	half uint64
}

// NewTableOracle returns the oracle of table t, which came from source.
func NewTableOracle(t *statespace.Table, source string) *TableOracle {
	sp := t.Space()
	return &TableOracle{Table: t, Source: source, half: sp.Size() / uint64(sp.Shape().Cells())}
}

// Goal returns the table's goal.
func (o *TableOracle) Goal() statespace.Board { return o.Table.Space().Goal() }

// Answer looks b up in the table. Without a path it allocates nothing.
// The path is Table.Path's: at each step the first move in Up, Down,
// Left, Right order that leads one step closer.
func (o *TableOracle) Answer(_ context.Context, b statespace.Board, withPath bool) (Answer, error) {
	t := o.Table
	sp := t.Space()
	r, ok := sp.RankChecked(b)
	if !ok {
		// The slow path only explains why.
		_, err := t.Lookup(b)
		return Answer{Board: b, Distance: -1}, err
	}
	if t.Lazy() {
		return o.answerLazy(b, withPath)
	}
	half := o.half
	if half == 0 { // made without NewTableOracle
		half = sp.Size() / uint64(sp.Shape().Cells())
	}
	d := t.DistanceAt(r)
	a := Answer{Board: b, Distance: d, Optimal: o.closer(b, r, half, d), Heuristic: HeuristicTable}
	if withPath {
		a.Path = make([]statespace.Move, 0, d)
		for cur := b; d > 0; d-- {
			m, next, nr, ok := o.step(cur, r, half, d)
			if !ok {
				return Answer{Board: b, Distance: -1}, fmt.Errorf("query: table damaged: %s at distance %d has no neighbour at %d", cur, d, d-1)
			}
			a.Path = append(a.Path, m)
			cur, r = next, nr
		}
	}
	return a, nil
}

// answerLazy answers from a table that walks its stored bits (12 cells
// and more): one walk for the distance, the neighbours' bits for the
// optimal moves, rather than a walk per neighbour. Damaged bits give the
// table's error, which names the file and the command that rebuilds it.
func (o *TableOracle) answerLazy(b statespace.Board, withPath bool) (Answer, error) {
	d, set, err := o.Table.LookupMoves(b)
	if err != nil {
		return Answer{Board: b, Distance: -1}, err
	}
	a := Answer{Board: b, Distance: d, Optimal: set}
	if withPath {
		if a.Path, err = o.Table.Path(b); err != nil {
			return Answer{Board: b, Distance: -1}, err
		}
	}
	return a, nil
}

// closer returns the moves from b (of rank r, at distance d) to a board
// at distance d−1.
func (o *TableOracle) closer(b statespace.Board, r, half uint64, d int) statespace.MoveSet {
	if d == 0 {
		return 0
	}
	t := o.Table
	sp := t.Space()
	var set statespace.MoveSet
	for _, m := range [2]statespace.Move{statespace.Up, statespace.Down} {
		if c, ok := b.Apply(m); ok && t.DistanceAt(sp.Rank(c)) == d-1 {
			set = set.Add(m)
		}
	}
	cols := sp.Shape().Cols
	col := b.Blank() % cols
	if col > 0 && t.DistanceAt(r-half) == d-1 {
		set = set.Add(statespace.Left)
	}
	if col < cols-1 && t.DistanceAt(r+half) == d-1 {
		set = set.Add(statespace.Right)
	}
	return set
}

// step returns the first move in Up, Down, Left, Right order from b (of
// rank r, at distance d > 0) to a board at distance d−1, that board and
// its rank.
func (o *TableOracle) step(b statespace.Board, r, half uint64, d int) (statespace.Move, statespace.Board, uint64, bool) {
	t := o.Table
	sp := t.Space()
	for _, m := range [2]statespace.Move{statespace.Up, statespace.Down} {
		if c, ok := b.Apply(m); ok {
			if rc := sp.Rank(c); t.DistanceAt(rc) == d-1 {
				return m, c, rc, true
			}
		}
	}
	cols := sp.Shape().Cols
	col := b.Blank() % cols
	if col > 0 && t.DistanceAt(r-half) == d-1 {
		c, _ := b.Apply(statespace.Left)
		return statespace.Left, c, r - half, true
	}
	if col < cols-1 && t.DistanceAt(r+half) == d-1 {
		c, _ := b.Apply(statespace.Right)
		return statespace.Right, c, r + half, true
	}
	return 0, b, r, false
}
