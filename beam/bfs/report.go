package bfs

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// LevelsReport describes the levels a dry run ran: what a user projects a
// full run's cost from. Its JSON form is what `beam-enumerate -levels K
// -json` prints.
type LevelsReport struct {
	Shape   string  `json:"shape"`
	Goal    string  `json:"goal"`
	States  uint64  `json:"states"` // boards in the whole space, n!/2
	Reached uint64  `json:"reached"`
	Levels  []Level `json:"levels"`
	Seconds float64 `json:"seconds"` // the pipelines' wall time in all
	Work    string  `json:"work"`    // the working folder a full run resumes from

	goal statespace.Board
}

// NewLevelsReport describes r's levels.
func NewLevelsReport(r *Result) LevelsReport {
	g := r.Space().Goal()
	rep := LevelsReport{Shape: g.Shape().String(), Goal: g.String(), States: r.Space().Size(), Levels: r.Levels(), Work: r.work, goal: g}
	for _, l := range rep.Levels {
		rep.Reached += l.States
		rep.Seconds += l.Seconds
	}
	return rep
}

// WriteJSON writes the report as one line of JSON.
func (rep LevelsReport) WriteJSON(w io.Writer) error { return json.NewEncoder(w).Encode(rep) }

// WriteText writes the report for people: each level's new boards,
// partitions, bytes shuffled and wall time, with the costs per new board.
func (rep LevelsReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s puzzle, goal %s: %s boards in all; %d levels run\n\n", rep.Shape, statespace.GoalName(rep.goal), textfmt.Commas(rep.States), len(rep.Levels)-1)
	fmt.Fprintf(&b, "%5s %15s %10s %15s %11s %9s %12s\n", "level", "states", "partitions", "bytes shuffled", "bytes/state", "seconds", "µs/state")
	for _, l := range rep.Levels {
		perState, usPerState := "", ""
		if l.States > 0 && l.Depth > 0 {
			perState = fmt.Sprintf("%.2f", float64(l.Shuffled)/float64(l.States))
			if !l.Resumed {
				usPerState = fmt.Sprintf("%.3f", 1e6*l.Seconds/float64(l.States))
			}
		}
		secs := fmt.Sprintf("%.3f", l.Seconds)
		if l.Resumed || l.Depth == 0 {
			secs = "-"
		}
		fmt.Fprintf(&b, "%5d %15s %10d %15s %11s %9s %12s\n", l.Depth, textfmt.Commas(l.States), l.Partitions, textfmt.Commas(l.Shuffled), perState, secs, usPerState)
	}
	fmt.Fprintf(&b, "\n%s boards reached in %.3f s of pipelines; the levels are in %s (a full run resumes from them)\n", textfmt.Commas(rep.Reached), rep.Seconds, rep.Work)
	_, err := io.WriteString(w, b.String())
	return err
}
