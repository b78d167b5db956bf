package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// /api/algorithms lists the catalog's algorithms, each with a style, and
// the watch keys /api/watch takes.
func TestAlgorithmsRoute(t *testing.T) {
	s := newTestAPI(t, Config{}, resolve.Config{})
	status, body := s.Do(context.Background(), "/api/algorithms")
	if status != StatusOK {
		t.Fatalf("%d %s", status, body)
	}
	var rec struct {
		Algorithms []struct {
			Key, Name, Watch string
			Style            struct{ Colour, Dash, Marker string }
		}
	}
	if err := json.Unmarshal(body, &rec); err != nil {
		t.Fatal(err)
	}
	cat := search.Catalog()
	if len(rec.Algorithms) != len(cat) {
		t.Fatalf("%d algorithms, the catalog %d", len(rec.Algorithms), len(cat))
	}
	var watched []string
	for i, a := range rec.Algorithms {
		if a.Key != cat[i].Key || a.Name != cat[i].Name || a.Style.Colour == "" || a.Style.Marker == "" {
			t.Errorf("algorithm %d: %+v, the catalog's %+v", i, a, cat[i])
		}
		if a.Watch != "" {
			watched = append(watched, a.Watch)
		}
	}
	if strings.Join(watched, ",") != strings.Join(watchAlgorithms, ",") {
		t.Errorf("watch keys %v, /api/watch takes %v", watched, watchAlgorithms)
	}
}

type scalingReply struct {
	Shape, Goal string
	Seed        uint64
	Boards      []struct {
		Distance int
		Boards   []string
	}
	Rows []struct {
		Key      string
		Distance int
		Boards   int
		Stopped  int
		Nodes    *struct{ Mean, Q1, Q3 float64 }
		Path     *struct{ Mean float64 } `json:"path_length"`
	}
}

// /api/scaling draws the boards at the distances asked (the same ones for
// the same seed), and its rows are the searches' own counts on them.
func TestScalingRoute(t *testing.T) {
	s := newTestAPI(t, Config{}, resolve.Config{})
	const target = "/api/scaling?shape=2x3&distances=9,2&boards=2&algs=dfs,bfs&seed=3&limit=1000"
	status, body := s.Do(context.Background(), target)
	if status != StatusOK {
		t.Fatalf("%d %s", status, body)
	}
	var rec scalingReply
	if err := json.Unmarshal(body, &rec); err != nil {
		t.Fatal(err)
	}
	goal := fixture.MustParse(t, "1,2,3/4,5,0")
	tab := fixture.TableFor(t, goal)
	if rec.Shape != "2x3" || rec.Goal != "last" || rec.Seed != 3 || len(rec.Boards) != 2 || len(rec.Rows) != 4 {
		t.Fatalf("%s: %s", target, body)
	}
	algs := search.Standard(goal, tab)
	for di, want := range []int{2, 9} {
		bs := rec.Boards[di]
		if bs.Distance != want || len(bs.Boards) != 2 || bs.Boards[0] == bs.Boards[1] {
			t.Fatalf("distance %d: %+v, want 2 boards", want, bs)
		}
		for ai, key := range []string{"bfs", "dfs"} {
			a, _ := search.Find(algs, key)
			row := rec.Rows[ai*2+di]
			var nodes []float64
			stopped := 0
			for _, text := range bs.Boards {
				b, err := statespace.Parse(text, goal.Shape())
				if err != nil {
					t.Fatal(err)
				}
				if d := fixture.Dist(t, tab, b); d != want {
					t.Errorf("board %s drawn at distance %d is %d away", b, want, d)
				}
				r, err := a.Run(context.Background(), search.Problem{Start: b, Goal: goal, Limits: search.Limits{MaxExpanded: 1000, MaxTime: time.Minute}})
				if err != nil {
					t.Fatal(err)
				}
				nodes = append(nodes, float64(r.Expanded))
				if !r.Found {
					stopped++
				}
			}
			lo, hi := min(nodes[0], nodes[1]), max(nodes[0], nodes[1])
			if row.Key != key || row.Distance != want || row.Boards != 2 || row.Stopped != stopped ||
				row.Nodes.Mean != (lo+hi)/2 || row.Nodes.Q1 != lo+(hi-lo)/4 || row.Nodes.Q3 != lo+(hi-lo)*3/4 {
				t.Errorf("row %+v (nodes %+v), want %s at %d: expansions %v, %d stopped", row, row.Nodes, key, want, nodes, stopped)
			}
			if key == "bfs" && (row.Path == nil || row.Path.Mean != float64(want)) {
				t.Errorf("BFS at distance %d: paths %+v", want, row.Path)
			}
		}
	}
	_, again := s.Do(context.Background(), target)
	var rec2 scalingReply
	if err := json.Unmarshal(again, &rec2); err != nil {
		t.Fatal(err)
	}
	for di := range rec.Boards {
		if len(rec2.Boards) != len(rec.Boards) || strings.Join(rec2.Boards[di].Boards, " ") != strings.Join(rec.Boards[di].Boards, " ") {
			t.Errorf("the same seed drew other boards: %s, then %s", body, again)
		}
	}
}

// Every scaling run is bounded: its boards, its distances, its shape (a
// table's), its time.
func TestScalingBounds(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{ScalingBoards: 10}}, resolve.Config{})
	for _, c := range []struct {
		query  string
		status int
		msg    string
	}{
		{"shape=2x3&distances=2,3&boards=6", StatusBadRequest, "at most 10 in one run"},
		{"shape=2x3&distances=1,2,3,4,5,6,7,8,9,10,11", StatusBadRequest, "at most 10 boards"},
		{"shape=2x3&distances=", StatusBadRequest, "give the exact distances"},
		{"shape=2x3&distances=0", StatusBadRequest, "not a distance"},
		{"shape=2x3&distances=2,2", StatusBadRequest, "named twice"},
		{"shape=2x3&distances=99", StatusBadRequest, "no 2x3 board is 99 moves"},
		{"shape=2x3&distances=2&boards=x", StatusBadRequest, "boards=x"},
		{"shape=2x3&distances=2&algs=nope", StatusBadRequest, "nope"},
		{"shape=2x3&distances=2&seed=-1", StatusBadRequest, "seed=-1"},
		{"shape=4x4&distances=2", StatusBadRequest, "4x4 has none"},
		{"shape=2x3&distances=3&boards=1", StatusOK, ""},
	} {
		status, body := s.Do(context.Background(), "/api/scaling?"+c.query)
		if status != c.status || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s, want %d %q", c.query, status, body, c.status, c.msg)
		}
	}
	slow := newTestAPI(t, Config{Limits: Limits{ScalingTime: time.Nanosecond}}, resolve.Config{})
	status, body := slow.Do(context.Background(), "/api/scaling?shape=2x3&distances=5,10&boards=20")
	if status != StatusServiceUnavailable || !strings.Contains(string(body), "time limit") {
		t.Errorf("a run over its time: %d %s, want 503 and the time limit", status, body)
	}
}
