package pdb

import (
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/internal/perm"

	"gonum.org/v1/gonum/stat/combin"
)

// TestRankPlacementBijection checks that rankPlacement numbers the
// placements 0 … n!/(n−k)!−1 without holes and that UnrankPlacement
// inverts it, with gonum's independent k-permutation ranking as the oracle
// for the count and the set of placements (the numbering differs).
func TestRankPlacementBijection(t *testing.T) {
	cases := []struct{ n, k int }{{4, 1}, {4, 3}, {6, 2}, {8, 3}, {9, 4}, {9, 8}, {16, 2}}
	for i, c := range cases {
		total := uint64(combin.NumPermutations(c.n, c.k))
		if got := Placements(c.n, c.k); got != total {
			t.Fatalf("case %d: Placements(%d, %d) = %d, gonum says %d", i, c.n, c.k, got, total)
		}
		seen := make([]bool, total)
		gen := combin.NewPermutationGenerator(c.n, c.k)
		back := make([]int, c.k)
		for gen.Next() {
			perm := gen.Permutation(nil)
			r := rankPlacement(c.n, perm)
			if r >= total {
				t.Fatalf("case %d: rank %d of %v out of range %d", i, r, perm, total)
			}
			if seen[r] {
				t.Fatalf("case %d: rank %d given twice (second: %v)", i, r, perm)
			}
			seen[r] = true
			UnrankPlacement(c.n, r, back)
			for j := range perm {
				if back[j] != perm[j] {
					t.Fatalf("case %d: Unrank(Rank(%v)) = %v", i, perm, back)
				}
			}
		}
	}
}

func TestDivisor(t *testing.T) {
	for _, d := range []uint64{1, 2, 3, 7, 10, 11880, 17160, 65536, 1<<31 + 11} {
		v := newDivisor(d)
		for _, x := range []uint64{0, 1, d - 1, d, d + 1, 12345678, 1<<32 - 1, 1 << 32, 1<<40 + 3, 4151347200} {
			q, r := v.divmod(x)
			if q != x/d || r != x%d {
				t.Fatalf("%d divmod %d = %d, %d; want %d, %d", x, d, q, r, x/d, x%d)
			}
		}
	}
}

// rankPlacement numbers a placement of k distinct tiles on n cells: cells
// holds the cell of each pattern tile, in the pattern's tile order. The
// rank is the mixed-radix number whose i-th digit (radix n−i) is the
// position of cells[i] among the cells not taken by cells[0..i−1], so the
// ranks of all placements are exactly 0 … Placements(n, k)−1. It panics
// on a repeated or out-of-range cell.
func rankPlacement(n int, cells []int) uint64 {
	if len(cells) > n || n > 32 {
		panic(fmt.Sprintf("pdb: %d cells on a board of %d", len(cells), n))
	}
	var used uint32
	var buf [32]uint8
	for i, c := range cells {
		if c < 0 || c >= n || used&(1<<c) != 0 {
			panic(fmt.Sprintf("pdb: invalid cell %d in placement %v", c, cells))
		}
		used |= 1 << c
		buf[i] = uint8(c)
	}
	return perm.Rank(n, buf[:len(cells)])
}
