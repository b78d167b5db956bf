package table

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/statespace"
)

// Lazy is a distance table read from its stored bits (bit 1 of every
// distance, see Mod4Source) and not expanded: its lookups walk toward the
// goal on the bits (O(distance) rankings, a few microseconds) and check
// them as they go, so damaged bits give a *DamageError, never a wrong
// answer; Draw gathers or tests boards on the bits. What needs every
// board's distance takes a *Table: Expand makes one, by a breadth-first
// search, when asked. A Lazy is read-only and safe for concurrent
// use.
type Lazy struct {
	tableHead
	mod4 Mod4Source
	// checkAnswers makes LookupMoves check each answer by its neighbours'
	// walks (WithAnswerChecks).
	checkAnswers bool
}

// Loaded refuses with a *LazyError: the table has no byte per board
// (Expand makes them).
func (t *Lazy) Loaded() (*Table, error) {
	return nil, &LazyError{Shape: t.space.Shape(), States: t.space.Size(), Bytes: t.space.Size() * enumerateBytes}
}

// Expand returns the table with one byte per board, made by a
// breadth-first search from the goal (a 12-cell space takes minutes and
// about 6 GB), every stored bit and count checked against it (a
// *DamageError when they disagree). ctx stops the search.
func (t *Lazy) Expand(ctx context.Context) (*Table, error) {
	ex, err := expandBits(ctx, t.space, t.counts, t.mod4)
	if err != nil {
		return nil, t.told(err)
	}
	return ex, nil
}

// expandBits enumerates sp and checks bits and counts against it.
func expandBits(ctx context.Context, sp *statespace.Space, counts []uint64, bits Mod4Source) (*Table, error) {
	t, err := Enumerate(ctx, sp, nil)
	if err != nil {
		return nil, err
	}
	for r, d := range t.dist {
		if r&(1<<20-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b, err := bits.Mod4Bit(uint64(r))
		if err != nil {
			return nil, err
		}
		if b != d>>1&1 {
			return nil, &DamageError{Msg: fmt.Sprintf("the stored bit of board %s (rank %d) disagrees with its distance %d", sp.Unrank(uint64(r)), r, d)}
		}
	}
	if len(t.counts) != len(counts) {
		return nil, &DamageError{Msg: fmt.Sprintf("the radius is %d, the counts say %d", len(t.counts)-1, len(counts)-1)}
	}
	for d, n := range counts {
		if t.counts[d] != n {
			return nil, &DamageError{Msg: fmt.Sprintf("%d boards are at distance %d, the counts say %d", t.counts[d], d, n)}
		}
	}
	return t, nil
}

// Lookup returns the distance of b, or the reason it has none: b is not
// in the space, or the bits are damaged (a *DamageError).
func (t *Lazy) Lookup(b statespace.Board) (int, error) {
	d, err := t.lookup(b)
	return d, t.told(err)
}

// lookup is Lookup without the table's origin, for the answers made of
// lookups.
func (t *Lazy) lookup(b statespace.Board) (int, error) {
	if err := t.space.Check(b); err != nil {
		return 0, err
	}
	return t.walk(b)
}

// LookupMoves returns the distance of b and every move that leads one
// step closer, or the reason there are none (as Lookup). A walk longer
// than the radius is refused; a table made by WithAnswerChecks also checks
// the answer against the boards it touches.
func (t *Lazy) LookupMoves(b statespace.Board) (int, statespace.MoveSet, error) {
	d, set, err := t.lookupMoves(b)
	return d, set, t.told(err)
}

// lookupMoves is LookupMoves without the table's origin.
func (t *Lazy) lookupMoves(b statespace.Board) (int, statespace.MoveSet, error) {
	d, err := t.lookup(b)
	if err != nil {
		return 0, 0, err
	}
	set, err := t.optimalMoves(b, d)
	if err == nil && t.checkAnswers {
		err = t.checkNeighbours(b, d, set)
	}
	if err != nil {
		return 0, 0, err
	}
	return d, set, nil
}

// optimalMoves returns the moves from b, at distance d, one step closer:
// neighbours are one closer or one farther, never equal, so the stored
// distance mod 4 tells them apart.
func (t *Lazy) optimalMoves(b statespace.Board, d int) (statespace.MoveSet, error) {
	if d == 0 {
		return 0, nil
	}
	var set statespace.MoveSet
	for _, m := range statespace.Moves {
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		got, err := t.mod4At(c.Blank(), t.space.Rank(c))
		if err != nil {
			return 0, err
		}
		if got == (d-1)&3 {
			set = set.Add(m)
		}
	}
	if set == 0 {
		return 0, &DamageError{Msg: fmt.Sprintf("the table is damaged: %s at distance %d has no neighbour at %d", b, d, d-1)}
	}
	return set, nil
}

// Path returns an optimal solution of b, as Table.Path does, replayed
// (each board one step closer and agreeing with its neighbours, as
// WithAnswerChecks checks an answer; a *ReplayError inside the
// *DamageError where it does not), so that stored bits moved where they
// keep the codes' local rules are refused rather than answered from: a
// lazy table's bits come from a file, where a table in memory was counted
// by its own search.
func (t *Lazy) Path(b statespace.Board) ([]statespace.Move, error) {
	d, err := t.lookup(b)
	if err != nil {
		return nil, t.told(err)
	}
	path, err := t.descend(b, d)
	if err == nil {
		err = t.replay(b, d, path)
	}
	if err != nil {
		return nil, t.told(err)
	}
	return path, nil
}

// descend follows, from b at distance d, the first move in Up, Down,
// Left, Right order that leads one step closer, down to the goal.
func (t *Lazy) descend(b statespace.Board, d int) ([]statespace.Move, error) {
	path := make([]statespace.Move, 0, d)
	for ; d > 0; d-- {
		set, err := t.optimalMoves(b, d)
		if err != nil {
			return nil, err
		}
		for _, m := range statespace.Moves {
			if set.Has(m) {
				b, _ = b.Apply(m)
				path = append(path, m)
				break
			}
		}
	}
	return path, nil
}
