package search

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"

	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// optimalRuns are the optimal algorithms with the largest distance each
// is asked to solve in tests (tree searches without a heuristic grow as
// about 2.1^d on 3x3).
func optimalRuns(goal statespace.Board, tb *table.Table, short bool) []struct {
	name    string
	maxDist int
	run     Func
} {
	treeMax := 16
	if short {
		treeMax = 12
	}
	md, mis, lc := pdb.NewManhattan(goal), pdb.NewMisplaced(goal), pdb.NewLinearConflict(goal)
	type r = struct {
		name    string
		maxDist int
		run     Func
	}
	return []r{
		{"BFS", 99, BFS},
		{"UCS", 99, func(ctx context.Context, p Problem) (Result, error) { return UCS(ctx, p, nil) }},
		{"A* misplaced", 99, func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, mis) }},
		{"A* Manhattan", 99, func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, md) }},
		{"A* linear conflict", 99, func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, lc) }},
		{"A* exact", 99, func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, pdb.Exact(tb)) }},
		{"IDA* Manhattan", 99, func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, md) }},
		{"IDA* linear conflict", 99, func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, lc) }},
		{"IDA* misplaced", 20, func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, mis) }},
		{"IDDFS", treeMax, IDDFS},
		{"DLS at the optimum", treeMax, nil}, // run with the table distance as limit
	}
}

// On boards sampled at every distance from the 3x3 table (goal "last"),
// every optimal algorithm returns a path as long as the table distance,
// and every path replays to the goal.
func TestOptimalAlgorithmsMatchTable3x3(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	perDistance := 2
	if !longtest.Enabled() {
		perDistance = 1
	}
	checkOptimal(t, goal, 1, perDistance)
}

// The same on other shapes and goals: every distance of 2x3, 3x2 and 2x4
// for the goals last, first and an arbitrary one, and the 3x3 goal with
// the blank in the centre.
func TestOptimalAlgorithmsMatchTableOtherGoals(t *testing.T) {
	goals := []statespace.Board{
		statespace.GoalLast(sh23), statespace.GoalFirst(sh32),
		statespace.GoalLast(sh24), statespace.GoalFirst(sh24), statespace.MustBoard(sh24, 5, 1, 7, 3, 0, 2, 6, 4),
		statespace.MustBoard(sh33, 1, 2, 3, 4, 0, 5, 6, 7, 8),
	}
	step := 1
	if !longtest.Enabled() {
		step = 3
	}
	for _, g := range goals {
		checkOptimal(t, g, step, 1)
	}
}

func checkOptimal(t *testing.T, goal statespace.Board, step, perDistance int) {
	tb := tableFor(t, goal)
	runs := optimalRuns(goal, tb, !longtest.Enabled())
	for d := 0; d <= tb.Radius(); d += step {
		for i, b := range tb.Sample(newRand(uint64(d)), d, perDistance) {
			p := Problem{Start: b, Goal: goal}
			for _, a := range runs {
				if d > a.maxDist {
					continue
				}
				var r Result
				if a.run == nil {
					r = must(DLS(bg, p, d))
				} else {
					r = must(a.run(bg, p))
				}
				if !r.Found || len(r.Path) != d || r.Cost != float64(d) || r.SearchDepth != d || r.StoppedBy != StopNone {
					t.Errorf("goal %s, distance %d, case %d: %s on %s: found %v, %d moves, cost %v, depth %d, stopped %v",
						goal, d, i, a.name, b, r.Found, len(r.Path), r.Cost, r.SearchDepth, r.StoppedBy)
					continue
				}
				replay(t, a.name, b, goal, r.Path)
			}
		}
	}
}

// A* with the exact table as heuristic expands only boards on shortest
// paths: each expanded board's depth plus its table distance is the
// start's distance. With its tie rule (lower h first) it expands exactly
// one shortest path.
func TestAStarExactExpandsOnlyOptimal(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(sh33), statespace.GoalLast(sh24)} {
		tb := tableFor(t, goal)
		for d := 0; d <= tb.Radius(); d++ {
			for _, b := range tb.Sample(newRand(uint64(d)+9), d, 2) {
				bad := 0
				p := Problem{Start: b, Goal: goal, OnStep: func(st Step) {
					if st.Depth+fixture.Dist(t, tb, st.Board) != d {
						bad++
					}
				}}
				r := must(AStar(bg, p, pdb.Exact(tb)))
				if bad > 0 || !r.Found || len(r.Path) != d {
					t.Errorf("%s (distance %d): %d expansions off every shortest path; found %v, %d moves", b, d, bad, r.Found, len(r.Path))
				}
				if r.Expanded != int64(d) {
					t.Errorf("%s (distance %d): expanded %d, want %d", b, d, r.Expanded, d)
				}
			}
		}
	}
}

// The non-optimal algorithms find paths that replay, never shorter than
// the optimum.
func TestNonOptimalAlgorithmsReplay(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(sh33), statespace.MustBoard(sh24, 5, 1, 7, 3, 0, 2, 6, 4)} {
		tb := tableFor(t, goal)
		for _, a := range Standard(goal, tb) {
			for i, b := range tb.Sample(newRand(3), -1, 6) {
				if a.Key == "iddfs" && fixture.Dist(t, tb, b) > 16 {
					continue // too deep for tree search without a heuristic; see checkOptimal
				}
				r := must(a.Run(bg, Problem{Start: b, Goal: goal}))
				if !r.Found {
					if a.Key == "climber" && r.StoppedBy == StopLoop {
						continue
					}
					t.Errorf("case %d: %s on %s: not found (%v)", i, a.Name, b, r.StoppedBy)
					continue
				}
				if len(r.Path) < fixture.Dist(t, tb, b) || (a.Optimal && len(r.Path) != fixture.Dist(t, tb, b)) {
					t.Errorf("case %d: %s on %s: %d moves, optimum %d", i, a.Name, b, len(r.Path), fixture.Dist(t, tb, b))
				}
				replay(t, a.Name, b, goal, r.Path)
			}
		}
	}
}

// On a 4x4 board, where no table exists, IDA* and A* with linear conflict
// (both optimal) agree on the length, within limits.
func TestFourByFour(t *testing.T) {
	sh := statespace.Shape{Rows: 4, Cols: 4}
	goal := statespace.GoalFirst(sh)
	lc := pdb.NewLinearConflict(goal)
	rng := newRand(44)
	for i := 0; i < 3; i++ {
		b := statespace.Walk(rng, goal, 120, statespace.AnyMove)
		lim := Limits{MaxExpanded: 3_000_000}
		ida := must(IDAStar(bg, Problem{Start: b, Goal: goal, Limits: lim}, lc))
		as := must(AStar(bg, Problem{Start: b, Goal: goal, Limits: lim}, lc))
		t.Logf("%s: IDA* %d moves, %d expanded; A* %d moves, %d expanded", b, len(ida.Path), ida.Expanded, len(as.Path), as.Expanded)
		if !ida.Found || !as.Found || len(ida.Path) != len(as.Path) {
			t.Errorf("case %d: %s: IDA* %v %d moves (%v), A* %v %d moves (%v)", i, b, ida.Found, len(ida.Path), ida.StoppedBy, as.Found, len(as.Path), as.StoppedBy)
		}
		replay(t, "IDA*", b, goal, ida.Path)
		replay(t, "A*", b, goal, as.Path)
	}
	// Without limits a 4x4 search refuses to start.
	if r, err := BFS(bg, Problem{Start: statespace.Walk(rng, goal, 10, statespace.AnyMove), Goal: goal}); err == nil || r.Found || r.Expanded != 0 {
		t.Errorf("4x4 BFS without limits: found %v after %d expansions, err %v", r.Found, r.Expanded, err)
	}
}
