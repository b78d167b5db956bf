// Package solver finds optimal solutions of boards too big for a distance
// table, such as the 15-puzzle, by IDA* on an admissible heuristic —
// usually the additive pattern databases of package pdb, for which it has a
// fast engine that updates the heuristic incrementally and searches on all
// cores.
//
// Counters are reproducible: Nodes and Generated are what a sequential
// IDA* that tries moves in Up, Down, Left, Right order (never undoing the
// previous move) would count, however many goroutines searched, and the
// path returned is the one that search would find first.
package solver

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// maxDepth bounds the length of a solution the solver looks for.
const maxDepth = 250

// Result is an optimal solution and what finding it cost.
type Result struct {
	Path       []statespace.Move // an optimal solution: moves of the blank
	Nodes      uint64            // nodes expanded over all iterations
	Generated  uint64            // children generated over all iterations
	Iterations int               // thresholds tried
	Elapsed    time.Duration
}

// Solver solves boards for one goal with one heuristic. It is safe for
// concurrent use.
type Solver struct {
	goal  statespace.Board
	space *statespace.Space
	h     pdb.Heuristic
	fast  *engine // the incremental engine, when h is an *pdb.Additive
	// Workers is the number of goroutines a search uses; 0 means
	// GOMAXPROCS.
	Workers int
}

// New returns a solver for goal with heuristic h, which must be admissible
// for goal (else the solutions are not optimal). With an *pdb.Additive
// built for goal it uses the fast engine.
func New(goal statespace.Board, h pdb.Heuristic) (*Solver, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	s := &Solver{goal: goal, space: sp, h: h}
	if a, ok := h.(*pdb.Additive); ok {
		if a.Goal() != goal {
			return nil, fmt.Errorf("solver: the pattern databases are for goal %s, not %s", statespace.GoalName(a.Goal()), statespace.GoalName(goal))
		}
		s.fast = newEngine(a)
	}
	return s, nil
}

// Solve is New(goal, h) followed by Solve(ctx, b).
func Solve(ctx context.Context, b, goal statespace.Board, h pdb.Heuristic) (Result, error) {
	s, err := New(goal, h)
	if err != nil {
		return Result{}, err
	}
	return s.Solve(ctx, b)
}

// Goal returns the solver's goal.
func (s *Solver) Goal() statespace.Board { return s.goal }

// Heuristic returns the solver's heuristic.
func (s *Solver) Heuristic() pdb.Heuristic { return s.h }

func (s *Solver) workers() int {
	if s.Workers > 0 {
		return s.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// ErrTooDeep reports that no solution was found within maxDepth moves,
// which only an inadmissible heuristic or an enormous board could cause.
var ErrTooDeep = errors.New("solver: no solution within the depth limit")

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
	for {
		r.Iterations++
		it, err := s.iterate(ctx, b, bound)
		r.Nodes += it.expanded
		r.Generated += it.generated
		if err != nil {
			return Result{}, err
		}
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
// distance from the goal is dist (as Solve found), and the nodes expanded
// to find them: each child of b is tested by one search bounded at
// dist − 1.
func (s *Solver) OptimalMoves(ctx context.Context, b statespace.Board, dist int) (statespace.MoveSet, uint64, error) {
	if err := s.space.Check(b); err != nil {
		return 0, 0, err
	}
	var set statespace.MoveSet
	var nodes uint64
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
		it, err := s.iterate(ctx, child, dist-1)
		nodes += it.expanded
		if err != nil {
			return 0, nodes, err
		}
		if it.found {
			set = set.Add(m)
		}
	}
	return set, nodes, nil
}

// iteration is the outcome of one bounded depth-first search.
type iteration struct {
	found     bool
	path      []statespace.Move
	expanded  uint64
	generated uint64
	next      int // least f above the bound seen, when not found
}

func (s *Solver) iterate(ctx context.Context, b statespace.Board, bound int) (iteration, error) {
	if b == s.goal {
		return iteration{found: true, path: []statespace.Move{}}, nil
	}
	if s.fast != nil {
		return s.fast.iterate(ctx, b, bound, s.workers())
	}
	return s.slowIterate(ctx, b, bound)
}

// slowIterate is a plain sequential bounded search for any heuristic.
func (s *Solver) slowIterate(ctx context.Context, root statespace.Board, bound int) (iteration, error) {
	it := iteration{next: maxDepth + 1}
	path := make([]statespace.Move, 0, bound)
	var search func(b statespace.Board, g int, prev int) (bool, error)
	search = func(b statespace.Board, g int, prev int) (bool, error) {
		it.expanded++
		if it.expanded&0xFFF == 0 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		for _, m := range statespace.Moves {
			if int(m) == prev^1 {
				continue
			}
			child, ok := b.Apply(m)
			if !ok {
				continue
			}
			it.generated++
			f := g + 1 + s.h.Distance(child)
			if f > bound {
				it.next = min(it.next, f)
				continue
			}
			path = append(path, m)
			if child == s.goal {
				return true, nil
			}
			found, err := search(child, g+1, int(m))
			if found || err != nil {
				return found, err
			}
			path = path[:len(path)-1]
		}
		return false, nil
	}
	found, err := search(root, 0, -2)
	if err != nil {
		return it, err
	}
	if found {
		it.found, it.path = true, append([]statespace.Move(nil), path...)
	}
	return it, nil
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
