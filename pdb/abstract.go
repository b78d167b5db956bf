package pdb

import (
	"math/bits"
	"runtime"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// geometry holds a shape's cells as bit masks, for flood fills and moves.
type geometry struct {
	n, cols  int
	full     uint32
	notLeft  uint32 // cells not in the first column
	notRight uint32 // cells not in the last column
}

func newGeometry(sh statespace.Shape) geometry {
	g := geometry{n: sh.Cells(), cols: sh.Stride(), full: 1<<sh.Cells() - 1}
	for c := 0; c < g.n; c++ {
		if _, ok := sh.Neighbor(c, statespace.Left); ok {
			g.notLeft |= 1 << c
		}
		if _, ok := sh.Neighbor(c, statespace.Right); ok {
			g.notRight |= 1 << c
		}
	}
	return g
}

// flood returns the connected region of free cells that contains start.
func (g *geometry) flood(free uint32, start int) uint32 {
	r := uint32(1) << start
	cols := g.cols
	for {
		x := r | (r<<cols|r>>cols|(r<<1)&g.notLeft|(r>>1)&g.notRight)&free
		if x == r {
			return r
		}
		r = x
	}
}

// builder is one build: the abstract space (placements of the pattern
// and the blank's region), the marks and values the search fills, and
// the tables that index and unrank a state.
type builder struct {
	geometry
	k      int
	free   int // cells not taken by the pattern: n − k
	goal   statespace.Board
	tiles  []int
	size   uint64   // placements
	states uint64   // size × free
	marks  []uint64 // 2 bits per state, 32 states a word
	out    []byte   // value per placement, unreached until set
	zout   []byte   // zero-aware: value per placement and free cell (nil for plain)
	chunk  uint64   // words per unit of work
	// Tiles whose weight is at most nearWeight move within nearStates of
	// the parent state (weights fall along the rank): their children are
	// marked at once, in marks the scan has just brought into the cache,
	// instead of waiting in a bucket.
	nearWeight uint64

	// weight[i] is the place value of digit i of a placement's rank.
	weight [perm.Cells]uint64
	// regionOrd[free<<4|c] is the index, among the free cells, of the
	// lowest cell of c's region: the blank's part of a state's index. Only
	// for boards of at most 16 cells; larger ones flood (see ordOf).
	regionOrd []uint8
	// Bit free of oneRegion is set when the free cells free are all one
	// region, as they often are: the blank's region is then known without
	// a flood fill (boards of at most 16 cells; 8 KiB).
	oneRegion []uint64
	// On larger boards, wideOrd[comboRank(taken)<<5|c] is the same index
	// for the free cells left by the set of taken cells: one entry per
	// set of k cells (177,100 for 6 tiles on 5x5), where a flood fill per
	// child made the search several times slower.
	wideOrd []uint8
	binom   [perm.Cells][perm.Cells]uint32 // binom[p][i]: p choose i
	// digitBits is the width of a cell or digit in the unranking tables:
	// 4 bits up to 16 cells, 5 above.
	digitBits uint
	// Unranking splits a rank into its leading and trailing digits:
	// headCells[rank / tailSize] holds the cells of the leading tiles
	// (digitBits each, the mask of cells they take in the top n bits),
	// headFree[rank / tailSize * freeStride …] the cells they leave free,
	// ascending, and tailPicks[rank % tailSize] which of those free cells
	// the trailing tiles take (digitBits each). The trailing cells are
	// then table reads that do not wait for one another, where selecting
	// each digit's cell among the cells still free made a chain of
	// dependent lookups that was a sixth of the build.
	headLen    int
	tailSize   divisor
	headCells  []uint64
	freeStride int
	headFree   []uint8
	tailPicks  []uint32
}

func newBuilder(goal statespace.Board, tiles []int) *builder {
	sh := goal.Shape()
	n, k := sh.Cells(), len(tiles)
	b := &builder{geometry: newGeometry(sh), k: k, free: n - k, goal: goal, tiles: tiles}
	b.size = Placements(n, k)
	b.states = b.size * uint64(b.free)
	b.marks = make([]uint64, (b.states+31)/32)
	b.out = make([]byte, b.size)
	for i := range b.out {
		b.out[i] = unreached
	}
	// A unit of work spans whole words and whole placements, so that each
	// placement's value is written by one goroutine only. It is large
	// (up to 512 units, 2 MiB of marks on the 4x4), so that goroutines
	// scan far apart and the children they mark at once seldom share a
	// cache line across cores, but a level still has dozens of them.
	unit := uint64(b.free) * 64
	words := (b.states + 31) / 32
	b.chunk = unit * max(1, min(512, words/(32*uint64(runtime.GOMAXPROCS(0)))/unit))
	for i := range k {
		b.weight[i] = perm.Weight(n, k, i)
	}
	for i := range k {
		if w := b.weight[i]; w*uint64(sh.Stride()*b.free) <= nearStates {
			b.nearWeight = max(b.nearWeight, w)
		}
	}
	b.digitBits = 4
	if n > 16 {
		b.digitBits = 5
		b.wideRegions()
		b.splitDigits()
		return b
	}
	b.regionOrd = make([]uint8, (1<<n)*16)
	b.oneRegion = make([]uint64, (1<<n+63)/64)
	for free := uint32(0); free <= b.full; free++ {
		if bits.OnesCount32(free) != b.free {
			continue
		}
		if b.flood(free, bits.TrailingZeros32(free)) == free {
			b.oneRegion[free/64] |= 1 << (free % 64)
		}
		for rest := free; rest != 0; {
			region := b.flood(free, bits.TrailingZeros32(rest))
			rest &^= region
			ord := uint8(bits.OnesCount32(free & (1<<bits.TrailingZeros32(region) - 1)))
			for r := region; r != 0; r &= r - 1 {
				b.regionOrd[free<<4|uint32(bits.TrailingZeros32(r))] = ord
			}
		}
	}
	b.splitDigits()
	return b
}

// ordOf returns the index, among the free cells, of the lowest cell of
// the region of free cells that holds c.
func (b *builder) ordOf(free uint32, c uint8) uint64 {
	if b.regionOrd != nil {
		return uint64(b.regionOrd[free<<4|uint32(c)])
	}
	return uint64(b.wideOrd[b.comboRank(b.full&^free)<<5|uint32(c&31)])
}

// comboRank numbers a set of k cells 0 … C(n, k)−1 (the colexicographic
// rank: the sum of C(cell, i) over its cells, i counting from 1).
func (b *builder) comboRank(taken uint32) uint32 {
	var r uint32
	for i := 1; taken != 0; i++ {
		r += b.binom[bits.TrailingZeros32(taken)][i&(perm.Cells-1)]
		taken &= taken - 1
	}
	return r
}

// wideRegions fills binom and wideOrd, for boards of more than 16 cells.
func (b *builder) wideRegions() {
	for p := range b.binom {
		b.binom[p][0] = 1
		for i := 1; i <= p; i++ {
			b.binom[p][i] = b.binom[p-1][i-1]
			if i < p {
				b.binom[p][i] += b.binom[p-1][i]
			}
		}
	}
	b.wideOrd = make([]uint8, uint64(b.binom[b.n][b.k])<<5)
	// Every set of k cells, by Gosper's hack.
	for taken := uint32(1)<<b.k - 1; taken <= b.full; {
		free := b.full &^ taken
		base := b.comboRank(taken) << 5
		for rest := free; rest != 0; {
			region := b.flood(free, bits.TrailingZeros32(rest))
			rest &^= region
			ord := uint8(bits.OnesCount32(free & (region&-region - 1)))
			for r := region; r != 0; r &= r - 1 {
				b.wideOrd[base|uint32(bits.TrailingZeros32(r))] = ord
			}
		}
		if taken == 0 {
			break
		}
		low := taken & -taken
		ripple := taken + low
		taken = ripple | (taken^ripple)>>2/low
	}
}

// splitDigits builds the unranking tables when they stay small: at most
// 1<<16 entries each, as for every pattern of up to 8 tiles on 4x4 and 6
// on 5x5. A head entry holds its cells digitBits each with the mask of
// the cells they take from bit 64 − n up, so it has room for (64 − n) /
// digitBits cells: 12 on 4x4, 7 on 5x5.
func (b *builder) splitDigits() {
	db := int(b.digitBits)
	maxHead := (64 - b.n) / db
	maxTail := 32 / db
	tail := uint64(1)
	j := b.k // first trailing digit
	for j > 0 && tail*uint64(b.n-(j-1)) <= 1<<16 && b.k-j < maxTail {
		j--
		tail *= uint64(b.n - j)
	}
	if b.size/tail > 1<<16 || j > maxHead {
		return // unrank by division
	}
	b.headLen, b.tailSize = j, newDivisor(tail)
	b.headCells = make([]uint64, b.size/tail)
	b.freeStride = b.n - j
	b.headFree = make([]uint8, len(b.headCells)*b.freeStride)
	var cells [perm.Cells]int
	for h := range b.headCells {
		UnrankPlacement(b.n, uint64(h), cells[:j])
		var v uint64
		var used uint32
		for i := 0; i < j; i++ {
			v |= uint64(cells[i]) << (db * i)
			used |= 1 << cells[i]
		}
		b.headCells[h] = v | uint64(used)<<(64-b.n)
		free := b.full &^ used
		for f := h * b.freeStride; free != 0; free &= free - 1 {
			b.headFree[f] = uint8(bits.TrailingZeros32(free))
			f++
		}
	}
	// A trailing digit counts the cells still free below the tile's cell;
	// among the cells the head leaves free, that is the digit-th one the
	// earlier trailing tiles have not taken.
	b.tailPicks = make([]uint32, tail)
	var digits [perm.Cells]uint64
	for t := range b.tailPicks {
		r := uint64(t)
		for i := b.k - 1; i >= j; i-- {
			radix := uint64(b.n - i)
			digits[i] = r % radix
			r /= radix
		}
		var v uint32
		var taken uint32 // indices into the head's free cells
		for i := j; i < b.k; i++ {
			pick := perm.Select32(^taken, int(digits[i]))
			taken |= 1 << pick
			v |= uint32(pick) << (db * (i - j))
		}
		b.tailPicks[t] = v
	}
}

// unrank writes the cells of placement p into cells and returns the mask
// of cells they take.
func (b *builder) unrank(p uint64, cells *[perm.Cells]uint8) uint32 {
	if b.headCells == nil {
		var digits [perm.Cells]uint8
		for i := b.k - 1; i >= 0; i-- {
			radix := uint64(b.n - i)
			digits[i] = uint8(p % radix)
			p /= radix
		}
		var used uint32
		for i := 0; i < b.k; i++ {
			c := perm.Select32(b.full&^used, int(digits[i]))
			cells[i] = uint8(c)
			used |= 1 << c
		}
		return used
	}
	q, r := b.tailSize.divmod(p)
	head := b.headCells[q]
	picks := b.tailPicks[r]
	used := uint32(head >> (64 - b.n))
	db := b.digitBits
	digitMask := uint64(1)<<db - 1
	for i := 0; i < b.headLen; i++ {
		cells[i] = uint8(head >> (db * uint(i)) & digitMask)
	}
	free := b.headFree[int(q)*b.freeStride:][:b.freeStride]
	for i := b.headLen; i < b.k; i++ {
		c := free[uint64(picks)&digitMask]
		picks >>= db
		cells[i] = c
		used |= 1 << c
	}
	return used
}

// divisor divides by a number fixed at run time faster than the divide
// instruction, for dividends below 1<<32: with m = ⌊(2⁶⁴−1)/d⌋ + 1 the
// quotient is the high word of m·x and the remainder the high word of
// (m·x mod 2⁶⁴)·d (Lemire, Kaser & Kurz, "Faster remainder by direct
// computation", 2019).
type divisor struct {
	d, m uint64
}

func newDivisor(d uint64) divisor { return divisor{d: d, m: ^uint64(0)/d + 1} }

func (v divisor) divmod(x uint64) (q, r uint64) {
	if v.m == 0 { // d = 1: m overflowed
		return x, 0
	}
	if x>>32 != 0 {
		return x / v.d, x % v.d
	}
	q, low := bits.Mul64(v.m, x)
	r, _ = bits.Mul64(low, v.d)
	return q, r
}
