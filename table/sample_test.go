package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// DrawOne draws the distance asked, refuses distances outside the table
// with a *RareError, and on a lazy table refuses too rare a distance the
// same way.
func TestDrawOne(t *testing.T) {
	tab := tableOf(t, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
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
	lazy := &Lazy{tableHead: newHead(tab.space, tab.Counts()), mod4: Mod4Bytes(tab.Mod4Payload())}
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

func tableOf(t testing.TB, goal statespace.Board) *Table {
	t.Helper()
	tab, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// A walk of n moves reaches a distance at most n and of n's parity.
// Without reversals, the 2x2 walk goes round its one cycle of 12 boards:
// after n moves it is exactly min(n, 12−n) from the goal, while a walk
// that may reverse stays closer at least once.
func TestWalkDistances(t *testing.T) {
	for _, sh := range []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 3, Cols: 3}} {
		goal := statespace.GoalLast(sh)
		tab := tableOf(t, goal)
		rng := rand.New(rand.NewPCG(3, 3))
		for n := range 30 {
			for _, mode := range []statespace.WalkMode{statespace.AnyMove, statespace.NoReverse} {
				if d := distOf(t, tab, statespace.Walk(rng, goal, n, mode)); d > n || (n-d)%2 != 0 {
					t.Errorf("%s mode %d: a walk of %d moves reached distance %d", sh, mode, n, d)
				}
			}
		}
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 2})
	tab := tableOf(t, goal)
	rng := rand.New(rand.NewPCG(1, 1))
	closer := false
	for n := 0; n <= 12; n++ {
		if d := distOf(t, tab, statespace.Walk(rng, goal, n, statespace.NoReverse)); d != min(n, 12-n) {
			t.Errorf("2x2: %d moves without reversal reached distance %d, want %d", n, d, min(n, 12-n))
		}
		for range 20 {
			closer = closer || distOf(t, tab, statespace.Walk(rng, goal, n, statespace.AnyMove)) < min(n, 12-n)
		}
	}
	if !closer {
		t.Error("2x2: walks that may reverse never stepped back")
	}
}
