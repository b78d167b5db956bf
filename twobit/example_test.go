package twobit_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
)

// The 2x3 puzzle searched at 2 bits a state: the number of boards at each
// distance (OEIS A090034) and bit 1 of the goal's distance.
func ExampleSearch() {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}))
	res, err := twobit.Search(context.Background(), sp, twobit.Options{Workers: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Counts())
	fmt.Println("radius", res.Radius(), "antipodes", len(res.Antipodes()))
	// Output:
	// [1 2 3 5 6 7 10 12 12 16 23 25 28 39 44 40 29 21 18 12 6 1]
	// radius 21 antipodes 1
}
