package classroom

import (
	"context"
	"strconv"

	"github.com/tilespace/tilespace/internal/fixture"
)

var (
	sh33 = fixture.Shape3x3
	bg   = context.Background()
)

// The shared helpers (package fixture), by their short names here.
var (
	mustParse = fixture.MustParse
	tableFor  = fixture.TableFor
	replay    = fixture.Replay
	newRand   = fixture.NewRand
	comsGoal  = fixture.ComsGoal
)

func itoaTest(n int) string { return strconv.Itoa(n) }
