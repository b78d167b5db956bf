package analyze

import (
	"context"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// ManhattanDatabases returns Manhattan distance to goal as additive
// pattern databases: the partition of the tiles into single tiles, whose
// database holds, for each cell, the moves that tile alone needs to reach
// its goal cell — its grid distance. The sum is Manhattan distance on
// every board (and so is the sum on the diagonal reflection, where the
// goal has one: reflecting preserves every tile's grid distance), which
// lets package solver's engine search on it.
func ManhattanDatabases(ctx context.Context, goal statespace.Board) (*pdb.Additive, error) {
	tiles := make([]string, goal.Cells()-1)
	for i := range tiles {
		tiles[i] = strconv.Itoa(i + 1)
	}
	part, err := pdb.ParsePartition(strings.Join(tiles, "/"), goal)
	if err != nil {
		return nil, err
	}
	return pdb.BuildPartition(ctx, goal, part, nil)
}

// Measurer runs IDA* from a board to its goal and returns the bounds of
// its iterations and the nodes it expanded in each (the last stopping at
// the goal), counted as search.IDAStar counts them: a board is expanded
// when its children are generated, the goal excluded, and only the move
// that undoes the previous one is cut.
type Measurer struct {
	goal   statespace.Board
	h      Heuristic
	solver *solver.Solver // nil: search.IDAStar
}

// NewMeasurer returns a Measurer for IDA* on h. When h is additive
// pattern databases with the reflection lookup (pdb:…) or Manhattan
// distance (as ManhattanDatabases), it measures with package solver's
// engine (Prune 2, whose counts per iteration are search.IDAStar's), on
// workers goroutines per search (0: all cores); otherwise with
// search.IDAStar, one core per search.
func NewMeasurer(ctx context.Context, goal statespace.Board, h Heuristic, workers int) (*Measurer, error) {
	m := &Measurer{goal: goal, h: h}
	var a *pdb.Additive
	switch {
	case h.md != nil:
		md, err := ManhattanDatabases(ctx, goal)
		if err != nil {
			return nil, err
		}
		a = md
	default:
		a = h.dbs
	}
	if a == nil {
		return m, nil
	}
	s, err := solver.New(a)
	if err != nil {
		return nil, err
	}
	s.Prune, s.Workers = 2, workers
	m.solver = s
	return m, nil
}

// Engine names what measures: "solver" or "search.IDAStar".
func (m *Measurer) Engine() string {
	if m.solver != nil {
		return "solver"
	}
	return "search.IDAStar"
}

// Iterations runs IDA* from b and returns its bounds and the nodes
// expanded with each.
func (m *Measurer) Iterations(ctx context.Context, b statespace.Board) (bounds []int, expanded []uint64, err error) {
	if m.solver == nil {
		return IterationExpansions(ctx, b, m.goal, m.h)
	}
	if b == m.goal {
		return nil, nil, nil
	}
	r, err := m.solver.Solve(ctx, b)
	if err != nil {
		return nil, nil, err
	}
	return r.Bounds, r.IterationNodes, nil
}

// IterationExpansions runs search.IDAStar from b on h and returns the
// nodes it expands in each iteration, by bound (index 0 the first bound,
// h(b)), and the bounds.
func IterationExpansions(ctx context.Context, b, goal statespace.Board, h Heuristic) (bounds []int, expanded []uint64, err error) {
	p := search.Problem{Start: b, Goal: goal, Limits: search.Limits{MaxExpanded: 1 << 62, MaxTime: 1 << 62, MaxBytes: 1 << 30}}
	p.OnStep = func(s search.Step) {
		if len(bounds) == 0 || bounds[len(bounds)-1] != s.Bound {
			bounds = append(bounds, s.Bound)
			expanded = append(expanded, 0)
		}
		expanded[len(expanded)-1]++
	}
	r, err := search.IDAStar(ctx, p, h.H)
	if err != nil {
		return nil, nil, err
	}
	if !r.Found {
		return nil, nil, &SearchError{Algorithm: "ida:" + h.Name, Board: b, Stopped: r.StoppedBy.String()}
	}
	return bounds, expanded, nil
}
