package twobit

import (
	"context"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
)

// The 12-cell boards take seconds each: only with TILESPACE_LONG=1. Their
// distributions must be the published ones (the goal's blank in a corner
// for both goals, by symmetry).
func TestSearch12CellsLong(t *testing.T) {
	longtest.Skip(t, "12-cell searches, seconds each")
	for _, sh := range []statespace.Shape{{Rows: 3, Cols: 4}, {Rows: 2, Cols: 6}, {Rows: 4, Cols: 3}, {Rows: 6, Cols: 2}} {
		name := sh.String()
		if sh.Rows > sh.Cols {
			name = fmt.Sprintf("%dx%d", sh.Cols, sh.Rows)
		}
		ref, ok := reference.FindDistribution(name, "corner")
		if !ok {
			t.Fatalf("no published distribution for %s", name)
		}
		for _, goal := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh)} {
			res, err := Search(context.Background(), statespace.MustSpace(goal), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(res.Counts()) != fmt.Sprint(ref.Counts) {
				t.Errorf("%s goal %s: counts %v, published %v", sh, statespace.GoalName(goal), res.Counts(), ref.Counts)
			}
			t.Logf("%s goal %s: %v", sh, statespace.GoalName(goal), res.Elapsed())
		}
	}
}
