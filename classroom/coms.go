package classroom

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// COMSMethods are the methods of COMS 4701 homework 1.
var COMSMethods = []string{"bfs", "dfs", "ast"}

// COMSRun is one run of the COMS 4701 puzzle.py contract.
type COMSRun struct {
	Method string // "bfs", "dfs" or "ast"
	Result search.Result
	// MaxRSSBytes is how much the process's peak resident set size grew
	// during the search (maxRSS after less before), as the assignment's
	// recipe measures it with ru_maxrss: 0 where the platform does not
	// report it, or when the search fit in memory the process already
	// had.
	MaxRSSBytes int64
}

// RunCOMS solves start with the COMS 4701 method ("bfs", "dfs" or "ast")
// toward the assignment's goal, the blank first and the tiles in order
// (0,1,…,n−1; statespace.GoalFirst), with the assignment's semantics: BFS
// and DFS as in this package (children in Up, Down, Left, Right order, DFS
// pushing them in reverse, the goal test on removal, a child already in
// the frontier or explored skipped), and A* on Manhattan distance with
// AStar's tie-breaking — f, then lower h, then insertion order (Up, Down,
// Left, Right among siblings) — which keeps the path optimal. It measures
// the growth of the process's peak RSS over the search, so run one search
// per process, as the assignment does.
//
// It returns an error for an unknown method, a board that cannot reach the
// goal, or a search stopped by a limit (lim as in search.Problem.Limits).
func RunCOMS(ctx context.Context, method string, start statespace.Board, lim search.Limits) (COMSRun, error) {
	goal := statespace.GoalFirst(start.Shape())
	p := search.Problem{Start: start, Goal: goal, Limits: lim}
	var run func() (search.Result, error)
	switch method {
	case "bfs":
		run = func() (search.Result, error) { return search.BFS(ctx, p) }
	case "dfs":
		run = func() (search.Result, error) { return search.DFS(ctx, p) }
	case "ast":
		h := pdb.NewManhattan(goal)
		run = func() (search.Result, error) { return search.AStar(ctx, p, h) }
	default:
		return COMSRun{}, fmt.Errorf("method %q: want bfs, dfs or ast", method)
	}
	before, _ := maxRSS()
	r, err := run()
	after, _ := maxRSS()
	out := COMSRun{Method: method, Result: r, MaxRSSBytes: after - before}
	switch {
	case err != nil:
		return out, fmt.Errorf("%s on %s: %w", method, start, err)
	case !r.Found && r.StoppedBy != search.StopNone:
		return out, fmt.Errorf("%s on %s: stopped by the %s", method, start, r.StoppedBy)
	case !r.Found:
		return out, fmt.Errorf("%s on %s: no path", method, start) // unreachable: search.Check rejects unsolvable boards first
	}
	return out, nil
}

// WriteCOMS writes the seven lines of the assignment's output.txt for a
// result that found the goal:
//
//	path_to_goal: ['Up', 'Left', 'Left']
//	cost_of_path: 3
//	nodes_expanded: 10
//	search_depth: 3
//	max_search_depth: 4
//	running_time: 0.00188088
//	max_ram_usage: 0.07812500
//
// running_time is the search's wall time in seconds; max_ram_usage is
// maxRSSBytes in MiB (bytes / 2^20), both with 8 decimals.
func WriteCOMS(w io.Writer, r search.Result, maxRSSBytes int64) error {
	if !r.Found {
		return fmt.Errorf("classroom: %s found no path; output.txt needs one", r.Algorithm)
	}
	moves := make([]string, len(r.Path))
	for i, m := range r.Path {
		moves[i] = "'" + m.String() + "'"
	}
	_, err := fmt.Fprintf(w, "path_to_goal: [%s]\ncost_of_path: %d\nnodes_expanded: %d\nsearch_depth: %d\nmax_search_depth: %d\nrunning_time: %.8f\nmax_ram_usage: %.8f\n",
		strings.Join(moves, ", "), int64(r.Cost), r.Expanded, r.SearchDepth, r.MaxSearchDepth,
		r.Elapsed.Seconds(), float64(maxRSSBytes)/(1<<20))
	return err
}
