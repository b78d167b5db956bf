package resolve_test

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Answer one board from the embedded 8-puzzle table.
func ExampleResolver_Answer() {
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		panic(err)
	}
	b, _ := statespace.Parse("1,2,3,4,5,6,0,7,8", statespace.Shape{})
	a, err := res.Answer(ctx, statespace.GoalLast(b.Shape()), b, resolve.Want{Path: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Distance, a.Optimal, statespace.JoinMoves(a.Path, " "))
	// Output: 2 Right Right Right
}
