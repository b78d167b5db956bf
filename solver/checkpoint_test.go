package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResumeMatchesUninterrupted cancels checkpointed searches of Korf's
// easiest instances after a seeded random number of saves, resumes each
// from its last checkpoint on a random number of goroutines, and checks
// the path and both counters equal an uninterrupted search's.
func TestResumeMatchesUninterrupted(t *testing.T) {
	h := korfHeuristic(t)
	rng := rand.New(rand.NewPCG(22, 1))
	midIteration := 0
	for _, k := range easiestKorf(t, 3) {
		s, _ := New(h)
		want, err := s.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatal(err)
		}
		var from *Checkpoint
		for run := 0; ; run++ {
			s.Workers = 1 + rng.IntN(3)
			ctx, cancel := context.WithCancel(context.Background())
			stopAfter, saves := 1+rng.IntN(40), 0
			var last *Checkpoint
			r, err := s.SolveCheckpointed(ctx, k.board, Checkpointing{From: from, Save: func(cp *Checkpoint) error {
				c := *cp
				c.Done = slices.Clone(cp.Done)
				last = &c
				if saves++; saves == stopAfter {
					cancel()
				}
				return nil
			}})
			cancel()
			if err == nil {
				if !slices.Equal(r.Path, want.Path) || r.Nodes != want.Nodes || r.Generated != want.Generated || r.Iterations != want.Iterations {
					t.Fatalf("instance %d after %d runs: %d moves, %d nodes, %d generated; uninterrupted %d, %d, %d",
						k.id, run, len(r.Path), r.Nodes, r.Generated, len(want.Path), want.Nodes, want.Generated)
				}
				break
			}
			if !errors.Is(err, context.Canceled) || last == nil {
				t.Fatalf("instance %d: %v", k.id, err)
			}
			if len(last.Done) > 0 {
				midIteration++
			}
			from = last
		}
	}
	if midIteration == 0 {
		t.Error("no search was interrupted inside an iteration")
	}
}

// TestResumeRefusesOtherBoard checks a checkpoint of another board is
// refused with a *CheckpointError naming the board.
func TestResumeRefusesOtherBoard(t *testing.T) {
	h := korfHeuristic(t)
	ks := easiestKorf(t, 2)
	s, _ := New(h)
	cp := &Checkpoint{Board: ks[0].board, Goal: s.Goal(), Heuristic: s.Identity(), Bound: h.Distance(ks[0].board)}
	_, err := s.SolveCheckpointed(context.Background(), ks[1].board, Checkpointing{From: cp})
	var me *CheckpointError
	if !errors.As(err, &me) || me.Field != "board" {
		t.Fatalf("got %v", err)
	}
}
