package search_test

import (
	"fmt"
	"os"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// The first example of COMS 4701 homework 1: BFS toward 0,1,…,8.
func ExampleBFS() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	start, _ := statespace.Parse("1,2,5,3,4,0,6,7,8", sh)
	r := search.BFS(search.Problem{Start: start, Goal: statespace.GoalFirst(sh)})
	fmt.Println(statespace.JoinMoves(r.Path, " "), r.Expanded, r.MaxSearchDepth)
	// Output: Up Left Left 10 4
}

func ExampleAStar() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	goal := statespace.GoalLast(sh)
	start, _ := statespace.Parse("8 6 7 / 2 5 4 / 3 _ 1", sh)
	r := search.AStar(search.Problem{Start: start, Goal: goal}, pdb.NewLinearConflict(goal))
	fmt.Println(r.Algorithm, len(r.Path), r.Found)
	// Output: A* (linear conflict) 31 true
}

func ExampleWriteCOMS() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	start, _ := statespace.Parse("3,1,2,0,4,5,6,7,8", sh)
	run, _ := search.RunCOMS("dfs", start, search.Limits{})
	run.Result.Elapsed = 0 // times vary; the example fixes them
	search.WriteCOMS(os.Stdout, run.Result, 0)
	// Output:
	// path_to_goal: ['Up']
	// cost_of_path: 1
	// nodes_expanded: 1
	// search_depth: 1
	// max_search_depth: 1
	// running_time: 0.00000000
	// max_ram_usage: 0.00000000
}
