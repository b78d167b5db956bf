package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
)

// checkPublished compares the number of boards Distances finds at each
// distance with the published distribution (OEIS, package reference).
func checkPublished(t *testing.T, s statespace.Shape) {
	t.Helper()
	ref, ok := reference.FindDistribution(s.String(), "corner")
	if !ok {
		t.Fatalf("no published distribution for %s", s)
	}
	lv, err := Distances(context.Background(), statespace.MustSpace(statespace.GoalLast(s)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if lv.Radius() != ref.Radius || lv.States() != ref.States {
		t.Fatalf("%s: radius %d of %d boards, published %d of %d", s, lv.Radius(), lv.States(), ref.Radius, ref.States)
	}
	for d, c := range lv.Counts() {
		if c != ref.Counts[d] {
			t.Errorf("%s: %d boards at %d, published %d (%s)", s, c, d, ref.Counts[d], ref.OEIS)
		}
	}
}

func TestDistancesPublished(t *testing.T) {
	for _, s := range []statespace.Shape{{Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}} {
		checkPublished(t, s)
	}
}

// TestDistancesPublished12Cells is the same on 3x4's 239,500,800 boards.
func TestDistancesPublished12Cells(t *testing.T) {
	longtest.Skip(t, "3x4's distances, 230 MiB")
	checkPublished(t, statespace.Shape{Rows: 3, Cols: 4})
}
