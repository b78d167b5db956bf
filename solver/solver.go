// Package solver finds optimal solutions of boards too big for a distance
// table, such as the 15-puzzle, by IDA* on additive pattern databases
// (package pdb): a fast engine that updates the heuristic incrementally,
// allocates nothing per node and searches on all cores. It takes the
// heuristic and the boards and knows nothing of files; finding, building
// and caching the databases belongs to the caller (package resolve). For
// other heuristics, search.IDAStar is the generic IDA*.
//
// Duplicate paths are cut by a finite-state machine (package prune; see
// Solver.Prune): a child the machine rejects is never generated. Counters
// are reproducible however many goroutines search: Nodes (expanded) counts
// the boards whose children were generated, the goal excluded, and
// Generated every child of an expanded board the machine lets through, in
// the order Up, Down, Left, Right. With Prune 2 the machine cuts only the
// move that undoes the previous one, and the counters and the path are
// exactly what the sequential search.IDAStar counts and finds first.
package solver

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/prune"
	"github.com/tilespace/tilespace/statespace"
)

// maxDepth bounds the length of a solution the solver looks for.
const maxDepth = 250

// Result is an optimal solution and what finding it cost.
type Result struct {
	Path       []statespace.Move // an optimal solution: moves of the blank
	Nodes      uint64            // boards expanded over all iterations (search.Result.Expanded)
	Generated  uint64            // children generated over all iterations (search.Result.Generated)
	Iterations int               // thresholds tried
	Elapsed    time.Duration
	// Bounds are the thresholds tried, in order, and IterationNodes the
	// boards expanded in each (the last stopping at the solution): they
	// sum to Nodes, and with Prune 2 each equals the expansions
	// search.IDAStar reports (to Problem.OnStep) with that bound.
	Bounds         []int
	IterationNodes []uint64
}

// Solver solves boards for one goal with additive pattern databases. It
// is safe for concurrent use.
type Solver struct {
	goal  statespace.Board
	space *statespace.Space
	h     *pdb.Additive
	fast  *engine
	// Workers is the number of goroutines a search uses; 0 means
	// GOMAXPROCS.
	Workers int
	// Dual adds the dual lookups (and their mirror image) on boards whose
	// blank is on its goal cell, the only boards where they are
	// admissible, with BPMX to pass a large dual value up to the parent.
	// The counters then no longer match search.IDAStar's. Off by default:
	// see BENCHMARKS.md for what it saves and costs.
	Dual bool
	// Prune is the depth of the machine that cuts duplicate paths
	// (package prune): 0 means DefaultPrune, and 2 cuts only the move that
	// undoes the previous one, which gives search.IDAStar's counters.
	Prune int
}

// DefaultPrune returns the pruning machine's depth for boards of shape sh
// when Solver.Prune is 0: 12 on boards of more than 16 cells, whose
// searches are long enough to repay the machine's second or so of
// building, and 10 on smaller ones, where it builds in a twentieth of a
// second and cuts nearly as much (BENCHMARKS.md).
func DefaultPrune(sh statespace.Shape) int {
	if sh.Cells() > 16 {
		return 12
	}
	return 10
}

// machine returns the pruning machine the solver searches with.
func (s *Solver) machine() (*prune.Machine, error) {
	return prune.For(s.goal.Shape(), s.pruneDepth())
}

func (s *Solver) pruneDepth() int {
	if s.Prune == 0 {
		return DefaultPrune(s.goal.Shape())
	}
	return s.Prune
}

// New returns a solver for the goal of the pattern databases h.
func New(h *pdb.Additive) (*Solver, error) {
	if h == nil {
		return nil, errors.New("solver: no pattern databases")
	}
	sp, err := statespace.NewSpace(h.Goal())
	if err != nil {
		return nil, err
	}
	return &Solver{goal: h.Goal(), space: sp, h: h, fast: newEngine(h)}, nil
}

// Goal returns the solver's goal.
func (s *Solver) Goal() statespace.Board { return s.goal }

// Heuristic returns the solver's pattern databases.
func (s *Solver) Heuristic() *pdb.Additive { return s.h }

func (s *Solver) workers() int {
	if s.Workers > 0 {
		return s.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// ErrTooDeep reports that no solution was found within maxDepth moves,
// which only an inadmissible heuristic or an enormous board could cause.
var ErrTooDeep = errors.New("solver: no solution within the depth limit")

// ErrBoundTooLarge reports a bound for WholeIteration beyond the longest
// path the solver searches.
var ErrBoundTooLarge = errors.New("solver: bound beyond the depth limit")

// Solve returns an optimal solution of b by IDA*: depth-first searches
// bounded by f = g + h, the bound raised each time to the least f that
// exceeded it. It returns an *statespace.UnsolvableError (from
// statespace.Space.Check) for boards that cannot reach the goal and ctx's
// error when ctx is done.
func (s *Solver) Solve(ctx context.Context, b statespace.Board) (Result, error) {
	start := time.Now()
	if err := s.space.Check(b); err != nil {
		return Result{}, err
	}
	var r Result
	bound := s.h.Distance(b)
	heavy := map[string]bool{} // the heaviest tasks so far, cut deeper
	for {
		r.Iterations++
		it, err := s.iterate(ctx, b, bound, heavy)
		r.Nodes += it.expanded
		r.Generated += it.generated
		if err != nil {
			return Result{}, err
		}
		r.Bounds = append(r.Bounds, bound)
		r.IterationNodes = append(r.IterationNodes, it.expanded)
		if it.found {
			r.Path = it.path
			r.Elapsed = time.Since(start)
			return r, nil
		}
		if it.next > maxDepth {
			return Result{}, ErrTooDeep
		}
		bound = it.next
	}
}

// OptimalMoves returns every first move of an optimal solution of b, whose
// distance from the goal is dist (as Solve found), and what finding them
// cost: each child of b is tested by one search bounded at dist − 1, and
// the Result's Nodes, Generated and Elapsed are summed over those
// searches (its Path is empty).
func (s *Solver) OptimalMoves(ctx context.Context, b statespace.Board, dist int) (statespace.MoveSet, Result, error) {
	var cost Result
	if err := s.space.Check(b); err != nil {
		return 0, cost, err
	}
	start := time.Now()
	var set statespace.MoveSet
	for _, m := range statespace.Moves {
		child, ok := b.Apply(m)
		if !ok {
			continue
		}
		if child == s.goal {
			if dist == 1 {
				set = set.Add(m)
			}
			continue
		}
		if dist < 1 || s.h.Distance(child) > dist-1 {
			continue
		}
		it, err := s.iterate(ctx, child, dist-1, nil)
		cost.Nodes += it.expanded
		cost.Generated += it.generated
		if err != nil {
			cost.Elapsed = time.Since(start)
			return 0, cost, err
		}
		if it.found {
			set = set.Add(m)
		}
	}
	cost.Elapsed = time.Since(start)
	return set, cost, nil
}

// WholeIteration returns the boards IDA*'s iteration with bound expands
// from b when it runs whole: the goal does not end it, and every board of
// the search tree whose f = g + h is within the bound counts (the goal
// too), each once per path that reaches it; 0 when b's own value exceeds
// the bound. The tree is the one Solve searches, less the paths the
// pruning machine cuts: with Prune 2, every path but those undoing the
// previous move, the tree Korf, Reid and Edelkamp's prediction of IDA*'s
// work counts. It searches on one goroutine (Workers is not used) and
// takes no dual lookups.
func (s *Solver) WholeIteration(ctx context.Context, b statespace.Board, bound int) (uint64, error) {
	if err := s.space.Check(b); err != nil {
		return 0, err
	}
	if bound > maxDepth {
		return 0, ErrBoundTooLarge
	}
	fsm, err := s.machine()
	if err != nil {
		return 0, err
	}
	return s.fast.wholeCount(ctx, b, bound, fsm)
}

// iteration is the outcome of one bounded depth-first search.
type iteration struct {
	found     bool
	path      []statespace.Move
	expanded  uint64
	generated uint64
	next      int // least f above the bound seen, when not found
}

// iterate runs one iteration from b (engine.iterate, heavy as there).
func (s *Solver) iterate(ctx context.Context, b statespace.Board, bound int, heavy map[string]bool) (iteration, error) {
	if b == s.goal {
		return iteration{found: true, path: []statespace.Move{}}, nil
	}
	fsm, err := s.machine()
	if err != nil {
		return iteration{}, err
	}
	return s.fast.iterate(ctx, b, bound, s.workers(), fsm, s.Dual, nil, heavy)
}

// cancelWatch sets *flag when ctx is done, until the returned stop is
// called.
func cancelWatch(ctx context.Context, flag *atomic.Bool) (stop func()) {
	if ctx.Done() == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		select {
		case <-ctx.Done():
			flag.Store(true)
		case <-done:
		}
	})
	return func() { close(done); wg.Wait() }
}
