package solver_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// TestAgreesWithSearch runs the fast engine and the generic IDA*
// (search.IDAStar) on the same additive pattern databases, built in memory
// from small patterns, over sampled 3x3 boards at every distance and 4x4
// boards from random walks, and checks that they expand and generate the
// same number of boards and return the same path, on plain and on
// zero-aware databases, packed or not (which the engine looks up
// incrementally, and search.IDAStar through pdb.Additive.Distance), alone
// and as maximums of several partitions, when the engine prunes
// only the move undoing the last (Prune 2), iteration by iteration
// (Result.Bounds and IterationNodes against the bounds of the expansions
// search.IDAStar reports to Problem.OnStep). With the default machine
// each path must have the same length and replay to the goal, and over
// all boards the engine must generate fewer children.
func TestAgreesWithSearch(t *testing.T) {
	sq3 := statespace.Shape{Rows: 3, Cols: 3}
	sq4 := statespace.Shape{Rows: 4, Cols: 4}
	rng := rand.New(rand.NewPCG(11, 12))
	type setup struct {
		goal   statespace.Board
		part   string
		boards []statespace.Board
		zero   bool
		packed bool
	}
	var setups []setup
	for _, g := range []statespace.Board{statespace.GoalLast(sq3), statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8)} {
		tab, err := table.Enumerate(context.Background(), statespace.MustSpace(g), nil)
		if err != nil {
			t.Fatal(err)
		}
		var boards []statespace.Board
		for d := 0; d <= tab.Radius(); d += 3 {
			boards = append(boards, tab.Sample(rng, d, 2)...)
		}
		setups = append(setups, setup{goal: g, part: "1,2,3,4/5,6,7,8", boards: boards})
	}
	g4 := statespace.GoalFirst(sq4)
	var walks []statespace.Board
	for i := 0; i < 12; i++ {
		walks = append(walks, statespace.Walk(rng, g4, 20+5*(i%4), statespace.NoReverse))
	}
	setups = append(setups, setup{goal: g4, part: "1,2,3,4/5,6,7/8,9,10,11/12,13,14,15", boards: walks})
	// Maximums of several partitions, patterns shared between groups:
	// the engine's per-group sums against pdb.Additive.Distance.
	setups = append(setups,
		setup{goal: setups[0].goal, part: "1,2,3,4/5,6,7,8|1,2,4,5/3,6,7,8|1,3,5,7/2,4,6,8", boards: setups[0].boards},
		setup{goal: setups[1].goal, part: "1,2,3/4,5,6,7,8|1,2,3/4,5,6/7,8|1,4,7/2,5,8/3,6", boards: setups[1].boards},
		setup{goal: g4, part: "1,2,3,4/5,6,7/8,9,10,11/12,13,14,15|1,2,5,6/3,4,7/8,9,12,13/10,11,14,15|1,2,3,4/5,6,7/8,9,12,13/10,11,14,15", boards: walks})
	for i := range setups {
		su := setups[i]
		su.zero = true // the same on zero-aware databases
		setups = append(setups, su)
		su.packed = true // and on them packed
		setups = append(setups, su)
	}
	for _, su := range setups {
		part, err := pdb.ParsePartition(su.part, su.goal)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = su.zero
		h, err := pdb.BuildPartition(context.Background(), su.goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		if su.packed {
			if h, err = h.Pack(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
		}
		s, err := solver.New(h)
		if err != nil {
			t.Fatal(err)
		}
		var plain, pruned uint64
		for i, b := range su.boards {
			s.Workers = 1 + i%2
			s.Prune = 0
			cut, err := s.Solve(context.Background(), b)
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			s.Prune = 2
			fast, err := s.Solve(context.Background(), b)
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			end, bad := b.ApplyAll(cut.Path)
			if len(cut.Path) != len(fast.Path) || bad >= 0 || end != su.goal {
				t.Errorf("%s goal %s: pruned path %v (%d moves) does not solve the board in %d", b, statespace.GoalName(su.goal), cut.Path, len(cut.Path), len(fast.Path))
			}
			plain += fast.Generated
			pruned += cut.Generated
			var bounds []int
			var perIter []uint64
			onStep := func(st search.Step) {
				if len(bounds) == 0 || bounds[len(bounds)-1] != st.Bound {
					bounds, perIter = append(bounds, st.Bound), append(perIter, 0)
				}
				perIter[len(perIter)-1]++
			}
			gen, err := search.IDAStar(context.Background(), search.Problem{Start: b, Goal: su.goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}, OnStep: onStep}, h)
			if err != nil || !gen.Found {
				t.Fatalf("%s: search.IDAStar: %v, stopped by %s", b, err, gen.StoppedBy)
			}
			if fast.Nodes != uint64(gen.Expanded) || fast.Generated != uint64(gen.Generated) || !slices.Equal(fast.Path, gen.Path) {
				t.Errorf("%s goal %s: engine %d expanded, %d generated, path %v; search.IDAStar %d, %d, %v",
					b, statespace.GoalName(su.goal), fast.Nodes, fast.Generated, fast.Path, gen.Expanded, gen.Generated, gen.Path)
			}
			if b != su.goal && (!slices.Equal(fast.Bounds, bounds) || !slices.Equal(fast.IterationNodes, perIter) || len(fast.Bounds) != fast.Iterations) {
				t.Errorf("%s goal %s: engine bounds %v expanding %v; search.IDAStar %v expanding %v", b, statespace.GoalName(su.goal), fast.Bounds, fast.IterationNodes, bounds, perIter)
			}
		}
		if pruned >= plain {
			t.Errorf("goal %s: the pruned engine generated %d children, the plain one %d", statespace.GoalName(su.goal), pruned, plain)
		}
		t.Logf("goal %s, %s, zero-aware %v, packed %v: %d boards, %d children generated pruned, %d plain", statespace.GoalName(su.goal), su.part, su.zero, su.packed, len(su.boards), pruned, plain)
	}
}
