package record_test

import (
	"context"
	"errors"
	"os"

	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Write answers as JSON records, one a line, moves named by the tile
// that slides; a board without an answer becomes an error record.
func ExampleWriter() {
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		panic(err)
	}
	out := record.NewWriter(os.Stdout, os.Stderr, record.Options{Format: record.JSON, TileMoves: true})
	for i, text := range []string{"1,2,3,4,5,6,7,0,8", "1,2,3,4,5,6,8,7,0"} {
		b, err := statespace.ParseBytes([]byte(text), statespace.Shape{})
		if err != nil {
			panic(err)
		}
		a, err := res.Answer(ctx, statespace.GoalLast(b.Shape()), b, resolve.Want{Path: true})
		var u *statespace.UnsolvableError
		switch {
		case errors.As(err, &u):
			err = out.Fail(i+1, text, err)
		case err == nil:
			err = out.Answer(a)
		}
		if err != nil {
			panic(err)
		}
	}
	out.Flush()
	// Output:
	// {"board":"1,2,3,4,5,6,7,0,8","distance":1,"optimal_moves":["8Left"],"path":["8Left"],"heuristic":"table"}
	// {"line":2,"input":"1,2,3,4,5,6,8,7,0","error":"unsolvable for goal last: the tiles have 1 inversion relative to the goal, an odd number; on a board of odd width every move keeps the inversion parity, and the goal has 0"}
}
