package solver

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

var sq5 = statespace.Shape{Rows: 5, Cols: 5}

// The 5x5 tests share six 4-tile databases of the goal first, built in
// memory once (a second or two): a custom partition of small patterns.
var (
	small5Once  sync.Once
	small5H     *pdb.Additive
	small5Error error
)

func small5Heuristic(t testing.TB) *pdb.Additive {
	small5Once.Do(func() {
		goal := statespace.GoalFirst(sq5)
		part, err := pdb.ParsePartition("1,2,5,6/3,4,8,9/7,12,13,14/10,11,15,16/17,18,19,24/20,21,22,23", goal)
		if err != nil {
			small5Error = err
			return
		}
		small5H, small5Error = pdb.BuildPartition(context.Background(), goal, part, nil)
	})
	if small5Error != nil {
		t.Fatal(small5Error)
	}
	return small5H
}

// walk returns the board a random walk of steps moves (never undoing the
// last) reaches from goal.
func walk(rng *rand.Rand, goal statespace.Board, steps int) statespace.Board {
	b, prev := goal, -1
	for i := 0; i < steps; {
		m := rng.IntN(4)
		if m == prev^1 {
			continue
		}
		if next, ok := b.Apply(statespace.Moves[m]); ok {
			b, prev = next, m
			i++
		}
	}
	return b
}

// TestSolve5x5 solves 5x5 boards from random walks with the small
// databases and checks each against an independent search, IDA* on
// Manhattan distance (package search): the same length, a path that
// replays to the goal, and databases (with their reflection) that never
// exceed the true distance, on the board and on every board of the path.
func TestSolve5x5(t *testing.T) {
	h := small5Heuristic(t)
	s, err := New(h)
	if err != nil {
		t.Fatal(err)
	}
	goal := h.Goal()
	manhattan := pdb.NewManhattan(goal)
	rng := rand.New(rand.NewPCG(24, 5))
	for i := 0; i < 12; i++ {
		b := walk(rng, goal, 20+2*i)
		r, err := s.Solve(context.Background(), b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		end, bad := b.ApplyAll(r.Path)
		if bad >= 0 || end != goal {
			t.Fatalf("%s: the path %v does not replay to the goal (illegal move %d, end %s)", b, r.Path, bad, end)
		}
		want, err := search.IDAStar(context.Background(), search.Problem{Start: b, Goal: goal, Limits: search.Limits{MaxExpanded: 50_000_000}}, manhattan)
		if err != nil || !want.Found {
			t.Fatalf("%s: IDA* on Manhattan: %v (found %v)", b, err, want.Found)
		}
		if len(r.Path) != len(want.Path) {
			t.Fatalf("%s: %d moves, IDA* on Manhattan finds %d", b, len(r.Path), len(want.Path))
		}
		if r.Generated < r.Nodes {
			t.Errorf("%s: %d generated, fewer than the %d expanded", b, r.Generated, r.Nodes)
		}
		x := b
		for k, m := range r.Path {
			if d := h.Distance(x); d > len(r.Path)-k {
				t.Fatalf("%s: the databases say %d, the board is %d moves from the goal", x, d, len(r.Path)-k)
			}
			x, _ = x.Apply(m)
		}
	}
}

// TestKorf24Easiest solves the easiest of Korf's 50 24-puzzle instances by
// Korf & Felner's node counts (#38, 96 moves) with the 6-6-6-6 databases,
// built in memory here (minutes; a long test): the published optimal
// length, and a path that replays to the goal.
func TestKorf24Easiest(t *testing.T) {
	longtest.Skip(t, "the 24-puzzle: building 6-6-6-6 and solving Korf's instance 38")
	goal := statespace.GoalFirst(sq5)
	part, err := pdb.Preset("6-6-6-6", goal)
	if err != nil {
		t.Fatal(err)
	}
	h, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(h)
	if err != nil {
		t.Fatal(err)
	}
	var inst reference.Instance
	for _, in := range reference.Korf50() {
		if in.ID == 38 {
			inst = in
		}
	}
	b, err := statespace.Parse(inst.Board, sq5)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Path) != inst.Optimal {
		t.Errorf("instance 38: %d moves, the published optimum is %d", len(r.Path), inst.Optimal)
	}
	if end, bad := b.ApplyAll(r.Path); bad >= 0 || end != goal {
		t.Errorf("instance 38: the path does not replay to the goal (illegal move %d)", bad)
	}
	t.Logf("instance 38: %d moves, %d generated (Korf & Felner: %d), %d expanded, %s", len(r.Path), r.Generated, inst.Generated, r.Nodes, r.Elapsed)
}
