// Package cli holds what tilespace's commands share about starting and
// ending: the signal handling of main, usage errors and the exit statuses
// they map to, and the remedies of the errors the packages below return
// (the commands that build or rebuild what is missing or damaged).
package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tilespace/tilespace/internal/exitstatus"
)

// UsageError is a mistake in the command line: exit status 2.
type UsageError = exitstatus.UsageError

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error { return exitstatus.Usagef(format, args...) }

// Report writes err for people, prefixed by the command's name and
// followed by the command that fixes it (Explain), and returns the exit
// status (Status): 0 (also for -h), 2 for a usage error, 130 when
// interrupted, else 1. interrupted is the line written for Ctrl-C,
// with where a resumable search's checkpoint went.
func Report(stderr io.Writer, name string, err error, interrupted string) int {
	status := Status(err)
	if status == exitstatus.Interrupted {
		if r := Remedy(err); r != "" {
			interrupted += "; " + r
		}
	}
	return exitstatus.Write(stderr, name, err, status, interrupted, Explain)
}

// Run is the body of a command: its arguments without the command's name,
// and the standard streams.
type Run func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error

// Grace is how long Main waits, after Ctrl-C or SIGTERM, for run to return
// before it exits anyway: a read blocked on a terminal, a pipe or a FIFO
// cannot see the context, and every file tilespace writes is renamed into
// place only when complete, so exiting mid-run leaves no partial file.
const Grace = 2 * time.Second

// Main runs run with a context that Ctrl-C and SIGTERM cancel and exits
// with Report's status; interrupted is the line written for a cancel.
func Main(name string, run Run, interrupted string) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args[1:]) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		select {
		case err = <-done:
		case <-time.After(Grace):
			err = context.Canceled
		}
	}
	// A Ctrl-C at any moment ends in status 130, whatever error the
	// interrupted work wrapped the cancel in. (Asked before stop, which
	// cancels ctx too.)
	if ctx.Err() != nil {
		err = context.Canceled
	}
	stop()
	os.Exit(Report(os.Stderr, name, err, interrupted))
}
