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
			if got, err := WalkDistance(sp, payload, b, tab.Radius()); err != nil || got != tab.DistanceAt(r) {
				t.Fatalf("goal %s board %s: walk gives %d (%v), table %d", GoalName(goal), b, got, err, tab.DistanceAt(r))
			}
		}
	}
}

// A damaged payload makes the walk fail, never loop: all zeros, and one
// flipped bit.
func TestWalkDistanceDamaged(t *testing.T) {
	sp := MustSpace(GoalLast(Shape{2, 3}))
	tab, err := sp.Enumerate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, payload, _ := tab.Encode(tablefile.EncodingMod4Bit)
	zeros := make([]byte, len(payload))
	failed := 0
	for r := uint64(0); r < sp.Size(); r++ {
		if _, err := WalkDistance(sp, zeros, sp.Unrank(r), tab.Radius()); err != nil {
			failed++
		}
	}
	if failed == 0 {
		t.Error("an all-zero payload walks every board home")
	}
	if _, err := WalkDistance(sp, payload, MustBoard(Shape{2, 3}, 2, 1, 3, 4, 5, 0), tab.Radius()); err == nil {
		t.Error("walked an unsolvable board")
	}
}

// A lazy table (as Decode makes for large spaces) answers like the full
// one, and expands on demand for the scanning methods.
func TestLazyTable(t *testing.T) {
	sp := MustSpace(GoalFirst(Shape{2, 4}))
	full, err := sp.Enumerate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, payload, _ := full.Encode(tablefile.EncodingMod4Bit)
	lazy := &Table{space: sp, counts: full.Counts(), mod4: payload}
	for r := uint64(0); r < sp.Size(); r += 7 {
		b := sp.Unrank(r)
		if lazy.Distance(b) != full.Distance(b) || lazy.OptimalMoves(b) != full.OptimalMoves(b) || lazy.DistanceAt(r) != full.DistanceAt(r) {
			t.Fatalf("board %s: lazy %d %v, full %d %v", b, lazy.Distance(b), lazy.OptimalMoves(b), full.Distance(b), full.OptimalMoves(b))
		}
		if p, err := lazy.Path(b); err != nil || len(p) != full.Distance(b) {
			t.Fatalf("board %s: lazy path %v, %v", b, p, err)
		}
	}
	if len(lazy.Antipodes()) != 1 || lazy.Verify() != nil {
		t.Errorf("expanded lazy table: %d antipodes, %v", len(lazy.Antipodes()), lazy.Verify())
	}
}

// The 12-cell 3x4 board: 239,500,800 states, radius 53 with 18 states at
// the radius (OEIS A090166; Korf & Schultze, AAAI 2005; see
// data/reference/distributions.tsv). Its table is large enough that Decode
// keeps it lazy, and the lazy lookups agree with the full table. The
// search takes about 30 s and 6 GB.
func TestEnumerate3x4(t *testing.T) {
	if testing.Short() {
		t.Skip("a 6 GB, 30 s enumeration")
	}
	sp := MustSpace(GoalLast(Shape{3, 4}))
	full, err := sp.Enumerate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if full.Radius() != 53 || full.Counts()[53] != 18 || full.States() != 239_500_800 {
		t.Fatalf("3x4: %d states, radius %d with %d at it", full.States(), full.Radius(), full.Counts()[full.Radius()])
	}
	h, payload, err := full.Encode(tablefile.EncodingMod4Bit)
	if err != nil {
		t.Fatal(err)
	}
	lazy, err := Decode(context.Background(), h, payload)
	if err != nil {
		t.Fatal(err)
	}
	if lazy.dist != nil {
		t.Fatal("a 12-cell table was expanded on load")
	}
	for r := uint64(0); r < sp.Size(); r += 9_999_991 {
		b := sp.Unrank(r)
		if lazy.Distance(b) != full.DistanceAt(r) || lazy.OptimalMoves(b) != full.OptimalMoves(b) {
			t.Fatalf("board %s: lazy %d, full %d", b, lazy.Distance(b), full.DistanceAt(r))
		}
	}
}
