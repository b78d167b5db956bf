package search

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// OnStep is called once per expansion, after it, with the board, its
// depth, the frontier the search itself counts (the largest of which is
// Result.MaxFrontier) and IDA*'s bound.
func TestOnStep(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	b := statespace.MustBoard(goal.Shape(), 8, 6, 7, 2, 5, 4, 3, 0, 1)
	md := pdb.NewManhattan(goal)
	for _, alg := range []struct {
		name string
		run  func(context.Context, Problem) (Result, error)
		ida  bool
	}{
		{"bfs", BFS, false},
		{"dfs", DFS, false},
		{"astar", func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, md) }, false},
		{"idastar", func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, md) }, true},
		{"climber", func(ctx context.Context, p Problem) (Result, error) { return GainClimber(ctx, p, ClimberRule{}) }, false},
	} {
		var steps []Step
		p := Problem{Start: b, Goal: goal, Limits: Limits{MaxExpanded: 20_000}, OnStep: func(s Step) { steps = append(steps, s) }}
		r, err := alg.run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(steps)) != r.Expanded || len(steps) == 0 {
			t.Fatalf("%s: %d steps for %d expansions", alg.name, len(steps), r.Expanded)
		}
		maxF := int64(1)
		bound := -1
		for i, s := range steps {
			maxF = max(maxF, s.Frontier)
			if i == 0 && (s.Board != b || s.Depth != 0) {
				t.Errorf("%s: first step %v at depth %d", alg.name, s.Board, s.Depth)
			}
			switch {
			case !alg.ida && s.Bound != -1:
				t.Errorf("%s: bound %d", alg.name, s.Bound)
			case alg.ida && (s.Bound < bound || s.Bound < md.Distance(b) || s.Depth+md.Distance(s.Board) > s.Bound):
				t.Errorf("%s step %d: bound %d after %d, f %d", alg.name, i, s.Bound, bound, s.Depth+md.Distance(s.Board))
			}
			bound = s.Bound
		}
		if maxF != r.MaxFrontier {
			t.Errorf("%s: largest frontier of the steps %d, MaxFrontier %d", alg.name, maxF, r.MaxFrontier)
		}
	}
}
