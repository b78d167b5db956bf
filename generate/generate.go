// Package generate builds tilespace's data files in batch: the exact
// distance table of a goal, the default set that `enumerate -all` builds,
// and the reports (distribution, radius, antipodes) printed about them. A
// run of builds is a Config; NewPlan checks it whole, refusing with typed
// errors before any file is written, and Plan.Run builds it, telling its
// progress and each report by callback (Events).
package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// DefaultGoals lists the goals `enumerate -all` builds tables for: every
// shape of at most 10 cells for the goals "last" and "first", and the 3x3
// with the blank in the centre and in the middle of the top edge.
func DefaultGoals() []statespace.Board {
	var goals []statespace.Board
	for _, rc := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}} {
		sh := statespace.Shape{Rows: rc[0], Cols: rc[1]}
		goals = append(goals, statespace.GoalLast(sh), statespace.GoalFirst(sh))
	}
	sq := statespace.Shape{Rows: 3, Cols: 3}
	return append(goals,
		statespace.MustBoard(sq, 1, 2, 3, 4, 0, 5, 6, 7, 8), // centre
		statespace.MustBoard(sq, 1, 0, 2, 3, 4, 5, 6, 7, 8), // edge
	)
}

// TableReport describes a built distance table. Its JSON form is what
// `enumerate -json` prints.
type TableReport struct {
	Shape     string   `json:"shape"`
	Goal      string   `json:"goal"`
	States    uint64   `json:"states"`
	Radius    int      `json:"radius"`
	Counts    []uint64 `json:"counts"`
	Antipodes []string `json:"antipodes"`
	File      string   `json:"file"`
	Bytes     int64    `json:"bytes"`
	Seconds   float64  `json:"seconds"`

	goal statespace.Board
}

// Progress receives a build's progress: the level (distance) of the
// breadth-first search being worked on, and done units of work of total.
type Progress func(level int, done, total uint64)

// Table enumerates the space of goal, writes its table into dir under the
// store's naming scheme, and reports on it. progress, if not nil, receives
// the boards reached of the space's size.
func Table(ctx context.Context, goal statespace.Board, dir string, enc tablefile.Encoding, progress Progress) (TableReport, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return TableReport{}, err
	}
	var pr table.Progress
	if progress != nil {
		pr = func(depth int, reached, total uint64) { progress(depth, reached, total) }
	}
	t, err := table.Enumerate(ctx, sp, pr)
	if err != nil {
		return TableReport{}, err
	}
	path, size, err := store.NewCache(dir).WriteTable(ctx, t, enc)
	if err != nil {
		return TableReport{}, err
	}
	return NewTableReport(goal, t.Counts(), t.Antipodes(), path, size, t.SearchTime().Seconds()), nil
}

// NewTableReport describes the table of goal with the given distribution
// (boards at each distance) and boards at the radius, written to file
// (size bytes; "" and 0 when none was written) after seconds of search:
// for the tools that build a table by other means than Table.
func NewTableReport(goal statespace.Board, counts []uint64, antipodes []statespace.Board, file string, size int64, seconds float64) TableReport {
	r := TableReport{
		Shape:   goal.Shape().String(),
		Goal:    goal.String(),
		Radius:  len(counts) - 1,
		Counts:  append([]uint64(nil), counts...),
		File:    file,
		Bytes:   size,
		Seconds: seconds,
		goal:    goal,
	}
	for _, c := range counts {
		r.States += c
	}
	for _, b := range antipodes {
		r.Antipodes = append(r.Antipodes, b.String())
	}
	return r
}

// WriteJSON writes the report as one line of JSON.
func (r TableReport) WriteJSON(w io.Writer) error {
	return json.NewEncoder(w).Encode(r)
}

// WriteText writes the report for people: the goal, the distribution of
// distances with cumulative counts, the radius and its boards, the file.
func (r TableReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s puzzle, goal %s:\n", r.Shape, statespace.GoalName(r.goal))
	for _, line := range strings.Split(strings.TrimRight(r.goal.Grid(), "\n"), "\n") {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	fmt.Fprintf(&b, "%d states, radius %d, BFS %.3f ms\n\n", r.States, r.Radius, r.Seconds*1000)
	fmt.Fprintf(&b, "%8s %12s %12s\n", "distance", "count", "cumulative")
	var cum uint64
	for d, n := range r.Counts {
		cum += n
		fmt.Fprintf(&b, "%8d %12d %12d\n", d, n, cum)
	}
	fmt.Fprintf(&b, "\n%d %s at the radius %d:\n", len(r.Antipodes), textfmt.Plural(len(r.Antipodes), "state", "states"), r.Radius)
	for _, a := range r.Antipodes {
		fmt.Fprintf(&b, "  %s\n", a)
	}
	if r.File != "" {
		fmt.Fprintf(&b, "\nwrote %s: %d bytes, %.4f bytes per state\n", r.File, r.Bytes, float64(r.Bytes)/float64(r.States))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
