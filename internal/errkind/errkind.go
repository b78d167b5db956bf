// Package errkind is the one vocabulary of what an error means to the
// people and programs at tilespace's doors (the commands, the page's API,
// the Python package): a bad board, a board that cannot reach its goal, a
// file that is missing or damaged, a limit reached, and so on. Each error
// type says its kind where it is defined (a Kind method); Of reads the
// kind of any error, and each door keeps one small table from kinds to
// what it answers (an exit status and remedy, an HTTP status, a Python
// exception).
package errkind

import (
	"context"
	"errors"
	"io/fs"
)

// Kind is what an error means to whoever sent the request.
type Kind uint8

// The kinds. None is an error that says no kind of its own: a fault of
// the system (an I/O error, a bug), shown as it is.
const (
	None       Kind = iota
	Board           // board text, a shape's tiles, a tile twice or missing
	Unsolvable      // a board that cannot reach its goal (the parity rule)
	Goal            // a goal that is not a goal name or a board of the shape
	Shape           // a shape that is not RxC, or too small or too large for what was asked
	Missing         // a table, pattern databases or a file not there (to build)
	Damaged         // a file or table proved wrong: a checksum, a replayed path, a shorter path
	Limit           // a time, memory, node or disk limit reached before the answer
	Value           // an argument refused: a name that names nothing, a bad partition, a range
	Canceled        // the caller stopped the work (Ctrl-C, a job canceled)
	count
)

var names = [count]string{"", "board", "unsolvable", "goal", "shape", "missing", "damaged", "limit", "value", "canceled"}

// String is the kind's name, as the Python package's exceptions know it
// ("board", "damaged", …); "" for None.
func (k Kind) String() string {
	if k >= count {
		return ""
	}
	return names[k]
}

// All returns every kind but None, in order.
func All() []Kind {
	out := make([]Kind, 0, count-1)
	for k := None + 1; k < count; k++ {
		out = append(out, k)
	}
	return out
}

// Kinded is an error that says its kind.
type Kinded interface {
	error
	Kind() Kind
}

// Of returns the kind of err: Canceled when its chain holds
// context.Canceled, Limit when it holds context.DeadlineExceeded (the
// caller stopped the work, or its time ran out: what else the chain says
// followed from that); else the first error in its chain (err, then what
// it wraps, depth first, as errors.As walks it) that says a kind other
// than None, where fs.ErrNotExist is Missing; None when nothing in the
// chain says one (nil too).
func Of(err error) Kind {
	switch {
	case err == nil:
		return None
	case errors.Is(err, context.Canceled):
		return Canceled
	case errors.Is(err, context.DeadlineExceeded):
		return Limit
	}
	return of(err)
}

func of(err error) Kind {
	if err == nil {
		return None
	}
	if k, ok := err.(Kinded); ok {
		if kind := k.Kind(); kind != None {
			return kind
		}
	}
	if is(err, fs.ErrNotExist) {
		return Missing
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		return of(u.Unwrap())
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if k := of(e); k != None {
				return k
			}
		}
	}
	return None
}

// Is reports whether err is of kind k (Of(err) == k).
func Is(err error, k Kind) bool { return Of(err) == k }

// New returns an error of kind k with err's message, wrapping err: how a
// door or a package marks an error whose own type says no kind (a
// parser's plain error, an argument it refuses).
func New(k Kind, err error) error {
	if err == nil {
		return nil
	}
	return &kindError{k, err}
}

type kindError struct {
	kind Kind
	err  error
}

func (e *kindError) Error() string { return e.err.Error() }
func (e *kindError) Unwrap() error { return e.err }
func (e *kindError) Kind() Kind    { return e.kind }

// is reports whether err itself (not what it wraps) is target, by
// identity or its own Is method (syscall.ENOENT is fs.ErrNotExist).
func is(err, target error) bool {
	if err == target {
		return true
	}
	x, ok := err.(interface{ Is(error) bool })
	return ok && x.Is(target)
}
