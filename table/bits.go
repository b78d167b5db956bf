package table

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// A table is stored in one of two forms, both indexed by rank: one byte
// per board (Distances), or one bit per board, bit 1 of its distance
// (Mod4Payload). One bit suffices because distances alternate in parity
// with the colour of the blank's cell on a chessboard, so bit 0 is known
// from where the blank is, and with bits 0 and 1 (the distance mod 4) the
// neighbour one move closer is always told apart from those one move
// farther: walking toward the goal recovers the exact distance. This file
// offers those bits and counts and builds tables from them; the file
// container that holds them is package tablefile's, mapped in package
// store.

// Mod4Source gives the stored bits of a table: bit 1 of the distance of
// the board of each rank. A file that checks its blocks as they are first
// read returns an error for a damaged one.
type Mod4Source interface {
	Mod4Bit(rank uint64) (uint8, error)
}

// Mod4Bytes is a Mod4Source in memory: bit r%8 of byte r/8 (LSB first)
// for rank r.
type Mod4Bytes []byte

// Mod4Bit returns bit 1 of the distance of rank r, or an error for a rank
// past the end of p.
func (p Mod4Bytes) Mod4Bit(r uint64) (uint8, error) {
	if r>>3 >= uint64(len(p)) {
		return 0, fmt.Errorf("table: rank %d is past the end of %d bytes of bits", r, len(p))
	}
	return p[r>>3] >> (r & 7) & 1, nil
}

// DamageError reports table bits or counts that are not a consistent
// distance table: damaged or forged data, or a table for another space.
// Which file it is, when it came from one, the table's origin says (see
// WithOrigin: package store's *DamagedError around it).
type DamageError struct {
	Msg string
	Err error // the typed cause with its facts, such as a *CodeCountsError, when there is one
}

func (e *DamageError) Unwrap() error { return e.Err }

// Kind is errkind.Damaged.
func (*DamageError) Kind() errkind.Kind { return errkind.Damaged }

func (e *DamageError) Error() string { return "table: " + e.Msg }

// Distances returns a copy of every board's distance, one byte per board
// by rank.
func (t *Table) Distances() []uint8 { return append([]uint8(nil), t.dist...) }

// Mod4Payload returns bit 1 of every board's distance, packed LSB first:
// bit r%8 of byte r/8 for rank r; the unused bits of the last byte are 0.
// These are the bits a table file of the mod4-bit encoding stores.
func (t *Table) Mod4Payload() []byte {
	payload := make([]byte, (t.space.Size()+7)/8)
	for r, d := range t.dist {
		payload[r>>3] |= (d >> 1 & 1) << (r & 7)
	}
	return payload
}

// New returns the table of goal's space with the given distances,
// one byte per board by rank, after checking that they are the exact
// distances (Verify).
func New(goal statespace.Board, dist []uint8) (*Table, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	if uint64(len(dist)) != sp.Size() {
		return nil, &DamageError{Msg: fmt.Sprintf("%d distances, %s has %d boards", len(dist), sp.Shape(), sp.Size())}
	}
	t := &Table{tableHead: newHead(sp, nil), dist: append([]byte(nil), dist...)}
	for _, d := range t.dist {
		for int(d) >= len(t.counts) {
			t.counts = append(t.counts, 0)
		}
		t.counts[d]++
	}
	if err := t.Verify(); err != nil {
		return nil, &DamageError{Msg: err.Error()}
	}
	return t, nil
}

// LazyStates is the size above which NewMod4 keeps a table's
// bits instead of expanding them (16,777,216 boards: the 12-cell tables
// are 239,500,800, which would take a 6 GB breadth-first search on every
// load).
const LazyStates = 1 << 24

// NewMod4 returns the table of goal's space from bit 1 of every
// distance and the number of boards at each distance. A space of at most
// LazyStates boards is expanded by a breadth-first search from the
// goal, and every stored bit and count is checked against it (a *Table);
// a larger one is a *Lazy, which answers lookups by walking its bits
// and checks them as it goes: a damaged or forged table gives a
// *DamageError, never a wrong answer or a panic.
func NewMod4(ctx context.Context, goal statespace.Board, counts []uint64, bits Mod4Source) (Interface, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	if err := checkCounts(sp, counts); err != nil {
		return nil, err
	}
	if p, ok := bits.(Mod4Bytes); ok && uint64(len(p)) != (sp.Size()+7)/8 {
		return nil, &DamageError{Msg: fmt.Sprintf("%d bytes of bits, %s has %d boards (%d bytes)", len(p), sp.Shape(), sp.Size(), (sp.Size()+7)/8)}
	}
	if sp.Size() > LazyStates {
		return OpenMod4(goal, counts, bits)
	}
	return expandBits(ctx, sp, counts, bits)
}

// walk returns a lazy table's distance of b, which must be in the space.
// Horizontal neighbours are ranked by adding ±(n−1)!/2, so they are tried
// before the vertical ones, which need a ranking.
func (t *Lazy) walk(b statespace.Board) (int, error) { return t.walkAvoiding(b, noRank) }

// noRank is no board's rank.
const noRank = ^uint64(0)

// walkAvoiding is walk never stepping onto the board of rank avoid (when
// another board one closer is there), so that a neighbour's walk is not
// the walk of the board being checked.
func (t *Lazy) walkAvoiding(b statespace.Board, avoid uint64) (int, error) {
	sp := t.space
	radius := t.Radius()
	r := sp.Rank(b)
	m, err := t.mod4At(b.Blank(), r)
	if err != nil {
		return 0, err
	}
	cols := sp.Shape().Stride() // a row's width
	d := 0
	for b != sp.Goal() {
		if d >= radius {
			return 0, &DamageError{Msg: fmt.Sprintf("the stored bits are damaged: no way to the goal within the radius %d", radius)}
		}
		want := (m + 3) & 3
		moved := false
		blank := b.Blank()
		if blank%cols != 0 && r-t.half != avoid {
			if got, err := t.mod4At(blank-1, r-t.half); err != nil {
				return 0, err
			} else if got == want {
				b, _ = b.Apply(statespace.Left)
				r -= t.half
				moved = true
			}
		}
		if !moved && blank%cols != cols-1 && r+t.half != avoid {
			if got, err := t.mod4At(blank+1, r+t.half); err != nil {
				return 0, err
			} else if got == want {
				b, _ = b.Apply(statespace.Right)
				r += t.half
				moved = true
			}
		}
		for _, mv := range [2]statespace.Move{statespace.Up, statespace.Down} {
			if moved {
				break
			}
			c, ok := b.Apply(mv)
			if !ok {
				continue
			}
			rc := sp.Rank(c)
			if rc == avoid {
				continue
			}
			if got, err := t.mod4At(c.Blank(), rc); err != nil {
				return 0, err
			} else if got == want {
				b, r, moved = c, rc, true
			}
		}
		if !moved {
			return 0, &DamageError{Msg: fmt.Sprintf("the stored bits are damaged: board %s has no neighbour one move closer", b)}
		}
		m = want
		d++
	}
	return d, nil
}

// mod4At returns the stored distance mod 4 of the board of rank r, whose
// blank is at cell blank.
// Bits in memory are read directly, without the interface's call.
func (t *Lazy) mod4At(blank int, r uint64) (int, error) {
	par := int(t.cellPar[blank&(cellSlots-1)])
	if p, ok := t.mod4.(Mod4Bytes); ok && r>>3 < uint64(len(p)) {
		return par | int(p[r>>3]>>(r&7)&1)<<1, nil
	}
	bit, err := t.mod4.Mod4Bit(r)
	if err != nil {
		return 0, err
	}
	return par | int(bit)<<1, nil
}
