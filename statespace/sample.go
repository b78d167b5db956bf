package statespace

import (
	"iter"
	"math/rand/v2"
	"slices"

	"github.com/bits-and-blooms/bitset"
)

// Random returns a board drawn uniformly from the space: every reachable
// board is equally likely, and none needs a table.
func (s *Space) Random(rng *rand.Rand) Board { return s.Unrank(rng.Uint64N(s.size)) }

// Sample returns the boards of Samples(rng, d, n) in a slice.
func (t *Table) Sample(rng *rand.Rand, d, n int) []Board {
	return slices.Collect(t.Samples(rng, d, n))
}

// Samples draws n boards uniformly from those at distance d (from all
// boards when d < 0), without repetition while n does not exceed their
// number, then with it. The same rng state gives the same boards. The
// boards are yielded one at a time, so memory does not grow with n: it
// holds at most the ranks at distance d, or, for d < 0, the ranks drawn in
// one round (a bitset of the space when that is smaller).
func (t *Table) Samples(rng *rand.Rand, d, n int) iter.Seq[Board] {
	return func(yield func(Board) bool) {
		if n <= 0 {
			return
		}
		if d < 0 {
			t.sampleAll(rng, n, yield)
			return
		}
		if d >= len(t.counts) {
			return
		}
		ranks := make([]uint64, 0, t.counts[d])
		for r := range t.space.size {
			if t.DistanceAt(r) == d {
				ranks = append(ranks, r)
			}
		}
		for left := n; left > 0; {
			// A partial Fisher-Yates shuffle: each round draws without
			// repetition.
			for i := 0; i < len(ranks) && left > 0; i++ {
				j := i + rng.IntN(len(ranks)-i)
				ranks[i], ranks[j] = ranks[j], ranks[i]
				if !yield(t.space.Unrank(ranks[i])) {
					return
				}
				left--
			}
		}
	}
}

// sampleAll draws n boards from the whole space by Floyd's algorithm, in
// rounds of at most Size() distinct ranks.
func (t *Table) sampleAll(rng *rand.Rand, n int, yield func(Board) bool) {
	size := t.space.size
	for left := uint64(n); left > 0; {
		k := min(left, size)
		// A map entry costs about 40 bytes and a bitset bit 1/8 byte.
		var seen interface {
			Test(uint) bool
			Set(uint) *bitset.BitSet
		}
		var inMap map[uint64]bool
		if k*320 < size {
			inMap = make(map[uint64]bool, k)
		} else {
			seen = bitset.New(uint(size))
		}
		for j := size - k; j < size; j++ {
			r := rng.Uint64N(j + 1)
			if inMap != nil {
				if inMap[r] {
					r = j
				}
				inMap[r] = true
			} else {
				if seen.Test(uint(r)) {
					r = j
				}
				seen.Set(uint(r))
			}
			if !yield(t.space.Unrank(r)) {
				return
			}
		}
		left -= k
	}
}
