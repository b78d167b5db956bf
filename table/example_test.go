package table_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// Enumerate is the retrograde breadth-first search from the goal: the
// distance of every reachable board.
func ExampleEnumerate() {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	t, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		panic(err)
	}
	// 2x3: 360 boards, radius 21, one board there (OEIS A090034).
	far := t.Antipodes()
	d, _ := t.Lookup(far[0])
	path, _ := t.Path(far[0])
	fmt.Println(t.States(), t.Radius(), len(far), d, len(path))
	fmt.Println(far[0].Grid())
	// Output:
	// 360 21 1 21 21
	// 4 5 _
	// 1 2 3
}
