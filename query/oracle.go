package query

import (
	"context"

	"github.com/tilespace/tilespace/statespace"
)

// Answer is what query knows about one board.
type Answer struct {
	Board    statespace.Board
	Distance int                // exact number of moves to the goal
	Optimal  statespace.MoveSet // every move that leads one step closer
	Path     []statespace.Move  // one optimal solution, when asked for
}

// An Oracle gives exact answers for the boards of one shape and goal.
// The distance table is one (TableOracle); a solver for shapes too large
// to tabulate (the 15-puzzle, by IDA* with pattern databases) plugs in as
// another through Resolver.Untabled.
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
}

// Goal returns the table's goal.
func (o *TableOracle) Goal() statespace.Board { return o.Table.Space().Goal() }

// Answer looks b up in the table. Without a path it allocates nothing.
func (o *TableOracle) Answer(_ context.Context, b statespace.Board, withPath bool) (Answer, error) {
	t := o.Table
	d := t.Distance(b)
	if d < 0 {
		// The slow path only explains why.
		_, err := t.Lookup(b)
		return Answer{Board: b, Distance: -1}, err
	}
	a := Answer{Board: b, Distance: d, Optimal: t.OptimalMoves(b)}
	if withPath {
		p, err := t.Path(b)
		if err != nil {
			return Answer{Board: b, Distance: -1}, err
		}
		a.Path = p
	}
	return a, nil
}
