package table

import (
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// optimal is t's optimal moves of b, which the test knows to have them.
func optimal(tb testing.TB, t Interface, b statespace.Board) statespace.MoveSet {
	tb.Helper()
	_, set, err := t.LookupMoves(b)
	if err != nil {
		tb.Fatalf("%s: %v", b, err)
	}
	return set
}
