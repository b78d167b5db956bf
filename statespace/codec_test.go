package statespace

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/tablefile"
)

// The mod4-bit payload alone determines every distance: walking toward the
// goal from it gives the table's distance for every board of 3x3 and 2x4.
func TestWalkDistance(t *testing.T) {
	for _, goal := range []Board{GoalLast(Shape{3, 3}), MustBoard(Shape{3, 3}, 1, 0, 2, 3, 4, 5, 6, 7, 8), GoalFirst(Shape{2, 4})} {
		sp := MustSpace(goal)
		tab, err := sp.Enumerate(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, payload, err := tab.Encode(tablefile.EncodingMod4Bit)
		if err != nil {
			t.Fatal(err)
		}
		step := uint64(1)
		if testing.Short() {
			step = 97
		}
		for r := uint64(0); r < sp.Size(); r += step {
			b := sp.Unrank(r)
			if got := WalkDistance(sp, payload, b); got != tab.DistanceAt(r) {
				t.Fatalf("goal %s board %s: walk gives %d, table %d", GoalName(goal), b, got, tab.DistanceAt(r))
			}
		}
	}
}
