package bfs

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
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
	Seconds float64 `json:"seconds"` // the pipelines' wall time in all (resumed levels' as recorded)
	// CPUSeconds is the process's CPU time over the pipelines run (see
	// Level.CPUSeconds).
	CPUSeconds float64 `json:"cpu_seconds"`
	Work       string  `json:"work"` // the working folder a full run resumes from
	// Published names the published distribution (an OEIS sequence) every
	// level's count was checked against; empty when there is none.
	Published string `json:"published,omitempty"`

	goal statespace.Board
}

// NewLevelsReport describes r's levels.
func NewLevelsReport(r *Result) LevelsReport {
	g := r.Space().Goal()
	rep := LevelsReport{Shape: g.Shape().String(), Goal: g.String(), States: r.Space().Size(), Levels: r.Levels(), Work: r.work, goal: g}
	for _, l := range rep.Levels {
		rep.Reached += l.States
		rep.Seconds += l.Seconds
		rep.CPUSeconds += l.CPUSeconds
	}
	if r.published != nil {
		rep.Published = r.published.OEIS
	}
	return rep
}

// WriteJSON writes the report as one line of JSON.
func (rep LevelsReport) WriteJSON(w io.Writer) error { return json.NewEncoder(w).Encode(rep) }

// WriteText writes the report for people: each level's new boards,
// partitions (those the level wrote, and those it touched: gave new
// boards), bytes shuffled, wall and CPU time, with the costs per new board,
// and the working folder's size after it, with its bits per board reached.
func (rep LevelsReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s puzzle, goal %s: %s boards in all; %d levels run\n\n", rep.Shape, statespace.GoalName(rep.goal), textfmt.Commas(rep.States), len(rep.Levels)-1)
	fmt.Fprintf(&b, "%5s %15s %10s %8s %15s %11s %9s %9s %12s %10s %10s\n", "level", "states", "partitions", "touched", "bytes shuffled", "bytes/state", "seconds", "cpu s", "core-µs/st.", "work", "bits/state")
	var reached uint64
	for _, l := range rep.Levels {
		reached += l.States
		perState, usPerState, secs, cpu, work, bits := "", "", "-", "-", "-", ""
		timed := l.Depth > 0 && l.Seconds > 0 // measured (a resumed level: when it ran)
		if l.States > 0 && l.Depth > 0 {
			perState = fmt.Sprintf("%.2f", float64(l.Shuffled)/float64(l.States))
			if timed {
				usPerState = fmt.Sprintf("%.3f", 1e6*l.CPUSeconds/float64(l.States))
			}
		}
		if timed {
			secs, cpu = fmt.Sprintf("%.3f", l.Seconds), fmt.Sprintf("%.3f", l.CPUSeconds)
		}
		if l.WorkBytes > 0 {
			work, bits = twobit.Bytes(l.WorkBytes), fmt.Sprintf("%.2f", 8*float64(l.WorkBytes)/float64(reached))
		}
		fmt.Fprintf(&b, "%5d %15s %10d %8d %15s %11s %9s %9s %12s %10s %10s\n", l.Depth, textfmt.Commas(l.States), l.Partitions, l.Frontier, textfmt.Commas(l.Shuffled), perState, secs, cpu, usPerState, work, bits)
	}
	fmt.Fprintf(&b, "\n%s boards reached in %.3f s of pipelines (%.3f s of CPU); the levels are in %s (a full run resumes from them)\n", textfmt.Commas(rep.Reached), rep.Seconds, rep.CPUSeconds, rep.Work)
	if rep.Published != "" {
		fmt.Fprintf(&b, "every level's count equals the published distribution's (OEIS %s)\n", rep.Published)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
