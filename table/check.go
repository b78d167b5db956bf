package table

import (
	"fmt"
	"math/bits"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// The checks a table that walks its stored bits (OpenMod4) makes
// without the breadth-first search: what opening it can recount cheaply,
// and what each answer touches. Checksums catch accidental damage; these
// catch a header that disagrees with its bits and forgeries that show in
// an answer's neighbourhood; only re-deriving the table (enumerate
// -verify) catches every forgery.

// CodeCountsError reports a table whose stored bits and header counts
// disagree on how many boards have a distance of each residue mod 4 (a
// board's code: bit 0 from the blank's cell, bit 1 stored).
type CodeCountsError struct {
	Residue int    // the distance mod 4
	Stored  uint64 // boards whose stored code is Residue
	Header  uint64 // the header's boards at distances ≡ Residue (mod 4)
}

// Kind is errkind.Damaged.
func (*CodeCountsError) Kind() errkind.Kind { return errkind.Damaged }

func (e *CodeCountsError) Error() string {
	return fmt.Sprintf("%d boards have stored distances ≡ %d (mod 4), the counts say %d", e.Stored, e.Residue, e.Header)
}

// OpenMod4 returns the table of goal's space from bit 1 of every
// distance and the number of boards at each distance, without the
// breadth-first search whatever the space's size: lookups walk the bits
// (see Lookup). NewMod4 does this above LazyStates boards. It
// checks what is cheap: the counts (they sum to the space, one board at
// distance 0, a board at every distance up to the radius), the walk from
// the goal, and for bits in memory (Mod4Bytes) the boards of each
// distance mod 4 recounted from the bits against the counts, a
// *CodeCountsError inside the *DamageError when they disagree.
func OpenMod4(goal statespace.Board, counts []uint64, bits Mod4Source) (*Lazy, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	if err := checkCounts(sp, counts); err != nil {
		return nil, err
	}
	if p, ok := bits.(Mod4Bytes); ok {
		if uint64(len(p)) != (sp.Size()+7)/8 {
			return nil, &DamageError{Msg: fmt.Sprintf("%d bytes of bits, %s has %d boards", len(p), sp.Shape(), sp.Size())}
		}
		if err := checkCodeCounts(sp, counts, p); err != nil {
			return nil, &DamageError{Msg: err.Error(), Err: err}
		}
	}
	t := &Lazy{tableHead: newHead(sp, append([]uint64(nil), counts...)), mod4: bits}
	if d, err := t.walk(sp.Goal()); err != nil || d != 0 {
		return nil, &DamageError{Msg: "the stored bits are damaged at the goal"}
	}
	return t, nil
}

// checkCounts checks the counts alone: they sum to the space's size, one
// board is at distance 0, and every distance up to the radius has boards
// (a board at distance d has a neighbour at d−1).
func checkCounts(sp *statespace.Space, counts []uint64) error {
	var sum uint64
	for _, c := range counts {
		sum += c
	}
	if len(counts) == 0 || sum != sp.Size() || counts[0] != 1 {
		return &DamageError{Msg: fmt.Sprintf("the counts sum to %d with %v at distance 0, %s has %d boards and one goal", sum, counts[:min(1, len(counts))], sp.Shape(), sp.Size())}
	}
	for d, c := range counts {
		if c == 0 {
			return &DamageError{Msg: fmt.Sprintf("the counts say no board is at distance %d, below the radius %d", d, len(counts)-1)}
		}
	}
	return nil
}

// checkCodeCounts recounts the boards of each code from the bits: the
// ranks of a blank cell are one run of half ranks, and the cell gives bit
// 0 of their distances.
func checkCodeCounts(sp *statespace.Space, counts []uint64, p Mod4Bytes) error {
	var ones, all [2]uint64
	h := newHead(sp, nil)
	for cell := 0; cell < sp.Shape().Cells(); cell++ {
		par := h.cellPar[cell&(cellSlots-1)]
		lo := uint64(cell) * h.half
		ones[par] += onesInRange(p, lo, lo+h.half)
		all[par] += h.half
	}
	var header [4]uint64
	for d, c := range counts {
		header[d&3] += c
	}
	stored := [4]uint64{all[0] - ones[0], all[1] - ones[1], ones[0], ones[1]}
	for res := range 4 {
		if stored[res] != header[res] {
			return &CodeCountsError{Residue: res, Stored: stored[res], Header: header[res]}
		}
	}
	return nil
}

// onesInRange counts the set bits of ranks lo ≤ r < hi (bit r%8 of byte
// r/8).
func onesInRange(p []byte, lo, hi uint64) uint64 {
	var n uint64
	for ; lo < hi && lo&63 != 0; lo++ {
		n += uint64(p[lo>>3] >> (lo & 7) & 1)
	}
	for ; lo+64 <= hi; lo += 64 {
		b := p[lo>>3 : lo>>3+8]
		n += uint64(bits.OnesCount64(uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56))
	}
	for ; lo < hi; lo++ {
		n += uint64(p[lo>>3] >> (lo & 7) & 1)
	}
	return n
}

// WithAnswerChecks returns t, sharing its bits, with every LookupMoves
// answer of a lazy table checked against what it touches: every neighbour
// of the board must walk to the goal one move closer or farther, as its
// stored bits say (checkNeighbours). It catches most forgeries that keep
// the codes' local rules, at up to four more walks an answer (about three
// times the lookup's cost); a full re-derivation (enumerate verify)
// catches every one.
func (t *Lazy) WithAnswerChecks() *Lazy {
	c := *t
	c.checkAnswers = true
	return &c
}

// checkNeighbours checks an answer of a lazy table against what it
// touches: b's distance d came from one walk, its optimal moves set from
// its neighbours' codes. Every neighbour must itself walk to the goal in
// d−1 moves (those in set) or d+1 (the others). A stored bit changed at b
// or around it (a distance moved by two, which keeps the codes' local
// rules) breaks this, and the answer is refused as damage instead of
// being wrong.
//
// A neighbour's walk avoids b: through b it would count b's stored
// distance again. Where b is its only way one closer, the plain walk is
// taken, which says nothing new but is what an intact table gives too.
func (t *Lazy) checkNeighbours(b statespace.Board, d int, set statespace.MoveSet) error {
	rb := t.space.Rank(b)
	for _, m := range statespace.Moves {
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		want := d + 1
		if set.Has(m) {
			want = d - 1
		}
		got, err := t.walkAvoiding(c, rb)
		if err != nil {
			if got, err = t.walk(c); err != nil {
				return err
			}
		}
		if got != want {
			return &DamageError{Msg: fmt.Sprintf("the stored bits are damaged or forged: board %s walks to the goal in %d moves, its neighbour %s (%s) in %d, not %d",
				b, d, c, m, got, want)}
		}
	}
	return nil
}
