// Package twobit runs the breadth-first search of a whole state space at
// two bits per board, on every core, partition by partition.
//
// # Codes
//
// Every board (by its rank in statespace.Space) has a 2-bit code:
//
//	0  unseen
//	1  frontier: reached, not yet expanded
//	2  done, bit 1 of its distance 0
//	3  done, bit 1 of its distance 1
//
// One frontier code serves two levels at once because a board's distance
// has the parity of its blank's taxicab distance from the goal's blank: at
// depth d the frontier boards whose blank has parity d are the current
// level, the others the next. The search is level-synchronous: depth d
// scans the partitions of parity d, expands every frontier board there
// (its neighbours, all of the other parity, become frontier if unseen)
// and marks it done with bit 1 of d. Each code word is changed with
// atomic operations, so any number of workers share the array, and
// nothing else grows with the space: 2x7's 43,589,145,600 boards take
// 10.9 GB. The done codes hold bit 1 of every distance, which with the
// parity from the blank's cell is the distance mod 4: exactly the 1-bit
// payload of tilespace's table files (Result.ReadAt streams it).
//
// # Partitions
//
// A partition is the boards with one blank cell and the same first few
// codes (the tiles on the first cells): a contiguous block of ranks, of
// 10!/2 = 1,814,400 boards on every board of more than 10 cells. Kernel
// expands one partition's frontier, given as a bitmap, into neighbour
// ranks (the horizontal neighbours need no ranks: they sit at the same
// offsets of the partitions sideways names), which the caller files by
// their partition: the in-process Search
// marks them in its code array, and a distributed pipeline can gather them
// into per-partition lists or bitmaps (PartitionTargets) and merge those, so both
// run the same kernel.
package twobit

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/tilespace/tilespace/statespace"
)

// A Kernel knows a space's partitions and expands them. It is read-only
// and safe for concurrent use; each goroutine needs its own
// statespace.Expander.
type Kernel struct {
	sp       *statespace.Space
	size     uint64 // boards per partition
	perBlank uint64 // partitions per blank cell
	half     uint64 // boards per blank cell
	parity   []uint8
}

// NewKernel returns the kernel of sp.
func NewKernel(sp *statespace.Space) *Kernel {
	n := sp.Shape().Cells()
	m := n - 1
	k := &Kernel{sp: sp, half: sp.Size() / uint64(n)}
	// The first max(0, m−10) codes name the partition, leaving 10 codes,
	// 10!/2 boards (a multiple of 64, so partitions start on whole words).
	k.size = k.half
	for c := m; c > 10; c-- {
		k.size /= uint64(c)
	}
	k.perBlank = k.half / k.size
	g := sp.Goal().Blank()
	sh := sp.Shape()
	for c := 0; c < n; c++ {
		dr := sh.Row(c) - sh.Row(g)
		dc := sh.Col(c) - sh.Col(g)
		k.parity = append(k.parity, uint8((dr+dc)&1))
	}
	return k
}

// Space returns the kernel's space.
func (k *Kernel) Space() *statespace.Space { return k.sp }

// Partitions returns the number of partitions.
func (k *Kernel) Partitions() int { return int(k.perBlank) * k.sp.Shape().Cells() }

// PartitionSize returns the number of boards in every partition.
func (k *Kernel) PartitionSize() uint64 { return k.size }

// Range returns the ranks lo … hi−1 of partition p.
func (k *Kernel) Range(p int) (lo, hi uint64) {
	lo = uint64(p) * k.size
	return lo, lo + k.size
}

// PartitionOf returns the partition of the board of rank r.
func (k *Kernel) PartitionOf(r uint64) int { return int(r / k.size) }

// Parity returns the parity of every distance in partition p: the level
// parity at which its frontier boards are expanded.
func (k *Kernel) Parity(p int) int { return int(k.parity[uint64(p)/k.perBlank]) }

// batch is how many neighbour ranks Expand hands to emit at a time.
const batch = 4096

// expandAll expands the frontier of partition p: frontier is a bitmap of
// the partition's boards (bit i, LSB-first in word i/64, for rank lo+i),
// and for every set bit expandAll computes the ranks of the board's
// neighbours and passes them to emit in batches of at most batch (buf is
// reused for them: give it capacity batch, or nil). It returns how many
// boards it expanded. x must be an Expander of the kernel's space.
func (k *Kernel) expandAll(x *statespace.Expander, p int, frontier []uint64, buf []uint64, emit func(targets []uint64)) uint64 {
	return k.expand(x, p, frontier, nil, buf, emit, true)
}

// expandVertical is Expand for the vertical moves alone. The horizontal
// ones keep a board's offset in its partition (see sideways), so a caller
// that holds codes by partition marks them a word of the bitmap at a time
// instead of a board at a time.
//
// Only the words of frontier within spans are read (nil: every word), so
// a sparse level does not walk a whole partition's bitmap for a few
// boards.
func (k *Kernel) expandVertical(x *statespace.Expander, p int, frontier []uint64, spans []span, buf []uint64, emit func(targets []uint64)) uint64 {
	return k.expand(x, p, frontier, spans, buf, emit, false)
}

// A span is the words From … To−1 of a partition's frontier bitmap.
type span struct{ From, To int }

// sideways returns the partitions the horizontal moves of partition p's
// boards lead to, the blank one cell left and one cell right, or −1 where
// the blank is on the board's edge. Every board of p at offset i has its
// neighbour at offset i of each: a horizontal move keeps the codes' order
// and changes the rank by (n−1)!/2, a whole number of partitions.
func (k *Kernel) sideways(p int) (left, right int) {
	canLeft, canRight := k.sp.Shape().Sideways(p / int(k.perBlank))
	left, right = -1, -1
	if canLeft {
		left = p - int(k.perBlank)
	}
	if canRight {
		right = p + int(k.perBlank)
	}
	return left, right
}

func (k *Kernel) expand(x *statespace.Expander, p int, frontier []uint64, spans []span, buf []uint64, emit func(targets []uint64), sideways bool) uint64 {
	if x.Space() != k.sp {
		panic("twobit: Expander of another space")
	}
	lo, _ := k.Range(p)
	if uint64(len(frontier))*64 < k.size {
		panic(fmt.Sprintf("twobit: frontier bitmap of %d words for a partition of %d boards", len(frontier), k.size))
	}
	if cap(buf) < batch {
		buf = make([]uint64, 0, batch)
	}
	buf = buf[:cap(buf)]
	left, right := k.sideways(p)
	if !sideways {
		left, right = -1, -1
	}
	step := k.half
	if spans == nil {
		spans = []span{{0, int((k.size + 63) / 64)}}
	}
	var expanded uint64
	used := 0
	for _, sp := range spans {
		for i := sp.From; i < sp.To; i++ {
			w := frontier[i]
			expanded += uint64(bits.OnesCount64(w))
			for w != 0 {
				r := lo + uint64(i)*64 + uint64(bits.TrailingZeros64(w))
				w &= w - 1
				// The neighbours go straight into the batch: no copy.
				used += x.Vertical(r, (*[2]uint64)(buf[used:used+2]))
				if left >= 0 {
					buf[used] = r - step
					used++
				}
				if right >= 0 {
					buf[used] = r + step
					used++
				}
				if used > len(buf)-4 {
					emit(buf[:used])
					used = 0
				}
			}
		}
	}
	if used > 0 {
		emit(buf[:used])
	}
	return expanded
}

// Targets are the neighbours PartitionTargets found in one partition, by
// offset in it (bit or entry i for the partition's rank lo+i): a sorted
// list of distinct offsets while few boards land there, a bitmap once
// many do.
type Targets struct {
	Partition int
	Offsets   []uint32 // sorted and distinct; nil when Bitmap holds them
	Bitmap    []uint64 // nil while Offsets holds them
}

// Bits returns the targets as a bitmap of a partition of n boards (the
// kernel's PartitionSize).
func (t Targets) Bits(n uint64) []uint64 {
	if t.Bitmap != nil {
		return t.Bitmap
	}
	bm := make([]uint64, (n+63)/64)
	for _, i := range t.Offsets {
		bm[i/64] |= 1 << (i % 64)
	}
	return bm
}

// PartitionTargets expands partition p's frontier like Expand and returns
// the neighbours grouped by the partition they fall in, in partition
// order: the shape in which a distributed pipeline shuffles them. A
// partition few boards land in gets a sorted list of their offsets, so a
// sparse level costs what its boards cost, not a 227 KB bitmap per
// partition touched; one that more than PartitionSize/64 boards land in
// (the list would be half the bitmap's size) gets a bitmap. Its memory
// grows with the partitions touched, a few per partition expanded. The
// horizontal neighbours are not ranked one by one: in each of the
// sideways partitions they are the frontier's own offsets.
func (k *Kernel) PartitionTargets(x *statespace.Expander, p int, frontier []uint64) []Targets {
	words := (k.size + 63) / 64
	limit := int(words)
	by := map[int]*Targets{}
	insert := func(q int, i uint64) {
		tg := by[q]
		if tg == nil {
			tg = &Targets{Partition: q}
			by[q] = tg
		}
		if tg.Bitmap != nil {
			tg.Bitmap[i/64] |= 1 << (i % 64)
			return
		}
		tg.Offsets = append(tg.Offsets, uint32(i))
		if len(tg.Offsets) > limit {
			tg.Bitmap = make([]uint64, words)
			for _, o := range tg.Offsets {
				tg.Bitmap[o/64] |= 1 << (o % 64)
			}
			tg.Offsets = nil
		}
	}
	k.expandVertical(x, p, frontier, nil, nil, func(targets []uint64) {
		for _, t := range targets {
			q := int(t / k.size)
			insert(q, t-uint64(q)*k.size)
		}
	})
	left, right := k.sideways(p)
	for _, q := range [2]int{left, right} {
		if q < 0 {
			continue
		}
		if by[q] == nil && popcount(frontier[:words]) > limit {
			by[q] = &Targets{Partition: q, Bitmap: slices.Clone(frontier[:words])}
			continue
		}
		for j, w := range frontier[:words] {
			for ; w != 0; w &= w - 1 {
				insert(q, uint64(j)*64+uint64(bits.TrailingZeros64(w)))
			}
		}
	}
	out := make([]Targets, 0, len(by))
	for _, tg := range by {
		if tg.Bitmap == nil {
			slices.Sort(tg.Offsets)
			tg.Offsets = slices.Compact(tg.Offsets)
		}
		out = append(out, *tg)
	}
	slices.SortFunc(out, func(a, b Targets) int { return a.Partition - b.Partition })
	return out
}

// popcount returns the number of set bits in bm.
func popcount(bm []uint64) int {
	n := 0
	for _, w := range bm {
		n += bits.OnesCount64(w)
	}
	return n
}
