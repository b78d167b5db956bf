package statespace

import "math/rand/v2"

// Sample draws n boards uniformly from those at distance d (from all
// boards when d < 0), without repetition while n does not exceed their
// number, then with it. The same rng state gives the same boards.
func (t *Table) Sample(rng *rand.Rand, d, n int) []Board {
	out := make([]Board, 0, n)
	if d < 0 {
		for len(out) < n {
			out = append(out, t.space.Unrank(rng.Uint64N(t.space.size)))
		}
		return out
	}
	if d >= len(t.counts) || n <= 0 {
		return out
	}
	ranks := make([]uint64, 0, t.counts[d])
	for r, v := range t.dist {
		if int(v) == d {
			ranks = append(ranks, uint64(r))
		}
	}
	for len(out) < n {
		// A partial Fisher-Yates shuffle: each round draws without repetition.
		for i := 0; i < len(ranks) && len(out) < n; i++ {
			j := i + rng.IntN(len(ranks)-i)
			ranks[i], ranks[j] = ranks[j], ranks[i]
			out = append(out, t.space.Unrank(ranks[i]))
		}
	}
	return out
}
