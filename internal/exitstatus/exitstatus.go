// Package exitstatus holds what every command of tilespace's modules
// shares about ending (the core module's cmd/ and the beam module's
// beam-enumerate): usage errors and the exit status of an error, 0 (also
// for -h), 1, 2 for a usage error and 130 for Ctrl-C. The core's commands
// reach it through cmd/internal/cli, which adds the remedies; Go's
// internal rule lets beam/... import it but not cmd/internal/cli.
package exitstatus

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// UsageError is a mistake in the command line: exit status 2.
type UsageError struct{ Err error }

func (u UsageError) Error() string { return u.Err.Error() }
func (u UsageError) Unwrap() error { return u.Err }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// Report writes err for people, prefixed by the command's name, and
// returns the exit status: 0 (also for -h) with nothing written, 2 for a
// usage error (pointing at name -h), 130 when interrupted (the line
// interrupted), else 1 (the error as explain phrases it; nil: as it is).
func Report(stderr io.Writer, name string, err error, interrupted string, explain func(error) string) int {
	return Write(stderr, name, err, Of(err), interrupted, explain)
}

// The exit statuses.
const (
	OK          = 0
	Failed      = 1
	Usage       = 2
	Interrupted = 130
)

// Of returns err's exit status: 0 (also for -h), 2 for a usage error,
// 130 when interrupted, else 1.
func Of(err error) int {
	var usage UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return OK
	case errors.As(err, &usage):
		return Usage
	case errors.Is(err, context.Canceled):
		return Interrupted
	}
	return Failed
}

// Write writes err for people as a command ending with status writes it
// (nothing for 0; for 2, pointing at name -h; for 130, the line
// interrupted; else err as explain phrases it) and returns status.
func Write(stderr io.Writer, name string, err error, status int, interrupted string, explain func(error) string) int {
	switch status {
	case OK:
		return OK
	case Usage:
		fmt.Fprintf(stderr, "%s: %v (%s -h for help)\n", name, err, name)
		return Usage
	case Interrupted:
		fmt.Fprintf(stderr, "%s: %s\n", name, interrupted)
		return Interrupted
	}
	if explain == nil {
		explain = error.Error
	}
	fmt.Fprintf(stderr, "%s: %s\n", name, explain(err))
	return status
}
