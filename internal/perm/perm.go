// Package perm holds the ranking arithmetic that the state space, the
// pattern databases and the solver share: the rank of a placement of
// distinct tiles on a board's cells, how that rank changes when one tile
// moves to a neighbouring cell, and selecting the j-th set bit of a mask
// of cells. It knows nothing of boards; cells are numbers 0..n−1 in
// reading order, at most 16 of them for Select.
package perm

import "math/bits"

// Placements returns the number of ways to put k distinct tiles on n
// cells, n!/(n−k)!; 0 when k is not in 0..n.
func Placements(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	p := uint64(1)
	for i := 0; i < k; i++ {
		p *= uint64(n - i)
	}
	return p
}

// Rank numbers a placement of k = len(cells) distinct tiles on n ≤ 32
// cells, cells[i] being the cell of the i-th tile: the mixed-radix number
// whose i-th digit (radix n−i) is the position of cells[i] among the cells
// not taken by cells[:i]. The ranks of all placements are exactly
// 0 … Placements(n, k)−1. Cells must be distinct and below n; Rank does
// not check.
func Rank(n int, cells []uint8) uint64 {
	var used uint32
	var r uint64
	for i, c := range cells {
		r = r*uint64(n-i) + uint64(uint32(c)-uint32(bits.OnesCount32(used&(1<<c-1))))
		used |= 1 << c
	}
	return r
}

// Weight returns the place value of digit i of the rank of a placement of
// k tiles on n cells: the product of the radices of the later digits.
// Earlier digits have larger weights.
func Weight(n, k, i int) uint64 {
	w := uint64(1)
	for l := i + 1; l < k; l++ {
		w *= uint64(n - l)
	}
	return w
}

// Delta returns how the rank of a placement changes (two's complement for
// a decrease) when its tile of weight w moves from cell a to the
// neighbouring cell b on a board of cols columns; at[x] is the weight of
// the placement's tile on cell x, 0 when x holds none of them (only the
// cells strictly between a and b are read).
//
// A move one cell right raises the tile's digit by one and no other: the
// rank rises by w. A move down a row passes the cols−1 cells between;
// each earlier tile there (weight above w) no longer counts among the
// cells before b, which takes one off the gain, and each later tile there
// gains one in its own digit (the moving tile no longer precedes it),
// adding its weight. Moves left and up are the mirror images.
func Delta(w uint64, cols, a, b int, at *[16]uint64) uint64 {
	switch b - a {
	case 1:
		return w
	case -1:
		return -w
	}
	d := w * uint64(cols)
	lo := min(a, b)
	for x := lo + 1; x < lo+cols; x++ {
		if u := at[x&15]; u > w {
			d -= w
		} else {
			d += u
		}
	}
	if b < a {
		return -d
	}
	return d
}

// Select returns the position of the j-th (0-based) set bit of m, which
// has at most 16 significant bits and more than j of them set. It picks
// the byte by a population count and looks the bit up there, with no
// data-dependent branch: a loop would mispredict on almost every call.
func Select(m uint32, j int) int {
	lo := uint32(bits.OnesCount32(m & 0xFF))
	hi := (lo - uint32(j) - 1) >> 31 // 1 when the bit is in the high byte
	shift := hi << 3
	return int(shift + uint32(selectInByte[(m>>shift)&0xFF][(uint32(j)-hi*lo)&7]))
}

// selectInByte[b][j] is the position of the j-th set bit of the byte b.
var selectInByte = func() (t [256][8]uint8) {
	for b := range 256 {
		j := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				t[b][j] = uint8(i)
				j++
			}
		}
	}
	return t
}()
