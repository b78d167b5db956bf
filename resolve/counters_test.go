package resolve

import (
	"context"
	"math"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// An answer's counters are those of every search it ran, added up: with
// every optimal move asked for, the search for the path plus one search
// per child the heuristic lets through, each counted by running it here
// on its own; and a search never generates fewer children than it
// expands boards (each expanded board has at least two moves, one of
// which the pruning may cut).
func TestCountersSumEverySearch(t *testing.T) {
	ctx := context.Background()
	sh := statespace.Shape{Rows: 3, Cols: 3}
	goal := statespace.GoalLast(sh)
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	h, err := pdb.BuildPartition(ctx, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := solver.New(h)
	if err != nil {
		t.Fatal(err)
	}
	lc := pdb.NewLinearConflict(goal)
	// The independent sums: each search run alone.
	sumSolver := func(b statespace.Board) (uint64, uint64) {
		r, err := s.Solve(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		n, g := r.Nodes, r.Generated
		_, cost, err := s.OptimalMoves(ctx, b, len(r.Path))
		if err != nil {
			t.Fatal(err)
		}
		return n + cost.Nodes, g + cost.Generated
	}
	sumSearch := func(b statespace.Board) (uint64, uint64) {
		var n, g uint64
		solve := func(x statespace.Board) int {
			r, err := search.IDAStar(ctx, search.Problem{Start: x, Goal: goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}}, lc)
			if err != nil || !r.Found {
				t.Fatalf("%s: %v %v", x, err, r.StoppedBy)
			}
			n, g = n+uint64(r.Expanded), g+uint64(r.Generated)
			return len(r.Path)
		}
		d := solve(b)
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok && d > 0 && lc.Distance(c) <= d-1 {
				solve(c)
			}
		}
		return n, g
	}
	oracles := []struct {
		name string
		o    interface {
			Answer(context.Context, statespace.Board, Want) (Answer, error)
		}
		sum func(statespace.Board) (uint64, uint64)
	}{
		{"solver", newSolverOracle(s, nil), sumSolver},
		{"search", NewSearchOracle(goal, lc, "manhattan+linear-conflict"), sumSearch},
	}
	rng := NewRand(30)
	for i := 0; i < 12; i++ {
		b := statespace.Walk(rng, goal, 10+2*i, statespace.NoReverse)
		for _, o := range oracles {
			a, err := o.o.Answer(ctx, b, Want{Path: true, AllMoves: true})
			if err != nil {
				t.Fatalf("%s %s: %v", o.name, b, err)
			}
			c := a.Search
			if c == nil || c.OptimalUnknown {
				t.Fatalf("%s %s: %+v, want every optimal move searched", o.name, b, c)
			}
			if c.Generated < c.Nodes {
				t.Errorf("%s %s: %d generated, fewer than the %d expanded", o.name, b, c.Generated, c.Nodes)
			}
			if n, g := o.sum(b); c.Nodes != n || c.Generated != g {
				t.Errorf("%s %s: %d expanded, %d generated; its searches add up to %d, %d", o.name, b, c.Nodes, c.Generated, n, g)
			}
		}
	}
}
