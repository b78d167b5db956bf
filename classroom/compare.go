package classroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
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
	// Limits are the limits every algorithm ran with, defaults filled in.
	Limits search.Limits
	Rows   []ComparisonRow
}

// Outcome is how one algorithm's run ended, judged against the optimal
// distance: what the page colours a row by and the JSON rows' "outcome".
type Outcome string

// The outcomes of a run.
const (
	// OutcomeOptimal: a path was found and its length is the optimal
	// distance.
	OutcomeOptimal Outcome = "optimal"
	// OutcomeLonger: a path was found, longer than the optimal distance.
	OutcomeLonger Outcome = "longer"
	// OutcomeStopped: no path was found; the result's StoppedBy says why
	// (a node, time or memory limit, the climber stuck or looping).
	OutcomeStopped Outcome = "stopped"
	// OutcomeFound: a path was found but the optimal distance is unknown
	// (no table, and the caller set no other reference), so it is neither
	// called optimal nor longer.
	OutcomeFound Outcome = "found"
	// OutcomeShorter: a path was found, shorter than the reference
	// distance, which is therefore wrong (a damaged table): a sound
	// reference never gives it.
	OutcomeShorter Outcome = "shorter"
)

// Outcome judges r against c's optimal distance, as WriteJSON's rows
// say it.
func (c *Comparison) Outcome(r ComparisonRow) Outcome { return c.outcome(r) }

// outcome judges r against c's optimal distance.
func (c *Comparison) outcome(r ComparisonRow) Outcome {
	switch n := len(r.Result.Path); {
	case !r.Result.Found:
		return OutcomeStopped
	case c.Optimal < 0:
		return OutcomeFound
	case n == c.Optimal:
		return OutcomeOptimal
	case n > c.Optimal:
		return OutcomeLonger
	}
	return OutcomeShorter
}

// RepeatedAlgorithmError is a key given twice.
type RepeatedAlgorithmError struct{ Key string }

// Kind is errkind.Value.
func (*RepeatedAlgorithmError) Kind() errkind.Kind { return errkind.Value }

func (e *RepeatedAlgorithmError) Error() string {
	return fmt.Sprintf("algorithm %q is named twice", e.Key)
}

// Algorithms returns the algorithms of search.Standard(goal, table) that
// keys name, in Standard's order; nil or empty keys name them all. A key
// naming none of them is a *search.UnknownAlgorithmError, a key given twice a
// *RepeatedAlgorithmError.
func Algorithms(goal statespace.Board, table pdb.ExactTable, keys []string) ([]search.Algorithm, error) {
	all := search.Standard(goal, table)
	if len(keys) == 0 {
		return all, nil
	}
	want := make(map[string]bool, len(keys))
	for _, k := range keys {
		if _, ok := search.Find(all, k); !ok {
			e := &search.UnknownAlgorithmError{Key: k, NeedsTable: table == nil && k == "astar-exact"}
			for _, a := range all {
				e.Known = append(e.Known, a.Key)
			}
			return nil, e
		}
		if want[k] {
			return nil, &RepeatedAlgorithmError{k}
		}
		want[k] = true
	}
	var out []search.Algorithm
	for _, a := range all {
		if want[a.Key] {
			out = append(out, a)
		}
	}
	return out, nil
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
// algorithm), so a comparison always ends; lim.MaxDepth limits DFS's
// depth (0: no limit) and no other algorithm's. table
// may be nil; it must be goal's table otherwise. A board that cannot reach
// goal is an error, and so is a table a path contradicts (a
// *table.ContradictionError: a path shorter than its distance).
// ctx stops the algorithm running and skips the rest.
func Compare(ctx context.Context, start, goal statespace.Board, table Table, lim search.Limits) (*Comparison, error) {
	return CompareAlgorithms(ctx, start, goal, table, lim, nil)
}

// CompareAlgorithms is Compare on the algorithms keys name (see
// Algorithms; nil names them all), in search.Standard's order.
func CompareAlgorithms(ctx context.Context, start, goal statespace.Board, table Table, lim search.Limits, keys []string) (*Comparison, error) {
	lim = withDefaults(lim)
	if err := search.Check(search.Problem{Start: start, Goal: goal}); err != nil {
		return nil, err
	}
	c := &Comparison{Start: start, Goal: goal, Optimal: -1, Limits: lim}
	algs, err := Algorithms(goal, table, keys)
	if err != nil {
		return nil, err
	}
	if table != nil {
		if table.Space().Goal() != goal {
			return nil, fmt.Errorf("classroom: the table is for goal %s, not %s", table.Space().Goal(), goal)
		}
		if c.Optimal, err = table.Lookup(start); err != nil {
			return nil, err
		}
		c.OptimalSource = "the table"
	}
	for _, a := range algs {
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
		fmt.Fprintf(w, "Optimal distance (from %s): %s\n", c.OptimalSource, textfmt.Moves(c.Optimal))
	} else {
		fmt.Fprintf(w, "Optimal distance: unknown (no table for this goal)\n")
	}
	fmt.Fprintf(w, "Limits per algorithm: %s expansions, %s s\n\n", textfmt.Commas(c.Limits.MaxExpanded),
		strconv.FormatFloat(c.Limits.MaxTime.Seconds(), 'f', -1, 64))
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
		switch c.outcome(row) {
		case OutcomeStopped:
			note = "not found"
			if r.StoppedBy != search.StopNone {
				note = "stopped: " + r.StoppedBy.String()
			}
		case OutcomeOptimal:
			note = "optimal"
		case OutcomeLonger:
			note = textfmt.Moves(len(r.Path)-c.Optimal) + " over optimal"
		case OutcomeShorter:
			note = textfmt.Moves(c.Optimal-len(r.Path)) + " under the reference: the reference is wrong"
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

// WriteJSON writes the comparison as one JSON object: the board, shape,
// goal, optimal_distance (null when unknown), limits ({"nodes",
// "seconds"}: each algorithm's) and algorithms, a row each with its key,
// optimal_algorithm, excess_moves (null when unknown or not found),
// outcome (Outcome: "optimal", "longer", "stopped", "found", "shorter")
// and the search's result.
func (c *Comparison) WriteJSON(w io.Writer) error {
	type row struct {
		Key              string        `json:"key"`
		OptimalAlgorithm bool          `json:"optimal_algorithm"`
		ExcessMoves      *int          `json:"excess_moves"` // path length − optimal distance; null if unknown
		Outcome          Outcome       `json:"outcome"`
		Result           search.Result `json:"result"`
	}
	type limits struct {
		Nodes    int64   `json:"nodes"`
		Seconds  float64 `json:"seconds"`
		DFSDepth int     `json:"dfs_depth,omitempty"`
	}
	out := struct {
		Board   string `json:"board"`
		Shape   string `json:"shape"`
		Goal    string `json:"goal"`
		Optimal *int   `json:"optimal_distance"`
		Limits  limits `json:"limits"`
		Rows    []row  `json:"algorithms"`
	}{Board: c.Start.String(), Shape: c.Start.Shape().String(), Goal: c.Goal.String(),
		Limits: limits{c.Limits.MaxExpanded, c.Limits.MaxTime.Seconds(), c.Limits.MaxDepth}}
	if c.Optimal >= 0 {
		out.Optimal = &c.Optimal
	}
	for _, r := range c.Rows {
		x := row{Key: r.Key, OptimalAlgorithm: r.Optimal, Outcome: c.outcome(r), Result: r.Result}
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
