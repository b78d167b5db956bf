package search_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// The first example of COMS 4701 homework 1: BFS toward 0,1,…,8.
func ExampleBFS() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	start, _ := statespace.Parse("1,2,5,3,4,0,6,7,8", sh)
	r, _ := search.BFS(context.Background(), search.Problem{Start: start, Goal: statespace.GoalFirst(sh)})
	fmt.Println(statespace.JoinMoves(r.Path, " "), r.Expanded, r.MaxSearchDepth)
	// Output: Up Left Left 10 4
}

func ExampleAStar() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	goal := statespace.GoalLast(sh)
	start, _ := statespace.Parse("8 6 7 / 2 5 4 / 3 _ 1", sh)
	r, _ := search.AStar(context.Background(), search.Problem{Start: start, Goal: goal}, pdb.NewLinearConflict(goal))
	fmt.Println(r.Algorithm, len(r.Path), r.Found)
	// Output: A* (linear conflict) 31 true
}
