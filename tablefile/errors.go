package tablefile

import (
	"errors"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// Sentinel errors for the two kinds of damage callers most often want to
// tell apart: a file cut short (an interrupted copy or download, which is
// worth retrying) and a file whose bytes changed (which is not).
var (
	// ErrTruncated is matched by FormatErrors caused by the data ending early.
	ErrTruncated = errors.New("tablefile: truncated file")
	// ErrChecksum is matched by FormatErrors caused by a checksum mismatch.
	ErrChecksum = errors.New("tablefile: checksum mismatch")
)

// A FormatError reports that the data is not a valid table file: it is
// damaged, truncated, or was not written by this package. Field names the
// part of the file at fault, such as "magic", "header", "goal", "counts" or
// "payload".
type FormatError struct {
	Field string
	Msg   string

	// sentinel is ErrTruncated, ErrChecksum or nil; see Unwrap.
	sentinel error
}

// Kind is errkind.Damaged.
func (*FormatError) Kind() errkind.Kind { return errkind.Damaged }

func (e *FormatError) Error() string { return "tablefile: " + e.Msg }

// Unwrap returns ErrTruncated or ErrChecksum when one of them caused the
// error, so errors.Is can classify it.
func (e *FormatError) Unwrap() error { return e.sentinel }

// An UnsupportedError reports a well-formed file that uses a format
// version, kind or encoding this build does not understand. Unlike a
// FormatError it means the file is probably fine and the program is too old.
type UnsupportedError struct {
	Msg string
}

// Kind is errkind.Damaged.
func (*UnsupportedError) Kind() errkind.Kind { return errkind.Damaged }

func (e *UnsupportedError) Error() string { return "tablefile: " + e.Msg }

// A MismatchError reports a valid file that describes a different table
// than the caller asked for. Field is "kind", "shape", "goal" or "pattern".
type MismatchError struct {
	Field string
	Want  string
	Got   string
}

// Kind is errkind.Damaged.
func (*MismatchError) Kind() errkind.Kind { return errkind.Damaged }

func (e *MismatchError) Error() string {
	return "tablefile: file is for " + e.Field + " " + e.Got + ", want " + e.Want
}

// pathError attaches a file name to an error from this package while
// keeping a single "tablefile: " prefix and the underlying error reachable
// through errors.Is and errors.As.
type pathError struct {
	op   string
	path string
	err  error
}

func (e *pathError) Error() string {
	return "tablefile: " + e.op + " " + e.path + ": " + strings.TrimPrefix(e.err.Error(), "tablefile: ")
}

func (e *pathError) Unwrap() error { return e.err }
