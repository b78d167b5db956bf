package solver

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// TestResumeAfterRandomInterrupts interrupts searches of Korf instances
// after seeded random numbers of finished root subtrees, resumes each from
// its checkpoint until it ends, and checks that the length, the path's
// validity and both counters equal an uninterrupted search's, on one and
// two goroutines.
func TestResumeAfterRandomInterrupts(t *testing.T) {
	h := korfHeuristic(t)
	goal := statespace.GoalFirst(sq4)
	rng := fixture.NewRand(22)
	for _, k := range easiestKorf(t, 20)[17:] {
		for _, workers := range []int{1, 2} {
			s, err := New(h)
			if err != nil {
				t.Fatal(err)
			}
			s.Workers = workers
			want, err := s.Solve(context.Background(), k.board)
			if err != nil {
				t.Fatal(err)
			}
			label := fmt.Sprintf("instance %d, %d workers", k.id, workers)
			var cp *Checkpoint
			interrupts := 0
			var got Result
			for {
				ctx, cancel := context.WithCancel(context.Background())
				stopAfter, saves := 1+rng.IntN(60), 0
				got, err = s.Resume(ctx, k.board, cp, 0, func(Checkpoint) {
					if saves++; saves == stopAfter {
						cancel()
					}
				})
				cancel()
				var ie *InterruptedError
				if errors.As(err, &ie) {
					if !errors.Is(err, context.Canceled) {
						t.Fatalf("%s: %v does not wrap context.Canceled", label, err)
					}
					interrupts++
					cp = &ie.Checkpoint
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				break
			}
			if interrupts == 0 {
				t.Fatalf("%s: never interrupted", label)
			}
			checkPath(t, label, k.board, goal, got.Path, k.length)
			if got.Nodes != want.Nodes || got.Generated != want.Generated || got.Iterations != want.Iterations {
				t.Errorf("%s: resumed after %d interrupts: %d expanded, %d generated, %d iterations; uninterrupted %d, %d, %d",
					label, interrupts, got.Nodes, got.Generated, got.Iterations, want.Nodes, want.Generated, want.Iterations)
			}
			t.Logf("%s: %d interrupts, %d expanded", label, interrupts, got.Nodes)
		}
	}
}

// TestResumeRefusesOtherBoard checks that a checkpoint of one board does
// not resume another.
func TestResumeRefusesOtherBoard(t *testing.T) {
	s, err := New(korfHeuristic(t))
	if err != nil {
		t.Fatal(err)
	}
	ks := easiestKorf(t, 2)
	cp := &Checkpoint{Board: ks[0].board, Bound: 40}
	_, err = s.Resume(context.Background(), ks[1].board, cp, 0, nil)
	var me *CheckpointMismatchError
	if !errors.As(err, &me) || me.Checkpoint != ks[0].board {
		t.Fatalf("got %v, want a *CheckpointMismatchError", err)
	}
}
