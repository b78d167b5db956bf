package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// every algorithm, as (name, run), including those Standard does not list.
func allRuns(goal statespace.Board) []Algorithm {
	algs := Standard(goal, nil)
	return append(algs,
		Algorithm{Key: "dls", Name: "DLS", Run: func(p Problem) Result { return DLS(p, 40) }},
		Algorithm{Key: "dfs-limit", Name: "DFS limit", Run: func(p Problem) Result { p.Limits.MaxDepth = 40; return DFS(p) }},
		Algorithm{Key: "climber-blank", Name: "climber (blank)", Run: GainClimberCountingBlank},
		Algorithm{Key: "ucs-cost", Name: "UCS cost", Run: func(p Problem) Result {
			return UCS(p, func(m statespace.Move, b statespace.Board) float64 { return 1 })
		}},
	)
}

// The hardest 3x3 board (31 moves from the goal, reference/README.md)
// needs more than 50 expansions from every algorithm, so a node limit of
// 50 stops each one at exactly 50.
func TestNodeLimit(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	b := mustParse(t, "8,6,7,2,5,4,3,0,1")
	for _, a := range allRuns(goal) {
		r := a.Run(Problem{Start: b, Goal: goal, Limits: Limits{MaxExpanded: 50}})
		if r.Found || r.StoppedBy != StoppedNodeLimit || r.Expanded != 50 {
			t.Errorf("%s: found %v, StoppedBy %q, expanded %d", a.Name, r.Found, r.StoppedBy, r.Expanded)
		}
	}
}

// A deadline already past stops a search at its first clock reading
// (after timeCheckEvery expansions) unless it finished before; a
// cancelled context stops it before it starts.
func TestTimeLimitAndCancel(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	b := mustParse(t, "8,6,7,2,5,4,3,0,1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range allRuns(goal) {
		r := a.Run(Problem{Start: b, Goal: goal, Limits: Limits{MaxTime: time.Nanosecond}})
		finishedFirst := (r.Found || r.StoppedBy == StoppedStuck) && r.Expanded < timeCheckEvery
		if !finishedFirst && (r.StoppedBy != StoppedTimeLimit || r.Expanded != timeCheckEvery) {
			t.Errorf("%s: StoppedBy %q after %d expansions, want %q after %d", a.Name, r.StoppedBy, r.Expanded, StoppedTimeLimit, timeCheckEvery)
		}
		r = a.Run(Problem{Start: b, Goal: goal, Ctx: ctx})
		if r.StoppedBy != StoppedCanceled || r.Expanded != 0 {
			t.Errorf("%s: StoppedBy %q with a cancelled context", a.Name, r.StoppedBy)
		}
	}
}

func TestBadProblems(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	cases := []struct {
		name string
		p    Problem
		want string
	}{
		// 1 2 3 / 4 5 6 / 8 7 _: tiles 7 and 8 swapped, one inversion.
		{"unsolvable", Problem{Start: mustParse(t, "1,2,3,4,5,6,8,7,0"), Goal: goal}, "inversion"},
		{"shape", Problem{Start: statespace.GoalLast(sh24), Goal: goal}, "2x4"},
		{"no start", Problem{Goal: goal}, "start"},
		{"4x4 without limits", Problem{Start: oneMove(statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})), Goal: statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})}, "limit"},
	}
	for i, c := range cases {
		for _, a := range allRuns(goal) {
			r := a.Run(c.p)
			if r.Found || !strings.HasPrefix(r.StoppedBy, "error: ") || !strings.Contains(r.StoppedBy, c.want) {
				t.Errorf("case %d (%s), %s: found %v, StoppedBy %q", i, c.name, a.Name, r.Found, r.StoppedBy)
			}
		}
	}
	neg := UCS(Problem{Start: mustParse(t, "1,2,3,4,5,6,7,0,8"), Goal: goal}, func(statespace.Move, statespace.Board) float64 { return -1 })
	if !strings.Contains(neg.StoppedBy, "non-negative") {
		t.Errorf("negative cost: StoppedBy %q", neg.StoppedBy)
	}
}

// At the goal every algorithm returns the empty path without expanding.
func TestStartIsGoal(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	for _, a := range allRuns(goal) {
		r := a.Run(Problem{Start: goal, Goal: goal})
		if !r.Found || len(r.Path) != 0 || r.Expanded != 0 || r.StoppedBy != "" {
			t.Errorf("%s: found %v, %d moves, expanded %d, %q", a.Name, r.Found, len(r.Path), r.Expanded, r.StoppedBy)
		}
	}
}

// UCS with the notebook's cost_fn idea (here: a move costs the number on
// the tile that slides) finds the cheapest cost a plain Dijkstra finds,
// and its path costs what it reports.
func TestUCSCustomCost(t *testing.T) {
	cost := func(m statespace.Move, b statespace.Board) float64 { return float64(b.SlidingTile(m)) }
	for _, goal := range []statespace.Board{statespace.GoalLast(sh23), statespace.GoalLast(sh33)} {
		tb := tableFor(t, goal)
		for i, b := range tb.Sample(newRand(5), -1, 5) {
			r := UCS(Problem{Start: b, Goal: goal}, cost)
			want := plainDijkstra(b, goal, cost)
			if !r.Found || r.Cost != want {
				t.Errorf("case %d: UCS %s: found %v, cost %v; Dijkstra %v", i, b, r.Found, r.Cost, want)
			}
			sum, x := 0.0, b
			for _, m := range r.Path {
				sum += cost(m, x)
				x, _ = x.Apply(m)
			}
			if sum != r.Cost {
				t.Errorf("case %d: path costs %v, reported %v", i, sum, r.Cost)
			}
			replay(t, "UCS", b, goal, r.Path)
		}
	}
}

// PeakBytes is exactly the documented sizes times the entries: for BFS on
// the first COMS board every board it reached is one arena node (28 bytes)
// and one visited entry (8 bytes); the boards reached are recounted here by
// a plain BFS expanding the same number of boards.
func TestPeakBytesBFS(t *testing.T) {
	p := Problem{Start: mustParse(t, "1,2,5,3,4,0,6,7,8"), Goal: comsGoal()}
	r := BFS(p)
	reached := int64(len(bfsReached(p.Start, r.Expanded)))
	if want := reached * (28 + 8); r.PeakBytes != want {
		t.Errorf("PeakBytes %d, want %d boards × 36 = %d", r.PeakBytes, reached, want)
	}
	if nodeBytes != 28 || costNodeBytes != 40 || heapEntryBytes != 16 || treeEntryBytes != 24 {
		t.Errorf("entry sizes %d %d %d %d differ from the package documentation", nodeBytes, costNodeBytes, heapEntryBytes, treeEntryBytes)
	}
}

// bfsReached lists the boards a BFS expanding the first n boards reaches.
func bfsReached(start statespace.Board, n int64) []statespace.Board {
	queue := []statespace.Board{start}
	seen := map[statespace.Board]bool{start: true}
	for i := int64(0); i < n; i++ {
		for _, m := range statespace.Moves {
			if c, ok := queue[i].Apply(m); ok && !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return queue
}

func oneMove(b statespace.Board) statespace.Board {
	c, _ := b.Apply(statespace.Left)
	return c
}
