// Package cli holds what tilespace's commands share about ending: usage
// errors and the exit statuses they map to.
package cli

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
// returns the exit status: 0 (also for -h), 2 for a usage error, 130 when
// interrupted, else 1. interrupted is the line written for Ctrl-C.
func Report(stderr io.Writer, name string, err error, interrupted string) int {
	var usage UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "%s: %v (%s -h for help)\n", name, err, name)
		return 2
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "%s: %s\n", name, interrupted)
		return 130
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}
