package table

import (
	"context"
	"errors"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// originError is what the test's origin wraps an error in.
type originError struct{ err error }

func (e *originError) Error() string { return "from the test: " + e.err.Error() }
func (e *originError) Unwrap() error { return e.err }

// A table given an origin passes the errors that say it is wrong through
// it, each once, in every answer (a contradiction, a damaged walk, an
// expansion, a draw; a forged table's replayed path is store's test);
// other errors come as they are, and the table it was copied from keeps
// no origin.
func TestWithOrigin(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	full := fullTable(t, goal)
	calls := 0
	origin := func(err error) error {
		calls++
		return &originError{err}
	}
	named := func(what string, err error, want int) {
		t.Helper()
		var oe *originError
		if !errors.As(err, &oe) || calls != want || errors.As(oe.err, new(*originError)) {
			t.Errorf("%s: %v (origin called %d times, want %d), want the table's error passed through its origin once", what, err, calls, want)
		}
	}
	other := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	b := full.Antipodes()[0]
	d, err := full.Lookup(b)
	if err != nil {
		t.Fatal(err)
	}

	tab := WithOrigin(full, origin)
	err = tab.CheckPath(b, d-1, "a test", false)
	var ce *ContradictionError
	if !errors.As(err, &ce) || ce.TableDistance != d || ce.PathLength != d-1 {
		t.Errorf("CheckPath of a shorter path: %v, want the contradiction inside", err)
	}
	named("Table.CheckPath", err, 1)
	if _, err := tab.Lookup(other); err == nil || errors.As(err, new(*originError)) {
		t.Errorf("a board of another shape: %v, want the space's error as it is", err)
	}
	if err := full.CheckPath(b, d-1, "a test", false); errors.As(err, new(*originError)) || !errors.As(err, &ce) || calls != 1 {
		t.Errorf("CheckPath of the table copied from: %v, want its contradiction with no origin", err)
	}
	if got, err := tab.Loaded(); err != nil || got.Radius() != full.Radius() || got.origin == nil {
		t.Errorf("Loaded of a table with an origin: %v, want the table with its origin", err)
	}

	// Lazy bits with one board's bit flipped: every answer that walks
	// through it says so.
	bad := full.Mod4Payload()
	r := full.space.Rank(b)
	bad[r>>3] ^= 1 << (r & 7)
	lazy := WithOrigin(&Lazy{tableHead: newHead(full.space, full.Counts()), mod4: Mod4Bytes(bad)}, origin)
	calls = 0
	_, err = lazy.Lookup(b)
	named("Lazy.Lookup", err, 1)
	_, _, err = lazy.LookupMoves(b)
	named("Lazy.LookupMoves", err, 2)
	_, err = lazy.Path(b)
	named("Lazy.Path", err, 3)
	err = lazy.CheckPath(b, d, "a test", true)
	named("Lazy.CheckPath", err, 4)
	_, err = lazy.(*Lazy).Expand(context.Background())
	var te *DamageError
	if !errors.As(err, &te) {
		t.Errorf("Expand: %v, want a *DamageError inside", err)
	}
	named("Lazy.Expand", err, 5)
	err = lazy.Draw(context.Background(), nil, d, 1, func(statespace.Board) bool { return true })
	named("Lazy.Draw", err, 6)
	if _, err := lazy.Lookup(other); err == nil || errors.As(err, new(*originError)) || calls != 6 {
		t.Errorf("a board of another shape: %v, want the space's error as it is", err)
	}
	if got := WithOrigin(nil, origin); got != nil {
		t.Errorf("WithOrigin of no table: %v, want nil", got)
	}
}
