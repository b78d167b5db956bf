package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
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

// TestEndedSearchAnswersFromItsCheckpoint checks a search that saved
// checkpoints saves its end, that resuming the end answers with the
// same result without searching (no progress report, no save), that a
// search that never saved saves no end, and that an end whose path or
// counters cannot be the search's is refused as damaged.
func TestEndedSearchAnswersFromItsCheckpoint(t *testing.T) {
	h := korfHeuristic(t)
	k := easiestKorf(t, 1)[0]
	s, _ := New(h)
	var last *Checkpoint
	saves := 0
	keep := func(cp *Checkpoint) error {
		c := *cp
		c.Done, c.Path = slices.Clone(cp.Done), slices.Clone(cp.Path)
		last, saves = &c, saves+1
		return nil
	}
	want, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{Save: keep})
	if err != nil {
		t.Fatal(err)
	}
	if last == nil || !slices.Equal(last.Path, want.Path) || last.Nodes != want.Nodes || last.Generated != want.Generated ||
		last.Iterations != want.Iterations || last.Bound != len(want.Path) || len(last.Done) != 0 {
		t.Fatalf("the last save is %+v, not the end of %d moves, %d nodes, %d generated in %d iterations",
			last, len(want.Path), want.Nodes, want.Generated, want.Iterations)
	}
	end := *last
	saves, reports := 0, 0
	got, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: &end, Save: keep,
		Progress: func(SearchProgress) { reports++ }})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Path, want.Path) || got.Nodes != want.Nodes || got.Generated != want.Generated ||
		got.Iterations != want.Iterations || got.Elapsed != last.Elapsed || saves != 0 || reports != 0 {
		t.Fatalf("from the end: %+v after %d saves and %d reports; the search %+v", got, saves, reports, want)
	}

	saves = 0
	if _, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{Save: keep, Every: time.Hour}); err != nil || saves != 0 {
		t.Fatalf("a search that never saved: %v, %d saves", err, saves)
	}

	forged := map[string]func(c *Checkpoint){
		"a path one move short":  func(c *Checkpoint) { c.Path = c.Path[:len(c.Path)-1]; c.Bound-- },
		"a bound not its length": func(c *Checkpoint) { c.Bound += 2 },
		"a path off the board": func(c *Checkpoint) {
			c.Path = slices.Clone(c.Path)
			for i := range 4 { // four moves up leave a 4x4 board from any cell
				c.Path[i] = statespace.Up
			}
		},
		"no iteration":          func(c *Checkpoint) { c.Iterations = 0 },
		"subtrees under way":    func(c *Checkpoint) { c.Split, c.Tasks, c.Done = 2, 4, []Subtree{{Index: 1, Next: c.Bound + 2}} },
		"iterations' nodes off": func(c *Checkpoint) { c.Nodes++ },
	}
	for name, forge := range forged {
		c := *last
		c.IterationNodes = slices.Clone(last.IterationNodes)
		forge(&c)
		_, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: &c})
		var ce *CheckpointError
		if !errors.As(err, &ce) || ce.Kind() != errkind.Damaged {
			t.Errorf("%s: got %v, want a damaged checkpoint", name, err)
		}
	}
}

// TestCheckpointKeepsHeavySubtrees checks that a checkpoint taken inside
// a later iteration names the heaviest subtrees of those before, which cut
// its tasks: resumed, it gives the uninterrupted result; resumed without
// them, its subtrees are not the iteration's and it is refused.
func TestCheckpointKeepsHeavySubtrees(t *testing.T) {
	h := korfHeuristic(t)
	k := easiestKorf(t, 2)[1]
	s, _ := New(h)
	s.Workers = 2
	want, err := s.Solve(context.Background(), k.board)
	if err != nil {
		t.Fatal(err)
	}
	var mid *Checkpoint // the last save inside an iteration cut at heavy subtrees
	_, err = s.SolveCheckpointed(context.Background(), k.board, Checkpointing{Save: func(cp *Checkpoint) error {
		if cp.Split > 0 && len(cp.Heavy) > 0 && len(cp.Done) > 0 && cp.Path == nil {
			c := *cp
			c.Done, c.Heavy = slices.Clone(cp.Done), slices.Clone(cp.Heavy)
			mid = &c
		}
		return nil
	}})
	if err != nil || mid == nil {
		t.Fatalf("no checkpoint inside an iteration with heavy subtrees (%v)", err)
	}
	got, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: mid})
	if err != nil || !slices.Equal(got.Path, want.Path) || got.Nodes != want.Nodes || got.Generated != want.Generated {
		t.Fatalf("resumed: %v, %d nodes, %d generated; uninterrupted %d, %d", err, got.Nodes, got.Generated, want.Nodes, want.Generated)
	}
	bare := *mid
	bare.Heavy = nil
	_, err = s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: &bare})
	var ce *CheckpointError
	if !errors.As(err, &ce) || ce.Kind() != errkind.Damaged {
		t.Fatalf("resumed without its heavy subtrees: %v, want an inconsistent checkpoint", err)
	}
}
