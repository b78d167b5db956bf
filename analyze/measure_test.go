package analyze

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// The single-tile databases' sum is Manhattan distance: on random boards
// of several shapes and goals, with and without the reflection lookup.
func TestManhattanDatabasesAreManhattan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, goal := range []statespace.Board{
		statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}),
		statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3}),
		statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}),
		statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4}),
		statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}),
		statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5}),
	} {
		a, err := ManhattanDatabases(context.Background(), goal)
		if err != nil {
			t.Fatal(err)
		}
		md := pdb.NewManhattan(goal)
		sp := statespace.MustSpace(goal)
		for range 20000 {
			b := sp.Random(rng)
			if got, want := a.Distance(b), md.Distance(b); got != want {
				t.Fatalf("%s goal %s: single-tile databases %d, Manhattan %d", b, statespace.GoalName(goal), got, want)
			}
		}
	}
}

// The solver's counts per iteration are search.IDAStar's, for Manhattan
// distance and for pattern databases, on boards of 3x3, 3x4 and 4x4.
func TestMeasurerSolverIsIDAStar(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	cases := []struct {
		goal  statespace.Board
		h     string
		walks []int
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), "manhattan", []int{10, 20, 30, 40}},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), "pdb:1,2,3,4/5,6,7,8", []int{20, 40}},
		{statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 4}), "manhattan", []int{20, 30}},
		{statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4}), "manhattan", []int{20, 30, 40}},
		{statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4}), "pdb:1,2,3,4,5/6,7,8,9,10/11,12,13,14,15", []int{30, 50}},
	}
	for _, c := range cases {
		hs, err := NewHeuristics(ctx, c.goal, []string{c.h})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			m, err := NewMeasurer(ctx, c.goal, hs[0], workers)
			if err != nil {
				t.Fatal(err)
			}
			if m.Engine() != "solver" {
				t.Fatalf("%s: measured by %s", c.h, m.Engine())
			}
			for _, n := range c.walks {
				b := statespace.Walk(rng, c.goal, n, statespace.NoReverse)
				if b == c.goal {
					continue
				}
				bounds, exp, err := m.Iterations(ctx, b)
				if err != nil {
					t.Fatal(err)
				}
				wantB, wantE, err := IterationExpansions(ctx, b, c.goal, hs[0])
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(bounds, wantB) || !slices.Equal(exp, wantE) {
					t.Errorf("%s on %s: solver bounds %v expanding %v; search.IDAStar %v expanding %v", c.h, b, bounds, exp, wantB, wantE)
				}
			}
		}
	}
	lc, err := NewHeuristics(ctx, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), []string{"linear-conflict"})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := NewMeasurer(ctx, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), lc[0], 0); m.Engine() != "search.IDAStar" {
		t.Errorf("linear conflict measured by %s", m.Engine())
	}
}

// A resumed comparison (PredictConfig.Done) gives what a fresh one gives,
// searching only the boards not done; a run log saved and loaded again
// holds the same runs; a run of another board is refused.
func TestPredictResumes(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	var got []BoardRun
	cfg := PredictConfig{Goal: goal, Heuristic: "manhattan", Random: 30, Seed: 7,
		OnRun: func(r BoardRun) error { got = append(got, r); return nil }}
	fresh, err := Predict(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 30 {
		t.Fatalf("%d runs reported for 30 boards", len(got))
	}
	path := t.TempDir() + "/runs.json"
	if err := SaveRunLog(path, &RunLog{Heuristic: "manhattan", Goal: goal.String(), Runs: got[:12]}); err != nil {
		t.Fatal(err)
	}
	l, err := LoadRunLog(path, "manhattan", goal.String())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l.Runs, got[:12]) {
		t.Fatalf("saved %v, loaded %v", got[:12], l.Runs)
	}
	if _, err := LoadRunLog(path, "misplaced", goal.String()); err == nil {
		t.Error("a log of manhattan loaded for misplaced")
	}
	var again []BoardRun
	cfg.Done = l.Runs
	cfg.OnRun = func(r BoardRun) error { again = append(again, r); return nil }
	resumed, err := Predict(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 18 {
		t.Errorf("resumed with 12 of 30 done, %d searched", len(again))
	}
	if !reflect.DeepEqual(fresh, resumed) {
		t.Errorf("fresh %+v\nresumed %+v", fresh, resumed)
	}
	bad := slices.Clone(l.Runs)
	bad[0].Index = bad[1].Index
	cfg.Done = bad
	var mismatch *RunMismatchError
	if _, err := Predict(ctx, cfg); !errors.As(err, &mismatch) {
		t.Errorf("a run of another board: %v", err)
	}
}
