package search

import (
	"context"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
)

var (
	sh33 = fixture.Shape3x3
	sh24 = statespace.Shape{Rows: 2, Cols: 4}
	sh23 = statespace.Shape{Rows: 2, Cols: 3}
	sh32 = statespace.Shape{Rows: 3, Cols: 2}
)

// The shared helpers (package fixture), by their short names here.
var (
	mustParse = fixture.MustParse
	tableFor  = fixture.TableFor
	replay    = fixture.Replay
	newRand   = fixture.NewRand
	comsGoal  = fixture.ComsGoal
)

var bg = context.Background()

// must returns a search's result, panicking (failing the test) on an
// error: the tests that expect errors check them themselves.
func must(r Result, err error) Result {
	if err != nil {
		panic(err)
	}
	return r
}
