package statespace

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// DrawOne draws the distance asked, refuses distances outside the table
// with a *RareError, and on a lazy table refuses too rare a distance the
// same way.
func TestDrawOne(t *testing.T) {
	tab := tableOf(t, GoalLast(Shape{3, 3}))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []int{0, 1, 12, 31} {
		b, err := DrawOne(context.Background(), tab, rng, d)
		if err != nil || distOf(t, tab, b) != d {
			t.Errorf("depth %d: drew %s at %d: %v", d, b, distOf(t, tab, b), err)
		}
	}
	for _, d := range []int{-1, 32} {
		var re *RareError
		if _, err := DrawOne(context.Background(), tab, rng, d); !errors.As(err, &re) || re.Distance != d || re.Radius != 31 {
			t.Errorf("depth %d: %v, want a *RareError", d, err)
		}
	}
	lazy := &LazyTable{tableHead: newHead(tab.space, tab.Counts()), mod4: Mod4Bytes(tab.Mod4Payload())}
	defer func(l, s uint64) { lazyLevelLimit, lazyRejectionShare = l, s }(lazyLevelLimit, lazyRejectionShare)
	lazyLevelLimit, lazyRejectionShare = 1000, 1000
	var re *RareError
	if _, err := DrawOne(context.Background(), lazy, rng, 31); !errors.As(err, &re) || re.Count != 2 || re.States != 181440 {
		t.Errorf("lazy depth 31: %v, want a *RareError", err)
	}
	if b, err := DrawOne(context.Background(), lazy, rng, 20); err != nil || distOf(t, tab, b) != 20 {
		t.Errorf("lazy depth 20 by rejection: %s at %d, %v", b, distOf(t, tab, b), err)
	}
}

func tableOf(t testing.TB, goal Board) *Table {
	t.Helper()
	tab, err := MustSpace(goal).Enumerate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
