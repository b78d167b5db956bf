package pdb

import (
	"fmt"

	"github.com/tilespace/tilespace/internal/perm"
)

// Placements returns the number of ways to put k distinct tiles on n
// cells, n!/(n−k)!: the number of entries of a pattern database of k
// tiles on an n-cell board.
func Placements(n, k int) uint64 { return perm.Placements(n, k) }

// RankPlacement numbers a placement of k distinct tiles on n cells: cells
// holds the cell of each pattern tile, in the pattern's tile order. The
// rank is the mixed-radix number whose i-th digit (radix n−i) is the
// position of cells[i] among the cells not taken by cells[0..i−1], so the
// ranks of all placements are exactly 0 … Placements(n, k)−1. It panics
// on a repeated or out-of-range cell.
func RankPlacement(n int, cells []int) uint64 {
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

// UnrankPlacement is the inverse of RankPlacement on boards of at most 16
// cells: it writes the cells of the placement with the given rank into
// cells, whose length is k.
func UnrankPlacement(n int, rank uint64, cells []int) {
	k := len(cells)
	if n > 16 || rank >= Placements(n, k) {
		panic(fmt.Sprintf("pdb: rank %d out of range for %d tiles on %d cells", rank, k, n))
	}
	var digits [16]int
	for i := k - 1; i >= 0; i-- {
		radix := uint64(n - i)
		digits[i] = int(rank % radix)
		rank /= radix
	}
	avail := uint32(1)<<n - 1
	for i := 0; i < k; i++ {
		c := perm.Select(avail, digits[i])
		cells[i] = c
		avail &^= 1 << c
	}
}
