package statespace

import "math/rand/v2"

// Sample draws n boards uniformly from those at distance d (from all
// boards when d < 0), without repetition while n does not exceed their
// number, then with it. The same rng state gives the same boards.
func (t *Table) Sample(rng *rand.Rand, d, n int) []Board {
	out := make([]Board, 0, n)
	if d < 0 {
		for len(out) < n {
			// Floyd's sampling: each round draws distinct ranks.
			size := t.space.size
			k := min(uint64(n-len(out)), size)
			seen := make(map[uint64]bool, k)
			for j := size - k; j < size; j++ {
				r := rng.Uint64N(j + 1)
				if seen[r] {
					r = j
				}
				seen[r] = true
				out = append(out, t.space.Unrank(r))
			}
		}
		return out
	}
	if d >= len(t.counts) || n <= 0 {
		return out
	}
	ranks := make([]uint64, 0, t.counts[d])
	for r, v := range t.expanded() {
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
