package classroom

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

var sh2x3 = func() statespace.Shape {
	sh, err := statespace.ParseShape("2x3")
	if err != nil {
		panic(err)
	}
	return sh
}()

// With Every, RunScaling searches each board at a distance exactly once,
// and keeps each found path's length; OnRun counts every search.
func TestRunScalingEveryBoard(t *testing.T) {
	tab := fixture.TableFor(t, statespace.GoalLast(sh2x3))
	goal := tab.Space().Goal()
	algs := search.Standard(goal, tab)
	bfs, _ := search.Find(algs, "bfs")
	dfs, _ := search.Find(algs, "dfs")
	calls := 0
	cfg := ScalingConfig{Table: tab, Algorithms: []search.Algorithm{bfs, dfs}, Distances: []int{3, 7, tab.Radius()},
		Every: true, Workers: 2, Limits: search.Limits{MaxDepth: 5}, OnRun: func(done, total int) { calls++ }}
	sr, err := RunScaling(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for di, d := range cfg.Distances {
		seen := map[statespace.Board]bool{}
		for _, b := range sr.Boards[di] {
			if got := fixture.Dist(t, tab, b); got != d || seen[b] {
				t.Errorf("distance %d: board %s at %d (repeated %v)", d, b, got, seen[b])
			}
			seen[b] = true
		}
		if uint64(len(seen)) != tab.Counts()[d] {
			t.Errorf("distance %d: %d boards, the table has %d", d, len(seen), tab.Counts()[d])
		}
		total += 2 * len(seen)
	}
	if len(sr.Runs) != total || calls != total {
		t.Fatalf("%d runs, %d reported, want %d", len(sr.Runs), calls, total)
	}
	for _, r := range sr.Runs {
		b, d := sr.Boards[r.Dist][r.Board], cfg.Distances[r.Dist]
		want, err := cfg.Algorithms[r.Alg].Run(context.Background(), search.Problem{Start: b, Goal: goal, Limits: cfg.Limits})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result.Found != want.Found || r.PathLength != len(want.Path) || r.Result.Expanded != want.Expanded || r.Result.StoppedBy != want.StoppedBy {
			t.Errorf("%s on %s: found %v, %d moves, %d expanded, stopped %v; alone: %v, %d, %d, %v", want.Algorithm, b,
				r.Result.Found, r.PathLength, r.Result.Expanded, r.Result.StoppedBy, want.Found, len(want.Path), want.Expanded, want.StoppedBy)
		}
		if r.Alg == 0 && r.PathLength != d {
			t.Errorf("BFS on %s (distance %d) found %d moves", b, d, r.PathLength)
		}
		if r.Alg == 1 && d > 5 && r.Result.Found {
			t.Errorf("DFS limited to depth 5 found a path from %s at distance %d", b, d)
		}
	}
}

// Every with N draws N boards without repetition where there are more, and
// takes every board where there are fewer.
func TestRunScalingEveryAtMostN(t *testing.T) {
	tab := fixture.TableFor(t, statespace.GoalLast(sh2x3))
	bfs, _ := search.Find(search.Standard(tab.Space().Goal(), tab), "bfs")
	ds := []int{1, 2, 10, 12}
	sr, err := RunScaling(context.Background(), ScalingConfig{Table: tab, Algorithms: []search.Algorithm{bfs}, Distances: ds, Every: true, N: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for di, d := range ds {
		want := min(5, int(tab.Counts()[d]))
		seen := map[statespace.Board]bool{}
		for _, b := range sr.Boards[di] {
			if fixture.Dist(t, tab, b) != d {
				t.Errorf("board %s is not at distance %d", b, d)
			}
			seen[b] = true
		}
		if len(sr.Boards[di]) != want || len(seen) != want {
			t.Errorf("distance %d (%d boards there): %d drawn, %d distinct; want %d", d, tab.Counts()[d], len(sr.Boards[di]), len(seen), want)
		}
	}
}

// The summary's quartiles are linearly interpolated, as numpy's and the
// spreadsheets' default.
func TestStatsOf(t *testing.T) {
	if s := statsOf(nil); s != nil {
		t.Errorf("no values: %+v, want nil", s)
	}
	for _, c := range []struct {
		v            []float64
		mean, q1, q3 float64
	}{
		{[]float64{4, 1, 3, 2}, 2.5, 1.75, 3.25},
		{[]float64{7}, 7, 7, 7},
		{[]float64{10, 0, 5}, 5, 2.5, 7.5},
	} {
		s := statsOf(append([]float64(nil), c.v...))
		if s.Mean != c.mean || s.Q1 != c.q1 || s.Q3 != c.q3 || s.N != len(c.v) {
			t.Errorf("%v: %+v, want mean %g, quartiles %g and %g", c.v, s, c.mean, c.q1, c.q3)
		}
	}
}

// Summary has a row per algorithm and distance, counting the boards, the
// stopped searches and the values behind each measure.
func TestScalingSummary(t *testing.T) {
	tab := fixture.TableFor(t, statespace.GoalLast(sh2x3))
	algs := search.Standard(tab.Space().Goal(), tab)
	bfs, _ := search.Find(algs, "bfs")
	dfs, _ := search.Find(algs, "dfs")
	cfg := ScalingConfig{Table: tab, Algorithms: []search.Algorithm{bfs, dfs}, Distances: []int{2, 9}, N: 3, Every: true, Seed: 4,
		Limits: search.Limits{MaxDepth: 5}, MaxDistance: map[string]int{"bfs": 5}}
	sr, err := RunScaling(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rows := sr.Summary(cfg)
	if len(rows) != 3 {
		t.Fatalf("%d rows, want BFS at 2, DFS at 2 and 9: %+v", len(rows), rows)
	}
	for i, want := range []struct {
		key  string
		dist int
	}{{"bfs", 2}, {"dfs", 2}, {"dfs", 9}} {
		r := rows[i]
		if r.Key != want.key || r.Distance != want.dist || r.Boards != 3 || r.Nodes.N != 3 || r.Seconds.N != 3 {
			t.Errorf("row %d: %+v, want %s at %d on 3 boards", i, r, want.key, want.dist)
		}
		found := 3 - r.Stopped
		if (found == 0) != (r.Path == nil) || (r.Path != nil && r.Path.N != found) {
			t.Errorf("row %d: %d stopped, path lengths %+v", i, r.Stopped, r.Path)
		}
	}
	if rows[0].Path.Mean != 2 || rows[0].Stopped != 0 {
		t.Errorf("BFS at distance 2: %+v, want every path 2 moves", rows[0])
	}
	if rows[2].Stopped != 3 {
		t.Errorf("DFS to depth 5 at distance 9: %d of 3 stopped", rows[2].Stopped)
	}
}
