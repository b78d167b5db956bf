package tablefile

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Kind says what a table file holds.
type Kind uint8

const (
	KindDistance Kind = 1 // exact distance table over all reachable states
	KindPDB      Kind = 2 // pattern database
)

func (k Kind) String() string {
	switch k {
	case KindDistance:
		return "distance"
	case KindPDB:
		return "pdb"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

func (k Kind) known() bool { return k == KindDistance || k == KindPDB }

// Encoding says how entry values are packed into the raw payload. The
// lossy encodings store just enough to recover exact distances by walking
// from the goal, which is how the large tables fit in memory.
type Encoding uint8

const (
	EncodingBytes   Encoding = 1 // one byte per entry: the value
	EncodingMod4Bit Encoding = 2 // one bit per entry, LSB-first within bytes: bit 1 of the value (value>>1 & 1)
	EncodingNibbles Encoding = 3 // two entries per byte, low nibble first
	EncodingMod3    Encoding = 4 // 2 bits per entry (value mod 3), LSB-first, 4 entries per byte
)

func (e Encoding) String() string {
	switch e {
	case EncodingBytes:
		return "bytes"
	case EncodingMod4Bit:
		return "mod4-bit"
	case EncodingNibbles:
		return "nibbles"
	case EncodingMod3:
		return "mod3"
	}
	return "Encoding(" + strconv.Itoa(int(e)) + ")"
}

// entriesPerByte is how many entries an encoding packs into one byte, or 0
// for an unknown encoding.
func (e Encoding) entriesPerByte() uint64 {
	switch e {
	case EncodingBytes:
		return 1
	case EncodingMod4Bit:
		return 8
	case EncodingNibbles:
		return 2
	case EncodingMod3:
		return 4
	}
	return 0
}

// Limits of the format. They follow from the one-byte fields in the header
// and from maxCells.
const (
	// maxCells is the largest board the format describes (5x5, in
	// version 2); version 1 has room for 16 cells.
	maxCells   = 25
	v1MaxCells = 16
	// maxCounts is the largest number of entries in Header.Counts.
	maxCounts = 256
	// maxPayloadLen is the largest raw payload a file may hold (64 GiB).
	// It is far beyond any table this project builds and exists so that a
	// damaged or hostile header cannot make a reader allocate without limit.
	maxPayloadLen = 1 << 36
)

// Header describes a table file: which puzzle and table it belongs to and
// how its payload is encoded.
type Header struct {
	Kind       Kind
	Encoding   Encoding
	Rows, Cols int
	Goal       []uint8  // goal board, tile at each cell in row-major order, 0 = blank; len Rows*Cols
	Pattern    []uint8  // PDB: the pattern's tiles in ascending order; nil/empty for distance tables
	Entries    uint64   // number of entries the payload encodes
	Counts     []uint64 // Counts[v] = number of entries with value v (len ≤ 256); sum must equal Entries
}

// payloadLen returns the raw payload length implied by Encoding and
// Entries: Entries bytes for bytes, ceil(Entries/8) for mod4-bit,
// ceil(Entries/2) for nibbles and ceil(Entries/4) for mod3.
func (h Header) payloadLen() (uint64, error) {
	per := h.Encoding.entriesPerByte()
	if per == 0 {
		return 0, &UnsupportedError{Msg: "unsupported encoding " + strconv.Itoa(int(h.Encoding))}
	}
	n := h.Entries / per
	if h.Entries%per != 0 {
		n++
	}
	return n, nil
}

// The largest entry counts a reader accepts, so that a damaged or hostile
// header cannot make it read or decompress without bound: the largest
// distance table tilespace builds, 2x7's, has 43,589,145,600 entries, and
// the largest pattern database (8 tiles of 16 cells) 518,918,400.
// Version 1 files, which are read whole, stop at 1<<28 entries (a 12-cell
// table has 239,500,800).
const (
	MaxDistanceEntries   = 1 << 36
	maxPDBEntries        = 1 << 33 // a zero-aware 8-tile 4x4 database: 16!/8! × 8 ≈ 4.15e9
	v1MaxDistanceEntries = 1 << 28
)

// validate reports whether h can be stored: the kind and encoding are known
// (else an *UnsupportedError); the board has 4..25 cells with at least two
// rows and two columns; Goal is a permutation of 0..n-1; Pattern is empty
// for distance tables and otherwise holds distinct tiles from 1..n-1 in
// ascending order; Entries is at most MaxDistanceEntries or maxPDBEntries;
// Counts has 1..256 elements summing to Entries; and the payload length is
// at most 64 GiB (1<<36 bytes). Other failures are *FormatErrors.
func (h Header) validate() error {
	if !h.Kind.known() {
		return &UnsupportedError{Msg: "unsupported kind " + strconv.Itoa(int(h.Kind))}
	}
	if h.Encoding.entriesPerByte() == 0 {
		return &UnsupportedError{Msg: "unsupported encoding " + strconv.Itoa(int(h.Encoding))}
	}
	if h.Rows < 2 || h.Cols < 2 || h.Rows > maxCells/2 || h.Cols > maxCells/2 || h.Rows*h.Cols > maxCells {
		return &FormatError{Field: "shape", Msg: fmt.Sprintf("invalid shape %dx%d (need rows, cols ≥ 2 and at most %d cells)", h.Rows, h.Cols, maxCells)}
	}
	n := h.Rows * h.Cols
	if len(h.Goal) != n {
		return &FormatError{Field: "goal", Msg: fmt.Sprintf("goal has %d tiles, shape %dx%d needs %d", len(h.Goal), h.Rows, h.Cols, n)}
	}
	var seen [maxCells]bool
	for _, t := range h.Goal {
		if int(t) >= n || seen[t] {
			return &FormatError{Field: "goal", Msg: fmt.Sprintf("goal %s is not a permutation of 0..%d", tileList(h.Goal), n-1)}
		}
		seen[t] = true
	}
	switch h.Kind {
	case KindDistance:
		if len(h.Pattern) != 0 {
			return &FormatError{Field: "pattern", Msg: fmt.Sprintf("distance table has pattern %s, want none", tileList(h.Pattern))}
		}
		if h.Entries > MaxDistanceEntries {
			return &UnsupportedError{Msg: fmt.Sprintf("distance table of %d entries, more than the %d of the largest table tilespace builds", h.Entries, uint64(MaxDistanceEntries))}
		}
	case KindPDB:
		if len(h.Pattern) == 0 {
			return &FormatError{Field: "pattern", Msg: "pattern database has an empty pattern"}
		}
		if h.Entries > maxPDBEntries {
			return &UnsupportedError{Msg: fmt.Sprintf("pattern database of %d entries, more than the %d of the largest one tilespace builds", h.Entries, uint64(maxPDBEntries))}
		}
	}
	for i, t := range h.Pattern {
		if t == 0 || int(t) >= n || (i > 0 && t <= h.Pattern[i-1]) {
			return &FormatError{Field: "pattern", Msg: fmt.Sprintf("pattern %s is not ascending distinct tiles in 1..%d", tileList(h.Pattern), n-1)}
		}
	}
	if len(h.Counts) < 1 || len(h.Counts) > maxCounts {
		return &FormatError{Field: "counts", Msg: fmt.Sprintf("%d counts, want 1..%d", len(h.Counts), maxCounts)}
	}
	var sum uint64
	for _, c := range h.Counts {
		var carry uint64
		sum, carry = bits.Add64(sum, c, 0)
		if carry != 0 {
			return &FormatError{Field: "counts", Msg: fmt.Sprintf("counts overflow uint64, header says %d entries", h.Entries)}
		}
	}
	if sum != h.Entries {
		return &FormatError{Field: "counts", Msg: fmt.Sprintf("counts sum to %d, header says %d entries", sum, h.Entries)}
	}
	if raw, _ := h.payloadLen(); raw > maxPayloadLen {
		return &FormatError{Field: "entries", Msg: fmt.Sprintf("%d entries need a %d-byte payload, more than the %d-byte limit", h.Entries, raw, uint64(maxPayloadLen))}
	}
	return nil
}

// fitsV1 reports whether h fits format version 1: at most 16 cells and,
// for distance tables, 1<<28 entries.
func (h Header) fitsV1() error {
	if h.Rows*h.Cols > v1MaxCells {
		return &FormatError{Field: "shape", Msg: fmt.Sprintf("invalid shape %dx%d (need rows, cols ≥ 2 and at most %d cells)", h.Rows, h.Cols, v1MaxCells)}
	}
	if h.Kind == KindDistance && h.Entries > v1MaxDistanceEntries {
		return &UnsupportedError{Msg: fmt.Sprintf("distance table of %d entries, more than the %d a version 1 file holds", h.Entries, uint64(v1MaxDistanceEntries))}
	}
	return nil
}

// Expect checks that h is the table the caller wants: the given kind, a
// rows x cols board with the given goal and, for pattern databases, the
// given pattern. It returns a *MismatchError naming the first field that
// differs, so loading a table built for another puzzle fails loudly
// instead of producing wrong answers. A nil and an empty pattern are equal.
func (h Header) Expect(kind Kind, rows, cols int, goal, pattern []uint8) error {
	if h.Kind != kind {
		return &MismatchError{Field: "kind", Want: kind.String(), Got: h.Kind.String()}
	}
	if h.Rows != rows || h.Cols != cols {
		return &MismatchError{Field: "shape", Want: fmt.Sprintf("%dx%d", rows, cols), Got: fmt.Sprintf("%dx%d", h.Rows, h.Cols)}
	}
	if !slices.Equal(h.Goal, goal) {
		return &MismatchError{Field: "goal", Want: tileList(goal), Got: tileList(h.Goal)}
	}
	if !slices.Equal(h.Pattern, pattern) {
		return &MismatchError{Field: "pattern", Want: tileList(pattern), Got: tileList(h.Pattern)}
	}
	return nil
}

// tileList formats tiles the way goals and patterns appear in messages and
// on command lines: "1,2,3,0". An empty list is "(none)".
func tileList(tiles []uint8) string {
	if len(tiles) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for i, t := range tiles {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(t)))
	}
	return b.String()
}
