package statespace

import "testing"

// optimal is t's optimal moves of b, which the test knows to have them.
func optimal(tb testing.TB, t DistanceTable, b Board) MoveSet {
	tb.Helper()
	_, set, err := t.LookupMoves(b)
	if err != nil {
		tb.Fatalf("%s: %v", b, err)
	}
	return set
}
