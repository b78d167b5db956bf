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
// built in memory for small spaces (query's resolver decides).
func tableSource(ctx context.Context, goal statespace.Board, log io.Writer) (*tableOracle, error) {
	r, err := query.NewResolver(ctx, query.Config{Shape: goal.Shape(), Goal: goal.String(), Log: log})
	if err != nil {
		return nil, err
	}
	o, err := r.For(ctx, goal.Shape())
	if err != nil {
		return nil, err
	}
	t, ok := o.(*query.TableOracle)
	if !ok {
		return nil, fmt.Errorf("%s goal %s has no distance table", goal.Shape(), statespace.GoalName(goal))
	}
	return t, nil
}

// tableStored reports whether a table file for goal is embedded or in the
// cache folder, without reading it (12-cell tables are offered only then).
func tableStored(goal statespace.Board) bool {
	name := store.TableFileName(goal)
	dir, err := store.CacheDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, name))
	return err == nil
}

// DefaultSolver returns the optimal solver for goals too large for a
// table (the 15-puzzle): IDA* on the best pattern databases in pdbDir or
// the cache folder, built there first (6-6-3, a few seconds) when there
// are none. Notes for people go to log.
func DefaultSolver(pdbDir string, log io.Writer) func(ctx context.Context, goal statespace.Board) (*solver.Solver, error) {
	return func(ctx context.Context, goal statespace.Board) (*solver.Solver, error) {
		h, _, err := solver.Load(ctx, goal, pdbDir, log)
		if err != nil {
			return nil, err
		}
		return solver.New(goal, h)
	}
}

// solveBoard answers b with s: its distance and an optimal path, then
// every optimal first move while ctx allows. cut is non-empty when the
// time ran out after the path was found and before every optimal move
// was tested.
func solveBoard(ctx context.Context, s *solver.Solver, b statespace.Board) (a answer, cut string, err error) {
	start := time.Now()
	r, err := s.Solve(ctx, b)
	if err != nil {
		return answer{}, "", err
	}
	a = answer{Board: b, Distance: len(r.Path), Path: r.Path,
		Search: &query.SearchCost{Nodes: r.Nodes, Elapsed: r.Elapsed}}
	if a.Distance > 0 {
		set, nodes, err := s.OptimalMoves(ctx, b, a.Distance)
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
func solveDistance(ctx context.Context, s *solver.Solver, b statespace.Board) (int, error) {
	r, err := s.Solve(ctx, b)
	return len(r.Path), err
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
func solverName(s *solver.Solver) string {
	switch s.Heuristic().(type) {
	case *pdb.Additive:
		return "IDA* on pattern databases"
	case *pdb.Manhattan:
		return "IDA* on the Manhattan distance"
	case *pdb.LinearConflict:
		return "IDA* on linear conflict"
	}
	return "IDA*"
}

// limits are the node and time bounds of one search.
type limits = search.Limits

// comparison is every classroom algorithm run on one board.
type comparison = classroom.Comparison

// compareBoard runs every classroom algorithm on b, each bounded by lim.
func compareBoard(ctx context.Context, b, goal statespace.Board, t *statespace.Table, lim limits) (*comparison, error) {
	return classroom.Compare(ctx, b, goal, t, lim)
}

// comparisonJSON writes c as query -compare -json does.
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
