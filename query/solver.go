package query

import (
	"context"
	"time"

	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// SolverOracle answers boards whose space is too large for a table (the
// 15-puzzle) by optimal search: IDA* on pattern databases.
type SolverOracle struct {
	solver *solver.Solver
	space  *statespace.Space
	// AllMoves asks for every optimal first move, which costs one bounded
	// search per legal move after the solution is found.
	AllMoves bool
}

// NewSolverOracle answers with s.
func NewSolverOracle(s *solver.Solver, allMoves bool) *SolverOracle {
	return &SolverOracle{solver: s, space: statespace.MustSpace(s.Goal()), AllMoves: allMoves}
}

// Goal returns the solver's goal.
func (o *SolverOracle) Goal() statespace.Board { return o.solver.Goal() }

// Answer solves b optimally. The path is always returned: the search
// finds it anyway.
func (o *SolverOracle) Answer(ctx context.Context, b statespace.Board, _ bool) (Answer, error) {
	if err := o.space.Check(b); err != nil {
		return Answer{}, err
	}
	start := time.Now()
	r, err := o.solver.Solve(ctx, b)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Board: b, Distance: len(r.Path), Path: r.Path,
		Search: &SearchCost{Nodes: r.Nodes, Elapsed: r.Elapsed, OptimalUnknown: !o.AllMoves}}
	if o.AllMoves && a.Distance > 0 {
		set, nodes, err := o.solver.OptimalMoves(ctx, b, a.Distance)
		if err != nil {
			return Answer{}, err
		}
		a.Optimal = set
		a.Search.Nodes += nodes
		a.Search.Elapsed = time.Since(start) // the solution and the searches for every optimal move
	}
	return a, nil
}
