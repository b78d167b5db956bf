package solver

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// TestDualAdmissible checks the dual lookups against exact distances on
// every board of small spaces, for goals with the blank in a corner, on
// an edge and in the middle: never above the distance when the blank is
// on its goal cell, and above it on some board when it is not, which is
// why the engine takes them only there.
func TestDualAdmissible(t *testing.T) {
	sq3 := statespace.Shape{Rows: 3, Cols: 3}
	cases := []struct {
		goal statespace.Board
		part string
	}{
		{statespace.GoalFirst(sq3), "1,2,3,4/5,6,7,8"},
		{statespace.GoalLast(sq3), "1,3,5,7/2,4,6,8"},
		{statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8), "1,2,3/4,5,6,7,8"},
		{statespace.MustBoard(sq3, 1, 2, 3, 4, 0, 5, 6, 7, 8), "1,2,4,5/3,6,7,8"},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4}), "1,2,5/3,4,6,7"},
	}
	for _, c := range cases {
		tab, h := exactAndAdditive(t, c.goal, c.part)
		e := newEngine(h)
		sp := tab.Space()
		var onGoal, raised, overElsewhere int
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			var tiles [perm.Cells]uint8
			for i := 0; i < b.Cells(); i++ {
				tiles[i] = uint8(b.Tile(i))
			}
			d, hd := tab.DistanceAt(r), e.dualEstimate(&tiles)
			if b.Blank() != c.goal.Blank() {
				if hd > d {
					overElsewhere++
				}
				continue
			}
			onGoal++
			if hd > d {
				t.Fatalf("goal %v: dual %d > distance %d on %v", c.goal, hd, d, b)
			}
			if hd > h.Distance(b) {
				raised++
			}
		}
		t.Logf("goal %v %s: %d boards with the blank on its goal cell, the dual raises %d; elsewhere it overestimates %d",
			c.goal, c.part, onGoal, raised, overElsewhere)
		if raised == 0 {
			t.Errorf("goal %v: the dual never raises the estimate", c.goal)
		}
		if overElsewhere == 0 {
			t.Errorf("goal %v: the dual never overestimates with the blank elsewhere; the restriction would be needless", c.goal)
		}
	}
}

// TestDualOptimal solves sampled boards with and without dual lookups:
// the same lengths (the table's), paths that replay, and never more
// nodes with BPMX over an admissible dual.
func TestDualOptimal(t *testing.T) {
	goal := statespace.GoalFirst(sq4)
	h := korfHeuristic(t)
	plain, _ := New(h)
	dual, _ := New(h)
	dual.Dual = true
	var nodesPlain, nodesDual uint64
	for _, k := range easiestKorf(t, 8) {
		a, err := plain.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatal(err)
		}
		b, err := dual.Solve(context.Background(), k.board)
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, "plain", k.board, goal, a.Path, k.length)
		checkPath(t, "dual", k.board, goal, b.Path, k.length)
		nodesPlain += a.Nodes
		nodesDual += b.Nodes
	}
	t.Logf("8 easiest Korf instances, 5-5-5: %d nodes, %d with dual lookups", nodesPlain, nodesDual)
	if nodesDual > nodesPlain {
		t.Errorf("dual lookups expanded %d nodes, more than %d without", nodesDual, nodesPlain)
	}
	// 3x3: every distance agrees with the table.
	sq3 := statespace.Shape{Rows: 3, Cols: 3}
	g3 := statespace.GoalFirst(sq3)
	tab, h3 := exactAndAdditive(t, g3, "1,2,3,4/5,6,7,8")
	s3, _ := New(h3)
	s3.Dual = true
	for r := uint64(0); r < tab.States(); r += 97 {
		b := tab.Space().Unrank(r)
		res, err := s3.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		checkPath(t, "3x3 dual", b, g3, res.Path, tab.DistanceAt(r))
	}
}

// exactAndAdditive returns the exact distance table of a small goal and
// the additive databases of the partition text, built in memory.
func exactAndAdditive(t *testing.T, goal statespace.Board, text string) (*table.Table, *pdb.Additive) {
	t.Helper()
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	part, err := pdb.ParsePartition(text, goal)
	if err != nil {
		t.Fatal(err)
	}
	h, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab, h
}
