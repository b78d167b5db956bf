package pdb

import (
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// PDB is the pattern database of one pattern for one goal: for every
// placement of the pattern's tiles, a lower bound on the moves of those
// tiles needed to reach the goal. Entries are indexed by the rank
// (UnrankPlacement) of the tiles' cells in ascending tile order; in a
// plain database the blank is not part of the index. A zero-aware
// database (Clausecker & Reinefeld, 2019) has an entry per placement and
// cell of the blank among the cells the pattern leaves free, index rank ×
// (n − k) + that cell's place among them: the moves needed with the blank
// in that cell's region, at least the plain value, which is the least
// over the regions. A PDB is read-only and safe for concurrent use.
type PDB struct {
	goal      statespace.Board
	tiles     []int
	n         int
	zero      bool   // zero-aware: an entry per placement and free cell of the blank
	packed    bool   // values holds two entries a byte (see Pack)
	values    []byte // one per placement, or per placement and free cell
	counts    []uint64
	buildTime time.Duration
}

// Goal returns the goal the database was built for.
func (p *PDB) Goal() statespace.Board { return p.goal }

// Tiles returns the pattern's tiles in ascending order.
func (p *PDB) Tiles() []int { return slices.Clone(p.tiles) }

// Entries returns the number of entries: the placements, n!/(n−k)!, times
// the n − k cells left to the blank when the database is zero-aware.
func (p *PDB) Entries() uint64 { return Entries(p.n, len(p.tiles), p.zero) }

// Entries returns the number of entries of a database of k tiles on n
// cells: the placements, times the n − k cells left to the blank when it
// is zero-aware. A pattern that leaves the blank a single cell gains
// nothing from knowing it, and its database stays plain.
func Entries(n, k int, zeroAware bool) uint64 {
	places := Placements(n, k)
	if zeroAware && n-k > 1 {
		return places * uint64(n-k)
	}
	return places
}

// ZeroAware reports whether the database knows where the blank is.
func (p *PDB) ZeroAware() bool { return p.zero }

// index returns the entry of the placement whose tiles sit at cells
// (ascending tile order), with the blank on cell blank.
func (p *PDB) index(cells []uint8, blank uint8) uint64 {
	r := perm.Rank(p.n, cells)
	if !p.zero {
		return r
	}
	var used uint32
	for _, c := range cells {
		used |= 1 << c
	}
	return r*uint64(p.n-len(cells)) + FreeIndex(used, blank)
}

// FreeIndex returns the place of cell c among the cells not in used
// (ascending): the blank's part of a zero-aware index.
func FreeIndex(used uint32, c uint8) uint64 {
	return uint64(c) - uint64(bits.OnesCount32(used&(1<<c-1)))
}

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
	return sum / float64(p.Entries())
}

// BuildTime returns how long Build took; zero for a database read from a
// file.
func (p *PDB) BuildTime() time.Duration { return p.buildTime }

// Distance returns the database's value for board b: a lower bound on the
// moves of the pattern's tiles needed to solve b. b must have the goal's
// shape. A PDB alone is an admissible heuristic.
func (p *PDB) Distance(b statespace.Board) int {
	var cells [perm.Cells]uint8
	for i, t := range p.tiles {
		cells[i] = uint8(b.Find(t))
	}
	return p.value(cells[:len(p.tiles)], uint8(b.Blank()))
}

// Values returns the values indexed by rank, two entries a byte when the
// database is packed (Nibble reads them). The slice is the database's own
// storage and must not be modified.
func (p *PDB) Values() []byte { return p.values }

func (p *PDB) count() { p.counts = countValues(p.values) }

// FromValues returns the database of the pattern tiles (ascending) for
// goal with the given values, one per placement by rank (UnrankPlacement),
// or, for a zero-aware database, n − k per placement (see PDB); values
// becomes the database's storage and must not be modified. It
// counts the values (on every core: a memory-mapped 7-8 database still
// loads in a fraction of a second) and, when counts is not nil (a file's
// header), refuses counts that disagree (a *CountsError inside the
// *InvalidError). It checks the pattern, the number of values and that
// the goal's own placement has the value 0; a failure is an
// *InvalidError.
func FromValues(goal statespace.Board, tiles []int, values []byte, counts []uint64) (*PDB, error) {
	sh := goal.Shape()
	if err := validatePattern(tiles, sh); err != nil {
		return nil, &InvalidError{Msg: err.Error()}
	}
	n := sh.Cells()
	if states := Placements(n, len(tiles)) * uint64(n-len(tiles)); states > MaxAbstractStates {
		return nil, &InvalidError{Msg: fmt.Sprintf("a pattern of %d tiles on %s spans %d abstract states, more than the %d tilespace builds or ranks", len(tiles), sh, states, uint64(MaxAbstractStates))}
	}
	places, zeroEntries := Entries(n, len(tiles), false), Entries(n, len(tiles), true)
	zero := uint64(len(values)) == zeroEntries && zeroEntries != places
	if uint64(len(values)) != places && !zero {
		return nil, &InvalidError{Msg: fmt.Sprintf("%d entries, a pattern of %d tiles on %s has %d placements (%d with the blank's cell, zero-aware)", len(values), len(tiles), sh, places, zeroEntries)}
	}
	p := &PDB{goal: goal, tiles: slices.Clone(tiles), n: n, zero: zero, values: values}
	// The values are always recounted (on every core, about what checking
	// a file's checksums costs), so that forged counts are refused.
	p.count()
	if counts != nil {
		if err := checkCounts(p.counts, counts); err != nil {
			return nil, &InvalidError{Msg: err.Error(), Err: err}
		}
	}
	var cells [perm.Cells]uint8
	for i, t := range tiles {
		cells[i] = uint8(goal.Find(t))
	}
	if v := values[p.index(cells[:len(tiles)], uint8(goal.Blank()))]; v != 0 {
		return nil, &InvalidError{Msg: fmt.Sprintf("the goal's placement has value %d, not 0", v)}
	}
	return p, nil
}

// InvalidError reports values that are not a pattern database of their
// pattern and goal (FromValues).
type InvalidError struct {
	Msg string
	Err error // the typed cause, such as a *CountsError, when there is one
}

// Kind is errkind.Damaged.
func (*InvalidError) Kind() errkind.Kind { return errkind.Damaged }

func (e *InvalidError) Error() string { return "pdb: " + e.Msg }

func (e *InvalidError) Unwrap() error { return e.Err }
