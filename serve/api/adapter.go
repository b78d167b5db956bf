package api

// This file is the only place api touches query, search and classroom:
// the rest of the package speaks in the few functions below, so a
// change in those packages is met here.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/query"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// answer is one board's exact answer, as query gives it.
type answer = query.Answer

// tableOracle answers from a distance table.
type tableOracle = query.TableOracle

// oracle answers the boards of one goal: a table or a search.
type oracle = query.Oracle

// resolver finds the oracle of every goal, once, within a memory bound.
type resolver = query.Resolver

// parseBoard reads a board as query and the command line do, with the
// parser's own errors.
func parseBoard(text string, shape statespace.Shape) (statespace.Board, error) {
	return query.ParseBoard([]byte(text), shape)
}

// newResolver is the one source of the server's answers: query's
// resolver, for every goal the requests name. It holds tables and
// databases within cfg.CacheBytes, builds them only in a work slot
// (acquire), tests every optimal move of a searched board while the time
// allows, and writes to the cache folder only when cfg.WriteCache says so.
func newResolver(ctx context.Context, cfg Config, acquire func(context.Context) (func(), error)) (*query.Resolver, error) {
	return query.NewResolver(ctx, query.Config{
		Log: cfg.Log, Explain: cfg.Explain, PDBDir: cfg.PDBDir, Partition: cfg.Partition, Progress: cfg.Progress,
		SearchOptionsWhereSearched: true, AllMoves: true, KeepPath: true,
		CacheBytes: cfg.CacheBytes, ReadOnlyCache: !cfg.WriteCache, Acquire: acquire, ForgetFailures: true,
	})
}

// searcher is an oracle that answers by search (query.SolverOracle on
// pattern databases, query.SearchOracle on another heuristic).
type searcher interface {
	query.Oracle
	// AnswerPath finds the distance and one optimal path only.
	AnswerPath(ctx context.Context, b statespace.Board) (answer, error)
	Heuristic() string
}

// solverName says how o finds its answers, for the records' "solver".
func solverName(o searcher) string {
	if _, ok := o.(*query.SolverOracle); ok {
		return "IDA* on pattern databases"
	}
	return "IDA* on " + o.Heuristic()
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
	return r.open(dst)
}

// open flushes r's record and appends it to dst without its closing brace
// and newline.
func (r *recorder) open(dst []byte) ([]byte, error) {
	if err := r.w.Flush(); err != nil {
		return dst, err
	}
	rec := r.buf.Bytes()
	if !bytes.HasSuffix(rec, []byte("}\n")) {
		return dst, errors.New("api: query's JSON record does not end an object")
	}
	return append(dst, rec[:len(rec)-2]...), nil
}

// appendBoardRecord appends b's query -json record of a board alone, as
// query random writes boards without a table, without its closing brace
// and newline.
func appendBoardRecord(dst []byte, b statespace.Board) ([]byte, error) {
	r := recordPool.Get().(*recorder)
	defer recordPool.Put(r)
	r.buf.Reset()
	if err := r.w.Board(b); err != nil {
		return dst, err
	}
	return r.open(dst)
}

// limits are the node and time bounds of one search.
type limits = search.Limits

// comparison is every classroom algorithm run on one board.
type comparison = classroom.Comparison

// compareBoard runs the classroom algorithms keys name (nil: all) on b,
// each bounded by lim.
func compareBoard(ctx context.Context, b, goal statespace.Board, t *statespace.Table, lim limits, keys []string) (*comparison, error) {
	return classroom.CompareAlgorithms(ctx, b, goal, t, lim, keys)
}

// checkCompareKeys refuses keys that name no classroom algorithm of goal
// or name one twice; the A* on the exact table passes, since whether goal
// has a table is not known yet.
func checkCompareKeys(goal statespace.Board, keys []string) error {
	var rest []string
	for _, k := range keys {
		if k != "astar-exact" {
			rest = append(rest, k)
		}
	}
	_, err := classroom.Algorithms(goal, nil, rest)
	var unknown *classroom.UnknownAlgorithmError
	if errors.As(err, &unknown) {
		unknown.Known = append(unknown.Known, "astar-exact (with a table)")
	}
	return err
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
// goal, calling onStep after each expansion with what the search reports
// of it. A* and IDA* search on h.
func runWatched(ctx context.Context, key string, b, goal statespace.Board, h pdb.Heuristic, lim limits, onStep func(searchStep)) (searchResult, error) {
	p := search.Problem{Start: b, Goal: goal, Limits: lim, OnStep: onStep}
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

// stoppedByLimit reports whether a node, time or depth limit cut r short.
func stoppedByLimit(r searchResult) bool { return r.StoppedBy.Limit() }

// searchStep is one expansion as the search reports it.
type searchStep = search.Step

// resolveError is why the resolver found no answers for a goal.
type resolveError struct{ err error }

func (e *resolveError) Error() string { return e.err.Error() }
func (e *resolveError) Unwrap() error { return e.err }

// statusOf is the one place errors become statuses: a *statusError
// says its own (a busy work slot, 503, even inside a failed resolution);
// a board that cannot reach its goal is 422; a time limit 503; search
// options for a tabled goal 400; a goal the resolver found no answers for
// (no table, no databases) 404; a table a search or a lookup found
// damaged (statespace.TableContradictionError, TableError) 500; anything
// else fallback.
func statusOf(err error, fallback int) int {
	var he *statusError
	var limit *solveLimitError
	var u *statespace.UnsolvableError
	var tabled *query.TabledError
	var unresolved *resolveError
	var contradiction *statespace.TableContradictionError
	var damaged *statespace.TableError
	switch {
	case errors.As(err, &he):
		return he.status
	case errors.As(err, &u):
		return StatusUnprocessableEntity
	case errors.As(err, &limit), errors.Is(err, context.DeadlineExceeded):
		return StatusServiceUnavailable
	case errors.As(err, &tabled):
		return StatusBadRequest
	case errors.As(err, &unresolved):
		return StatusNotFound
	case errors.As(err, &contradiction), errors.As(err, &damaged):
		return StatusInternalServerError
	}
	return fallback
}
