package search

import (
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// Mix makes k legal moves: the result's distance has k's parity and is at
// most k.
func TestMix(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := tableFor(t, goal)
	rng := newRand(1)
	for k := 0; k < 40; k++ {
		d := tb.Distance(Mix(goal, k, rng))
		if d < 0 || d > k || (k-d)%2 != 0 {
			t.Errorf("k=%d: distance %d", k, d)
		}
	}
}
