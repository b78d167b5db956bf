package statespace

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/tablefile"
)

// Encode returns the table as a file header and raw payload in the given
// encoding: tablefile.EncodingMod4Bit (the default and smallest: one bit
// per board, bit 1 of its distance) or tablefile.EncodingBytes (one byte
// per board, for readers outside Go).
//
// One bit suffices because distances alternate in parity with the colour
// of the blank's cell on a chessboard, so bit 0 is known from where the
// blank is, and with bits 0 and 1 (the distance mod 4) the neighbour one
// move closer is always told apart from those one move farther: walking
// toward the goal recovers the exact distance.
func (t *Table) Encode(enc tablefile.Encoding) (tablefile.Header, []byte, error) {
	h := t.header(enc)
	if enc == tablefile.EncodingMod4Bit && t.mod4 != nil {
		return h, append([]byte(nil), t.mod4...), nil
	}
	dist := t.expanded()
	switch enc {
	case tablefile.EncodingBytes:
		return h, append([]byte(nil), dist...), nil
	case tablefile.EncodingMod4Bit:
		payload := make([]byte, (len(dist)+7)/8)
		for r, d := range dist {
			payload[r>>3] |= (d >> 1 & 1) << (r & 7)
		}
		return h, payload, nil
	}
	return tablefile.Header{}, nil, fmt.Errorf("statespace: a distance table cannot be written as %s", enc)
}

func (t *Table) header(enc tablefile.Encoding) tablefile.Header {
	g := t.space.goal
	goal := make([]uint8, g.Cells())
	copy(goal, g.tiles[:g.Cells()])
	return tablefile.Header{
		Kind:     tablefile.KindDistance,
		Encoding: enc,
		Rows:     g.Shape().Rows,
		Cols:     g.Shape().Cols,
		Goal:     goal,
		Entries:  t.States(),
		Counts:   t.Counts(),
	}
}

// LazyTableStates is the size above which Decode keeps a mod4-bit table's
// bits instead of expanding them (16,777,216 boards: the 12-cell tables
// are 239,500,800, which would take a 6 GB breadth-first search on every
// load).
const LazyTableStates = 1 << 24

// Decode rebuilds a table from a header and raw payload that
// tablefile.Read has checked. A mod4-bit table of at most LazyTableStates
// boards is expanded by a breadth-first search from the goal, and every
// recovered distance is checked against the stored bit, as are the counts
// per distance; a larger one answers lookups by walking its bits.
func Decode(ctx context.Context, h tablefile.Header, payload []byte) (*Table, error) {
	if h.Kind != tablefile.KindDistance {
		return nil, fmt.Errorf("statespace: file holds a %s, not a distance table", h.Kind)
	}
	tiles := make([]int, len(h.Goal))
	for i, t := range h.Goal {
		tiles[i] = int(t)
	}
	goal, err := NewBoard(Shape{h.Rows, h.Cols}, tiles)
	if err != nil {
		return nil, fmt.Errorf("statespace: table goal: %w", err)
	}
	sp := MustSpace(goal)
	if h.Entries != sp.Size() {
		return nil, fmt.Errorf("statespace: table has %d entries, %s has %d boards", h.Entries, sp.Shape(), sp.Size())
	}
	var t *Table
	switch h.Encoding {
	case tablefile.EncodingBytes:
		if uint64(len(payload)) != sp.Size() {
			return nil, fmt.Errorf("statespace: table payload has %d bytes, want %d", len(payload), sp.Size())
		}
		t = &Table{space: sp, dist: append([]byte(nil), payload...)}
		for _, d := range t.dist {
			for int(d) >= len(t.counts) {
				t.counts = append(t.counts, 0)
			}
			t.counts[d]++
		}
	case tablefile.EncodingMod4Bit:
		if uint64(len(payload)) != (sp.Size()+7)/8 {
			return nil, fmt.Errorf("statespace: table payload has %d bytes, want %d", len(payload), (sp.Size()+7)/8)
		}
		if sp.Size() > LazyTableStates {
			// Too large to expand on every load: lookups walk the bits.
			t := &Table{space: sp, counts: append([]uint64(nil), h.Counts...), mod4: payload}
			if d, err := walkDistance(sp, payload, sp.goal, len(h.Counts)-1); err != nil || d != 0 {
				return nil, fmt.Errorf("statespace: table payload damaged at the goal")
			}
			return t, nil
		}
		if t, err = sp.Enumerate(ctx, nil); err != nil {
			return nil, err
		}
		if err := checkMod4(t.dist, payload, sp); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("statespace: unsupported distance table encoding %s", h.Encoding)
	}
	if len(t.counts) != len(h.Counts) {
		return nil, fmt.Errorf("statespace: table radius is %d, header says %d", len(t.counts)-1, len(h.Counts)-1)
	}
	for d, n := range h.Counts {
		if t.counts[d] != n {
			return nil, fmt.Errorf("statespace: table has %d boards at distance %d, header says %d", t.counts[d], d, n)
		}
	}
	if h.Encoding == tablefile.EncodingBytes {
		// A BFS produced the mod4-bit distances; stored bytes get checked.
		if err := t.Verify(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// checkMod4 checks that payload holds bit 1 of every distance in dist.
func checkMod4(dist []uint8, payload []byte, sp *Space) error {
	for r, d := range dist {
		if payload[r>>3]>>(r&7)&1 != d>>1&1 {
			return fmt.Errorf("statespace: table payload disagrees with the distance %d of board %s (rank %d)", d, sp.Unrank(uint64(r)), r)
		}
	}
	return nil
}

// WalkDistance recovers the exact distance of b from a mod4-bit payload
// alone, without expanding the table: it knows every board's distance mod
// 4 (bit 0 from the blank's cell, bit 1 from the payload), so at each step
// it can tell the neighbour one move closer and walk to the goal, counting
// moves. It costs O(distance) rankings. It returns an error when b is not
// in sp or the payload is damaged (no neighbour one closer, or a walk
// longer than radius moves).
func WalkDistance(sp *Space, payload []byte, b Board, radius int) (int, error) {
	if err := sp.Check(b); err != nil {
		return 0, err
	}
	if uint64(len(payload)) != (sp.size+7)/8 {
		return 0, fmt.Errorf("statespace: payload has %d bytes, want %d", len(payload), (sp.size+7)/8)
	}
	return walkDistance(sp, payload, b, radius)
}

func walkDistance(sp *Space, payload []byte, b Board, radius int) (int, error) {
	d := 0
	for b != sp.goal {
		if d >= radius {
			return 0, fmt.Errorf("statespace: table payload damaged: no way to the goal within the radius %d", radius)
		}
		want := (sp.mod4(payload, b) + 3) & 3
		moved := false
		for _, m := range Moves {
			if c, ok := b.Apply(m); ok && sp.mod4(payload, c) == want {
				b, moved = c, true
				break
			}
		}
		if !moved {
			return 0, fmt.Errorf("statespace: table payload damaged: board %s has no neighbour one move closer", b)
		}
		d++
	}
	return d, nil
}

// mod4 returns b's distance mod 4 from a mod4-bit payload.
func (s *Space) mod4(payload []byte, b Board) int {
	r := s.Rank(b)
	return s.blankParity(b) | int(payload[r>>3]>>(r&7)&1)<<1
}

// blankParity is the parity of every distance of boards with b's blank
// cell: the parity of the blank's taxicab distance from the goal blank.
func (s *Space) blankParity(b Board) int {
	sh := s.shape
	g := s.goal.Blank()
	dr := sh.Row(b.Blank()) - sh.Row(g)
	dc := sh.Col(b.Blank()) - sh.Col(g)
	return (dr + dc) & 1
}
