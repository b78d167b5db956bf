package statespace

import (
	"context"
	"fmt"
	"time"
)

// Table holds the exact distance from the goal of every reachable board of
// a Space, one byte per board, indexed by rank. A Table is read-only and
// safe for concurrent use.
//
// A large table made from stored bits (NewMod4Table) is not expanded: its
// lookups walk toward the goal on the bits (O(distance) rankings, a few
// microseconds), Draw and Samples gather or test boards on the bits, and
// the methods that scan every board's distance (BoardsAt, Antipodes,
// Verify, Distances) refuse it with a *LazyError: Expand makes the table
// with one byte per board, by a breadth-first search, when asked.
type Table struct {
	space  *Space
	dist   []uint8 // one byte per board; nil until a lazy table expands
	counts []uint64
	origin Origin

	mod4 Mod4Source // a lazy table's bits
	// checkAnswers makes a lazy table check each LookupMoves answer by its
	// neighbours' walks (WithAnswerChecks).
	checkAnswers bool
	// searchTime is how long the BFS took, excluding allocation; zero for
	// a table read from a file.
	searchTime time.Duration
}

// SearchTime returns how long the breadth-first search that built the
// table took, not counting allocating its memory; zero for a table that
// was read from a file.
func (t *Table) SearchTime() time.Duration { return t.searchTime }

// Space returns the space the table covers.
func (t *Table) Space() *Space { return t.space }

// Counts returns the number of boards at each distance 0 … Radius().
func (t *Table) Counts() []uint64 { return append([]uint64(nil), t.counts...) }

// States returns the number of boards in the table, n!/2.
func (t *Table) States() uint64 { return t.space.size }

// Radius returns the largest distance of any board.
func (t *Table) Radius() int { return len(t.counts) - 1 }

// Lazy reports whether the table answers by walking its stored bits
// (see NewMod4Table) rather than from one byte per board. Its lookups can
// then fail on damaged bits: use Lookup, LookupMoves and Path, which say
// why.
func (t *Table) Lazy() bool { return t.dist == nil }

// DistanceAt returns the distance of the board with the given rank, or -1
// when the rank is out of range or a lazy table's bits are damaged (Lookup
// says how).
func (t *Table) DistanceAt(rank uint64) int {
	if rank >= t.space.size {
		return -1
	}
	if t.dist != nil {
		return int(t.dist[rank])
	}
	d, err := t.walk(t.space.Unrank(rank))
	if err != nil {
		return -1
	}
	return d
}

// LazyError reports a call that needs every board's distance, one byte
// per board, on a lazy table (see NewMod4Table): it is refused rather than
// started silently, since expanding the table is a breadth-first search of
// the whole space. Expand does it on request, with a context.
type LazyError struct {
	Shape  Shape
	States uint64 // boards in the table
	Bytes  uint64 // memory the expansion takes while it runs, about
	Op     string // the method refused, e.g. "Antipodes"
}

func (e *LazyError) Error() string {
	return fmt.Sprintf("statespace: %s needs every board's distance, and the table of %s (%d boards) is read from its bits; expanding it is a breadth-first search taking about %d bytes (Table.Expand)",
		e.Op, e.Shape, e.States, e.Bytes)
}

// enumerateBytes is about how much memory Enumerate takes per board while
// it runs (see MaxEnumerate).
const enumerateBytes = 24

// all returns the one-byte-per-board distances, or a *LazyError naming op
// for a lazy table, which has none.
func (t *Table) all(op string) ([]uint8, error) {
	if t.dist == nil {
		return nil, &LazyError{Shape: t.space.shape, States: t.space.size, Bytes: t.space.size * enumerateBytes, Op: op}
	}
	return t.dist, nil
}

// Expand returns the table with one byte per board: t itself when it is
// not lazy; for a lazy one, a new table made by a breadth-first search
// from the goal (a 12-cell space takes minutes and about 6 GB), every
// stored bit and count checked against it (a *TableError when they
// disagree). ctx stops the search.
func (t *Table) Expand(ctx context.Context) (*Table, error) {
	if t.dist != nil {
		return t, nil
	}
	return expandBits(ctx, t.space, t.counts, t.mod4, t.origin)
}

// expandBits enumerates sp and checks bits and counts against it.
func expandBits(ctx context.Context, sp *Space, counts []uint64, bits Mod4Source, origin Origin) (*Table, error) {
	t, err := sp.Enumerate(ctx, nil)
	if err != nil {
		return nil, err
	}
	t.origin = origin
	for r, d := range t.dist {
		if r&(1<<20-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b, err := bits.Mod4Bit(uint64(r))
		if err != nil {
			return nil, err
		}
		if b != d>>1&1 {
			return nil, &TableError{Origin: origin, Msg: fmt.Sprintf("the stored bit of board %s (rank %d) disagrees with its distance %d", sp.Unrank(uint64(r)), r, d)}
		}
	}
	if len(t.counts) != len(counts) {
		return nil, &TableError{Origin: origin, Msg: fmt.Sprintf("the radius is %d, the counts say %d", len(t.counts)-1, len(counts)-1)}
	}
	for d, n := range counts {
		if t.counts[d] != n {
			return nil, &TableError{Origin: origin, Msg: fmt.Sprintf("%d boards are at distance %d, the counts say %d", t.counts[d], d, n)}
		}
	}
	return t, nil
}

// Distance returns the exact distance of b from the goal, or -1 when b
// does not belong to the table's space (wrong shape or unsolvable) or a
// lazy table's bits are damaged.
func (t *Table) Distance(b Board) int {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return -1
	}
	if t.dist == nil {
		d, err := t.walk(b)
		if err != nil {
			return -1
		}
		return d
	}
	return int(t.dist[r])
}

// Lookup returns the distance of b, or the reason it has none: b is not
// in the space, or a lazy table's bits are damaged (a *TableError).
func (t *Table) Lookup(b Board) (int, error) {
	if err := t.space.Check(b); err != nil {
		return 0, err
	}
	if t.dist == nil {
		return t.walk(b)
	}
	return t.Distance(b), nil
}

// LookupMoves returns the distance of b and every move that leads one
// step closer, or the reason there are none (as Lookup).
//
// A lazy table refuses a walk longer than its radius; one made by
// WithAnswerChecks also checks the answer against the boards it touches.
func (t *Table) LookupMoves(b Board) (int, MoveSet, error) {
	if t.dist != nil {
		if r, ok := t.space.RankChecked(b); ok {
			d := int(t.dist[r])
			set, err := t.closer(b, r, d)
			return d, set, err
		}
	}
	d, err := t.Lookup(b)
	if err != nil {
		return 0, 0, err
	}
	set, err := t.optimalMoves(b, d)
	if err == nil && t.dist == nil && t.checkAnswers {
		err = t.checkNeighbours(b, d, set)
	}
	if err != nil {
		return 0, 0, err
	}
	return d, set, nil
}

func (t *Table) optimalMoves(b Board, d int) (MoveSet, error) {
	var set MoveSet
	if d == 0 {
		return 0, nil
	}
	for _, m := range Moves {
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		r := t.space.Rank(c)
		if t.dist != nil {
			if int(t.dist[r]) == d-1 {
				set = set.Add(m)
			}
			continue
		}
		// A lazy table tells the neighbour one closer by its distance mod
		// 4: neighbours are one closer or one farther, never equal.
		got, err := t.mod4At(c.Blank(), r)
		if err != nil {
			return 0, err
		}
		if got == (d-1)&3 {
			set = set.Add(m)
		}
	}
	if set == 0 {
		return 0, &TableError{Origin: t.origin, Msg: fmt.Sprintf("the table is damaged: %s at distance %d has no neighbour at %d", b, d, d-1)}
	}
	return set, nil
}

// Path returns an optimal solution of b: at each step the first move, in
// Up, Down, Left, Right order, that leads one step closer. It returns an
// error when b is not in the table's space or the table is damaged.
func (t *Table) Path(b Board) ([]Move, error) {
	if t.dist != nil {
		if r, ok := t.space.RankChecked(b); ok {
			return t.pathFrom(b, r)
		}
	}
	d, err := t.Lookup(b)
	if err != nil {
		return nil, err
	}
	path := make([]Move, 0, d)
	for ; d > 0; d-- {
		set, err := t.optimalMoves(b, d)
		if err != nil {
			return nil, err
		}
		for _, m := range Moves {
			if set.Has(m) {
				b, _ = b.Apply(m)
				path = append(path, m)
				break
			}
		}
	}
	return path, nil
}

// closer returns the moves from b, of rank r at distance d in a table of
// one byte per board, to a board at distance d−1. The ranker puts the
// blank's cell in the leading digit and a horizontal move keeps the order
// of the tiles, so Left is rank − half and Right rank + half, with no
// ranking; only vertical moves rank their board.
func (t *Table) closer(b Board, r uint64, d int) (MoveSet, error) {
	if d == 0 {
		return 0, nil
	}
	var set MoveSet
	sp := t.space
	want := uint8(d - 1)
	for _, m := range [2]Move{Up, Down} {
		if c, ok := b.Apply(m); ok && t.dist[sp.Rank(c)] == want {
			set = set.Add(m)
		}
	}
	col := b.Blank() % sp.shape.Cols
	if col > 0 && t.dist[r-sp.half] == want {
		set = set.Add(Left)
	}
	if col < sp.shape.Cols-1 && t.dist[r+sp.half] == want {
		set = set.Add(Right)
	}
	if set == 0 {
		return 0, &TableError{Origin: t.origin, Msg: fmt.Sprintf("the table is damaged: %s at distance %d has no neighbour at %d", b, d, d-1)}
	}
	return set, nil
}

// pathFrom is Path on a table of one byte per board from b, of rank r,
// following ranks as closer does.
func (t *Table) pathFrom(b Board, r uint64) ([]Move, error) {
	sp := t.space
	d := int(t.dist[r])
	path := make([]Move, 0, d)
	for ; d > 0; d-- {
		set, err := t.closer(b, r, d)
		if err != nil {
			return nil, err
		}
		for _, m := range Moves {
			if !set.Has(m) {
				continue
			}
			b, _ = b.Apply(m)
			switch m {
			case Left:
				r -= sp.half
			case Right:
				r += sp.half
			default:
				r = sp.Rank(b)
			}
			path = append(path, m)
			break
		}
	}
	return path, nil
}

// Antipodes returns the boards at the largest distance, in rank order. A
// lazy table refuses with a *LazyError (Expand it first).
func (t *Table) Antipodes() ([]Board, error) {
	return t.boardsAt("Antipodes", t.Radius(), 0)
}

// BoardsAt returns the boards at distance d in rank order, at most limit
// of them (all when limit ≤ 0). A lazy table refuses with a *LazyError
// (Expand it first, or Draw from it).
func (t *Table) BoardsAt(d int, limit int) ([]Board, error) {
	return t.boardsAt("BoardsAt", d, limit)
}

func (t *Table) boardsAt(op string, d int, limit int) ([]Board, error) {
	dist, err := t.all(op)
	if err != nil {
		return nil, err
	}
	var out []Board
	for r, v := range dist {
		if int(v) == d {
			out = append(out, t.space.Unrank(uint64(r)))
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out, nil
}

// Verify checks that the table holds exact distances: the goal alone is at
// distance 0, every other board has a neighbour exactly one closer, and no
// two neighbours differ by more than one. Together these imply every entry
// is the true distance. A lazy table refuses with a *LazyError: its
// lookups check the bits they walk, and Expand checks them all.
func (t *Table) Verify() error {
	sp := t.space
	dist, err := t.all("Verify")
	if err != nil {
		return err
	}
	for r := uint64(0); r < sp.size; r++ {
		b := sp.Unrank(r)
		d := int(dist[r])
		if (d == 0) != (b == sp.goal) {
			return fmt.Errorf("statespace: table damaged: board %s has distance %d", b, d)
		}
		closer := d == 0
		for _, m := range Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			dc := int(dist[sp.Rank(c)])
			if dc != d-1 && dc != d+1 {
				return fmt.Errorf("statespace: table damaged: board %s at distance %d has neighbour %s at %d", b, d, c, dc)
			}
			closer = closer || dc == d-1
		}
		if !closer {
			return fmt.Errorf("statespace: table damaged: board %s at distance %d has no neighbour one closer", b, d)
		}
	}
	return nil
}
