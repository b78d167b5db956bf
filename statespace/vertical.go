package statespace

import (
	"math/bits"
	"sync"
)

// Vertical moves from a rank alone, by tables.
//
// A vertical move rotates Cols consecutive places of the code sequence
// (a window), so the neighbour's Lehmer rank differs from the board's by
//
//	delta = constant + Σ_window digit·weight + Σ_window [mover < other]·weight
//
// where the mover is the code that jumps the window's length and the
// weights depend only on the window's places (derived in lehmerUp and
// lehmerDown, which compute the same sum term by term). An Expander splits
// the places into a prefix, fixed for a block of 2,520 ranks, and a
// suffix of seven places read from a table. Every term with only prefix
// places is a constant of the block; every term with only suffix places
// is a function of the suffix (its digits and pattern) and is tabled once
// per window; the mixed comparisons reduce to comparing the suffix code's
// index among the block's remaining codes (the pattern) with a per-block
// threshold, because those codes are listed in increasing order. So each
// vertical neighbour costs two loads and an add, where lehmerUp and
// lehmerDown loop over the window, and the board's codes are never built.

// verticalTables are the suffix terms of every window, shared by an
// Expander and its clones and built on first use.
type verticalTables struct {
	once sync.Once
	// up[i][cx] is the table of the up move whose window starts at place
	// i, for a mover in the prefix with cx remaining codes below it (cx
	// is 0 when the mover is in the suffix); nil when the window has no
	// suffix place. down[i] likewise, indexed by suffix entry alone.
	up   [][][]uint64
	down [][]uint64
	// upWin[i] and downWin[i] are the windows starting at place i.
	upWin, downWin []window
}

// verticalBlock is what Vertical keeps of the current block.
type verticalBlock struct {
	valid          bool
	hasUp, hasDown bool
	upBase, dnBase uint64 // the neighbour's blank cell × ranks per cell
	upConst        uint64
	dnConst        uint64
	upTab, dnTab   []uint64
	dnMixed        bool          // the down mover is in the suffix and the window reaches into the prefix
	dnShift        uint          // where the down mover's pattern nibble sits in a suffix entry
	dnMix          [slots]uint64 // the mixed comparisons, by the mover's pattern index
}

// Vertical writes the ranks of the neighbours of the board of rank r that
// a vertical move of the blank reaches, Up then Down, to out and returns
// how many it wrote. With the rule for the horizontal ones (a move left
// or right changes the rank by (n−1)!/2) it gives what Neighbors gives,
// faster: for ranks in increasing order it costs a few loads a neighbour.
func (x *Expander) Vertical(r uint64, out *[2]uint64) int {
	if r-x.lo >= x.hi-x.lo {
		x.setPrefix(r)
	}
	if !x.vb.valid {
		x.setVertical()
	}
	S := r - x.lo
	b := (x.preOdd + uint64(x.suffixParity[S])) & 1
	b ^= uint64(x.s.seqParity[x.blank&(slots-1)])
	lehmer := 2*(x.rest0+S) + b
	idx := 2*S + b
	vb := &x.vb
	k := 0
	if vb.hasUp {
		d := vb.upConst
		if vb.upTab != nil {
			d += vb.upTab[idx]
		}
		out[0] = vb.upBase + (lehmer+d)>>1
		k = 1
	}
	if vb.hasDown {
		d := vb.dnConst
		if vb.dnTab != nil {
			d += vb.dnTab[idx]
		}
		if vb.dnMixed {
			d += vb.dnMix[x.suffix[idx]>>vb.dnShift&15]
		}
		out[k&1] = vb.dnBase + (lehmer+d)>>1
		k++
	}
	return k
}

// window describes the rotation of one vertical move: its places i …
// i+w−1, the mover's place, and the weights of the delta's terms.
type window struct {
	i, w, mover int
	constant    uint64
	digit       [slots]uint64 // weight of the digit at each place
	less        [slots]uint64 // weight of [mover < the code at each place]
}

// upWindow is the window of the up move into cell i (the blank leaves
// cell i+w): the code at place i moves to place i+w−1 (see lehmerUp).
func (x *Expander) upWindow(i, w int) window {
	f := &x.fact
	last := i + w - 1
	win := window{i: i, w: w, mover: i, constant: -uint64(w-1) * f[last]}
	win.digit[i] = f[last] - f[i]
	for k := i + 1; k <= last; k++ {
		win.digit[k] = f[k-1] - f[k]
		win.less[k] = f[k-1] + f[last]
	}
	return win
}

// downWindow is the window of the down move out of cell i: the code at
// place i+w−1 moves to place i (see lehmerDown).
func (x *Expander) downWindow(i, w int) window {
	f := &x.fact
	last := i + w - 1
	win := window{i: i, w: w, mover: last, constant: uint64(w-1) * f[i]}
	for k := i; k < last; k++ {
		win.digit[k] = f[k+1] - f[k]
		win.less[k] = -f[k+1] - f[i]
	}
	win.digit[last] = f[i] - f[last]
	return win
}

// suffixTerms is the part of win's delta from suffix places alone, for
// the suffix entry t; with the mover in the prefix, cx is its threshold.
func (x *Expander) suffixTerms(win window, t uint64, cx uint64) uint64 {
	pre := x.m - x.l
	digits, pattern := t&0xFFFFFFFF, t>>32
	var sum uint64
	moverPat := uint64(0)
	if win.mover >= pre {
		moverPat = pattern >> (4 * (win.mover - pre)) & 15
	}
	for k := max(win.i, pre); k < win.i+win.w; k++ {
		j := 4 * (k - pre)
		sum += win.digit[k] * (digits >> j & 15)
		if k == win.mover {
			continue
		}
		p := pattern >> j & 15
		if win.mover < pre {
			if p >= cx { // the mover is below this code
				sum += win.less[k]
			}
		} else if moverPat < p {
			sum += win.less[k]
		}
	}
	return sum
}

// buildVertical tables every window's suffix terms.
func (x *Expander) buildVertical() {
	vt := x.vt
	w := x.s.shape.Cols
	pre := x.m - x.l
	windows := x.m - w + 1 // places 0 … m−w can start one
	if windows < 0 {
		windows = 0
	}
	vt.up = make([][][]uint64, windows)
	vt.down = make([][]uint64, windows)
	for i := 0; i < windows; i++ {
		vt.upWin = append(vt.upWin, x.upWindow(i, w))
		vt.downWin = append(vt.downWin, x.downWindow(i, w))
	}
	table := func(win window, cx uint64) []uint64 {
		tab := make([]uint64, 2*x.k)
		for idx := range tab {
			tab[idx] = x.suffixTerms(win, x.suffix[idx], cx)
		}
		return tab
	}
	for i := 0; i < windows; i++ {
		if i+w-1 < pre {
			continue // all in the prefix: a constant of each block
		}
		up := vt.upWin[i]
		if i < pre {
			for cx := 0; cx <= x.l; cx++ {
				vt.up[i] = append(vt.up[i], table(up, uint64(cx)))
			}
		} else {
			vt.up[i] = [][]uint64{table(up, 0)}
		}
		vt.down[i] = table(vt.downWin[i], 0)
	}
}

// setVertical computes the current block's terms from its prefix. It
// runs once per block of 2,520 ranks, so on a sparse level, a few boards
// a block, it must cost about what they do: the windows are prepared
// once, and a code's rank among the remaining codes is a popcount.
func (x *Expander) setVertical() {
	x.vt.once.Do(x.buildVertical)
	vt, vb := x.vt, &x.vb
	vb.valid, vb.hasUp, vb.hasDown, vb.dnMixed = true, false, false, false
	vb.upTab, vb.dnTab = nil, nil
	w := x.s.shape.Cols
	c := x.blank
	pre := x.m - x.l
	if i := c - w; i >= 0 {
		win := &vt.upWin[i]
		vb.hasUp, vb.upBase, vb.upConst = true, uint64(i)*x.s.half, x.prefixTerms(win)
		if tabs := vt.up[i]; tabs != nil {
			if i < pre {
				vb.upTab = tabs[x.below(x.preQ>>(4*i)&15)]
			} else {
				vb.upTab = tabs[0]
			}
		}
	}
	if c+w < x.s.n {
		win := &vt.downWin[c]
		vb.hasDown, vb.dnBase, vb.dnConst = true, uint64(c+w)*x.s.half, x.prefixTerms(win)
		vb.dnTab = vt.down[c]
		if win.mover >= pre && c < pre {
			vb.dnMixed = true
			vb.dnShift = uint(32 + 4*(win.mover-pre))
			clear(vb.dnMix[:x.l])
			for k := c; k < pre; k++ {
				// the mover (pattern index p) is below this code for p < ck
				ck := x.below(x.preQ >> (4 * k) & 15)
				for p := uint64(0); p < ck; p++ {
					vb.dnMix[p] += win.less[k]
				}
			}
		}
	}
}

// below returns how many of the block's remaining (suffix) codes are
// below code v.
func (x *Expander) below(v uint64) uint64 {
	return uint64(bits.OnesCount32(x.restSet & (1<<v - 1)))
}

// prefixTerms is the part of win's delta from the block's prefix places
// alone.
func (x *Expander) prefixTerms(win *window) uint64 {
	pre := x.m - x.l
	sum := win.constant
	end := min(win.i+win.w, pre)
	moverCode := x.preQ >> (4 * win.mover & 63) & 15
	for k := win.i; k < end; k++ {
		sum += win.digit[k] * (x.preD >> (4 * k & 63) & 15)
		if k != win.mover && win.mover < pre && moverCode < x.preQ>>(4*k&63)&15 {
			sum += win.less[k]
		}
	}
	return sum
}
