package statespace

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestWideBoards checks boards of more than 16 cells: every board a random
// walk reaches from the goal passes Check, swapping two tiles of it makes
// it unsolvable, and Packed tells boards apart and round-trips nothing
// away (every tile is recoverable from the key).
func TestWideBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sh := range []Shape{{5, 5}, {4, 5}, {3, 6}, {4, 6}, {3, 7}} {
		for _, goal := range []Board{GoalFirst(sh), GoalLast(sh)} {
			sp := MustSpace(goal)
			seen := map[Key]Board{}
			b := goal
			for step := 0; step < 3000; step++ {
				next, ok := b.Apply(Moves[rng.IntN(4)])
				if !ok {
					continue
				}
				b = next
				if err := sp.Check(b); err != nil {
					t.Fatalf("%s: %s, reached by moves, fails Check: %v", sh, b, err)
				}
				k := b.Packed()
				if other, dup := seen[k]; dup && other != b {
					t.Fatalf("%s: %s and %s pack alike", sh, b, other)
				}
				seen[k] = b
				if got := unpack(sh, k); got != b {
					t.Fatalf("%s: %s packs to %+v, which reads back as %s", sh, b, k, got)
				}
			}
			tiles := b.Tiles()
			i, j := 0, 1
			if tiles[i] == 0 || tiles[j] == 0 {
				i, j = 2, 3
			}
			tiles[i], tiles[j] = tiles[j], tiles[i]
			swapped := MustBoard(sh, tiles...)
			if err := sp.Check(swapped); err == nil {
				t.Errorf("%s: %s (two tiles swapped) passes Check", sh, swapped)
			}
			if sp.Counted() != (sh.Cells() <= 20) {
				t.Errorf("%s: Counted %v", sh, sp.Counted())
			}
			if !sp.Counted() && sp.Size() != math.MaxUint64 {
				t.Errorf("%s: Size %d, want the saturated math.MaxUint64", sh, sp.Size())
			}
		}
	}
}

// unpack reads a Key back into a board, by the layout Packed documents.
func unpack(sh Shape, k Key) Board {
	n := sh.Cells()
	tiles := make([]int, n)
	for i := 0; i < n; i++ {
		var low uint64
		if i < 16 {
			low = k.Lo >> (4 * i) & 15
		} else {
			low = k.Hi >> (4 * (i - 16)) & 15
		}
		tiles[i] = int(low | (k.Hi>>(36+i)&1)<<4)
	}
	b, err := NewBoard(sh, tiles)
	if err != nil {
		return Board{}
	}
	return b
}

// TestRankWide checks Rank and Unrank on 4x5 (20 cells, the largest
// counted space): they invert each other on boards from random walks and
// on random ranks, and Size is 20!/2.
func TestRankWide(t *testing.T) {
	sh := Shape{4, 5}
	sp := MustSpace(GoalLast(sh))
	want := uint64(1)
	for k := 3; k <= 20; k++ {
		want *= uint64(k)
	}
	if sp.Size() != want {
		t.Fatalf("4x5: Size %d, want 20!/2 = %d", sp.Size(), want)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	b := sp.Goal()
	for step := 0; step < 2000; step++ {
		if next, ok := b.Apply(Moves[rng.IntN(4)]); ok {
			b = next
		}
		r := sp.Rank(b)
		if r >= sp.Size() || sp.Unrank(r) != b {
			t.Fatalf("4x5: %s ranks %d, which unranks to %s", b, r, sp.Unrank(r))
		}
		r = rng.Uint64N(sp.Size())
		u := sp.Unrank(r)
		if err := sp.Check(u); err != nil || sp.Rank(u) != r {
			t.Fatalf("4x5: Unrank(%d) = %s (Check %v) ranks %d", r, u, err, sp.Rank(u))
		}
	}
}
