package statespace

import "math/rand/v2"

// Boards drawn without a table: uniform boards of a space (Space.Random)
// and random walks from a board (Walk), for every shape.

// Random returns a board drawn uniformly from the space: every reachable
// board is equally likely, and none needs a table. A space of at most 20
// cells unranks a uniform rank; a larger one, whose boards are too many to
// rank, shuffles the tiles and, when the shuffle cannot reach the goal,
// swaps the first two tiles: the swap pairs each unreachable arrangement
// with one reachable one, so every reachable board stays equally likely.
func (s *Space) Random(rng *rand.Rand) Board {
	if s.Counted() {
		return s.Unrank(rng.Uint64N(s.Size()))
	}
	b := s.Goal()
	for i := s.n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i]
	}
	first := -1
	for i := 0; i < s.n; i++ {
		switch {
		case b.tiles[i] == 0:
			b.blank = uint8(i)
		case first < 0:
			first = i
		}
	}
	if !s.reachable(b) {
		second := first + 1
		if b.tiles[second] == 0 {
			second++
		}
		b.tiles[first], b.tiles[second] = b.tiles[second], b.tiles[first]
	}
	return b
}

// WalkMode says which moves a random walk (Walk) draws from.
type WalkMode uint8

const (
	// AnyMove draws each move uniformly from the legal ones.
	AnyMove WalkMode = iota
	// NoReverse never draws the move that undoes the one before, so the
	// walk does not step straight back.
	NoReverse
)

// Walk returns the board reached from b by n random moves of the blank,
// each drawn uniformly from the legal moves (in Up, Down, Left, Right
// order) that mode allows. The distance it reaches is at most n and of n's
// parity; a walk is how boards near the goal are drawn where no table
// gives exact distances.
func Walk(rng *rand.Rand, b Board, n int, mode WalkMode) Board {
	last := Move(4)
	for range n {
		var opts [4]Move
		k := 0
		for _, m := range Moves {
			if _, ok := b.Apply(m); !ok || (mode == NoReverse && last < 4 && m == last.Opposite()) {
				continue
			}
			opts[k] = m
			k++
		}
		m := opts[rng.IntN(k)]
		b, _ = b.Apply(m)
		last = m
	}
	return b
}
