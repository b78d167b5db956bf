package pdb

import (
	"fmt"

	"github.com/tilespace/tilespace/internal/perm"
)

// Placements returns the number of ways to put k distinct tiles on n
// cells, n!/(n−k)!: the number of entries of a pattern database of k
// tiles on an n-cell board.
func Placements(n, k int) uint64 { return perm.Placements(n, k) }

// UnrankPlacement writes into cells, whose length is k, the cells of the
// placement of k distinct tiles on n ≤ 25 cells with the given rank, in
// the pattern's tile order. Placements are numbered by the mixed-radix
// number whose i-th digit (radix n−i) is the position of cells[i] among
// the cells not taken by cells[0..i−1], so the ranks of all placements
// are exactly 0 … Placements(n, k)−1.
func UnrankPlacement(n int, rank uint64, cells []int) {
	k := len(cells)
	if n > perm.Cells || rank >= Placements(n, k) {
		panic(fmt.Sprintf("pdb: rank %d out of range for %d tiles on %d cells", rank, k, n))
	}
	var digits [perm.Cells]int
	for i := k - 1; i >= 0; i-- {
		radix := uint64(n - i)
		digits[i] = int(rank % radix)
		rank /= radix
	}
	avail := uint32(1)<<n - 1
	for i := 0; i < k; i++ {
		c := perm.Select32(avail, digits[i])
		cells[i] = c
		avail &^= 1 << c
	}
}
