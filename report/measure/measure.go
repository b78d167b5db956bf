// Package measure computes the data behind report's figures from distance
// tables and searches: depth histograms of several goals and shapes, search
// counters on boards sampled at each exact distance, DFS's walk, heuristic
// estimates against true distances over a whole space, and the gain-score
// climber's statistics. It returns report's data structs and draws nothing.
//
// Every function that samples takes its own random stream, made from the
// seed and a fixed salt per figure, so a figure's boards do not depend on
// which other figures were made, and the same seed gives the same boards.
package measure

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// Salts give each figure its own random stream from one seed; the first
// is classroom.ScalingSalt, the scaling run's.
const (
	_ uint64 = 1 + iota
	saltDFSBlowup
	SaltDFSWalk
)

// RNG returns the random stream for one figure.
func RNG(seed, salt uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, salt)) }

// Distances returns the distances 1, 1+step, … up to radius, always ending
// at radius so the deepest boards are covered.
func Distances(radius, step int) []int {
	if step < 1 {
		step = 1
	}
	var ds []int
	for d := 1; d <= radius; d += step {
		ds = append(ds, d)
	}
	if len(ds) > 0 && ds[len(ds)-1] != radius {
		ds = append(ds, radius)
	}
	return ds
}

// runAll calls run(i) for i in [0, n) on up to workers goroutines, stopping
// at the first error or when ctx is done, and reports progress to w under
// label.
func runAll(ctx context.Context, n, workers int, w io.Writer, label string, run func(i int) error) error {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(n, 1))
	bar := progress.New(w, label, float64(n))
	defer bar.Done()
	var next, done atomic.Int64
	var mu sync.Mutex
	var first error
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				mu.Lock()
				stop := first != nil
				mu.Unlock()
				if stop {
					return
				}
				if err := run(i); err != nil {
					fail(err)
					return
				}
				bar.Update(float64(done.Add(1)))
			}
		})
	}
	wg.Wait()
	return first
}

// searchError names the search and board of a run that failed with err:
// such a run means the inputs were wrong, not that the search was slow
// (cancellation is passed on as it is).
func searchError(r search.Result, start statespace.Board, err error) error {
	if r.StoppedBy == search.StopCanceled {
		return err
	}
	return fmt.Errorf("measure: %s on %s: %w", r.Algorithm, start, err)
}

// stoppedByLimit reports whether a run ended at a limit (or, for the
// climber, failed) rather than at the goal.
func stoppedByLimit(r search.Result) bool { return !r.Found && r.StoppedBy != search.StopNone }

var errNoTable = errors.New("measure: no distance table")

// nBoards writes "1 board" or "1,000 boards".
func nBoards(n int) string { return textfmt.Commas(n) + " " + textfmt.Plural(n, "board", "boards") }
