package solver_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// TestWholeIteration checks WholeIteration with Prune 2 against a plain
// recursive count of the nodes within the bound (the move back left out,
// the goal not ending the search), on 3x3 and 4x4 boards, the goal among
// them, with and without the reflection lookup and zero-aware databases,
// at bounds below, at and above each board's value.
func TestWholeIteration(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	sq3 := statespace.Shape{Rows: 3, Cols: 3}
	sq4 := statespace.Shape{Rows: 4, Cols: 4}
	for _, c := range []struct {
		goal  statespace.Board
		part  string
		zero  bool
		steps int // random moves from the goal to each board
		over  int // bounds up to h + over
	}{
		{statespace.GoalLast(sq3), "1,2,3,4/5,6,7,8", false, 40, 8},
		{statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8), "1,2,3/4,5,6,7,8", true, 40, 8},
		{statespace.GoalFirst(sq4), "1,2,3,4/5,6,7/8,9,10,11/12,13,14,15", false, 30, 6},
	} {
		part, err := pdb.ParsePartition(c.part, c.goal)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = c.zero
		h, err := pdb.BuildPartition(ctx, c.goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := solver.New(h)
		if err != nil {
			t.Fatal(err)
		}
		s.Prune = 2
		boards := []statespace.Board{c.goal}
		for range 12 {
			boards = append(boards, statespace.Walk(rng, c.goal, c.steps, statespace.NoReverse))
		}
		nonzero := 0
		for _, b := range boards {
			h0 := h.Distance(b)
			for bound := max(0, h0-2); bound <= h0+c.over; bound++ {
				got, err := s.WholeIteration(ctx, b, bound)
				if err != nil {
					t.Fatal(err)
				}
				want := fixture.WholeIteration(b, h, bound, 0, 0, false)
				if got != want {
					t.Errorf("goal %s, %s bound %d: WholeIteration %d, plain count %d", statespace.GoalName(c.goal), b, bound, got, want)
				}
				if got > 1 {
					nonzero++
				}
			}
		}
		if nonzero == 0 {
			t.Errorf("goal %s: no iteration went past the root", statespace.GoalName(c.goal))
		}
	}
}

// TestWholeIterationRefuses checks the errors: a board of another space
// and a bound beyond the depth limit.
func TestWholeIterationRefuses(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	part, _ := pdb.ParsePartition("1,2,3/4,5", goal)
	h, err := pdb.BuildPartition(ctx, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := solver.New(h)
	swapped := statespace.MustBoard(goal.Shape(), 2, 1, 3, 4, 5, 0)
	if _, err := s.WholeIteration(ctx, swapped, 10); err == nil {
		t.Errorf("%s cannot reach the goal, and WholeIteration took it", swapped)
	}
	if _, err := s.WholeIteration(ctx, goal, 1000); err != solver.ErrBoundTooLarge {
		t.Errorf("bound 1000: %v, want ErrBoundTooLarge", err)
	}
}
