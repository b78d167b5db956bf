package resolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// solverOracle answers boards whose space is too large for a table (the
// 15-puzzle) by optimal search: the fast IDA* of package solver on
// additive pattern databases.
type solverOracle struct {
	solver *solver.Solver
	space  *statespace.Space
	src    Source
}

// Checkpoints makes searches survive interruption: while a board is
// searched its checkpoint (store.SolveCheckpointFile) is written into
// Cache every Every and when the context ends; with Resume a search
// starts from the checkpoint found there. A search that wrote a
// checkpoint leaves its end there (solver.Checkpoint.Path), which a
// resume answers from at once: a batch run again after a stop searches
// only the boards it had not finished. The answers, node counts and
// search time included, are those of a search never interrupted.
type Checkpoints struct {
	Cache  store.Cache
	Resume bool
	Every  time.Duration // 0 means every 30 s (defaultCheckpointEvery)
	// Progress, when set, is told how each search goes
	// (solver.Checkpointing.Progress).
	Progress func(solver.SearchProgress)
}

// defaultCheckpointEvery is how often a resumable search writes its
// checkpoint: a crash loses at most this much work.
const defaultCheckpointEvery = 30 * time.Second

// solve is o.solver.Solve, resumable when c is set.
func (o *solverOracle) solve(ctx context.Context, b statespace.Board, c *Checkpoints) (solver.Result, error) {
	if c == nil {
		return o.solver.Solve(ctx, b)
	}
	goal := o.solver.Goal()
	id := o.solver.Identity() // with "+dual": the dual lookups change the counters
	path := c.Cache.Path(store.SolveCheckpointFile(goal, b, id))
	var from *solver.Checkpoint
	if c.Resume {
		cp, err := store.ReadSolveCheckpoint(path, goal, b, id)
		switch {
		case err == nil:
			from = &cp
		case !errors.Is(err, os.ErrNotExist):
			return solver.Result{}, err
		}
	}
	every := c.Every
	if every <= 0 {
		every = defaultCheckpointEvery
	}
	r, err := o.solver.SolveCheckpointed(ctx, b, solver.Checkpointing{From: from, Every: every, Progress: c.Progress,
		Save: func(cp *solver.Checkpoint) error {
			// The context may be done already: the last checkpoint is
			// written regardless.
			return store.WriteSolveCheckpoint(context.WithoutCancel(ctx), path, cp)
		}})
	switch {
	case err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()):
		if _, serr := os.Stat(path); serr != nil {
			return r, err // stopped before anything was worth saving
		}
		return r, &InterruptedError{Checkpoint: path, Err: err}
	}
	return r, err
}

// InterruptedError reports a resumable search stopped before its end,
// its checkpoint written at Checkpoint; errors.Is reaches the context's
// error.
type InterruptedError struct {
	Checkpoint string
	Err        error
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("search interrupted, checkpoint written to %s: %v", e.Checkpoint, e.Err)
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// newSolverOracle answers with s, whose databases were read from files
// (one per pattern; none when built in memory only).
func newSolverOracle(s *solver.Solver, files []string) *solverOracle {
	name := heuristicName(s.Heuristic())
	if len(files) != len(s.Heuristic().Partition().Patterns) {
		files = nil
	}
	return &solverOracle{solver: s, space: statespace.MustSpace(s.Goal()),
		src: Source{Kind: FromDatabases, Solver: "IDA* on pattern databases", Heuristic: name, Bytes: additiveBytes(s.Heuristic()),
			Files: files, databases: &databases{a: s.Heuristic(), name: name, files: files}}}
}

// Source returns the solver's source (FromDatabases).
func (o *solverOracle) Source() *Source { return &o.src }

// Goal returns the solver's goal.
func (o *solverOracle) Goal() statespace.Board { return o.solver.Goal() }

// Answer solves b optimally, and with want.AllMoves tests every legal
// first move by a bounded search. The path is always returned: the search
// finds it anyway. The path is checked against the databases
// (pdb.Additive.CheckPath, a lookup per database a move): a database
// that claims more moves of its tiles than the path makes is a
// *DatabasesDamagedError, not an answer.
func (o *solverOracle) Answer(ctx context.Context, b statespace.Board, want Want) (Answer, error) {
	if err := o.space.Check(b); err != nil {
		return Answer{}, err
	}
	r, err := o.solve(ctx, b, want.Checkpoints)
	if err != nil {
		return Answer{}, err
	}
	if err := o.src.databases.checkPath(b, r.Path); err != nil {
		return Answer{}, err
	}
	a := Answer{Board: b, Distance: len(r.Path), Path: r.Path, Heuristic: o.src.Heuristic, Source: &o.src,
		Search: &SearchCost{Nodes: r.Nodes, Generated: r.Generated, Elapsed: r.Elapsed, OptimalUnknown: !want.AllMoves}}
	if want.AllMoves && a.Distance > 0 {
		// The searches for every optimal move count as the solution's do.
		set, cost, err := o.solver.OptimalMoves(ctx, b, a.Distance)
		a.Search.add(cost.Nodes, cost.Generated, cost.Elapsed)
		if err != nil {
			return cutShort(ctx, a, err, want.KeepPath)
		}
		a.Optimal = set
	}
	return a, nil
}

// cutShort is the answer when the searches for the optimal moves failed
// with err: the path alone when the context ended and keep is set.
func cutShort(ctx context.Context, a Answer, err error, keep bool) (Answer, error) {
	if !keep || ctx.Err() == nil {
		return Answer{}, err
	}
	// The path is exact; only the other optimal moves are unknown.
	a.Optimal = 0
	a.Search.OptimalUnknown, a.Search.OptimalCut = true, true
	return a, nil
}

// searchOracle answers boards by the generic IDA* (search.IDAStar) on any
// admissible heuristic: what boards too large for a table are solved with
// when there are no pattern databases.
type searchOracle struct {
	goal  statespace.Board
	space *statespace.Space
	h     pdb.Heuristic
	src   Source
}

// NewSearchOracle answers boards of goal by IDA* on h, which must be
// admissible; name is what answers call it (Answer.Heuristic).
func NewSearchOracle(goal statespace.Board, h pdb.Heuristic, name string) Oracle {
	return newSearchOracle(goal, h, name)
}

func newSearchOracle(goal statespace.Board, h pdb.Heuristic, name string) *searchOracle {
	return &searchOracle{goal: goal, space: statespace.MustSpace(goal), h: h,
		src: Source{Kind: FromSearch, Solver: "IDA* on " + name, Heuristic: name}}
}

// Source returns the search's source (FromSearch).
func (o *searchOracle) Source() *Source { return &o.src }

// Goal returns the goal.
func (o *searchOracle) Goal() statespace.Board { return o.goal }

// Answer solves b optimally. With want.AllMoves each child that the
// heuristic does not rule out is solved too. The path is always returned:
// the search finds it anyway.
func (o *searchOracle) Answer(ctx context.Context, b statespace.Board, want Want) (Answer, error) {
	if err := o.space.Check(b); err != nil {
		return Answer{}, err
	}
	r, err := o.solve(ctx, b)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Board: b, Distance: len(r.Path), Path: r.Path, Heuristic: o.src.Heuristic, Source: &o.src,
		Search: &SearchCost{Nodes: uint64(r.Expanded), Generated: uint64(r.Generated), Elapsed: r.Elapsed, OptimalUnknown: !want.AllMoves}}
	if want.AllMoves && a.Distance > 0 {
		for _, m := range statespace.Moves {
			child, ok := b.Apply(m)
			if !ok || o.h.Distance(child) > a.Distance-1 {
				continue
			}
			c, err := o.solve(ctx, child)
			a.Search.add(uint64(c.Expanded), uint64(c.Generated), c.Elapsed)
			if err != nil {
				return cutShort(ctx, a, err, want.KeepPath)
			}
			if len(c.Path) == a.Distance-1 {
				a.Optimal = a.Optimal.Add(m)
			}
		}
	}
	return a, nil
}

func (o *searchOracle) solve(ctx context.Context, b statespace.Board) (search.Result, error) {
	r, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: o.goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}}, o.h)
	if err != nil {
		return r, err
	}
	if !r.Found {
		return r, fmt.Errorf("IDA* on %s stopped without a solution (%s)", o.src.Heuristic, r.StoppedBy)
	}
	return r, nil
}
