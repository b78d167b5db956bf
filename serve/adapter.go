package serve

// This file is the only place serve touches query, search, solver and
// store: the rest of the package speaks in the few functions below, so a
// change in those packages is met here.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/query"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// answer is one board's exact answer, as query gives it.
type answer = query.Answer

// tableOracle answers from a distance table.
type tableOracle = query.TableOracle

// parseBoard reads a board as query and the command line do, with the
// parser's own errors.
func parseBoard(text string, shape statespace.Shape) (statespace.Board, error) {
	return query.ParseBoard([]byte(text), shape)
}

// tableSource finds the distance table of a goal: embedded, cached, or
// built in memory for small spaces (query's resolver decides). ok is false
// when the goal has no table to read or build (a 12-cell table not in the
// cache): such boards are solved by search.
func tableSource(ctx context.Context, goal statespace.Board, log io.Writer) (t *tableOracle, ok bool, err error) {
	r, err := query.NewResolver(ctx, query.Config{Shape: goal.Shape(), Goal: goal.String(), Log: log})
	if err != nil {
		return nil, false, err
	}
	o, err := r.For(ctx, goal.Shape())
	if err != nil {
		return nil, false, err
	}
	t, ok = o.(*query.TableOracle)
	return t, ok, nil
}

// noTableError says how to build the table a goal lacks.
func noTableError(goal statespace.Board) error {
	return fmt.Errorf("no distance table for %s goal %s in the cache, and no solver here to search instead; build it with: go run ./cmd/enumerate -shape %s -goal %s",
		goal.Shape(), statespace.GoalName(goal), goal.Shape(), statespace.GoalName(goal))
}

// tableStored reports whether a table file for goal is in the cache
// folder, without reading it (12-cell tables are offered only then).
func tableStored(goal statespace.Board) bool {
	dir, err := store.CacheDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, store.TableFileName(goal)))
	return err == nil
}

// Searcher solves the boards of one goal optimally by IDA*: the fast
// engine of package solver on pattern databases, or search.IDAStar on any
// other admissible heuristic.
type Searcher struct {
	// Heuristic names what it searches on, as query's records do (the
	// "heuristic" key): "pdb 1,2,…" for pattern databases, or
	// query.HeuristicLinearConflict.
	Heuristic string
	goal      statespace.Board
	h         pdb.Heuristic
	fast      *solver.Solver // for pattern databases
}

// NewSearcher searches toward goal on h, which must be admissible; name
// is what the records call it.
func NewSearcher(goal statespace.Board, h pdb.Heuristic, name string) (*Searcher, error) {
	s := &Searcher{Heuristic: name, goal: goal, h: h}
	if a, ok := h.(*pdb.Additive); ok {
		fast, err := solver.New(a)
		if err != nil {
			return nil, err
		}
		if fast.Goal() != goal {
			return nil, fmt.Errorf("the pattern databases are for goal %s, not %s", fast.Goal(), goal)
		}
		s.fast = fast
	}
	return s, nil
}

// solve returns an optimal path from b and the nodes expanded.
func (s *Searcher) solve(ctx context.Context, b statespace.Board) ([]statespace.Move, uint64, error) {
	if s.fast != nil {
		r, err := s.fast.Solve(ctx, b)
		return r.Path, r.Nodes, err
	}
	r, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: s.goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}}, s.h)
	if err != nil {
		return nil, uint64(r.Expanded), err
	}
	if !r.Found {
		return nil, uint64(r.Expanded), fmt.Errorf("IDA* on %s stopped without a solution (%s)", s.Heuristic, r.StoppedBy)
	}
	return r.Path, uint64(r.Expanded), nil
}

// optimalMoves returns every first move of an optimal solution of b, at
// distance dist, and the nodes expanded.
func (s *Searcher) optimalMoves(ctx context.Context, b statespace.Board, dist int) (statespace.MoveSet, uint64, error) {
	if s.fast != nil {
		return s.fast.OptimalMoves(ctx, b, dist)
	}
	var set statespace.MoveSet
	var nodes uint64
	for _, m := range statespace.Moves {
		child, ok := b.Apply(m)
		if !ok || s.h.Distance(child) > dist-1 {
			continue
		}
		path, n, err := s.solve(ctx, child)
		nodes += n
		if err != nil {
			return 0, nodes, err
		}
		if len(path) == dist-1 {
			set = set.Add(m)
		}
	}
	return set, nodes, nil
}

// SolverOptions say where DefaultSolver finds pattern databases.
type SolverOptions struct {
	PDBDir    string // looked in before the cache folder (query -pdb-dir)
	Partition string // the databases to use (query -pdb); empty takes the strongest found
	Log       io.Writer
	Progress  func(what string, done, total uint64) // databases being built
}

// DefaultSolver returns the searcher for goals without a table (the
// 15-puzzle): IDA* on the heuristic query's resolver chooses for the goal
// (pattern databases, built when missing and cheap; else linear conflict).
func DefaultSolver(opt SolverOptions) func(ctx context.Context, goal statespace.Board) (*Searcher, error) {
	return func(ctx context.Context, goal statespace.Board) (*Searcher, error) {
		r, err := query.NewResolver(ctx, query.Config{Shape: goal.Shape(), Goal: goal.String(), Log: opt.Log,
			PDBDir: opt.PDBDir, Partition: opt.Partition, Progress: opt.Progress})
		if err != nil {
			return nil, err
		}
		h, err := r.Heuristic(ctx, goal)
		if err != nil {
			return nil, err
		}
		return NewSearcher(goal, h.H, h.Name)
	}
}

// solveBoard answers b with s: its distance and an optimal path, then
// every optimal first move while ctx allows. cut is non-empty when the
// time ran out after the path was found and before every optimal move
// was tested.
func solveBoard(ctx context.Context, sr *Searcher, b statespace.Board) (a answer, cut string, err error) {
	start := time.Now()
	path, nodes, err := sr.solve(ctx, b)
	if err != nil {
		return answer{}, "", err
	}
	a = answer{Board: b, Distance: len(path), Path: path, Heuristic: sr.Heuristic,
		Search: &query.SearchCost{Nodes: nodes, Elapsed: time.Since(start)}}
	if a.Distance > 0 {
		set, nodes, err := sr.optimalMoves(ctx, b, a.Distance)
		a.Search.Nodes += nodes
		if err != nil {
			if ctx.Err() == nil {
				return answer{}, "", err
			}
			// The path is exact; only the other optimal moves are unknown.
			a.Search.OptimalUnknown = true
			cut = "the time limit ran out before every optimal move was tested; the path's first move is one of them"
		} else {
			a.Optimal = set
		}
	}
	a.Search.Elapsed = time.Since(start)
	return a, cut, nil
}

// solveDistance returns b's exact distance by s.
func solveDistance(ctx context.Context, s *Searcher, b statespace.Board) (int, error) {
	path, _, err := s.solve(ctx, b)
	return len(path), err
}

// recordPool holds reusable JSON record writers: each writes query's own
// -json record into its buffer, so the keys are query's by construction.
var recordPool = sync.Pool{New: func() any {
	r := &recorder{}
	r.w = query.NewRecordWriter(&r.buf, nil, query.Options{Format: query.JSON})
	return r
}}

type recorder struct {
	buf bytes.Buffer
	w   *query.RecordWriter
}

// appendRecord appends a's query -json record, without its closing brace
// and newline, so the caller can add keys and close it.
func appendRecord(dst []byte, a answer) ([]byte, error) {
	r := recordPool.Get().(*recorder)
	defer recordPool.Put(r)
	r.buf.Reset()
	if err := r.w.Answer(a); err != nil {
		return dst, err
	}
	if err := r.w.Flush(); err != nil {
		return dst, err
	}
	rec := r.buf.Bytes()
	if !bytes.HasSuffix(rec, []byte("}\n")) {
		return dst, errors.New("serve: query's JSON record does not end an object")
	}
	return append(dst, rec[:len(rec)-2]...), nil
}

// solverName says how s finds its answers, for the records' "solver".
func solverName(s *Searcher) string {
	if s.fast != nil {
		return "IDA* on pattern databases"
	}
	return "IDA* on " + s.Heuristic
}

// limits are the node and time bounds of one search.
type limits = search.Limits

// comparison is every classroom algorithm run on one board.
type comparison = classroom.Comparison

// compareBoard runs every classroom algorithm on b, each bounded by lim.
func compareBoard(ctx context.Context, b, goal statespace.Board, t *statespace.Table, lim limits) (*comparison, error) {
	return classroom.Compare(ctx, b, goal, t, lim)
}

// comparisonJSON writes c as classroom compare -json does.
func comparisonJSON(c *comparison) ([]byte, error) {
	var buf bytes.Buffer
	err := c.WriteJSON(&buf)
	return buf.Bytes(), err
}

// watchAlgorithms are the searches the watch view steps through, by key.
var watchAlgorithms = []string{"bfs", "dfs", "astar", "idastar"}

// runWatched runs the search named key (one of watchAlgorithms) from b to
// goal, calling onExpand with each board as it is expanded and its depth
// on the search's own path. A* and IDA* search on h.
func runWatched(ctx context.Context, key string, b, goal statespace.Board, h pdb.Heuristic, lim limits, onExpand func(statespace.Board, int)) (searchResult, error) {
	p := search.Problem{Start: b, Goal: goal, Limits: lim, OnExpand: onExpand}
	switch key {
	case "bfs":
		return search.BFS(ctx, p)
	case "dfs":
		return search.DFS(ctx, p)
	case "astar":
		return search.AStar(ctx, p, h)
	case "idastar":
		return search.IDAStar(ctx, p, h)
	}
	return searchResult{}, fmt.Errorf("unknown algorithm %q: want bfs, dfs, astar or idastar", key)
}

// searchResult is what one search found and cost.
type searchResult = search.Result

// The names of the stop reasons of search results that mean a limit was
// hit, as the JSON records write them.
var (
	stoppedNodeLimit = search.StopNodeLimit.String()
	stoppedTimeLimit = search.StopTimeLimit.String()
)

// stoppedByLimit reports whether a node, time or depth limit cut r short.
func stoppedByLimit(r searchResult) bool { return r.StoppedBy.Limit() }
