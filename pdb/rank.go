package pdb

import (
	"fmt"

	"github.com/tilespace/tilespace/internal/perm"
)

// Placements returns the number of ways to put k distinct tiles on n
// cells, n!/(n−k)!: the number of entries of a pattern database of k
// tiles on an n-cell board.
func Placements(n, k int) uint64 { return perm.Placements(n, k) }

// UnrankPlacement is the inverse of RankPlacement on boards of at most 25
// cells: it writes the cells of the placement with the given rank into
// cells, whose length is k.
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
