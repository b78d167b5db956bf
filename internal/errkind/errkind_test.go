package errkind

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
)

type damaged struct{ err error }

func (e *damaged) Error() string { return "damaged: " + e.err.Error() }
func (e *damaged) Unwrap() error { return e.err }
func (e *damaged) Kind() Kind    { return Damaged }

type quiet struct{ err error }

func (e *quiet) Error() string { return e.err.Error() }
func (e *quiet) Unwrap() error { return e.err }
func (e *quiet) Kind() Kind    { return None }

func TestOf(t *testing.T) {
	_, statErr := os.Stat("/no/such/file/errkind")
	for _, c := range []struct {
		name string
		err  error
		want Kind
	}{
		{"nil", nil, None},
		{"plain", errors.New("x"), None},
		{"kinded", &damaged{errors.New("x")}, Damaged},
		{"wrapped", fmt.Errorf("reading: %w", &damaged{errors.New("x")}), Damaged},
		{"outermost wins", New(Board, &damaged{errors.New("x")}), Board},
		{"a cancel first", New(Board, &damaged{context.Canceled}), Canceled},
		{"a deadline first", &damaged{fmt.Errorf("reading: %w", context.DeadlineExceeded)}, Limit},
		{"none passes on", &quiet{New(Goal, errors.New("x"))}, Goal},
		{"canceled", fmt.Errorf("stopped: %w", context.Canceled), Canceled},
		{"deadline", context.DeadlineExceeded, Limit},
		{"not exist", statErr, Missing},
		{"joined", errors.Join(errors.New("a"), New(Value, errors.New("b"))), Value},
	} {
		if got := Of(c.err); got != c.want {
			t.Errorf("%s: Of(%v) = %q, want %q", c.name, c.err, got, c.want)
		}
	}
}

func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range All() {
		n := k.String()
		if n == "" || seen[n] {
			t.Errorf("kind %d: name %q empty or repeated", k, n)
		}
		seen[n] = true
	}
	if None.String() != "" || Kind(200).String() != "" {
		t.Error("None and unknown kinds must have no name")
	}
	if New(Board, nil) != nil {
		t.Error("New(k, nil) != nil")
	}
}
