package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// FuzzHeuristicNames feeds NewHeuristics any name: it refuses it with an
// error or makes a heuristic that is admissible at the goal (0 there) on
// 2x3. The seeds are in testdata/fuzz/FuzzHeuristicNames.
func FuzzHeuristicNames(f *testing.F) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	f.Fuzz(func(t *testing.T, name string) {
		hs, err := NewHeuristics(context.Background(), goal, []string{name})
		if err != nil {
			return
		}
		if v := hs[0].H.Distance(goal); v != 0 {
			t.Fatalf("%q: %d at the goal", name, v)
		}
		if _, err := NewHeuristics(context.Background(), goal, []string{hs[0].Name}); err != nil {
			t.Fatalf("%q is named %q, which is refused: %v", name, hs[0].Name, err)
		}
	})
}

// FuzzAlgorithmNames does the same for the textbook's algorithm names.
func FuzzAlgorithmNames(f *testing.F) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	f.Fuzz(func(t *testing.T, name string) {
		runs, err := newRunners(context.Background(), goal, []string{name})
		if err != nil {
			return
		}
		if _, err := newRunners(context.Background(), goal, []string{runs[0].name}); err != nil {
			t.Fatalf("%q is named %q, which is refused: %v", name, runs[0].name, err)
		}
	})
}
