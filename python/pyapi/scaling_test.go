package pyapi

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// Every board of 2x3 at each asked distance, searched by BFS and a
// depth-limited DFS: the boards are those at the distance in a table
// built here, each once, and each run's counts are those of the same
// search run alone.
func TestScalingEveryBoard(t *testing.T) {
	e := newEngine(t)
	r := do(t, e, `{"op":"scaling","shape":"2x3","algorithms":["bfs","dfs"],"distances":[2,5,9],"dfs_depth":6,"nodes":50000}`, nil, nil)
	if r.Error != nil {
		t.Fatal(r.Error)
	}
	var s scalingResponse
	b, _ := json.Marshal(r.rest)
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Counts) != len(tab.Counts()) {
		t.Fatalf("counts %v, the table's %v", s.Counts, tab.Counts())
	}
	if s.Limits.Nodes != 50000 || s.Limits.DFSDepth != 6 || len(s.Algorithms) != 2 {
		t.Errorf("limits %+v, algorithms %+v", s.Limits, s.Algorithms)
	}
	seen := map[int]map[statespace.Board]bool{}
	boards := make([]statespace.Board, len(s.Boards))
	for i, tiles := range s.Boards {
		board, err := statespace.NewBoard(goal.Shape(), tiles)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := tab.Lookup(board)
		if d != s.BoardDistance[i] {
			t.Errorf("board %s at distance %d, said %d", board, d, s.BoardDistance[i])
		}
		if seen[d] == nil {
			seen[d] = map[statespace.Board]bool{}
		}
		seen[d][board] = true
		boards[i] = board
	}
	for _, d := range s.Distances {
		if uint64(len(seen[d])) != tab.Counts()[d] || s.Counts[d] != tab.Counts()[d] {
			t.Errorf("distance %d: %d boards searched, %d in the table", d, len(seen[d]), tab.Counts()[d])
		}
	}
	if len(s.Runs.Board) != 2*len(s.Boards) {
		t.Fatalf("%d runs for %d boards", len(s.Runs.Board), len(s.Boards))
	}
	algs := search.Standard(goal, tab)
	for i, bi := range s.Runs.Board {
		a, _ := search.Find(algs, s.Algorithms[s.Runs.Algorithm[i]].Key)
		want, err := a.Run(context.Background(), search.Problem{Start: boards[bi], Goal: goal, Limits: search.Limits{MaxExpanded: 50000, MaxDepth: 6}})
		if err != nil {
			t.Fatal(err)
		}
		length := -1
		if want.Found {
			length = len(want.Path)
		}
		if s.Runs.NodesExpanded[i] != want.Expanded || s.Runs.PathLength[i] != length || s.Runs.StoppedBy[i] != map[bool]string{true: "", false: want.StoppedBy.String()}[want.Found] {
			t.Errorf("%s on %s: %d expanded, %d moves, stopped %q; alone %d, %d, %v", a.Name, boards[bi],
				s.Runs.NodesExpanded[i], s.Runs.PathLength[i], s.Runs.StoppedBy[i], want.Expanded, length, want.StoppedBy)
		}
	}
}

func TestScalingRefusals(t *testing.T) {
	e := newEngine(t)
	for _, c := range []struct{ req, kind string }{
		{`{"op":"scaling","shape":"3x3","distances":[0]}`, KindValue},
		{`{"op":"scaling","shape":"3x3","distances":[32]}`, KindValue},
		{`{"op":"scaling","shape":"3x3","distances":[3,3]}`, KindValue},
		{`{"op":"scaling","shape":"3x3","sample":-1}`, KindValue},
		{`{"op":"scaling","shape":"3x3","algorithms":["bogo"],"distances":[3]}`, KindValue},
		{`{"op":"scaling","shape":"3x3"}`, KindValue}, // every board, every algorithm: too many searches
		{`{"op":"scaling","shape":"4x4","distances":[3],"sample":1}`, KindShape},
		{`{"op":"scaling","shape":"3y3"}`, KindShape},
	} {
		r := do(t, e, c.req, nil, nil)
		if r.Error == nil || r.Error.Kind != c.kind {
			t.Errorf("%s: got %+v, want kind %s", c.req, r.Error, c.kind)
		}
	}
}
