package search

import (
	"math/rand/v2"

	"github.com/tilespace/tilespace/statespace"
)

// Mix returns the board reached from goal by k uniformly random legal
// moves of the blank.
func Mix(goal statespace.Board, k int, rng *rand.Rand) statespace.Board {
	b := goal
	for j := 0; j < k; j++ {
		var moves [4]statespace.Move
		n := 0
		for _, m := range statespace.Moves {
			if _, ok := b.Apply(m); ok {
				moves[n] = m
				n++
			}
		}
		b, _ = b.Apply(moves[rng.IntN(n)])
	}
	return b
}
