package classroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// Comparison is every Standard algorithm run on one board.
type Comparison struct {
	Start, Goal statespace.Board
	// Optimal is the board's exact distance from the table, or -1 when no
	// table was given.
	Optimal int
	// OptimalSource says where Optimal came from: "the table", or what
	// the caller set (e.g. an optimal search on pattern databases).
	OptimalSource string
	Rows          []ComparisonRow
}

// ComparisonRow is one algorithm's run.
type ComparisonRow struct {
	Key     string // search.Algorithm.Key
	Optimal bool   // search.Algorithm.Optimal: guaranteed shortest
	Result  search.Result
}

// Compare runs every algorithm of search.Standard(goal, table) on start, one
// after another, each with lim. Zero limits take the defaults, on every
// board size (DefaultMaxExpanded expansions and DefaultMaxTime per
// algorithm), so a comparison always ends; lim.MaxDepth is ignored. table
// may be nil; it must be goal's table otherwise. A board that cannot reach
// goal is an error, and so is a table a path contradicts (a
// *statespace.TableContradictionError: a path shorter than its distance).
// ctx stops the algorithm running and skips the rest.
func Compare(ctx context.Context, start, goal statespace.Board, table *statespace.Table, lim search.Limits) (*Comparison, error) {
	lim = withDefaults(lim)
	lim.MaxDepth = 0
	if err := search.Check(search.Problem{Start: start, Goal: goal}); err != nil {
		return nil, err
	}
	c := &Comparison{Start: start, Goal: goal, Optimal: -1}
	if table != nil {
		if table.Space().Goal() != goal {
			return nil, fmt.Errorf("classroom: the table is for goal %s, not %s", table.Space().Goal(), goal)
		}
		c.Optimal = table.Distance(start)
		c.OptimalSource = "the table"
	}
	for _, a := range search.Standard(goal, table) {
		r, err := a.Run(ctx, search.Problem{Start: start, Goal: goal, Limits: lim})
		if err != nil {
			if errors.Is(err, ctx.Err()) {
				return nil, err
			}
			return nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		c.Rows = append(c.Rows, ComparisonRow{Key: a.Key, Optimal: a.Optimal, Result: r})
		if err := c.checkTable(table); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// WriteText writes the notebook widget's side-by-side table (Algorithm,
// Found, Path, Cost, Nodes expanded, Max frontier, Time), with nodes
// generated, the peak memory of the algorithm's own structures (by
// capacity, search.Result.PeakBytes), and how the
// path compares with the optimal distance from the table.
func (c *Comparison) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "Board %s, goal %s\n", c.Start, goalLabel(c.Goal, statespace.GoalName(c.Goal)))
	if c.Optimal >= 0 {
		fmt.Fprintf(w, "Optimal distance (from %s): %s\n\n", c.OptimalSource, textfmt.Moves(c.Optimal))
	} else {
		fmt.Fprintf(w, "Optimal distance: unknown (no table for this goal)\n\n")
	}
	t := &textTable{left: map[int]bool{9: true}}
	t.add("Algorithm", "Found", "Path", "Cost", "Nodes expanded", "Generated", "Max frontier", "Memory", "Time", "Note")
	for _, row := range c.Rows {
		r := row.Result
		found, path, cost := "no", "-", "-"
		if r.Found {
			found, path = "yes", textfmt.Commas(len(r.Path))
			cost = strconv.FormatFloat(r.Cost, 'f', -1, 64)
			if r.Cost == float64(int64(r.Cost)) {
				cost = textfmt.Commas(int64(r.Cost))
			}
		}
		note := ""
		switch {
		case r.StoppedBy != search.StopNone:
			note = "stopped: " + r.StoppedBy.String()
		case r.Found && c.Optimal >= 0 && len(r.Path) == c.Optimal:
			note = "optimal"
		case r.Found && c.Optimal >= 0:
			note = textfmt.Moves(len(r.Path)-c.Optimal) + " over optimal"
		}
		t.add(r.Algorithm, found, path, cost, textfmt.Commas(r.Expanded), textfmt.Commas(r.Generated),
			textfmt.Commas(r.MaxFrontier), humanBytes(r.PeakBytes), humanDuration(r.Elapsed), note)
	}
	if err := t.write(w); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nMemory is the most each algorithm's own frontier and visited structures took at once,\ncounted by capacity; times are wall time on this machine and vary run to run.\n")
	return err
}

// WriteJSON writes the comparison as one JSON object.
func (c *Comparison) WriteJSON(w io.Writer) error {
	type row struct {
		Key              string        `json:"key"`
		OptimalAlgorithm bool          `json:"optimal_algorithm"`
		ExcessMoves      *int          `json:"excess_moves"` // path length − optimal distance; null if unknown
		Result           search.Result `json:"result"`
	}
	out := struct {
		Board   string `json:"board"`
		Shape   string `json:"shape"`
		Goal    string `json:"goal"`
		Optimal *int   `json:"optimal_distance"`
		Rows    []row  `json:"algorithms"`
	}{Board: c.Start.String(), Shape: c.Start.Shape().String(), Goal: c.Goal.String()}
	if c.Optimal >= 0 {
		out.Optimal = &c.Optimal
	}
	for _, r := range c.Rows {
		x := row{Key: r.Key, OptimalAlgorithm: r.Optimal, Result: r.Result}
		if r.Result.Found && c.Optimal >= 0 {
			e := len(r.Result.Path) - c.Optimal
			x.ExcessMoves = &e
		}
		out.Rows = append(out.Rows, x)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
