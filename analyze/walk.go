package analyze

import (
	"github.com/tilespace/tilespace/statespace"
)

// A block is the ranks whose board has the blank in one cell and one code
// first (the tile on the first tile cell): Space's ranks are the blank's
// cell, then the Lehmer rank of the codes in reading order halved, so such
// boards are a contiguous run of (m−1)!/2 ranks (m = cells − 1), visited
// in increasing order by the permutations of the other codes in
// lexicographic order, keeping those of the parity the blank's cell
// allows. A walk through a block costs a few steps of next-permutation a
// board, where Unrank costs a chain of divisions.
type blockWalker struct {
	sp         *statespace.Space
	m          int     // codes: cells − 1
	tileOf     []int   // the tile each code names (the goal's tiles in reading order)
	perBlank   uint64  // ranks per blank cell, m!/2
	perFirst   uint64  // ranks per block, (m−1)!/2
	wantParity []uint8 // per blank cell: the parity of the code permutations reachable
}

func newBlockWalker(sp *statespace.Space) *blockWalker {
	goal := sp.Goal()
	n := goal.Cells()
	w := &blockWalker{sp: sp, m: n - 1}
	for c := 0; c < n; c++ {
		if t := goal.Tile(c); t != 0 {
			w.tileOf = append(w.tileOf, t)
		}
	}
	w.perBlank = sp.Size() / uint64(n)
	w.perFirst = w.perBlank / uint64(w.m)
	w.wantParity = make([]uint8, n)
	codes := make([]int, w.m)
	for i := range codes {
		codes[i] = i
	}
	for b := 0; b < n; b++ {
		if _, ok := sp.RankChecked(w.board(b, codes)); !ok {
			w.wantParity[b] = 1
		}
	}
	return w
}

// blocks returns the number of blocks.
func (w *blockWalker) blocks() int { return w.sp.Goal().Cells() * w.m }

// board builds the board with the blank in cell and the given codes on
// the other cells in reading order.
func (w *blockWalker) board(blank int, codes []int) statespace.Board {
	tiles := make([]int, w.m+1)
	for i, c := range codes {
		cell := i
		if i >= blank {
			cell++
		}
		tiles[cell] = w.tileOf[c]
	}
	return statespace.MustBoard(w.sp.Shape(), tiles...)
}

// walk visits the boards of block k in rank order, calling visit with each
// board's rank, blank cell and codes (which visit must not keep) and the
// first position whose code changed since the board visited before (0 for
// the first), and stops early when visit returns false.
func (w *blockWalker) walk(k int, visit func(rank uint64, blank int, codes []uint8, from int) bool) {
	blank, first := k/w.m, k%w.m
	var p [statespace.MaxCells]uint8
	p[0] = uint8(first)
	j := 1
	for c := 0; c < w.m; c++ {
		if c != first {
			p[j] = uint8(c)
			j++
		}
	}
	codes := p[:w.m]
	parity := uint8(first & 1) // the inversions the first code makes
	rank := uint64(blank)*w.perBlank + uint64(first)*w.perFirst
	from := 0
	for {
		if parity == w.wantParity[blank] {
			if !visit(rank, blank, codes, from) {
				return
			}
			rank++
			from = len(codes)
		}
		i, ok := nextPermutation(codes[1:])
		if !ok {
			return
		}
		from = min(from, i+1)
		// A swap, then the reversal of the L codes after position i.
		l := len(codes) - 2 - i
		parity ^= uint8(1 ^ (l/2)&1)
	}
}

// nextPermutation rearranges p into the next permutation in lexicographic
// order and returns the first position it changed; false after the last.
func nextPermutation(p []uint8) (int, bool) {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i < 0 {
		return 0, false
	}
	j := len(p) - 1
	for p[j] < p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for a, b := i+1, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return i, true
}
