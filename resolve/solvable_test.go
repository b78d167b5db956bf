package resolve

import (
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// Solvable and CheckSolvable say the same of boards drawn at random,
// half of which cannot reach the goal (two tiles swapped).
func TestSolvableIsCheckSolvable(t *testing.T) {
	rng := fixture.NewRand(7)
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})} {
		sp := statespace.MustSpace(goal)
		yes := 0
		for i := range 400 {
			tiles := sp.Random(rng).Tiles()
			if i%2 == 1 {
				a, b := 0, 1
				if tiles[a] == 0 || tiles[b] == 0 {
					a, b = 2, 3
				}
				tiles[a], tiles[b] = tiles[b], tiles[a]
			}
			b := statespace.MustBoard(goal.Shape(), tiles...)
			if Solvable(sp, b) != (CheckSolvable(goal, b) == nil) {
				t.Fatalf("%v toward %v: Solvable %v, CheckSolvable %v", b, goal, Solvable(sp, b), CheckSolvable(goal, b))
			}
			if Solvable(sp, b) {
				yes++
			}
		}
		if yes != 200 {
			t.Errorf("toward %v: %d of 400 solvable, want the 200 unswapped", goal, yes)
		}
	}
}
