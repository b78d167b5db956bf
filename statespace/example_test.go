package statespace_test

import (
	"fmt"

	"github.com/tilespace/tilespace/statespace"
)

// Parse reads what people type; Check explains a board that cannot reach
// the goal.
func ExampleParse() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	b, err := statespace.Parse("8 6 7 / 2 5 4 / 3 _ 1", sh)
	fmt.Println(b, err)
	_, err = statespace.Parse("1,2,3,4,5,6,7,9,0", sh)
	fmt.Println(err)
	// Output:
	// 8,6,7,2,5,4,3,0,1 <nil>
	// tile 9 is out of range: a 3x3 board has tiles 0..8 (position 8)
}

// Rank numbers the reachable boards 0 … n!/2 − 1 without holes; Unrank
// is its inverse.
func ExampleSpace_Rank() {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	b := statespace.MustBoard(sp.Shape(), 8, 6, 7, 2, 5, 4, 3, 0, 1)
	r := sp.Rank(b)
	fmt.Println(sp.Size(), sp.Unrank(r) == b)
	// Output: 181440 true
}

// Check says why a board is not in the space.
func ExampleSpace_Check() {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	fmt.Println(sp.Check(statespace.MustBoard(sp.Shape(), 2, 1, 3, 4, 5, 6, 7, 8, 0)))
	// Output: unsolvable for goal last: the tiles have 1 inversion relative to the goal, an odd number; on a board of odd width every move keeps the inversion parity, and the goal has 0
}
