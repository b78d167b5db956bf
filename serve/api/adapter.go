package api

// This file is the only place api touches resolve, record, search and
// classroom:
// the rest of the package speaks in the few functions below, so a change
// in those packages is met here.

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// answer is one board's exact answer, as query gives it.
type answer = resolve.Answer

// oracle answers the boards of one goal: a table or a search; its
// Source says which.
type oracle = resolve.Oracle

// fromTable is the Source.Kind of answers read from a distance table.
const fromTable = resolve.FromTable

// tableOf returns the distance table o answers from, or nil when o
// searches.
func tableOf(o oracle) statespace.DistanceTable { return resolve.TableOf(o) }

// retryFailed is what the page needs of the resolver: any source, and a
// goal whose resolution failed before tried again, so that a table or
// databases copied in meanwhile are found and the server need not
// restart.
var retryFailed = resolve.Need{Retry: true}

// resolver finds the oracle of every goal, once, within a memory bound.
type resolver = resolve.Resolver

// parseBoard reads a board as query and the command line do, with the
// parser's own errors.
func parseBoard(text string, shape statespace.Shape) (statespace.Board, error) {
	return statespace.ParseBytes([]byte(text), shape)
}

// NewResolver returns the resolver a main hands to the page (New): qc's
// cache folder, databases, bound on bytes held and whether it writes the
// cache (ReadOnlyCache), its builds run only in one of slots, which the
// searches share. ctx bounds what it loads in the background. What the
// page wants of each answer it asks at each call (everyMove, pathOnly),
// so the same resolver serves a command line too.
func NewResolver(ctx context.Context, qc resolve.Config, slots *Slots) (*resolve.Resolver, error) {
	qc.Acquire = slots.Acquire
	return resolve.NewResolver(ctx, qc)
}

// everyMove is what /api/board wants of an answer: the path and every
// optimal move, which a search tests while the time allows, keeping the
// path when that time ends (the record then says the moves were cut).
var everyMove = resolve.Want{Path: true, AllMoves: true, KeepPath: true}

// pathOnly is what the GIF and the comparison's reference want: an
// optimal path, without testing every other first move.
var pathOnly = resolve.Want{Path: true}

// answerRecord is a board's answer with the keys of query -json: one struct,
// which the page's records embed and encoding/json writes.
type answerRecord = record.Record

// newRecord is a's record, moves named as the blank's.
func newRecord(a answer) answerRecord { return record.New(a, false) }

// limits are the node and time bounds of one search.
type limits = search.Limits

// comparison is every classroom algorithm run on one board.
type comparison = classroom.Comparison

// compareBoard runs the classroom algorithms keys name (nil: all) on b,
// each bounded by lim.
func compareBoard(ctx context.Context, b, goal statespace.Board, t statespace.DistanceTable, lim limits, keys []string) (*comparison, error) {
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

// checkReference checks every path of c against a, the optimal
// solver's answer that is to be its reference: a shorter path proves the
// solver's databases wrong (resolve.CheckReference).
func checkReference(c *comparison, a answer) error {
	return c.CheckReference(func(n int, search string) error { return resolve.CheckReference(a, n, search) })
}

// isDamage reports whether err says a file the answers come from is
// damaged or forged (resolve.IsDamage): 500, with the command that
// checks or rebuilds it, on every route.
func isDamage(err error) bool { return resolve.IsDamage(err) }

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
// a file the answers come from found damaged or forged (isDamage: a
// checksum, a replayed path or a search proved a table or pattern
// databases wrong) is 500 on every route, whether the resolution, a
// lookup or a search found it — the server's fault, which no retry
// mends, only the rebuild the message names (so not 503, which says
// try again); a board that cannot reach its goal is 422; a time limit
// 503; a goal the resolver found no answers for (no table, no databases)
// 404; anything else fallback.
func statusOf(err error, fallback int) int {
	var he *statusError
	var limit *solveLimitError
	var u *statespace.UnsolvableError
	var unresolved *resolveError
	switch {
	case errors.As(err, &he):
		return he.status
	case isDamage(err):
		return StatusInternalServerError
	case errors.As(err, &u):
		return StatusUnprocessableEntity
	case errors.As(err, &limit), errors.Is(err, context.DeadlineExceeded):
		return StatusServiceUnavailable
	case errors.As(err, &unresolved):
		return StatusNotFound
	}
	return fallback
}
