package solver

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestEstimate checks the estimate against values worked by hand.
func TestEstimate(t *testing.T) {
	for _, c := range []struct {
		finished []uint64
		nodes    uint64
		rate     float64
		ok       bool
		want     IterationEstimate
	}{
		// growth 600/100 = 6, expected 600·6 = 3600, left (3600−1200)/1000 s.
		{[]uint64{100, 600}, 1200, 1000, true, IterationEstimate{Growth: 6, Expected: 3600, Left: 2400 * time.Millisecond}},
		// Only the last two count: 50/20 = 2.5, 125 expected, (125−25)/4 s.
		{[]uint64{7, 20, 50}, 25, 4, true, IterationEstimate{Growth: 2.5, Expected: 125, Left: 25 * time.Second}},
		// Past the estimate: nothing left.
		{[]uint64{10, 30}, 100, 5, true, IterationEstimate{Growth: 3, Expected: 90}},
		{[]uint64{600}, 0, 1000, false, IterationEstimate{}},
		{nil, 0, 1000, false, IterationEstimate{}},
		{[]uint64{0, 5}, 0, 1000, false, IterationEstimate{}},
		{[]uint64{100, 600}, 1200, 0, false, IterationEstimate{}},
	} {
		got, ok := SearchProgress{Finished: c.finished, Nodes: c.nodes}.Estimate(c.rate)
		if ok != c.ok || got != c.want {
			t.Errorf("Finished %v, Nodes %d, rate %g: %+v %v, want %+v %v", c.finished, c.nodes, c.rate, got, ok, c.want, c.ok)
		}
	}
}

// checkReports fails unless the reports of one run are consistent: the
// subtrees done never exceed the total, the iterations follow one
// another, the nodes add up (with those of the iterations before first,
// whose nodes the reports do not have), and the last report, of the path found,
// has the nodes of every iteration since first, summing to want's.
func checkReports(t *testing.T, label string, reports []SearchProgress, want Result, first int) {
	t.Helper()
	if len(reports) == 0 || !reports[len(reports)-1].Found {
		t.Fatalf("%s: %d reports, the last not of the path found", label, len(reports))
	}
	var earlier uint64 // the nodes of the iterations before first
	for _, n := range want.IterationNodes[:first-1] {
		earlier += n
	}
	for i, sp := range reports {
		prev := sp
		if i > 0 {
			prev = reports[i-1]
		}
		sum := earlier
		for _, n := range sp.Finished {
			sum += n
		}
		switch {
		case sp.Done > sp.Tasks || sp.Done < 0:
			t.Fatalf("%s: report %d: %d of %d subtrees", label, i, sp.Done, sp.Tasks)
		case sp.Found && (i != len(reports)-1 || sp.Iteration != first-1+len(sp.Finished) || sp.Nodes != sp.Finished[len(sp.Finished)-1] || sp.Total != sum):
			t.Fatalf("%s: report %d of the path: %+v", label, i, sp)
		case !sp.Found && (sp.Iteration != first+len(sp.Finished) || sp.Total != sum+sp.Nodes):
			t.Fatalf("%s: report %d: iteration %d after %d finished (from %d), %d nodes of %d", label, i, sp.Iteration, len(sp.Finished), first, sp.Nodes, sp.Total)
		case sp.Bound < prev.Bound || sp.Iteration < prev.Iteration || sp.Elapsed < prev.Elapsed || !sp.Found && sp.Total < prev.Total:
			// (The path's report counts no subtree past the path's,
			// as Solve does not: its total may be less.)
			t.Fatalf("%s: report %d went back: %+v after %+v", label, i, sp, prev)
		case sp.Iteration == prev.Iteration && !sp.Found && (sp.Bound != prev.Bound || sp.Done < prev.Done || sp.Nodes < prev.Nodes):
			t.Fatalf("%s: report %d went back in its iteration: %+v after %+v", label, i, sp, prev)
		}
	}
	last := reports[len(reports)-1]
	if want.Iterations-first+1 != len(last.Finished) || !slices.Equal(last.Finished, want.IterationNodes[first-1:]) {
		t.Fatalf("%s: iterations of %v nodes, Solve's %v (from iteration %d)", label, last.Finished, want.IterationNodes, first)
	}
}

// TestProgressReports checks the reports of checkpointed searches of
// Korf's easiest instances, against Solve's nodes of each iteration:
// whole, and resumed (from checkpoints with and without the iterations'
// nodes) after a cancel inside the second iteration or later.
func TestProgressReports(t *testing.T) {
	h := korfHeuristic(t)
	for _, k := range easiestKorf(t, 2) {
		s, _ := New(h)
		s.Workers = 2
		want, err := s.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatal(err)
		}
		var reports []SearchProgress
		record := func(sp SearchProgress) { reports = append(reports, sp) }
		r, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{Progress: record})
		if err != nil || r.Nodes != want.Nodes {
			t.Fatalf("instance %d: %d nodes, %v; Solve %d", k.id, r.Nodes, err, want.Nodes)
		}
		checkReports(t, "whole", reports, want, 1)
		if splits := slices.IndexFunc(reports, func(sp SearchProgress) bool { return sp.Done > 0 }); splits < 0 {
			t.Fatalf("instance %d: no subtree reported", k.id)
		}

		// Cancel once a subtree of the second iteration is done.
		ctx, cancel := context.WithCancel(context.Background())
		var last *Checkpoint
		_, err = s.SolveCheckpointed(ctx, k.board, Checkpointing{
			Progress: func(sp SearchProgress) {
				if sp.Iteration >= 2 && sp.Done > 0 {
					cancel()
				}
			},
			Save: func(cp *Checkpoint) error {
				c := *cp
				c.Done, c.IterationNodes = slices.Clone(cp.Done), slices.Clone(cp.IterationNodes)
				last = &c
				return nil
			}})
		cancel()
		if !errors.Is(err, context.Canceled) || last == nil || last.Iterations == 0 {
			t.Fatalf("instance %d: %v, checkpoint %+v", k.id, err, last)
		}
		reports = nil
		if _, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: last, Progress: record}); err != nil {
			t.Fatal(err)
		}
		checkReports(t, "resumed", reports, want, 1)

		// A checkpoint without the iterations' nodes: those since only.
		old := *last
		old.IterationNodes = nil
		reports = nil
		if _, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: &old, Progress: record}); err != nil {
			t.Fatal(err)
		}
		checkReports(t, "resumed without iteration nodes", reports, want, old.Iterations+1)

		// Nodes that do not add up are refused.
		bad := *last
		bad.IterationNodes = slices.Clone(last.IterationNodes)
		bad.IterationNodes[0]++
		var ce *CheckpointError
		if _, err := s.SolveCheckpointed(context.Background(), k.board, Checkpointing{From: &bad}); !errors.As(err, &ce) {
			t.Fatalf("instance %d: iteration nodes %v of %d: %v", k.id, bad.IterationNodes, bad.Nodes, err)
		}
	}
}
