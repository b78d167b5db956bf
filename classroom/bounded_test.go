package classroom

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// slack is what one expansion may add past a byte limit (its children).
const slack = 1024

// within checks that a report's search kept to maxBytes and, when it did
// not finish, says which limit stopped it.
func within(t *testing.T, what string, r search.Result, hook, maxBytes int64) {
	t.Helper()
	if r.PeakBytes+hook*r.Expanded > maxBytes+slack {
		t.Errorf("%s: %d bytes counted and %d of the walk, over the limit of %d", what, r.PeakBytes, hook*r.Expanded, maxBytes)
	}
	if !r.Found && r.StoppedBy != search.StopNone && !r.StoppedBy.Limit() && r.StoppedBy != search.StopLoop && r.StoppedBy != search.StopStuck {
		t.Errorf("%s: stopped by %v", what, r.StoppedBy)
	}
}

// Every classroom report on a large board is bounded by its limits'
// bytes and says which limit stopped each search:
// compare and the COMS runs on 5x5, the DFS explanation and walk on 2x5
// (their table is enumerated here), greedy-stats on 3x3 with long mixes.
func TestReportsBounded(t *testing.T) {
	const maxBytes = 1 << 20
	goal5 := statespace.GoalLast(statespace.Shape{Rows: 5, Cols: 5})
	start5 := statespace.Walk(rand.New(rand.NewPCG(19, 6)), goal5, 2000, statespace.AnyMove)
	lim := search.Limits{MaxExpanded: 300_000, MaxTime: time.Minute, MaxBytes: maxBytes}

	c, err := Compare(bg, start5, goal5, nil, lim)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := c.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, row := range c.Rows {
		within(t, "compare "+row.Key, row.Result, 0, maxBytes)
		if row.Key == "bfs" && row.Result.StoppedBy != search.StopByteLimit {
			t.Errorf("compare bfs on 5x5: stopped by %v, want the memory limit", row.Result.StoppedBy)
		}
	}
	if !strings.Contains(text.String(), "stopped: memory limit") {
		t.Errorf("the comparison does not say the memory limit stopped a search:\n%s", text.String())
	}

	first5 := statespace.GoalFirst(goal5.Shape())
	startFirst := statespace.Walk(rand.New(rand.NewPCG(19, 7)), first5, 2000, statespace.AnyMove)
	for _, m := range []string{"bfs", "dfs", "ast"} {
		run, err := RunCOMS(bg, m, startFirst, lim)
		if err == nil || !strings.Contains(err.Error(), "stopped by the memory limit") {
			t.Errorf("coms %s on 5x5: %v, want a stop by the memory limit", m, err)
		}
		within(t, "coms "+m, run.Result, 0, maxBytes)
	}

	goal25 := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	table := fixture.TableFor(t, goal25)
	start25 := table.Antipodes()[0]
	const small = 256 << 10
	e, err := ExplainDFS(bg, start25, table, ExplainOptions{Limits: search.Limits{MaxBytes: small}})
	if err != nil {
		t.Fatal(err)
	}
	if e.DFS.StoppedBy != search.StopByteLimit {
		t.Errorf("explain-dfs on 2x5 under %d bytes: DFS stopped by %v", small, e.DFS.StoppedBy)
	}
	within(t, "explain DFS", e.DFS, 8, small)
	for name, r := range map[string]search.Result{"DFS at optimal": e.DFSAtOptimal, "DFS at smallest": e.DFSAtSmallest, "DLS": e.DLSAtOptimal, "IDDFS": e.IDDFS, "BFS": e.BFS} {
		within(t, "explain "+name, r, 0, small)
	}
	text.Reset()
	if err := e.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(text.String()), " "), "memory limit") {
		t.Errorf("the explanation does not name the memory limit:\n%s", text.String())
	}
	w, err := WalkDFS(bg, table, start25, search.Limits{MaxTime: time.Minute, MaxBytes: small}, true)
	if err != nil {
		t.Fatal(err)
	}
	if w.DFS.StoppedBy != search.StopByteLimit {
		t.Errorf("the DFS walk with boards: stopped by %v", w.DFS.StoppedBy)
	}

	g, err := GreedyStats(bg, fixture.TableFor(t, statespace.GoalLast(sh33)), GreedyStatsOptions{Seed: 3, N: 20, Ks: []int{1000}, MaxBytes: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if g.Overall.MemoryCapped == 0 {
		t.Errorf("greedy-stats under 2,000 bytes: no climb stopped by the memory limit: %+v", g.Overall)
	}
	text.Reset()
	if err := g.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(text.String()), " "), "stopped by the memory limit") {
		t.Errorf("greedy-stats does not say the memory limit stopped climbs:\n%s", text.String())
	}
}
