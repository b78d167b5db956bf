package api

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/pdb"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// algs= picks the algorithms (in the comparison's own order), limit= the
// expansions of each; the limits object says both and the bound. The
// 21-move board's IDDFS needs 410,194 expansions: stopped under the
// default 200,000, optimal when the request raises the limit.
func TestCompareAlgsLimit(t *testing.T) {
	s := newTestAPI(t, Config{}, resolve.Config{})
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	tab := fixture.TableFor(t, goal)
	const board = "1,2,5,3,4,0,6,7,8"
	d := fixture.Dist(t, tab, fixture.MustParse(t, board))
	outcomes := func(target string) (map[string]string, map[string]any) {
		t.Helper()
		status, c := do(t, s, target)
		if status != StatusOK {
			t.Fatalf("%s: %d %v", target, status, c)
		}
		got := map[string]string{}
		var order []string
		for _, x := range c["algorithms"].([]any) {
			row := x.(map[string]any)
			r := row["result"].(map[string]any)
			key, outcome := row["key"].(string), row["outcome"].(string)
			order = append(order, key)
			got[key] = outcome
			// The outcome follows from the row alone.
			n := len(r["path"].([]any))
			want := "stopped"
			switch {
			case r["found"].(bool) && n == d:
				want = "optimal"
			case r["found"].(bool) && n > d:
				want = "longer"
			case r["found"].(bool):
				t.Errorf("%s: %d moves under the table's %d", key, n, d)
			case r["stopped_by"] == "":
				t.Errorf("%s: stopped by nothing", key)
			}
			if outcome != want {
				t.Errorf("%s: outcome %q, want %q", key, outcome, want)
			}
		}
		if strings.Join(order, ",") != "bfs,dfs,iddfs" {
			t.Errorf("%s: rows %v", target, order)
		}
		return got, c["limits"].(map[string]any)
	}
	got, lim := outcomes("/api/compare?b=" + board + "&algs=iddfs,dfs,bfs")
	if got["iddfs"] != "stopped" || got["dfs"] != "longer" || got["bfs"] != "optimal" {
		t.Errorf("default limit: %v", got)
	}
	if len(lim) != 3 || lim["nodes"].(float64) != 200_000 || lim["max_nodes"].(float64) != 5_000_000 || lim["seconds"].(float64) != 2 {
		t.Errorf("limits %v", lim)
	}
	got, lim = outcomes("/api/compare?b=" + board + "&algs=bfs,dfs,iddfs&limit=500000")
	if got["iddfs"] != "optimal" || lim["nodes"].(float64) != 500_000 {
		t.Errorf("limit=500000: %v, limits %v", got, lim)
	}
	// Without algs=, every algorithm; each row has its outcome.
	status, c := do(t, s, "/api/compare?b="+board)
	if rows := c["algorithms"].([]any); status != StatusOK || len(rows) != 11 {
		t.Fatalf("all: %d, %d rows", status, len(rows))
	}
}

// Bad algs= and limit= values get 400 naming the key or the bound, before
// any search.
func TestCompareParamRefusals(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{CompareMaxNodes: 1_000_000}}, resolve.Config{})
	for _, c := range []struct{ query, msg string }{
		{"algs=bfs,dijkstra", `"dijkstra"`},
		{"algs=bfs,bfs", `"bfs" is named twice`},
		{"algs=", "names no algorithm"},
		{"algs=,", `no algorithm ""`},
		{"limit=0", "from 1 to 1,000,000"},
		{"limit=1000001", "from 1 to 1,000,000"},
		{"limit=-5", "from 1 to 1,000,000"},
		{"limit=1e5", "from 1 to 1,000,000"},
		{"limit=", "from 1 to 1,000,000"},
		{"limit=99999999999999999999", "from 1 to 1,000,000"},
		{"shape=3x4&b=1,2,3,4,5,6,7,8,9,10,0,11&algs=astar-exact", "exact distance table"},
	} {
		target := "/api/compare?" + c.query
		if !strings.Contains(c.query, "b=") {
			target += "&b=1,2,5,3,4,0,6,7,8"
		}
		status, rec := do(t, s, target)
		if msg, _ := rec["error"].(string); status != StatusBadRequest || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: %d %v, want 400 and %q", c.query, status, rec, c.msg)
		}
	}
	// The bound is never under the default.
	if l := (Limits{CompareNodes: 7_000_000}).WithDefaults(); l.CompareMaxNodes != 7_000_000 {
		t.Errorf("max %d under the default %d", l.CompareMaxNodes, l.CompareNodes)
	}
}

// On the 15-puzzle the reference is the solver's: rows are judged against
// it; without one (the solver out of time) a found path is "found", never
// "optimal", and a search that found nothing is "stopped".
func TestCompareOutcomesWithoutTable(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{CompareNodes: 2000, CompareTime: time.Second, SolveTime: 2 * time.Second}},
		resolve.Config{Partition: manhattanPartition})
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	b := statespace.Walk(resolve.NewRand(2), goal, 30, statespace.NoReverse)
	check := func(target string, reference bool) {
		t.Helper()
		status, c := do(t, s, target)
		if status != StatusOK {
			t.Fatalf("%s: %d %v", target, status, c)
		}
		d, known := c["optimal_distance"].(float64)
		if known != reference {
			t.Fatalf("%s: optimal distance %v", target, c["optimal_distance"])
		}
		seen := map[string]bool{}
		for _, x := range c["algorithms"].([]any) {
			row := x.(map[string]any)
			r := row["result"].(map[string]any)
			n := float64(len(r["path"].([]any)))
			want := "stopped"
			switch {
			case r["found"].(bool) && !known:
				want = "found"
			case r["found"].(bool) && n == d:
				want = "optimal"
			case r["found"].(bool) && n > d:
				want = "longer"
			}
			if row["outcome"] != want {
				t.Errorf("%s %s: outcome %v, want %s", target, row["key"], row["outcome"], want)
			}
			seen[want] = true
		}
		if !seen["stopped"] || (!seen["optimal"] && !seen["found"]) {
			t.Errorf("%s: outcomes %v: want stopped searches and found ones", target, seen)
		}
	}
	check("/api/compare?b="+b.String()+"&algs=bfs,astar-manhattan,idastar,greedy,iddfs", true)
	s = newTestAPI(t, Config{Limits: Limits{CompareNodes: 2000, CompareTime: time.Second, SolveTime: time.Millisecond}},
		resolve.Config{Partition: manhattanPartition})
	check("/api/compare?b="+statespace.Walk(resolve.NewRand(5), goal, 60, statespace.NoReverse).String()+"&algs=bfs,greedy", false)
}

// manhattanPartition has one tile a pattern: on the 15-puzzle its
// databases add up to the Manhattan distance, built in moments.
var manhattanPartition = func() pdb.Partition {
	var p pdb.Partition
	for tile := 1; tile < 16; tile++ {
		p.Patterns = append(p.Patterns, []int{tile})
	}
	return p
}()

// The comparison's record is classroom compare -json's record with the
// page's keys added, every object's keys sorted: the bytes the page was
// served when the record was made by decoding Comparison.WriteJSON into
// maps, editing them and encoding them again, which this test does on
// the same comparison (with a table, each row profiled; without one,
// with a note, and with a reference from elsewhere).
func TestCompareRecordBytes(t *testing.T) {
	s := newTestAPI(t, Config{}, resolve.Config{})
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	tab := fixture.TableFor(t, goal)
	b, err := statespace.Parse("4,1,2/5,0,3", goal.Shape())
	if err != nil {
		t.Fatal(err)
	}
	lim := search.Limits{MaxExpanded: 300, MaxTime: 10 * time.Second}
	for _, c := range []struct {
		name   string
		table  table.Interface
		note   string
		source string
	}{
		{"table", tab, "", ""},
		{"no table", nil, "no optimal reference: the solver did not finish within 1s", ""},
		{"reference", nil, "", "IDA* <pattern databases> & more"},
	} {
		cmp, err := compareBoard(context.Background(), b, goal, c.table, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.source != "" {
			cmp.Optimal, cmp.OptimalSource = fixture.Dist(t, tab, b), c.source
		}
		rec, err := s.newCompareRecord(cmp, c.table, 300, c.note)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		want := mapRoundTrip(t, cmp, c.table, c.note, s.lim)
		if !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
		var outcomes []string
		for _, r := range rec.Algorithms {
			outcomes = append(outcomes, string(r.Outcome))
		}
		if len(outcomes) < 5 || !strings.Contains(string(got), `"path_profile"`) == (c.table != nil) {
			t.Errorf("%s: outcomes %v, %s", c.name, outcomes, got)
		}
	}
}

// mapRoundTrip is /api/compare's body made as maps: c's JSON decoded,
// the page's keys set, each found path's profile on table added (the
// profile struct, as it was), and encoded again.
func mapRoundTrip(t *testing.T, c *classroom.Comparison, table table.Interface, note string, lim Limits) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := c.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&buf)
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	out["optimal_source"] = c.OptimalSource
	if note != "" {
		out["optimal_note"] = note
	}
	out["limits"] = map[string]any{"nodes": int64(300), "max_nodes": lim.CompareMaxNodes, "seconds": lim.CompareTime.Seconds()}
	for i, x := range out["algorithms"].([]any) {
		row := c.Rows[i]
		if table == nil || !row.Result.Found {
			continue
		}
		p, err := pathProfile(c.Start, row.Result.Path, table)
		if err != nil {
			t.Fatal(err)
		}
		x.(map[string]any)["path_profile"] = p
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
