// Package profile keeps the heap profile of a long run at its largest:
// the moment that decides whether a run fits a machine's memory, which a
// profile written at the end (after the big structures are freed) misses.
package profile

import (
	"context"
	"io"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

const liveHeap = "/gc/heap/live:bytes"

// HeapAtPeak samples the live heap every interval and, each time it is
// larger than ever before, writes the heap profile to path (atomically, so
// that path always holds a whole profile). It returns a function that
// stops the sampling after a last sample; the profile of the largest
// sample stays.
func HeapAtPeak(ctx context.Context, path string, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var peak uint64
	sample := func() {
		s := []metrics.Sample{{Name: liveHeap}}
		metrics.Read(s)
		if s[0].Value.Kind() != metrics.KindUint64 {
			return // a runtime without the metric: nothing to compare
		}
		if live := s[0].Value.Uint64(); live > peak || peak == 0 {
			peak = live
			// A failed write (a full disk) leaves the last good profile.
			atomicfile.Write(context.WithoutCancel(ctx), path, func(w io.Writer) error {
				return pprof.Lookup("heap").WriteTo(w, 0)
			})
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				sample()
			}
		}
	}()
	// The last sample, at the end, makes sure a run shorter than the
	// interval leaves a profile too.
	return func() { cancel(); wg.Wait(); sample() }
}
