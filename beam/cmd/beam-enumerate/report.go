package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// report writes err for people, prefixed by the command's name, and
// returns the exit status, as the core module's commands do: 0 (also for
// -h), 2 for a usage error, 130 when interrupted, else 1.
func report(stderr io.Writer, name string, err error, interrupted string) int {
	var usage usageError
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
