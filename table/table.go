package table

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// Interface is a distance table of one space, whatever holds it: a
// *Table, one byte per board in memory, or a *Lazy, which walks
// stored bits toward the goal. Lookups say why they fail (a board not in
// the space, damaged bits) and never answer a wrong distance. Where a
// table came from is told by the layer that opened it, which gives the
// table its origin (WithOrigin): package store names the file of a table
// read from one in its *DamagedError.
//
// The interface holds what every holder of a table asks of it. What is
// written once over it is a function (DrawOne, Samples); what only the
// code that builds, writes or opens a table needs is a method of the
// concrete type it holds (Table.Mod4Payload, Lazy.Expand,
// Lazy.WithAnswerChecks).
type Interface interface {
	Space() *statespace.Space
	Counts() []uint64 // boards at each distance 0 … Radius()
	Radius() int

	// Lookup returns the distance of b, LookupMoves also every move that
	// leads one step closer, Path an optimal solution.
	Lookup(b statespace.Board) (int, error)
	LookupMoves(b statespace.Board) (int, statespace.MoveSet, error)
	Path(b statespace.Board) ([]statespace.Move, error)
	// CheckPath checks a path a search found against the table (see
	// Table.CheckPath): a contradiction is the table's damage, and is
	// told as its other damage is.
	CheckPath(b statespace.Board, pathLength int, search string, shortest bool) error

	// Draw draws boards at a distance (see Table.Draw); each kind of
	// table finds them its own way.
	Draw(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error
	// Choose draws boards at a distance independently, with replacement
	// (see Table.Choose).
	Choose(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error
	// Loaded returns the table with one byte per board, for what needs
	// every board's distance, or a *LazyError for a lazy table (whose
	// Expand makes one on request).
	Loaded() (*Table, error)
}

// tableHead is what every table knows without its distances.
type tableHead struct {
	space  *statespace.Space
	counts []uint64
	// half is the ranks per blank cell, (n−1)!/2: a horizontal move
	// changes a rank by ±half (see Space).
	half uint64
	// cellPar is the parity of the distance of every board with the
	// blank at each cell: of the blank's taxicab distance from the goal's
	// blank.
	cellPar [cellSlots]uint8
	// origin names where the table came from in its errors that say it
	// is wrong (WithOrigin); nil when no one told.
	origin func(error) error
}

// WithOrigin returns t, a *Table or a *Lazy, as a copy whose errors
// that say it is wrong (a *DamageError, a *ContradictionError,
// with whatever they wrap) pass through origin: the layer that opened the
// table, and alone knows where it came from, names it there (package
// store wraps them in a *DamagedError naming the file and goal, once: an
// error it wrapped already passes). Other errors (a board of another
// space, a rare distance) come as they are. The copy shares t's
// distances; a table of another type is returned as it is.
func WithOrigin(t Interface, origin func(error) error) Interface {
	switch t := t.(type) {
	case *Table:
		c := *t
		c.origin = origin
		return &c
	case *Lazy:
		c := *t
		c.origin = origin
		return &c
	}
	return t
}

// told passes err through the table's origin when it says the table is
// wrong.
func (t *tableHead) told(err error) error {
	if err == nil || t.origin == nil { // before the targets below, which errors.As makes escape
		return err
	}
	var (
		te *DamageError
		ce *ContradictionError
	)
	if !errors.As(err, &te) && !errors.As(err, &ce) {
		return err
	}
	return t.origin(err)
}

// cellSlots is the length of tableHead's per-cell arrays: every shape's
// cells, up to 25.
const cellSlots = 32

// newHead returns the head of a table of sp with the given counts.
func newHead(sp *statespace.Space, counts []uint64) tableHead {
	sh := sp.Shape()
	h := tableHead{space: sp, counts: counts, half: sp.Size() / uint64(sh.Cells())}
	g := sp.Goal().Blank()
	for cell := range sh.Cells() {
		h.cellPar[cell] = uint8((sh.Row(cell) - sh.Row(g) + sh.Col(cell) - sh.Col(g)) & 1)
	}
	return h
}

// Space returns the space the table covers.
func (t *tableHead) Space() *statespace.Space { return t.space }

// Counts returns the number of boards at each distance 0 … Radius().
func (t *tableHead) Counts() []uint64 { return append([]uint64(nil), t.counts...) }

// States returns the number of boards in the table, n!/2 (Space().Size()).
func (t *tableHead) States() uint64 { return t.space.Size() }

// Radius returns the largest distance of any board.
func (t *tableHead) Radius() int { return len(t.counts) - 1 }

// Table holds the exact distance from the goal of every reachable board of
// a Space, one byte per board, indexed by rank. A Table is read-only and
// safe for concurrent use. A large table made from stored bits is a
// *Lazy instead (NewMod4), whose Expand makes a Table.
type Table struct {
	tableHead
	dist []uint8 // one byte per board
	// searchTime is how long the BFS took, excluding allocation; zero for
	// a table read from a file.
	searchTime time.Duration
}

var (
	_ Interface = (*Table)(nil)
	_ Interface = (*Lazy)(nil)
)

// SearchTime returns how long the breadth-first search that built the
// table took, not counting allocating its memory; zero for a table that
// was read from a file.
func (t *Table) SearchTime() time.Duration { return t.searchTime }

// DistanceAt returns the distance of the board with the given rank, which
// must be below States() (as a slice's index must be in range).
func (t *Table) DistanceAt(rank uint64) int { return int(t.dist[rank]) }

// Loaded returns t.
func (t *Table) Loaded() (*Table, error) { return t, nil }

// LazyError reports a call that needs every board's distance, one byte
// per board, on a lazy table (see NewMod4): it is refused rather than
// started silently, since expanding the table is a breadth-first search of
// the whole space. Expand does it on request, with a context.
type LazyError struct {
	Shape  statespace.Shape
	States uint64 // boards in the table
	Bytes  uint64 // memory the expansion takes while it runs, about
}

// Kind is errkind.Limit.
func (*LazyError) Kind() errkind.Kind { return errkind.Limit }

func (e *LazyError) Error() string {
	return fmt.Sprintf("table: every board's distance is needed, and the table of %s (%d boards) is read from its bits; expanding it is a breadth-first search taking about %d bytes (Expand)",
		e.Shape, e.States, e.Bytes)
}

// enumerateBytes is about how much memory Enumerate takes per board while
// it runs (see MaxEnumerate).
const enumerateBytes = 24

// Lookup returns the distance of b, or the reason it has none: b is not
// in the space (a *ShapeError, an *UnsolvableError).
func (t *Table) Lookup(b statespace.Board) (int, error) {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return 0, t.space.Check(b)
	}
	return int(t.dist[r]), nil
}

// LookupMoves returns the distance of b and every move that leads one
// step closer, or the reason there are none (as Lookup, or a *DamageError
// for a board with no neighbour closer).
func (t *Table) LookupMoves(b statespace.Board) (int, statespace.MoveSet, error) {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return 0, 0, t.space.Check(b)
	}
	d := int(t.dist[r])
	set, err := t.closer(b, r, d)
	if err != nil {
		return 0, 0, t.told(err)
	}
	return d, set, nil
}

// Path returns an optimal solution of b: at each step the first move, in
// Up, Down, Left, Right order, that leads one step closer. It returns an
// error when b is not in the table's space or the table is damaged.
func (t *Table) Path(b statespace.Board) ([]statespace.Move, error) {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return nil, t.space.Check(b)
	}
	path, err := t.pathFrom(b, r)
	return path, t.told(err)
}

// closer returns the moves from b, of rank r at distance d in a table of
// one byte per board, to a board at distance d−1. The ranker puts the
// blank's cell in the leading digit and a horizontal move keeps the order
// of the tiles, so Left is rank − half and Right rank + half, with no
// ranking; only vertical moves rank their board.
func (t *Table) closer(b statespace.Board, r uint64, d int) (statespace.MoveSet, error) {
	if d == 0 {
		return 0, nil
	}
	var set statespace.MoveSet
	sp := t.space
	want := uint8(d - 1)
	for _, m := range [2]statespace.Move{statespace.Up, statespace.Down} {
		if c, ok := b.Apply(m); ok && t.dist[sp.Rank(c)] == want {
			set = set.Add(m)
		}
	}
	left, right := sp.Shape().Sideways(b.Blank())
	if left && t.dist[r-t.half] == want {
		set = set.Add(statespace.Left)
	}
	if right && t.dist[r+t.half] == want {
		set = set.Add(statespace.Right)
	}
	if set == 0 {
		return 0, &DamageError{Msg: fmt.Sprintf("the table is damaged: %s at distance %d has no neighbour at %d", b, d, d-1)}
	}
	return set, nil
}

// pathFrom is Path on a table of one byte per board from b, of rank r,
// following ranks as closer does.
func (t *Table) pathFrom(b statespace.Board, r uint64) ([]statespace.Move, error) {
	sp := t.space
	d := int(t.dist[r])
	path := make([]statespace.Move, 0, d)
	for ; d > 0; d-- {
		set, err := t.closer(b, r, d)
		if err != nil {
			return nil, err
		}
		for _, m := range statespace.Moves {
			if !set.Has(m) {
				continue
			}
			b, _ = b.Apply(m)
			switch m {
			case statespace.Left:
				r -= t.half
			case statespace.Right:
				r += t.half
			default:
				r = sp.Rank(b)
			}
			path = append(path, m)
			break
		}
	}
	return path, nil
}

// Antipodes returns the boards at the largest distance, in rank order.
func (t *Table) Antipodes() []statespace.Board {
	return t.boardsAt(t.Radius(), 0)
}

// boardsAt returns the boards at distance d in rank order, at most limit
// of them (all when limit ≤ 0).
func (t *Table) boardsAt(d int, limit int) []statespace.Board {
	var out []statespace.Board
	for r, v := range t.dist {
		if int(v) == d {
			out = append(out, t.space.Unrank(uint64(r)))
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out
}

// Verify checks that the table holds exact distances: the goal alone is at
// distance 0, every other board has a neighbour exactly one closer, and no
// two neighbours differ by more than one. Together these imply every entry
// is the true distance. (A *Lazy's lookups check the bits they walk,
// and its Expand checks them all.)
func (t *Table) Verify() error {
	sp := t.space
	dist := t.dist
	for r := uint64(0); r < sp.Size(); r++ {
		b := sp.Unrank(r)
		d := int(dist[r])
		if (d == 0) != (b == sp.Goal()) {
			return fmt.Errorf("table: table damaged: board %s has distance %d", b, d)
		}
		closer := d == 0
		for _, m := range statespace.Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			dc := int(dist[sp.Rank(c)])
			if dc != d-1 && dc != d+1 {
				return fmt.Errorf("table: table damaged: board %s at distance %d has neighbour %s at %d", b, d, c, dc)
			}
			closer = closer || dc == d-1
		}
		if !closer {
			return fmt.Errorf("table: table damaged: board %s at distance %d has no neighbour one closer", b, d)
		}
	}
	return nil
}
