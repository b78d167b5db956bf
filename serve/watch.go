package serve

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// watchStep is the search's state at one expansion.
type watchStep struct {
	Board    string `json:"board"`
	Depth    int    `json:"depth"`    // moves from the start along the search's own path
	Distance int    `json:"distance"` // the board's true distance from the goal (the table)
	Frontier int64  `json:"frontier"` // boards waiting in the frontier after this expansion
	H        *int   `json:"h,omitempty"`
	Bound    *int   `json:"bound,omitempty"` // IDA*'s f bound in this iteration
}

// watchTrace is a search followed expansion by expansion.
type watchTrace struct {
	Algorithm string      `json:"algorithm"`
	Key       string      `json:"key"`
	Steps     []watchStep `json:"steps"`
	// MaxFrontier is the largest frontier the trace saw.
	MaxFrontier int64 `json:"max_frontier"`
}

// frontierTracker follows a search from the boards it expands, in order,
// and counts what waits in its frontier after each expansion; the search
// itself (package search) decides what is expanded, the tracker only
// replays its documented rules:
//
//   - BFS and DFS (graph search, a child already seen is skipped) and A*
//     on a consistent heuristic (no board is expanded twice): the boards
//     reached (the start and every child of an expanded board) less those
//     expanded. For A* this counts boards, not heap entries: a board
//     reached again more cheaply before its expansion leaves a stale entry
//     that search's MaxFrontier counts and this does not.
//   - IDA*: the children generated within the bound and not yet visited
//     along the current path; the bound starts at h(start) and rises each
//     iteration to the least f that exceeded it.
type frontierTracker struct {
	ida      bool
	h        pdb.Heuristic
	expanded int64
	reached  map[uint64]struct{}

	// IDA*
	bound, next int
	pending     int64
	path        []statespace.Board // the boards on the current path, by depth
	rounds      int
}

func newFrontierTracker(key string, start statespace.Board, h pdb.Heuristic) *frontierTracker {
	t := &frontierTracker{ida: key == "idastar", h: h}
	if t.ida {
		t.bound, t.next = h.Distance(start), -1
		return t
	}
	t.reached = map[uint64]struct{}{start.Packed(): {}}
	return t
}

// expand takes the next board the search expanded, at depth, and returns
// the frontier's size after it.
func (t *frontierTracker) expand(b statespace.Board, depth int) int64 {
	t.expanded++
	if !t.ida {
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok {
				t.reached[c.Packed()] = struct{}{}
			}
		}
		return int64(len(t.reached)) - t.expanded
	}
	if depth == 0 {
		// A new iteration starts at the root, with the raised bound.
		if t.rounds > 0 {
			t.bound, t.next = t.next, -1
		}
		t.rounds++
		t.pending = 1
	}
	t.path = append(t.path[:depth], b)
	last := statespace.Move(4)
	if depth > 0 {
		parent := t.path[depth-1]
		for _, m := range statespace.Moves {
			if c, ok := parent.Apply(m); ok && c == b {
				last = m
			}
		}
	}
	t.pending-- // b was visited
	for _, m := range statespace.Moves {
		if last < 4 && m == last.Opposite() {
			continue
		}
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		if f := depth + 1 + t.h.Distance(c); f > t.bound {
			if t.next < 0 || f < t.next {
				t.next = f
			}
			continue
		}
		t.pending++
	}
	return t.pending
}

// traceSearch runs the search key from b to the goal of table for at most
// lim.MaxExpanded expansions and returns every expansion with its true
// distance from table and the frontier after it, and the search's result.
func traceSearch(ctx context.Context, key string, b statespace.Board, table *statespace.Table, lim limits) (*watchTrace, searchResult, error) {
	goal := table.Space().Goal()
	tr := &watchTrace{Key: key}
	var tracker *frontierTracker
	var h pdb.Heuristic
	if key == "astar" || key == "idastar" {
		h = pdb.NewManhattan(goal)
	}
	var bad error
	onExpand := func(x statespace.Board, depth int) {
		if tracker == nil {
			tracker = newFrontierTracker(key, b, h)
		}
		f := tracker.expand(x, depth)
		st := watchStep{Board: x.String(), Depth: depth, Distance: table.Distance(x), Frontier: f}
		if st.Distance < 0 && bad == nil {
			bad = fmt.Errorf("serve: the search expanded %s, which is not in the table of goal %s", x, goal)
		}
		if h != nil {
			v := h.Distance(x)
			st.H = &v
		}
		if tracker.ida {
			v := tracker.bound
			st.Bound = &v
		}
		tr.MaxFrontier = max(tr.MaxFrontier, f)
		tr.Steps = append(tr.Steps, st)
	}
	res, err := runWatched(ctx, key, b, goal, h, lim, onExpand)
	if err != nil {
		return nil, res, err
	}
	if bad != nil {
		return nil, res, bad
	}
	tr.Algorithm = res.Algorithm
	tr.MaxFrontier = max(tr.MaxFrontier, 1) // the start alone
	return tr, res, nil
}
