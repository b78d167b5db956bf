package pdb

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// TestPackKeepsValues packs plain and zero-aware databases of small goals
// and checks every state of their spaces: the packed heuristic (a
// maximum too) gives exactly the unpacked one's value, with half the
// bytes.
func TestPackKeepsValues(t *testing.T) {
	cases := []struct {
		goal statespace.Board
		text string
	}{
		{statespace.GoalLast(sq3), "1,2,3,4/5,6,7,8"},
		{statespace.GoalFirst(sq3), "1,2,5/3,4/6,7,8|1,2,4/3,5,8/6,7"},
		{centre3, "1,2,3/4,5/6,7,8"},
		{statespace.GoalLast(r24), "1,2,5,6/3,4,7"},
	}
	for _, c := range cases {
		tab := exactTable(t, c.goal)
		for _, zero := range []bool{false, true} {
			p := mustParse(t, c.text, c.goal)
			p.ZeroAware = zero
			a, err := BuildPartition(context.Background(), c.goal, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			packed, err := a.Pack(context.Background(), nil)
			if err != nil {
				t.Fatalf("%s (zero-aware %v): %v", c.text, zero, err)
			}
			if !packed.Packed() || a.Packed() {
				t.Fatalf("%s: Packed() %v, the original %v", c.text, packed.Packed(), a.Packed())
			}
			for i, q := range packed.PDBs() {
				orig := a.PDBs()[i]
				if len(q.Values()) != (len(orig.Values())+1)/2 || q.Entries() != orig.Entries() || !slices.Equal(q.Counts(), orig.Counts()) {
					t.Errorf("%s: database %d packs %d bytes into %d, %d entries (was %d)", c.text, i, len(orig.Values()), len(q.Values()), q.Entries(), orig.Entries())
				}
				if again, err := Pack(context.Background(), q); err != nil || again != q {
					t.Errorf("%s: packing a packed database: %v", c.text, err)
				}
			}
			sp := tab.Space()
			for r := uint64(0); r < sp.Size(); r++ {
				b := sp.Unrank(r)
				if got, want := packed.Distance(b), a.Distance(b); got != want {
					t.Fatalf("%s (zero-aware %v): packed h(%s) = %d, unpacked %d", c.text, zero, b, got, want)
				}
			}
		}
	}
}

// TestPackRefuses: a value below its placement's Manhattan distance, or
// of the other parity, is damage; an excess beyond what four bits hold is
// refused too, so that a packed heuristic is always the same as the
// unpacked one.
func TestPackRefuses(t *testing.T) {
	goal := statespace.GoalLast(sq3)
	a := buildAdditive(t, goal, "1,2,3,4/5,6,7,8")
	p := a.PDBs()[0]
	// Entry 1 places tile 1 away from its goal cell: its Manhattan
	// distance is at least 1.
	cells := make([]int, 4)
	UnrankPlacement(9, 1, cells)
	for _, c := range []struct {
		value   byte
		damaged bool
	}{{0, true}, {p.Values()[1] + 1, true}, {p.Values()[1] + 32, false}} {
		values := slices.Clone(p.Values())
		values[1] = c.value
		forged, err := FromValues(goal, p.Tiles(), values, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Pack(context.Background(), forged)
		var pe *PackError
		if !errors.As(err, &pe) || pe.Entry != 1 || pe.Damaged != c.damaged || pe.Value != int(c.value) {
			t.Errorf("value %d at entry 1 (cells %v): %v, want a PackError, damaged %v", c.value, cells, err, c.damaged)
		}
	}
	if _, err := Pack(context.Background(), p); err != nil {
		t.Errorf("the database as built: %v", err)
	}
}
