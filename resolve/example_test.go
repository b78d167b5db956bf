package resolve_test

import (
	"context"
	"fmt"
	"os"
	"strings"

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
	a, err := res.Answer(ctx, b, true)
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Distance, a.Optimal, statespace.JoinMoves(a.Path, " "))
	// Output: 2 Right Right Right
}

// Answer boards in bulk, one JSON object per line; a bad line becomes
// an error record and the batch goes on.
func ExampleBatch() {
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		panic(err)
	}
	in := strings.NewReader("# two boards\n1,2,3,4,5,6,7,0,8\n1,2,3,4,5,6,8,7,0\n")
	out := resolve.NewRecordWriter(os.Stdout, os.Stderr, resolve.Options{Format: resolve.JSON, TileMoves: true})
	sum, err := resolve.Batch(ctx, in, res, out)
	if err != nil {
		panic(err)
	}
	out.Flush()
	fmt.Printf("%d boards, %d failed\n", sum.Boards, sum.Failed)
	// Output:
	// {"board":"1,2,3,4,5,6,7,0,8","distance":1,"optimal_moves":["8Left"],"path":["8Left"],"heuristic":"table"}
	// {"line":3,"input":"1,2,3,4,5,6,8,7,0","error":"unsolvable for goal last: the tiles have 1 inversion relative to the goal, an odd number; on a board of odd width every move keeps the inversion parity, and the goal has 0"}
	// 2 boards, 1 failed
}
