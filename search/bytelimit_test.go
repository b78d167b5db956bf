package search

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// Every algorithm on a 5x5 board far from the goal is bounded by a small
// byte limit, under node and time limits that would let it run for
// minutes: those whose structures grow with the search stop with
// StopByteLimit at no more than the limit (plus one expansion's
// children), the ones of depth-bounded memory (IDDFS, IDA*, DLS) stop at
// the node limit, and what each allocates stays near the limit.
func TestByteLimit(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 5, Cols: 5})
	start := statespace.Walk(rand.New(rand.NewPCG(19, 6)), goal, 2000, statespace.AnyMove)
	const maxBytes = 1 << 20
	lim := Limits{MaxExpanded: 300_000, MaxTime: time.Minute, MaxBytes: maxBytes}
	growing := []string{"bfs", "dfs", "dfs-limit", "ucs", "ucs-cost", "astar-misplaced", "astar-manhattan", "astar-linear-conflict"}
	for _, a := range allRuns(goal) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := must(a.Run(bg, Problem{Start: start, Goal: goal, Limits: lim}))
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %v after %d expansions, %d bytes counted, %d allocated", a.Name, r.StoppedBy, r.Expanded, r.PeakBytes, alloc)
		if r.PeakBytes > maxBytes {
			t.Errorf("%s: peak %d bytes, over the limit of %d", a.Name, r.PeakBytes, maxBytes)
		}
		if alloc > 8*maxBytes {
			t.Errorf("%s: allocated %d bytes under a limit of %d", a.Name, alloc, maxBytes)
		}
		switch {
		case slices.Contains(growing, a.Key):
			if r.StoppedBy != StopByteLimit {
				t.Errorf("%s: stopped by %v, want the memory limit", a.Name, r.StoppedBy)
			}
		case r.Found:
		case r.StoppedBy != StopByteLimit && r.StoppedBy != StopNodeLimit && r.StoppedBy != StopLoop && r.StoppedBy != StopStuck:
			t.Errorf("%s: stopped by %v, want a limit that says so", a.Name, r.StoppedBy)
		}
	}
	// The climber's walk and visited set are bounded too.
	r := must(GainClimber(bg, Problem{Start: start, Goal: goal, Limits: Limits{MaxExpanded: 1 << 40, MaxBytes: 10_000}}, ClimberRule{}))
	if r.StoppedBy != StopByteLimit || r.PeakBytes > 10_000 {
		t.Errorf("climber under 10,000 bytes: stopped by %v with %d bytes", r.StoppedBy, r.PeakBytes)
	}
	if got := StopByteLimit.String(); got != "memory limit" || !StopByteLimit.Limit() {
		t.Errorf("StopByteLimit is %q, Limit() %v", got, StopByteLimit.Limit())
	}
}

// A hook's bytes count against the limit: a walk of 100 bytes an
// expansion under a limit of 200,000 bytes stops DFS sooner than its own
// structures alone would (an arena chunk is 45 KB), with the walk and the
// structures together within the limit.
func TestHookBytes(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 5, Cols: 5})
	start := statespace.Walk(rand.New(rand.NewPCG(19, 6)), goal, 2000, statespace.AnyMove)
	var walk []int64
	const hook, maxBytes = 100, 200_000
	p := Problem{Start: start, Goal: goal, Limits: Limits{MaxExpanded: 1 << 40, MaxTime: time.Minute, MaxBytes: maxBytes}, HookBytes: hook,
		OnStep: func(Step) { walk = append(walk, 0) }}
	r := must(DFS(bg, p))
	if r.StoppedBy != StopByteLimit || r.PeakBytes+hook*r.Expanded > maxBytes {
		t.Errorf("stopped by %v after %d expansions, %d bytes counted and %d walked", r.StoppedBy, r.Expanded, r.PeakBytes, hook*len(walk))
	}
	p.HookBytes = 0
	if r0 := must(DFS(bg, p)); r0.Expanded <= r.Expanded || r0.PeakBytes > maxBytes {
		t.Errorf("without the hook's bytes DFS expanded %d (%d bytes), with them %d", r0.Expanded, r0.PeakBytes, r.Expanded)
	}
}
