package analyze_test

import (
	"context"
	"fmt"
	"os"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/statespace"
)

// A heuristic written as a Go function, profiled over every 8-puzzle
// board beside the built-in Manhattan distance: the tiles out of their
// goal row plus the tiles out of their goal column, a bound between
// misplaced tiles and Manhattan distance.
func ExampleProfileHeuristics() {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp, err := analyze.ProfileSpace(goal)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := goal.Shape()
	outOfRowCol := analyze.HeuristicFunc(func(b statespace.Board) int {
		h := 0
		for c := 0; c < b.Cells(); c++ {
			if t := b.Tile(c); t != 0 {
				g := goal.Find(t)
				if s.Row(c) != s.Row(g) {
					h++
				}
				if s.Col(c) != s.Col(g) {
					h++
				}
			}
		}
		return h
	})
	builtIn, err := analyze.NewHeuristics(context.Background(), goal, []string{"manhattan"})
	if err != nil {
		fmt.Println(err)
		return
	}
	hs := append([]analyze.Heuristic{{Name: "rows+columns", H: outOfRowCol}}, builtIn...)
	lv, ps, err := analyze.ProfileHeuristics(context.Background(), sp, hs, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := analyze.WriteText(os.Stdout, lv, ps); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 3x3, goal last: 181,440 boards at distances 0 to 31; brute-force branching factor b = 1.732051
	//
	//   heuristic     h = h*  mean h  mean h/h*  h > h*  |Δh| > 1  max |Δh|         η
	//   rows+columns   0.23%  10.667     0.4935       0         0         1  0.005408
	//   manhattan      1.30%  14.000     0.6420       0         0         1  0.001698
	//
	// mean h* = 21.972; mean h/h* leaves out the goal (h* = 0)
	// |Δh| > 1: of the 241,920 moves (each pair of neighbours once), those whose ends' values differ by more than 1
	// η: the mean of b^-h over every board
}
