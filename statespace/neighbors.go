package statespace

import (
	"fmt"
	"math/bits"

	"github.com/tilespace/tilespace/internal/perm"
)

// suffixLen is how many trailing codes an Expander decodes from a table
// rather than by division: 7 codes, 2,520 suffixes of either parity.
const suffixLen = 7

// An Expander finds the ranks of a board's neighbours from its rank alone,
// without building the board: the work of a breadth-first search that
// keeps only ranks (two bits per board, package twobit).
//
// Unranking by division costs a dependent chain of n−3 divisions (about
// 150 ns on 14 cells), so an Expander splits a rank into a prefix (the
// blank's cell and the first codes) and a suffix of the last seven codes.
// It decodes the prefix by division only when it changes, which for ranks
// visited in increasing order is once per 2,520, and the suffix from a
// table of the Lehmer digits and the pattern of every suffix. Each
// neighbour then comes locally: a horizontal move changes the rank by
// ±(n−1)!/2, a vertical one rotates Cols codes and updates Cols digits
// (as Enumerate does).
//
// An Expander caches the last prefix, so it is not safe for concurrent
// use: make one per goroutine.
type Expander struct {
	s    *Space
	m    int           // codes per board: n − 1
	l    int           // codes in the suffix: min(suffixLen, m)
	k    uint64        // ranks per prefix: l!/2
	fact [slots]uint64 // fact[k] = (m−1−k)!: the weight of Lehmer digit k
	// suffix[2S+b] holds the Lehmer digits (low 32 bits) and the pattern
	// (high 32 bits), 4 bits a code, of the suffix with free digits S and
	// next-to-last digit b; suffixParity[S] the parity of S's digits.
	suffix       []uint64
	suffixParity []uint8

	// the cached prefix: ranks lo … lo+k−1 share it
	lo, hi   uint64
	blank    int
	rest0    uint64 // lo's rank within its blank cell
	preQ     uint64 // the prefix's codes
	preD     uint64 // the prefix's Lehmer digits
	preOdd   uint64 // parity of the prefix's digits
	rest     uint64 // the codes left for the suffix, ascending, 4 bits each
	restSet  uint32 // the same codes as a set, bit c for code c
	suffixSh uint   // 4 × the suffix's first place

	vt *verticalTables // shared with clones
	vb verticalBlock   // Vertical's terms of the cached prefix
}

// NewExpander returns an Expander for s.
func (s *Space) NewExpander() *Expander {
	x := &Expander{s: s, m: s.n - 1, vt: &verticalTables{}}
	for k := x.m - 1; k >= 0; k-- {
		x.fact[k] = 1
		for f := 2; f <= x.m-1-k; f++ {
			x.fact[k] *= uint64(f)
		}
	}
	x.l = min(suffixLen, x.m)
	x.k = 1
	for f := 3; f <= x.l; f++ {
		x.k *= uint64(f)
	}
	x.suffixSh = uint(4 * (x.m - x.l))
	x.suffix = make([]uint64, 2*x.k)
	x.suffixParity = make([]uint8, x.k)
	l := x.l
	for S := uint64(0); S < x.k; S++ {
		var digits, parity uint64
		rest := S
		for t := l - 3; t >= 0; t-- {
			radix := uint64(l - t)
			digits |= rest % radix << (4 * t)
			parity += rest % radix
			rest /= radix
		}
		x.suffixParity[S] = uint8(parity & 1)
		for b := uint64(0); b < 2; b++ {
			d := digits | b<<(4*(l-2))
			var pattern uint64
			unused := uint32(1)<<l - 1
			for t := 0; t < l; t++ {
				c := uint32(perm.Select(unused, int(d>>(4*t)&15)))
				unused &^= 1 << c
				pattern |= uint64(c) << (4 * t)
			}
			x.suffix[2*S+b] = d | pattern<<32
		}
	}
	x.hi = 0 // no prefix cached
	return x
}

// Clone returns an Expander of the same space that shares x's tables,
// for another goroutine: cheaper than NewExpander.
func (x *Expander) Clone() *Expander {
	c := *x
	c.lo, c.hi = 0, 0
	c.vb = verticalBlock{}
	return &c
}

// Space returns the space x expands.
func (x *Expander) Space() *Space { return x.s }

// Neighbors writes the ranks of the neighbours of the board of rank r
// (in [0, Size())) to out, in Up, Down, Left, Right order of the blank's
// move, skipping moves off the board, and returns how many it wrote.
func (x *Expander) Neighbors(r uint64, out *[4]uint64) int {
	s := x.s
	blank, en := x.unrankEntry(r)
	cols := s.shape.Cols
	half := s.half
	k := 0
	if up := blank - cols; up >= 0 {
		out[k&3] = uint64(up)*half + lehmerUp(en, up, cols, &x.fact)>>1
		k++
	}
	if down := blank + cols; down < s.n {
		out[k&3] = uint64(down)*half + lehmerDown(en, blank, cols, &x.fact)>>1
		k++
	}
	if blank%cols != 0 {
		out[k&3] = r - half
		k++
	}
	if blank%cols != cols-1 {
		out[k&3] = r + half
		k++
	}
	return k
}

// unrankEntry returns the blank's cell of the board of rank r and its
// code sequence with the Lehmer digits and rank (see codes).
func (x *Expander) unrankEntry(r uint64) (int, codes) {
	if r-x.lo >= x.hi-x.lo {
		x.setPrefix(r)
	}
	S := r - x.lo
	b := (x.preOdd + uint64(x.suffixParity[S])) & 1
	b ^= uint64(x.s.seqParity[x.blank&(slots-1)])
	t := x.suffix[2*S+b]
	pattern := t >> 32
	q := x.preQ
	sh := x.suffixSh
	for i := 0; i < x.l; i++ {
		c := x.rest >> (4 * (pattern >> (4 * i) & 15)) & 15
		q |= c << ((sh + uint(4*i)) & 63)
	}
	digits := x.preD | (t&0xFFFFFFFF)<<(sh&63)
	return x.blank, codes{q: q, digits: digits, lehmer: 2*(x.rest0+S) + b}
}

// setPrefix decodes the prefix of rank r by division.
func (x *Expander) setPrefix(r uint64) {
	s := x.s
	if r >= s.size {
		panic(fmt.Sprintf("statespace: rank %d out of range [0, %d)", r, s.size))
	}
	x.blank = int(r / s.half)
	rest := r % s.half
	S := rest % x.k
	x.rest0 = rest - S
	x.lo = r - S
	x.hi = x.lo + x.k
	p := rest / x.k
	m, l := x.m, x.l
	var digits, parity uint64
	for i := m - l - 1; i >= 0; i-- {
		radix := uint64(m - i)
		d := p % radix
		p /= radix
		digits |= d << (uint(4*i) & 63)
		parity += d
	}
	var q uint64
	unused := uint32(1)<<m - 1
	for k := 0; k < m-l; k++ {
		c := uint32(perm.Select(unused, int(digits>>(uint(4*k)&63)&15)))
		unused &^= 1 << c
		q |= uint64(c) << (uint(4*k) & 63)
	}
	x.restSet = unused
	var restCodes uint64
	for i := 0; unused != 0; i++ {
		c := uint64(bits.TrailingZeros32(unused))
		unused &= unused - 1
		restCodes |= c << (4 * i)
	}
	x.preQ, x.preD, x.preOdd, x.rest = q, digits, parity&1, restCodes
	x.vb.valid = false
}

// codes is a board as an Expander decodes it: its code sequence q (see
// Space.codes), the Lehmer digits of q (digit k = codes after place k
// smaller than q's code at k, 4 bits each) and the Lehmer rank
// lehmer = Σ digit k × (m−1−k)!.
type codes struct {
	q, digits uint64
	lehmer    uint64
}

// lehmerUp returns the Lehmer rank of en after rotateUp(en, i, i+l−1):
// the code at place i moves to place i+l−1. It computes the rank alone,
// not the new codes and digits, which a rank-only search does not need.
func lehmerUp(en codes, i, l int, fact *[slots]uint64) uint64 {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh
	x := q & 15
	lehmer := en.lehmer
	var smaller uint64
	for t := 1; t < l; t++ {
		p := q >> (uint(4*t) & 63) & 15
		lt := (x - p) >> 63 // 1 when x < p
		smaller += 1 - lt
		lehmer += (d>>(uint(4*t)&63)&15 + lt - d>>(uint(4*t-4)&63)&15) * fact[(i+t-1)&(slots-1)]
	}
	last := uint(4*(l-1)) & 63
	return lehmer + (d&15-smaller-d>>last&15)*fact[(i+l-1)&(slots-1)]
}

// lehmerDown returns the Lehmer rank of en after rotateDown(en, i,
// i+l−1): the code at place i+l−1 moves to place i.
func lehmerDown(en codes, i, l int, fact *[slots]uint64) uint64 {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh
	last := uint(4*(l-1)) & 63
	y := q >> last & 15
	lehmer := en.lehmer
	var smaller uint64
	for t := 1; t < l; t++ {
		p := q >> (uint(4*t-4) & 63) & 15
		lt := (y - p) >> 63 // 1 when y < p
		smaller += 1 - lt
		lehmer += (d>>(uint(4*t-4)&63)&15 - lt - d>>(uint(4*t)&63)&15) * fact[(i+t)&(slots-1)]
	}
	return lehmer + (d>>last&15+smaller-d&15)*fact[i&(slots-1)]
}
