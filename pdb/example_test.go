package pdb_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// The classic heuristics of the 8-puzzle on its hardest board (31 moves
// from the goal): each is a lower bound, linear conflict the tightest.
func ExampleNewManhattan() {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	b, _ := statespace.Parse("8 6 7 / 2 5 4 / 3 _ 1", goal.Shape())
	fmt.Println(pdb.NewMisplaced(goal).Distance(b), pdb.NewManhattan(goal).Distance(b), pdb.NewLinearConflict(goal).Distance(b))
	// Output: 7 21 23
}

// Additive pattern databases: each counts only the moves of its own
// tiles, so their sum is still a lower bound (29 ≤ 31 here), and tighter
// than Manhattan distance (21).
func ExampleBuildPartition() {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		panic(err)
	}
	h, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		panic(err)
	}
	b, _ := statespace.Parse("8 6 7 / 2 5 4 / 3 _ 1", goal.Shape())
	fmt.Println(part, h.Parts(b), h.Distance(b))
	// Output: 1,2,3,4/5,6,7,8 [14 15] 29
}
