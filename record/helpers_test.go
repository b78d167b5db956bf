package record

import (
	"context"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var sampleShape = statespace.Shape{Rows: 3, Cols: 3}

// sampleBoards returns the 8-puzzle's oracle toward goal last and n of its
// boards drawn at random.
func sampleBoards(tb testing.TB, n int) (resolve.Oracle, []statespace.Board) {
	tb.Helper()
	res, err := resolve.NewResolver(context.Background(), resolve.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := res.Oracle(context.Background(), statespace.GoalLast(sampleShape), resolve.Need{TableOnly: true})
	if err != nil {
		tb.Fatalf("%s: no table: %v", sampleShape, err)
	}
	t := resolve.TableOf(o)
	return o, slices.Collect(table.Samples(t, resolve.NewRand(7), -1, n))
}
