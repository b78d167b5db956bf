package resolve

import (
	"math/big"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// falling is n·(n−1)·…·(n−k+1): the placements of k tiles on n cells,
// computed apart from pdb.Entries.
func falling(n, k int) int64 {
	f := big.NewInt(1)
	for i := 0; i < k; i++ {
		f.Mul(f, big.NewInt(int64(n-i)))
	}
	return f.Int64()
}

// The rungs' sizes are their databases' entries, a byte each: 6 tiles
// on 25 cells (plain), 6 tiles and the blank (zero-aware), once per
// distinct pattern; a maximum held packed at half that. Each
// zero-aware 6-tile file is stored as 2,422,746,863 bytes
// (docs/solvers.md, measured): its entries and an 18,863-byte header.
func TestLadder(t *testing.T) {
	sh := statespace.Shape{Rows: 5, Cols: 5}
	plain, zero := falling(25, 6), falling(25, 7)
	if got := 2422746863 - zero; got != 18863 {
		t.Fatalf("a zero-aware file less its entries: %d bytes", got)
	}
	want := []Rung{
		{Partition: "6-6-6-6", Disk: 4 * plain, Held: 4 * plain, Build: 2.3e9},
		{Partition: "6-6-6-6", ZeroAware: true, Disk: 4 * zero, Held: 4 * zero, Build: 7.6e9},
		{Partition: "6-6-6-6x4", ZeroAware: true, Disk: 8 * zero, Held: 4 * zero, Build: 7.6e9},
		{Partition: "6-6-6-6x7", ZeroAware: true, Disk: 14 * zero, Held: 7 * zero, Build: 8.4e9},
	}
	for _, goal := range []statespace.Board{statespace.GoalFirst(sh), statespace.GoalLast(sh)} {
		got := Ladder(goal)
		if len(got) != len(want) {
			t.Fatalf("goal %s: %d rungs, want %d", goal, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("goal %s rung %d: %+v, want %+v", goal, i, got[i], want[i])
			}
		}
	}
	if l := Ladder(statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})); l != nil {
		t.Errorf("4x4: %d rungs, want none (its presets build in seconds)", len(l))
	}
}

var climbs = []struct {
	m           Machine
	want        int
	diskLimited bool
}{
	{Machine{}, 0, false},                                 // nothing known: the weakest
	{Machine{Memory: 4 << 30}, 0, false},                  // too little for any: the weakest
	{Machine{Memory: 8 << 30}, 0, false},                  // a laptop
	{Machine{Memory: 12 << 30}, 0, false},                 // 9.7 GB + 3 GiB do not fit
	{Machine{Memory: 13 << 30}, 2, false},                 // they do: 6-6-6-6x4 holds no more than 6-6-6-6
	{Machine{Memory: 16 << 30}, 2, false},                 // 6-6-6-6x4, 9.7 GB packed
	{Machine{Memory: 24 << 30}, 3, false},                 // 6-6-6-6x7, 17.0 GB packed
	{Machine{Memory: 24 << 30, DiskFree: 80e9}, 3, false}, // and the disk for it
	{Machine{Memory: 24 << 30, DiskFree: 25e9}, 2, true},  // 33.9 GB do not fit
	{Machine{Memory: 24 << 30, DiskFree: 5e9}, 0, true},   // only the plain set's 0.5 GB
	{Machine{Memory: 16 << 30, DiskFree: 15e9}, 1, true},  // 9.7 GB fit, 19.4 GB not
	{Machine{Memory: 8 << 30, DiskFree: 1e9}, 0, false},   // nothing fits: the weakest, whose build says so
}

func TestClimb(t *testing.T) {
	ladder := Ladder(statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5}))
	for i, c := range climbs {
		got, limited := Climb(ladder, c.m)
		if got != ladder[c.want] || limited != c.diskLimited {
			t.Errorf("%d: Climb(%+v) = %s zero-aware %v, disk-limited %v; want rung %d (%s), %v",
				i, c.m, got.Partition, got.ZeroAware, limited, c.want, ladder[c.want].Partition, c.diskLimited)
		}
	}
}
