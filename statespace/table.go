package statespace

import (
	"fmt"
	"time"
)

// Table holds the exact distance from the goal of every reachable board of
// a Space, one byte per board, indexed by rank. A Table is read-only and
// safe for concurrent use.
type Table struct {
	space  *Space
	dist   []uint8
	counts []uint64
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

// DistanceAt returns the distance of the board with the given rank.
func (t *Table) DistanceAt(rank uint64) int { return int(t.dist[rank]) }

// Distance returns the exact distance of b from the goal, or -1 when b
// does not belong to the table's space (wrong shape or unsolvable).
func (t *Table) Distance(b Board) int {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return -1
	}
	return int(t.dist[r])
}

// Lookup returns the distance of b, or the reason it has none.
func (t *Table) Lookup(b Board) (int, error) {
	if err := t.space.Check(b); err != nil {
		return 0, err
	}
	return int(t.dist[t.space.Rank(b)]), nil
}

// OptimalMoves returns every move that leads one step closer to the goal:
// the first moves of all optimal solutions. It is empty at the goal and
// for boards outside the space.
func (t *Table) OptimalMoves(b Board) MoveSet {
	r, ok := t.space.RankChecked(b)
	if !ok {
		return 0
	}
	return t.optimalMoves(b, int(t.dist[r]))
}

func (t *Table) optimalMoves(b Board, d int) MoveSet {
	var set MoveSet
	if d == 0 {
		return 0
	}
	for _, m := range Moves {
		if c, ok := b.Apply(m); ok && int(t.dist[t.space.Rank(c)]) == d-1 {
			set = set.Add(m)
		}
	}
	return set
}

// Path returns an optimal solution of b: at each step the first move, in
// Up, Down, Left, Right order, that leads one step closer. It returns an
// error when b is not in the table's space.
func (t *Table) Path(b Board) ([]Move, error) {
	d, err := t.Lookup(b)
	if err != nil {
		return nil, err
	}
	path := make([]Move, 0, d)
	for ; d > 0; d-- {
		set := t.optimalMoves(b, d)
		if set == 0 {
			return nil, fmt.Errorf("statespace: table damaged: %s at distance %d has no neighbour at %d", b, d, d-1)
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

// Antipodes returns the boards at the largest distance, in rank order.
func (t *Table) Antipodes() []Board {
	return t.BoardsAt(t.Radius(), 0)
}

// BoardsAt returns the boards at distance d in rank order, at most limit
// of them (all when limit ≤ 0).
func (t *Table) BoardsAt(d int, limit int) []Board {
	var out []Board
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
// is the true distance.
func (t *Table) Verify() error {
	sp := t.space
	for r := uint64(0); r < sp.size; r++ {
		b := sp.Unrank(r)
		d := int(t.dist[r])
		if (d == 0) != (b == sp.goal) {
			return fmt.Errorf("statespace: table damaged: board %s has distance %d", b, d)
		}
		closer := d == 0
		for _, m := range Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			dc := int(t.dist[sp.Rank(c)])
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
