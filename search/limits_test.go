package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// every algorithm, as (name, run), including those Standard does not list.
func allRuns(goal statespace.Board) []Algorithm {
	algs := Standard(goal, nil)
	return append(algs,
		Algorithm{Key: "dls", Name: "DLS", Run: func(ctx context.Context, p Problem) (Result, error) { return DLS(ctx, p, 40) }},
		Algorithm{Key: "dfs-limit", Name: "DFS limit", Run: func(ctx context.Context, p Problem) (Result, error) { p.Limits.MaxDepth = 40; return DFS(ctx, p) }},
		Algorithm{Key: "climber-stop", Name: "climber (stop)", Run: func(ctx context.Context, p Problem) (Result, error) {
			return GainClimber(ctx, p, ClimberRule{Score: ScoreMatched, Stuck: StuckStop})
		}},
		Algorithm{Key: "ucs-cost", Name: "UCS cost", Run: func(ctx context.Context, p Problem) (Result, error) {
			return UCS(ctx, p, func(m statespace.Move, b statespace.Board) float64 { return 1 })
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
		r := must(a.Run(bg, Problem{Start: b, Goal: goal, Limits: Limits{MaxExpanded: 50}}))
		if r.Found || r.StoppedBy != StopNodeLimit || r.Expanded != 50 {
			t.Errorf("%s: found %v, StoppedBy %v, expanded %d", a.Name, r.Found, r.StoppedBy, r.Expanded)
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
		r := must(a.Run(bg, Problem{Start: b, Goal: goal, Limits: Limits{MaxTime: time.Nanosecond}}))
		finishedFirst := (r.Found || r.StoppedBy == StopLoop || r.StoppedBy == StopStuck) && r.Expanded < timeCheckEvery
		if !finishedFirst && (r.StoppedBy != StopTimeLimit || r.Expanded != timeCheckEvery) {
			t.Errorf("%s: StoppedBy %v after %d expansions, want %q after %d", a.Name, r.StoppedBy, r.Expanded, StopTimeLimit, timeCheckEvery)
		}
		r, err := a.Run(ctx, Problem{Start: b, Goal: goal})
		if r.StoppedBy != StopCanceled || r.Expanded != 0 || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: StoppedBy %v, error %v with a cancelled context", a.Name, r.StoppedBy, err)
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
			r, err := a.Run(bg, c.p)
			if r.Found || r.Expanded != 0 || err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("case %d (%s), %s: found %v, error %v", i, c.name, a.Name, r.Found, err)
			}
		}
	}
	_, err := UCS(bg, Problem{Start: mustParse(t, "1,2,3,4,5,6,7,0,8"), Goal: goal}, func(statespace.Move, statespace.Board) float64 { return -1 })
	if err == nil || !strings.Contains(err.Error(), "non-negative") {
		t.Errorf("negative cost: error %v", err)
	}
	for _, run := range []Func{
		func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, nil) },
		func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, nil) },
		func(ctx context.Context, p Problem) (Result, error) { return Greedy(ctx, p, nil) },
	} {
		if _, err := run(bg, Problem{Start: goal, Goal: goal}); !errors.Is(err, ErrNoHeuristic) {
			t.Errorf("nil heuristic: error %v, want ErrNoHeuristic", err)
		}
	}
}

// At the goal every algorithm returns the empty path without expanding.
func TestStartIsGoal(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	for _, a := range allRuns(goal) {
		r := must(a.Run(bg, Problem{Start: goal, Goal: goal}))
		if !r.Found || len(r.Path) != 0 || r.Expanded != 0 || r.StoppedBy != StopNone {
			t.Errorf("%s: found %v, %d moves, expanded %d, %v", a.Name, r.Found, len(r.Path), r.Expanded, r.StoppedBy)
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
			r := must(UCS(bg, Problem{Start: b, Goal: goal}, cost))
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

// PeakBytes is exactly what the containers allocated, by capacity: for
// BFS on the first COMS board, one arena chunk of 1,024 nodes of 44 bytes
// and its list (16 slice headers of 24 bytes), and the visited set at its
// last growth, when its old and new slots (16 bytes each, at most half
// full, from 16 slots doubling) were both held. The boards reached are
// recounted here by a plain BFS expanding the same number of boards.
func TestPeakBytesBFS(t *testing.T) {
	p := Problem{Start: mustParse(t, "1,2,5,3,4,0,6,7,8"), Goal: comsGoal()}
	r := must(BFS(bg, p))
	reached := int64(len(bfsReached(p.Start, r.Expanded)))
	slots := int64(16)
	for 2*reached > slots {
		slots *= 2
	}
	set := slots * 16
	if slots > 16 {
		set += slots / 2 * 16 // the old slots, while copying
	}
	if want := 1024*44 + 16*24 + set; r.PeakBytes != want || reached > 1024 {
		t.Errorf("PeakBytes %d, want a chunk (45,056) + its list (384) + %d slots (with the old half while growing): %d (%d boards)", r.PeakBytes, slots, want, reached)
	}
	if nodeBytes != 44 || costNodeBytes != 56 || heapEntryBytes != 16 || treeEntryBytes != 40 {
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
