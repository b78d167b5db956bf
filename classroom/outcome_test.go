package classroom

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// A comparison's outcomes follow from each result and the table's
// distance: IDDFS under a small node limit is stopped (and the text says
// so, never "optimal"), BFS is optimal, DFS longer; without a table a
// found path is only "found".
func TestCompareOutcomes(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := fixture.TableFor(t, goal)
	b := fixture.MustParse(t, "1,2,5,3,4,0,6,7,8")
	d := fixture.Dist(t, tb, b)
	// IDDFS needs 410,194 expansions on this board (the README's
	// comparison): the page's default of 200,000 stops it, while DFS
	// needs 170,533 and BFS 67,847.
	c, err := CompareAlgorithms(bg, b, goal, tb, search.Limits{MaxExpanded: 200_000}, []string{"dfs", "iddfs", "astar-manhattan"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Limits.MaxExpanded != 200_000 || c.Limits.MaxTime != search.DefaultMaxTime {
		t.Errorf("limits %+v", c.Limits)
	}
	keys := []string{}
	for _, r := range c.Rows {
		keys = append(keys, r.Key)
	}
	if strings.Join(keys, ",") != "dfs,iddfs,astar-manhattan" {
		t.Fatalf("rows %v, want Standard's order of the keys asked", keys)
	}
	for _, r := range c.Rows {
		res := r.Result
		var want Outcome
		switch {
		case !res.Found:
			want = OutcomeStopped
		case len(res.Path) == d:
			want = OutcomeOptimal
		case len(res.Path) > d:
			want = OutcomeLonger
		default:
			t.Fatalf("%s: %d moves, under the table's %d", r.Key, len(res.Path), d)
		}
		if got := c.outcome(r); got != want {
			t.Errorf("%s: outcome %q, want %q", r.Key, got, want)
		}
	}
	iddfs := c.Rows[1]
	if iddfs.Result.Found || iddfs.Result.StoppedBy != search.StopNodeLimit || c.outcome(iddfs) != OutcomeStopped {
		t.Errorf("IDDFS under 200,000 expansions: found %v, stopped by %v, outcome %q", iddfs.Result.Found, iddfs.Result.StoppedBy, c.outcome(iddfs))
	}
	if c.outcome(c.Rows[0]) != OutcomeLonger || c.outcome(c.Rows[2]) != OutcomeOptimal {
		t.Errorf("DFS %q, A* %q: want longer and optimal", c.outcome(c.Rows[0]), c.outcome(c.Rows[2]))
	}
	var text bytes.Buffer
	if err := c.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(text.String(), "\n") {
		if strings.HasPrefix(line, "IDDFS ") && (strings.Contains(line, "optimal") || !strings.Contains(line, "stopped: node limit") || !strings.Contains(line, " no ")) {
			t.Errorf("IDDFS's line: %q", line)
		}
	}
	if !strings.Contains(text.String(), "Limits per algorithm: 200,000 expansions, 60 s\n") {
		t.Errorf("text lacks the limits:\n%s", text.String())
	}
	var js bytes.Buffer
	if err := c.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Limits map[string]float64 `json:"limits"`
		Rows   []struct {
			Key     string `json:"key"`
			Outcome string `json:"outcome"`
			Result  struct {
				StoppedBy string `json:"stopped_by"`
			} `json:"result"`
		} `json:"algorithms"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Limits["nodes"] != 200_000 || back.Limits["seconds"] != 60 || len(back.Limits) != 2 {
		t.Errorf("JSON limits %v", back.Limits)
	}
	for i, r := range back.Rows {
		if r.Outcome != string(c.outcome(c.Rows[i])) || r.Result.StoppedBy != string(must(c.Rows[i].Result.StoppedBy.MarshalText())) {
			t.Errorf("JSON row %s: outcome %q, stopped by %q", r.Key, r.Outcome, r.Result.StoppedBy)
		}
	}

	// No table: found paths are "found", never optimal.
	c, err = CompareAlgorithms(bg, b, goal, nil, search.Limits{MaxExpanded: 200_000}, []string{"bfs", "iddfs"})
	if err != nil {
		t.Fatal(err)
	}
	if c.outcome(c.Rows[0]) != OutcomeFound || c.outcome(c.Rows[1]) != OutcomeStopped {
		t.Errorf("no table: %q, %q", c.outcome(c.Rows[0]), c.outcome(c.Rows[1]))
	}
	// A reference longer than a path found is wrong, and said so.
	c.Optimal = len(c.Rows[0].Result.Path) + 2
	if c.outcome(c.Rows[0]) != OutcomeShorter {
		t.Errorf("a path under the reference: %q", c.outcome(c.Rows[0]))
	}
	text.Reset()
	c.WriteText(&text)
	if !strings.Contains(text.String(), "2 moves under the reference: the reference is wrong") {
		t.Errorf("text:\n%s", text.String())
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// Algorithms refuses an unknown key, a key twice, and the exact A*
// without a table, naming the key.
func TestAlgorithmsRefusal(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := fixture.TableFor(t, goal)
	var unknown *search.UnknownAlgorithmError
	if _, err := Algorithms(goal, tb, []string{"bfs", "dijkstra"}); !errors.As(err, &unknown) || unknown.Key != "dijkstra" || !strings.Contains(err.Error(), `"dijkstra"`) || !strings.Contains(err.Error(), "astar-exact") {
		t.Errorf("unknown key: %v", err)
	}
	if _, err := Algorithms(goal, nil, []string{"astar-exact"}); !errors.As(err, &unknown) || !unknown.NeedsTable || strings.Contains(err.Error(), "astar-exact,") {
		t.Errorf("exact A* without a table: %v", err)
	}
	var twice *RepeatedAlgorithmError
	if _, err := Algorithms(goal, tb, []string{"bfs", "dfs", "bfs"}); !errors.As(err, &twice) || twice.Key != "bfs" {
		t.Errorf("a key twice: %v", err)
	}
	all, err := Algorithms(goal, tb, nil)
	if err != nil || len(all) != len(search.Standard(goal, tb)) {
		t.Errorf("no keys: %d algorithms, %v", len(all), err)
	}
}
