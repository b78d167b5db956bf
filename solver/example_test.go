package solver_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// Solve an 8-puzzle board optimally with two pattern databases built in
// memory; the solver takes the databases and the board, nothing else.
func ExampleSolver_Solve() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	goal := statespace.GoalLast(sh)
	part, _ := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	h, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		panic(err)
	}
	s, err := solver.New(h)
	if err != nil {
		panic(err)
	}
	b, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", sh) // 31 moves: a hardest board
	r, err := s.Solve(context.Background(), b)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(r.Path), statespace.JoinMoves(r.Path[:5], " "))
	// Output: 31 Up Up Left Down Down
}
