package pdb

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// PDB is the pattern database of one pattern for one goal: for every
// placement of the pattern's tiles, a lower bound on the moves of those
// tiles needed to reach the goal. Entries are indexed by RankPlacement of
// the tiles' cells in ascending tile order; the blank is not part of the
// index. A PDB is read-only and safe for concurrent use.
type PDB struct {
	goal      statespace.Board
	tiles     []int
	n         int
	values    []byte // one per placement
	counts    []uint64
	buildTime time.Duration
}

// Goal returns the goal the database was built for.
func (p *PDB) Goal() statespace.Board { return p.goal }

// Tiles returns the pattern's tiles in ascending order.
func (p *PDB) Tiles() []int { return slices.Clone(p.tiles) }

// Entries returns the number of placements, n!/(n−k)!.
func (p *PDB) Entries() uint64 { return uint64(len(p.values)) }

// Counts returns the number of placements with each value 0 … Max().
func (p *PDB) Counts() []uint64 { return slices.Clone(p.counts) }

// Max returns the largest value.
func (p *PDB) Max() int { return len(p.counts) - 1 }

// Mean returns the average value over all placements.
func (p *PDB) Mean() float64 {
	var sum float64
	for v, c := range p.counts {
		sum += float64(v) * float64(c)
	}
	return sum / float64(len(p.values))
}

// BuildTime returns how long Build took; zero for a database read from a
// file.
func (p *PDB) BuildTime() time.Duration { return p.buildTime }

// ValueAt returns the value of the placement with the given rank.
func (p *PDB) ValueAt(rank uint64) int { return int(p.values[rank]) }

// Distance returns the database's value for board b: a lower bound on the
// moves of the pattern's tiles needed to solve b. b must have the goal's
// shape. A PDB alone is an admissible heuristic.
func (p *PDB) Distance(b statespace.Board) int {
	var cells [perm.Cells]uint8
	for i, t := range p.tiles {
		cells[i] = uint8(b.Find(t))
	}
	return int(p.values[perm.Rank(p.n, cells[:len(p.tiles)])])
}

// Values returns the values indexed by rank. The slice is the database's
// own storage and must not be modified.
func (p *PDB) Values() []byte { return p.values }

func (p *PDB) count() { p.counts = countValues(p.values) }

// Encode returns the database as a file header and raw payload: nibbles
// (two entries a byte) when every value is below 16, else one byte per
// entry.
func (p *PDB) Encode() (tablefile.Header, []byte) {
	h := tablefile.Header{
		Kind:    tablefile.KindPDB,
		Rows:    p.goal.Shape().Rows,
		Cols:    p.goal.Shape().Cols,
		Goal:    p.goal.Bytes(),
		Entries: uint64(len(p.values)),
		Counts:  slices.Clone(p.counts),
	}
	for _, t := range p.tiles {
		h.Pattern = append(h.Pattern, uint8(t))
	}
	if p.Max() < 16 {
		h.Encoding = tablefile.EncodingNibbles
		payload := make([]byte, (len(p.values)+1)/2)
		for i, v := range p.values {
			payload[i/2] |= v << (4 * (i % 2))
		}
		return h, payload
	}
	h.Encoding = tablefile.EncodingBytes
	return h, p.values
}

// EncodeBytes is Encode with one byte per entry whatever the values: the
// layout a memory-mapped file is used in place with (DecodeChecked).
func (p *PDB) EncodeBytes() (tablefile.Header, []byte) {
	h, _ := p.Encode()
	h.Encoding = tablefile.EncodingBytes
	return h, p.values
}

// Decode rebuilds a database from a header and raw payload that
// tablefile.Read has checked. It checks what the container cannot: the
// kind and encoding, the number of entries for the pattern's size, the
// counts of each value against the payload, and that the goal's own
// placement has the value 0. With the bytes encoding the payload becomes
// the database's storage.
func Decode(h tablefile.Header, payload []byte) (*PDB, error) {
	return decode(h, payload, false)
}

// DecodeChecked is Decode for a payload whose integrity the container
// already checked (a version-2 file's block checksums): it uses the bytes
// in place, without copying, which is what lets a memory-mapped 7-8
// database load at once. Its values are still recounted against the
// header's counts (on every core, about what the checksums cost), so a
// header whose counts were forged is refused. The payload must be
// bytes-encoded and must stay valid as long as the PDB is used.
func DecodeChecked(h tablefile.Header, payload []byte) (*PDB, error) {
	return decode(h, payload, true)
}

func decode(h tablefile.Header, payload []byte, inPlace bool) (*PDB, error) {
	if h.Kind != tablefile.KindPDB {
		return nil, &DecodeError{Msg: fmt.Sprintf("the file holds a %s table, not a pattern database", h.Kind)}
	}
	sh := statespace.Shape{Rows: h.Rows, Cols: h.Cols}
	goal, err := statespace.BoardFromBytes(sh, h.Goal)
	if err != nil {
		return nil, &DecodeError{Msg: fmt.Sprintf("goal: %v", err)}
	}
	pattern := make([]int, len(h.Pattern))
	for i, t := range h.Pattern {
		pattern[i] = int(t)
	}
	if err := validatePattern(pattern, sh); err != nil {
		return nil, &DecodeError{Msg: err.Error()}
	}
	n := sh.Cells()
	if states := Placements(n, len(pattern)) * uint64(n-len(pattern)); states > MaxAbstractStates {
		return nil, &DecodeError{Msg: fmt.Sprintf("a pattern of %d tiles on %s spans %d abstract states, more than the %d tilespace builds or ranks", len(pattern), sh, states, uint64(MaxAbstractStates))}
	}
	if want := Placements(n, len(pattern)); h.Entries != want {
		return nil, &DecodeError{Msg: fmt.Sprintf("%d entries, a pattern of %d tiles on %s has %d placements", h.Entries, len(pattern), sh, want)}
	}
	p := &PDB{goal: goal, tiles: pattern, n: n}
	switch h.Encoding {
	case tablefile.EncodingBytes:
		p.values = payload[:h.Entries]
	case tablefile.EncodingNibbles:
		p.values = make([]byte, h.Entries)
		for i := range p.values {
			p.values[i] = payload[i/2] >> (4 * (i % 2)) & 0xF
		}
	default:
		return nil, &DecodeError{Msg: fmt.Sprintf("encoding %s; pattern databases use bytes or nibbles", h.Encoding)}
	}
	if inPlace && h.Encoding != tablefile.EncodingBytes {
		return nil, &DecodeError{Msg: fmt.Sprintf("encoding %s; a database used in place must hold bytes", h.Encoding)}
	}
	p.count()
	if err := checkCounts(p.counts, h.Counts); err != nil {
		return nil, &DecodeError{Msg: err.Error(), Err: err}
	}
	var cells [perm.Cells]uint8
	for i, t := range pattern {
		cells[i] = uint8(goal.Find(t))
	}
	if v := p.values[perm.Rank(n, cells[:len(pattern)])]; v != 0 {
		return nil, &DecodeError{Msg: fmt.Sprintf("the goal's placement has value %d, not 0", v)}
	}
	return p, nil
}

// DecodeError reports a well-formed table file whose contents are not a
// valid pattern database.
type DecodeError struct {
	Msg string
	Err error // the typed cause, such as a *CountsError, when there is one
}

func (e *DecodeError) Error() string { return "pdb: " + e.Msg }

func (e *DecodeError) Unwrap() error { return e.Err }

// Read reads a pattern database file (the tablefile container) from r.
// Damage gives the container's typed errors (*tablefile.FormatError and
// friends); valid files that are not a consistent pattern database give a
// *DecodeError.
func Read(r io.Reader) (*PDB, error) {
	h, payload, err := tablefile.Read(r)
	if err != nil {
		return nil, err
	}
	return Decode(h, payload)
}

// Write writes p to w in the tablefile container.
func (p *PDB) Write(w io.Writer) error {
	h, payload := p.Encode()
	return tablefile.Write(w, h, payload)
}
