package analyze

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// TestPredictGoalBoard gives Predict the goal itself among its boards: it
// is at distance 0, IDA* runs no iteration on it, and the comparison must
// equal the one without it, each total and the mean depth halved (the
// means are over both boards), on the solver's engine (Manhattan) and on
// search.IDAStar (misplaced tiles).
func TestPredictGoalBoard(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	b := statespace.MustBoard(goal.Shape(), 8, 6, 7, 2, 5, 4, 3, 0, 1) // 31 moves from the goal
	for _, h := range []string{"manhattan", "misplaced"} {
		one, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: h, Boards: []statespace.Board{b}})
		if err != nil {
			t.Fatal(err)
		}
		two, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: h, Boards: []statespace.Board{goal, b}})
		if err != nil {
			t.Fatalf("%s with the goal among the boards: %v", h, err)
		}
		if one.MeanDepth != 31 || two.Boards != 2 || two.MeanDepth != one.MeanDepth/2 || len(two.Iterations) != len(one.Iterations) {
			t.Fatalf("%s: %d boards, mean depth %v (alone %v), %d iterations (alone %d)", h, two.Boards, two.MeanDepth, one.MeanDepth, len(two.Iterations), len(one.Iterations))
		}
		for i, it := range two.Iterations {
			if it != one.Iterations[i] {
				t.Errorf("%s bound %d: %+v with the goal, %+v without", h, it.Bound, it, one.Iterations[i])
			}
		}
		for _, pair := range [][2]float64{{two.Measured, one.Measured}, {two.Predicted, one.Predicted}, {two.MeasuredComplete, one.MeasuredComplete},
			{two.PredictedComplete, one.PredictedComplete}, {two.PredictedCDP, one.PredictedCDP}, {two.PredictedCDPComplete, one.PredictedCDPComplete}} {
			if math.Abs(pair[0]-pair[1]/2) > 1e-9*pair[1] || pair[1] == 0 {
				t.Errorf("%s: a total %v with the goal, %v without (want half)", h, pair[0], pair[1])
			}
		}
	}
	only, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: "manhattan", Boards: []statespace.Board{goal}})
	if err != nil || only.Boards != 1 || len(only.Iterations) != 0 || only.Measured != 0 || only.Predicted != 0 || only.MeanDepth != 0 {
		t.Fatalf("the goal alone: %+v, %v", only, err)
	}
	var out strings.Builder
	if err := WritePredictionJSON(&out, only); err != nil || !strings.Contains(out.String(), `"ratio":0,`) {
		t.Errorf("the goal alone as JSON: %v\n%s", err, out.String())
	}
}
