package main

import (
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tilespace/tilespace/solver"
)

// TestProgressLine checks the line against values worked by hand.
func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		sp   solver.SearchProgress
		est  solver.IterationEstimate
		ok   bool
		want string
	}{
		{solver.SearchProgress{Bound: 98, Iteration: 5, Done: 37, Tasks: 120, Nodes: 1_234_567_890, Total: 1_434_567_890},
			solver.IterationEstimate{Growth: 6.14, Left: 45*time.Minute + 10*time.Second}, true,
			"query: bound 98 (iteration 5), 37/120 subtrees, 1.2e9 nodes (1.4e9 in all), this iteration ~45 min left (growth ×6.1)"},
		{solver.SearchProgress{Bound: 40, Iteration: 1, Nodes: 0, Total: 0}, solver.IterationEstimate{}, false,
			"query: bound 40 (iteration 1), 0 nodes, time left not yet known"},
		{solver.SearchProgress{Bound: 50, Iteration: 3, Done: 2, Tasks: 9, Nodes: 999_999, Total: 999_999}, solver.IterationEstimate{Growth: 3}, true,
			"query: bound 50 (iteration 3), 2/9 subtrees, 999,999 nodes, this iteration past its estimate (growth ×3.0)"},
		{solver.SearchProgress{Bound: 60, Iteration: 7, Nodes: 9_960_000, Total: 9_960_000}, solver.IterationEstimate{Growth: 2, Left: 3 * time.Hour}, true,
			"query: bound 60 (iteration 7), 1.0e7 nodes, this iteration ~3.0 h left (growth ×2.0)"},
	} {
		if got := progressLine(c.sp, c.est, c.ok); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
	for d, want := range map[time.Duration]string{
		999 * time.Millisecond: "<1 s", time.Second: "1 s", 89 * time.Second: "89 s", 90 * time.Second: "2 min", 89 * time.Minute: "89 min",
		90 * time.Minute: "1.5 h", 72 * time.Hour: "3.0 days",
	} {
		if got := roughDuration(d); got != want {
			t.Errorf("roughDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestSearchLine drives the line with a clock of its own: nothing in the
// first interval, then a line with the rate measured since the
// iteration's first report, and a blank line once the path is found.
func TestSearchLine(t *testing.T) {
	var out strings.Builder
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := &searchLine{w: &out, now: func() time.Time { return clock }}
	finished := []uint64{100, 600}
	l.show(solver.SearchProgress{Bound: 50, Iteration: 3, Tasks: 10, Total: 700, Finished: finished})
	clock = clock.Add(time.Second)
	l.show(solver.SearchProgress{Bound: 50, Iteration: 3, Done: 1, Tasks: 10, Nodes: 200, Total: 900, Finished: finished})
	if out.Len() != 0 {
		t.Fatalf("drawn within the first interval: %q", out.String())
	}
	// 1,200 nodes in 3 s: 400 a second; 3,600 expected, 2,400 left: 6 s.
	clock = clock.Add(2 * time.Second)
	l.show(solver.SearchProgress{Bound: 50, Iteration: 3, Done: 4, Tasks: 10, Nodes: 1200, Total: 1900, Finished: finished})
	want := "\rquery: bound 50 (iteration 3), 4/10 subtrees, 1,200 nodes (1,900 in all), this iteration ~6 s left (growth ×6.0)"
	if out.String() != want {
		t.Fatalf("got  %q\nwant %q", out.String(), want)
	}
	l.show(solver.SearchProgress{Bound: 50, Iteration: 3, Nodes: 1300, Total: 2000, Finished: append(finished, 1300), Found: true})
	if blank := "\r" + strings.Repeat(" ", utf8.RuneCountInString(want)-1) + "\r"; out.String() != want+blank {
		t.Fatalf("not cleared: %q", strings.TrimPrefix(out.String(), want))
	}
}

// TestSearchDisplayQuiet checks that a search's progress goes nowhere
// when stderr is not a terminal, and to a line when it is.
func TestSearchDisplayQuiet(t *testing.T) {
	var out strings.Builder
	if show, done := searchDisplay(&out); show != nil {
		t.Error("a display on a strings.Builder")
	} else {
		done()
	}
	was := stderrTerminal
	defer func() { stderrTerminal = was }()
	stderrTerminal = func(io.Writer) bool { return true }
	if show, _ := searchDisplay(&out); show == nil {
		t.Error("no display on a terminal")
	}
	if out.Len() != 0 {
		t.Errorf("wrote %q", out.String())
	}
}
