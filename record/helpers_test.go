package record

import (
	"context"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
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
	o, err := res.For(context.Background(), sampleShape)
	if err != nil {
		tb.Fatal(err)
	}
	t := o.Source().Table
	if t == nil {
		tb.Fatalf("%s: no table", sampleShape)
	}
	return o, slices.Collect(t.Samples(resolve.NewRand(7), -1, n))
}
