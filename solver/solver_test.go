package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var (
	sq3 = statespace.Shape{Rows: 3, Cols: 3}
	sq4 = statespace.Shape{Rows: 4, Cols: 4}
)

// The tests share the 5-5-5 databases of the 15-puzzle's goal first,
// built in memory once (under a second).
var (
	korfOnce  sync.Once
	korfH     *pdb.Additive
	korfError error
)

func korfHeuristic(t testing.TB) *pdb.Additive {
	korfOnce.Do(func() { korfH, korfError = buildPreset("5-5-5") })
	if korfError != nil {
		t.Fatal(korfError)
	}
	return korfH
}

// buildPreset builds a preset partition for the goal of Korf's instances.
func buildPreset(name string) (*pdb.Additive, error) {
	goal := statespace.GoalFirst(sq4)
	part, err := pdb.Preset(name, goal)
	if err != nil {
		return nil, err
	}
	return pdb.BuildPartition(context.Background(), goal, part, nil)
}

// TestNewRefusesNil checks that a solver needs pattern databases.
func TestNewRefusesNil(t *testing.T) {
	if _, err := New(nil); err == nil {
		t.Error("New(nil) gave no error")
	}
}

type korfInstance struct {
	id     int
	board  statespace.Board
	length int
}

// korf100 returns Korf's 100 instances with their published optimal
// lengths (Korf, "Depth-first iterative-deepening", AI 27, 1985; lengths as
// in Korf & Felner 2002), from data/reference.
func korf100(t testing.TB) []korfInstance {
	var out []korfInstance
	for _, in := range reference.Korf100() {
		b, err := statespace.Parse(in.Board, sq4)
		if err != nil {
			t.Fatalf("Korf instance %d: %v", in.ID, err)
		}
		out = append(out, korfInstance{in.ID, b, in.Optimal})
	}
	return out
}

// easiestKorf returns the n instances with the shortest published
// solutions (ties by id).
func easiestKorf(t testing.TB, n int) []korfInstance {
	all := korf100(t)
	slices.SortStableFunc(all, func(a, b korfInstance) int { return a.length - b.length })
	return all[:n]
}

// checkPath fails unless path takes b to goal in exactly want moves.
func checkPath(t testing.TB, label string, b, goal statespace.Board, path []statespace.Move, want int) {
	t.Helper()
	end, bad := b.ApplyAll(path)
	if bad >= 0 {
		t.Fatalf("%s: move %d (%s) of the path is illegal", label, bad+1, path[bad])
	}
	if end != goal {
		t.Fatalf("%s: the path ends at %s, not the goal", label, end)
	}
	if len(path) != want {
		t.Fatalf("%s: path of %d moves, want %d", label, len(path), want)
	}
}

// TestKorfEasiest solves the 10 easiest of Korf's 100 instances with the
// 5-5-5 databases and checks each path against the published length. The
// full set is BenchmarkKorf100 (see the README).
func TestKorfEasiest(t *testing.T) {
	h := korfHeuristic(t)
	goal := statespace.GoalFirst(sq4)
	s, err := New(h)
	if err != nil {
		t.Fatal(err)
	}
	var nodes uint64
	start := time.Now()
	for _, k := range easiestKorf(t, 10) {
		r, err := s.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatalf("instance %d: %v", k.id, err)
		}
		checkPath(t, fmt.Sprintf("instance %d", k.id), k.board, goal, r.Path, k.length)
		nodes += r.Nodes
		t.Logf("instance %d: %d moves, %d nodes, %d generated, %v", k.id, len(r.Path), r.Nodes, r.Generated, r.Elapsed)
	}
	t.Logf("10 instances: %d nodes in %v", nodes, time.Since(start))
}

// TestDeterministic checks that the counters and the path do not depend on
// the number of goroutines.
func TestDeterministic(t *testing.T) {
	h := korfHeuristic(t)
	for _, k := range easiestKorf(t, 3) {
		var results []Result
		for _, workers := range []int{1, 2, 3} {
			s, _ := New(h)
			s.Workers = workers
			r, err := s.Solve(context.Background(), k.board)
			if err != nil {
				t.Fatal(err)
			}
			results = append(results, r)
		}
		for i, r := range results[1:] {
			if r.Nodes != results[0].Nodes || r.Generated != results[0].Generated || !slices.Equal(r.Path, results[0].Path) {
				t.Errorf("instance %d: %d workers: %d nodes, %d generated, path %v; 1 worker: %d, %d, %v",
					k.id, i+2, r.Nodes, r.Generated, r.Path, results[0].Nodes, results[0].Generated, results[0].Path)
			}
		}
	}
}

// exact8 returns the exact 8-puzzle table of goal (the oracle).
func exact8(t testing.TB, goal statespace.Board) *table.Table {
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestOptimalOn3x3 solves sampled 8-puzzle boards at every distance with
// pattern databases (with and without the reflection, on one and two
// goroutines) and checks the lengths against the exact table and the
// optimal first moves against the table's.
func TestOptimalOn3x3(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for gi, goal := range []statespace.Board{statespace.GoalLast(sq3), statespace.GoalFirst(sq3), statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8)} {
		tab := exact8(t, goal)
		part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
		if err != nil {
			t.Fatal(err)
		}
		add, err := pdb.BuildPartition(context.Background(), goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		for d := 0; d <= tab.Radius(); d++ {
			for bi, b := range tab.Sample(rng, d, 3) {
				s, err := New(add)
				if err != nil {
					t.Fatal(err)
				}
				s.Workers = 1 + bi%2
				label := fmt.Sprintf("goal %d, %s", gi, b)
				r, err := s.Solve(context.Background(), b)
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				checkPath(t, label, b, goal, r.Path, d)
				if d > 0 && bi == 0 {
					moves, _, err := s.OptimalMoves(context.Background(), b, d)
					if err != nil {
						t.Fatal(err)
					}
					if _, want, err := tab.LookupMoves(b); err != nil || moves != want {
						t.Fatalf("%s: optimal moves %s, table says %s", label, moves, want)
					}
				}
			}
		}
	}
}

func TestUnsolvableAndCanceled(t *testing.T) {
	goal := statespace.GoalLast(sq3)
	part, _ := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	add3, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := New(add3)
	_, err = s.Solve(context.Background(), statespace.MustBoard(sq3, 2, 1, 3, 4, 5, 6, 7, 8, 0))
	var ue *statespace.UnsolvableError
	if !errors.As(err, &ue) {
		t.Errorf("unsolvable board: %v", err)
	}
	// Singletons make a weak additive heuristic (Manhattan distance): a
	// hard 15-puzzle instance takes far longer than the deadline.
	g4 := statespace.GoalFirst(sq4)
	k := korf100(t)[87] // instance 88, 65 moves
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	part4, _ := pdb.ParsePartition("1/2/3/4/5/6/7/8/9/10/11/12/13/14/15", g4)
	add, err := pdb.BuildPartition(context.Background(), g4, part4, nil)
	if err != nil {
		t.Fatal(err)
	}
	s5, _ := New(add)
	if _, err := s5.Solve(ctx, k.board); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("fast engine: %v, want the deadline", err)
	}
}

// randomBoard walks n random moves from goal.
func randomBoard(rng *rand.Rand, goal statespace.Board, n int) statespace.Board {
	b := goal
	for i := 0; i < n; i++ {
		moves := b.LegalMoves().Moves()
		b, _ = b.Apply(moves[rng.IntN(len(moves))])
	}
	return b
}

// TestEngineHeuristic checks that the engine's incremental values are the
// additive heuristic's: at the root of random boards and along random
// walks.
func TestEngineHeuristic(t *testing.T) {
	h := korfHeuristic(t)
	e := newEngine(h)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		b := randomBoard(rng, h.Goal(), 100)
		x := e.root(b)
		if x.estimate() != h.Distance(b) {
			t.Fatalf("%s: engine %d, additive %d", b, x.estimate(), h.Distance(b))
		}
	}
}

// TestIncrementalRanks searches with every node's incremental ranks
// checked against full ranking (the engine panics on a difference), on
// the 15-puzzle with the reflection and on 3x3 goals with and without it.
func TestIncrementalRanks(t *testing.T) {
	goal := statespace.GoalFirst(sq4)
	s, _ := New(korfHeuristic(t))
	s.fast.verify = true
	for _, k := range easiestKorf(t, 2) {
		r, err := s.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, fmt.Sprint("instance ", k.id), k.board, goal, r.Path, k.length)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, g := range []statespace.Board{statespace.GoalLast(sq3), statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8),
		statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})} {
		tab := exact8(t, g)
		part, _ := pdb.ParsePartition(map[int]string{9: "1,3,5,7/2,4,6,8", 8: "1,2,5,6/3,4,7"}[g.Cells()], g)
		add, err := pdb.BuildPartition(context.Background(), g, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := New(add)
		s.fast.verify = true
		for _, b := range tab.Sample(rng, -1, 40) {
			r, err := s.Solve(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			checkPath(t, b.String(), b, g, r.Path, fixture.Dist(t, tab, b))
		}
	}
}
