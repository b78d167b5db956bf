package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/textfmt"
)

// Every analyzer subcommand is bounded: in time by -max-time (as the
// classroom reports are), and in size by refusing, before any work, counts
// of boards and depths no run could reach.

// defaultMaxTime is -max-time's default: every run the guide shows ends
// well within it (the longest, the textbook's table to depth 24 and
// Korf's 100 on Manhattan distance, take about a quarter of an hour).
const defaultMaxTime = time.Hour

// maxBoards bounds the boards a run draws or searches (-sample, -random,
// -boards): 10^8, a few GB of boards held at once, and with a search each
// far more than any -max-time allows.
const maxBoards = 100_000_000

// maxDepth bounds a solution depth (-max-depth, -depth): distances are a
// byte, and no space analyze takes comes near (3x4's radius is 53).
const maxDepth = 255

// maxSamples bounds -samples: 10^12 boards drawn, days of work.
const maxSamples = 1e12

// mibBound bounds -max-mib: a tebibyte.
const mibBound = 1 << 20

// timeBound registers -max-time on fs.
func timeBound(fs *cli.FlagSet) *time.Duration {
	return fs.Duration("max-time", defaultMaxTime, "stop after this `duration`, with no output (an error naming the flag); predict's -resume FILE keeps the boards finished")
}

// bounded returns ctx bounded by -max-time d, or the first error of
// sizes (the size flags' checks, nil for those that pass), or a usage
// error for a bound that is not positive.
func bounded(ctx context.Context, d time.Duration, sizes ...error) (context.Context, context.CancelFunc, error) {
	for _, err := range sizes {
		if err != nil {
			return ctx, func() {}, err
		}
	}
	if d <= 0 {
		return ctx, func() {}, usagef("-max-time %s: want a positive duration, such as 30m", d)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, d, &timeBoundError{d})
	return ctx, cancel, nil
}

// timeBoundError says -max-time ended the run.
type timeBoundError struct{ d time.Duration }

func (e *timeBoundError) Error() string {
	return fmt.Sprintf("stopped by -max-time %s before the end, with no output: give it more time (-max-time 4h)", e.d)
}

// timedOut returns the error of a run under ctx (withTimeBound's) that
// failed with err: the -max-time error when the bound ended it.
func timedOut(ctx context.Context, err error) error {
	var tb *timeBoundError
	if err != nil && errors.Is(err, context.DeadlineExceeded) && errors.As(context.Cause(ctx), &tb) {
		return tb
	}
	return err
}

// checkCount refuses a count of boards (flag's) over maxBoards, or
// negative.
func checkCount(flag string, n int) error {
	switch {
	case n < 0:
		return usagef("-%s %d: must not be negative", flag, n)
	case n > maxBoards:
		return usagef("-%s %s: at most %s boards", flag, textfmt.Commas(int64(n)), textfmt.Commas(int64(maxBoards)))
	}
	return nil
}

// checkSamples refuses a -samples over maxSamples.
func checkSamples(n uint64) error {
	if n > maxSamples {
		return usagef("-samples %s: at most %s", textfmt.Commas(n), textfmt.Commas(uint64(maxSamples)))
	}
	return nil
}

// checkMiB refuses a -max-mib over mibBound.
func checkMiB(n int64) error {
	if n > mibBound {
		return usagef("-max-mib %s: at most %s (a tebibyte)", textfmt.Commas(n), textfmt.Commas(int64(mibBound)))
	}
	return nil
}

// checkDepth refuses a depth (flag's) over maxDepth.
func checkDepth(flag string, d int) error {
	if d > maxDepth {
		return usagef("-%s %s: at most %d (distances are a byte; 3x4's radius is 53)", flag, textfmt.Commas(int64(d)), maxDepth)
	}
	return nil
}
