package api

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// watchBoards are boards at several distances on two shapes.
func watchBoards(t *testing.T) []struct {
	b   statespace.Board
	tab *table.Table
} {
	var out []struct {
		b   statespace.Board
		tab *table.Table
	}
	for _, goal := range []statespace.Board{
		statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}),
		statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4}),
	} {
		tab := fixture.TableFor(t, goal)
		for _, d := range []int{0, 1, 5, 12, 18} {
			for _, b := range tab.Sample(resolve.NewRand(uint64(d)), d, 2) {
				out = append(out, struct {
					b   statespace.Board
					tab *table.Table
				}{b, tab})
			}
		}
	}
	return out
}

// The trace follows search's own run: one step per expansion, each
// board's true distance from the table, and a frontier whose largest value
// is search's MaxFrontier.
func TestTraceMatchesSearch(t *testing.T) {
	for _, c := range watchBoards(t) {
		for _, key := range watchAlgorithms {
			for _, steps := range []int64{30, 20000} {
				lim := search.Limits{MaxExpanded: steps, MaxTime: 10 * time.Second}
				tr, res, err := traceSearch(context.Background(), key, c.b, c.tab, lim)
				if err != nil {
					t.Fatal(err)
				}
				name := key + " " + c.b.String()
				if int64(len(tr.Steps)) != res.Expanded {
					t.Errorf("%s: %d steps, search expanded %d", name, len(tr.Steps), res.Expanded)
				}
				for _, st := range tr.Steps {
					b, _ := statespace.Parse(st.Board, c.b.Shape())
					if d := fixture.Dist(t, c.tab, b); st.Distance != d {
						t.Fatalf("%s: step distance %d, table %d", name, st.Distance, d)
					}
				}
				if tr.MaxFrontier != res.MaxFrontier {
					t.Errorf("%s: trace frontier %d, search's %d", name, tr.MaxFrontier, res.MaxFrontier)
				}
				if !res.Found && !stoppedByLimit(res) {
					t.Errorf("%s: neither found nor stopped", name)
				}
			}
		}
	}
}

// An independent breadth-first search, written here, expands the same
// boards in the same order with the same frontier after each.
func TestTraceBFSFrontierStepByStep(t *testing.T) {
	for _, c := range watchBoards(t) {
		tr, _, err := traceSearch(context.Background(), "bfs", c.b, c.tab, search.Limits{MaxExpanded: 5000, MaxTime: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		goal := c.tab.Space().Goal()
		queue := []statespace.Board{c.b}
		seen := map[statespace.Board]bool{c.b: true}
		var want []watchStep
		for len(queue) > 0 && len(want) < 5000 {
			b := queue[0]
			queue = queue[1:]
			if b == goal {
				break
			}
			for _, m := range statespace.Moves {
				if n, ok := b.Apply(m); ok && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
			want = append(want, watchStep{Board: b.String(), Frontier: int64(len(queue))})
		}
		if len(want) != len(tr.Steps) {
			t.Fatalf("%s: %d steps, independent BFS %d", c.b, len(tr.Steps), len(want))
		}
		for i := range want {
			if want[i].Board != tr.Steps[i].Board || want[i].Frontier != tr.Steps[i].Frontier {
				t.Fatalf("%s step %d: %s frontier %d, independent BFS %s frontier %d", c.b, i+1,
					tr.Steps[i].Board, tr.Steps[i].Frontier, want[i].Board, want[i].Frontier)
			}
		}
	}
}

// IDA*'s bound starts at the start's Manhattan distance, never falls, and
// ends at the optimal distance when the path is found; each step's
// depth + h is within its bound.
func TestTraceIDAStarBounds(t *testing.T) {
	for _, c := range watchBoards(t) {
		tr, res, err := traceSearch(context.Background(), "idastar", c.b, c.tab, search.Limits{MaxExpanded: 100000, MaxTime: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Found {
			t.Fatalf("%s: not found (%s)", c.b, res.StoppedBy)
		}
		last := -1
		for _, st := range tr.Steps {
			if *st.Bound < last {
				t.Fatalf("%s: bound fell from %d to %d", c.b, last, *st.Bound)
			}
			if st.Depth+*st.H > *st.Bound {
				t.Fatalf("%s: expanded f = %d above the bound %d", c.b, st.Depth+*st.H, *st.Bound)
			}
			last = *st.Bound
		}
		if d := fixture.Dist(t, c.tab, c.b); len(tr.Steps) > 0 && last != d {
			t.Errorf("%s: last bound %d, optimal %d", c.b, last, d)
		}
	}
}

func TestWatchEndpoint(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{WatchSteps: 300}}, resolve.Config{})
	status, w := do(t, s, "/api/watch?b=8,6,7,2,5,4,3,0,1&alg=dfs&steps=300")
	if status != 200 {
		t.Fatalf("%d %v", status, w)
	}
	tr := w["trace"].(map[string]any)
	if n := len(tr["steps"].([]any)); n != 300 || w["complete"].(bool) {
		t.Errorf("DFS limited to 300: %d steps, complete %v", n, w["complete"])
	}
	if r := w["result"].(map[string]any); r["stopped_by"] != search.StopNodeLimit.String() {
		t.Errorf("stopped by %v", r["stopped_by"])
	}
	if int(w["optimal_distance"].(float64)) != 31 {
		t.Errorf("optimal %v", w["optimal_distance"])
	}
	status, w = do(t, s, "/api/watch?b=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&alg=bfs")
	if msg, _ := w["error"].(string); status != 404 && !strings.Contains(msg, "table") {
		t.Errorf("4x4 watch: %d %v", status, w)
	}
}
