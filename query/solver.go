package query

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// SolverOracle answers boards whose space is too large for a table (the
// 15-puzzle) by optimal search: the fast IDA* of package solver on
// additive pattern databases.
type SolverOracle struct {
	solver *solver.Solver
	space  *statespace.Space
	name   string
	// AllMoves asks for every optimal first move, which costs one bounded
	// search per legal move after the solution is found.
	AllMoves bool
}

// NewSolverOracle answers with s.
func NewSolverOracle(s *solver.Solver, allMoves bool) *SolverOracle {
	return &SolverOracle{solver: s, space: statespace.MustSpace(s.Goal()), name: HeuristicName(s.Heuristic()), AllMoves: allMoves}
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
	a := Answer{Board: b, Distance: len(r.Path), Path: r.Path, Heuristic: o.name,
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

// SearchOracle answers boards by the generic IDA* (search.IDAStar) on any
// admissible heuristic: what boards too large for a table are solved with
// when there are no pattern databases.
type SearchOracle struct {
	goal     statespace.Board
	space    *statespace.Space
	h        pdb.Heuristic
	name     string
	allMoves bool
}

// NewSearchOracle answers boards of goal by IDA* on h, which must be
// admissible; name is what answers call it (Answer.Heuristic).
func NewSearchOracle(goal statespace.Board, h pdb.Heuristic, name string, allMoves bool) *SearchOracle {
	return &SearchOracle{goal: goal, space: statespace.MustSpace(goal), h: h, name: name, allMoves: allMoves}
}

// Goal returns the goal.
func (o *SearchOracle) Goal() statespace.Board { return o.goal }

// Answer solves b optimally. With all moves asked for, each child that
// the heuristic does not rule out is solved too.
func (o *SearchOracle) Answer(ctx context.Context, b statespace.Board, _ bool) (Answer, error) {
	if err := o.space.Check(b); err != nil {
		return Answer{}, err
	}
	start := time.Now()
	r, err := o.solve(ctx, b)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Board: b, Distance: len(r.Path), Path: r.Path, Heuristic: o.name,
		Search: &SearchCost{Nodes: uint64(r.Expanded), OptimalUnknown: !o.allMoves}}
	if o.allMoves && a.Distance > 0 {
		for _, m := range statespace.Moves {
			child, ok := b.Apply(m)
			if !ok || o.h.Distance(child) > a.Distance-1 {
				continue
			}
			c, err := o.solve(ctx, child)
			if err != nil {
				return Answer{}, err
			}
			a.Search.Nodes += uint64(c.Expanded)
			if len(c.Path) == a.Distance-1 {
				a.Optimal = a.Optimal.Add(m)
			}
		}
	}
	a.Search.Elapsed = time.Since(start)
	return a, nil
}

func (o *SearchOracle) solve(ctx context.Context, b statespace.Board) (search.Result, error) {
	r, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: o.goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}}, o.h)
	if err != nil {
		return r, err
	}
	if !r.Found {
		return r, fmt.Errorf("query: IDA* on %s stopped without a solution (%s)", o.name, r.StoppedBy)
	}
	return r, nil
}
