package api

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// watchStep is the search's state at one expansion.
type watchStep struct {
	Board    string `json:"board"`
	Depth    int    `json:"depth"`    // moves from the start along the search's own path
	Distance int    `json:"distance"` // the board's true distance from the goal (the table)
	Frontier int64  `json:"frontier"` // the search's frontier after this expansion (search.Step)
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

// watchTable is what traceSearch asks of a distance table: the space it
// covers, whose goal the search runs to, and each expanded board's
// distance.
type watchTable interface {
	Space() *statespace.Space
	Lookup(b statespace.Board) (int, error)
}

// traceSearch runs the search key from b to the goal of table for at most
// lim.MaxExpanded expansions and returns every expansion with its true
// distance from table and the frontier after it, and the search's result.
func traceSearch(ctx context.Context, key string, b statespace.Board, table watchTable, lim search.Limits) (*watchTrace, search.Result, error) {
	goal := table.Space().Goal()
	tr := &watchTrace{Key: key}
	var h pdb.Heuristic
	if key == "astar" || key == "idastar" {
		h = pdb.NewManhattan(goal)
	}
	var bad error
	onStep := func(x search.Step) {
		d, err := table.Lookup(x.Board)
		if err != nil && bad == nil {
			bad = fmt.Errorf("api: the search expanded %s, which the table of goal %s does not answer: %w", x.Board, goal, err)
		}
		st := watchStep{Board: x.Board.String(), Depth: x.Depth, Distance: d, Frontier: x.Frontier}
		if h != nil {
			v := h.Distance(x.Board)
			st.H = &v
		}
		if x.Bound >= 0 {
			v := x.Bound
			st.Bound = &v
		}
		tr.MaxFrontier = max(tr.MaxFrontier, x.Frontier)
		tr.Steps = append(tr.Steps, st)
	}
	res, err := runWatched(ctx, key, b, goal, h, lim, onStep)
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
