package api

// This file holds the calls api makes into resolve, record, search and
// classroom beyond their types, which the rest of the package uses by
// their own names: the rest speaks in the few functions below, so a
// change in those packages' functions is met here.

import (
	"context"
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// fromTable is the Source.Kind of answers read from a distance table.
const fromTable = resolve.FromTable

// tableOf returns the distance table o answers from, or nil when o
// searches.
func tableOf(o resolve.Oracle) table.Interface { return resolve.TableOf(o) }

// retryFailed is what the page needs of the resolver: any source, and a
// goal whose resolution failed before tried again, so that a table or
// databases copied in meanwhile are found and the server need not
// restart.
var retryFailed = resolve.Need{Retry: true}

// checkSolvable is the resolver's parity check of b toward goal: a
// *statespace.UnsolvableError, or nil.
func checkSolvable(goal, b statespace.Board) error { return resolve.CheckSolvable(goal, b) }

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

// newRecord is a's record with the keys of query -json, moves named as
// the blank's.
func newRecord(a resolve.Answer) record.Record { return record.New(a, false) }

// compareBoard runs the classroom algorithms keys name (nil: all) on b,
// each bounded by lim.
func compareBoard(ctx context.Context, b, goal statespace.Board, t classroom.Table, lim search.Limits, keys []string) (*classroom.Comparison, error) {
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
	var unknown *search.UnknownAlgorithmError
	if errors.As(err, &unknown) {
		unknown.Known = append(unknown.Known, "astar-exact (with a table)")
	}
	return err
}

// checkReference checks every path of c against a, the optimal
// solver's answer that is to be its reference: a shorter path proves the
// solver's databases wrong (resolve.CheckReference).
func checkReference(c *classroom.Comparison, a resolve.Answer) error {
	return c.CheckReference(func(n int, search string) error { return resolve.CheckReference(a, n, search) })
}

// isDamage reports whether err says a file the answers come from is
// damaged or forged (errkind.Damaged: a checksum, a replayed path or a
// search proved a table or pattern databases wrong): 500, with the
// command that checks or rebuilds it, on every route.
func isDamage(err error) bool { return errkind.Is(err, errkind.Damaged) }

// algorithmCatalog is every classroom algorithm with its name and style.
func algorithmCatalog() []classroom.AlgorithmInfo { return classroom.Catalog() }

// scalingAlgorithms are the classroom algorithms of goal keys name (nil:
// all), table goal's table.
func scalingAlgorithms(goal statespace.Board, table pdb.ExactTable, keys []string) ([]search.Algorithm, error) {
	return classroom.Algorithms(goal, table, keys)
}

// runScaling is the scaling run of cfg (classroom.RunScaling).
func runScaling(ctx context.Context, cfg classroom.ScalingConfig) (*classroom.ScalingRuns, error) {
	return classroom.RunScaling(ctx, cfg)
}

// watchAlgorithms are the searches the watch view steps through, by the
// key /api/watch takes (classroom.AlgorithmInfo.Watch).
var watchAlgorithms = func() []string {
	var keys []string
	for _, a := range classroom.Catalog() {
		if a.Watch != "" {
			keys = append(keys, a.Watch)
		}
	}
	return keys
}()

// runWatched runs the search named key (one of watchAlgorithms) from b to
// goal, calling onStep after each expansion with what the search reports
// of it. A* and IDA* search on h.
func runWatched(ctx context.Context, key string, b, goal statespace.Board, h pdb.Heuristic, lim search.Limits, onStep func(search.Step)) (search.Result, error) {
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
	return search.Result{}, fmt.Errorf("unknown algorithm %q: want bfs, dfs, astar or idastar", key)
}

// stoppedByLimit reports whether a node, time or depth limit cut r short.
func stoppedByLimit(r search.Result) bool { return r.StoppedBy.Limit() }

// Statuses is the page's table of error kinds (errkind.Of): the status
// an error of each kind answers on every route. A file the answers come
// from found damaged or forged is 500 whether the resolution, a lookup
// or a search found it — the server's fault, which no retry mends, only
// the rebuild the message names (so not 503, which says try again); a
// board that cannot reach its goal is 422; a table or databases not
// there 404; a time limit 503. An error of no kind (None), or one the
// caller canceled, has none of its own: the route's fallback (ErrorReply
// answers a cancel for no reason of the request's own 503).
var Statuses = map[errkind.Kind]int{
	errkind.Board:      StatusBadRequest,
	errkind.Unsolvable: StatusUnprocessableEntity,
	errkind.Goal:       StatusBadRequest,
	errkind.Shape:      StatusBadRequest,
	errkind.Missing:    StatusNotFound,
	errkind.Damaged:    StatusInternalServerError,
	errkind.Limit:      StatusServiceUnavailable,
	errkind.Value:      StatusBadRequest,
}

// statusOf is the one place errors become statuses: a *statusError
// with a status says its own (a busy work slot, 503, even inside a failed
// resolution; a goal the resolver found no answers for, no table or no
// databases, 404 unless what it wraps says otherwise); else the status
// of err's kind (Statuses), or fallback when it has none.
func statusOf(err error, fallback int) int {
	var he *statusError
	if errors.As(err, &he) && he.status != 0 {
		return he.status
	}
	if st, ok := Statuses[errkind.Of(err)]; ok {
		return st
	}
	return fallback
}
