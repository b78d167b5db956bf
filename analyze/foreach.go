package analyze

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls f(k) for k = 0 … n−1, on every core, each k once, until
// all are done, ctx is done or a call fails; it returns the first error
// (ctx's when it stopped the work).
func forEach(ctx context.Context, n int, f func(k int) error) error {
	var next atomic.Int64
	var failed atomic.Bool
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ctx.Err() == nil && !failed.Load() {
				k := next.Add(1) - 1
				if k >= int64(n) {
					return
				}
				if err := f(int(k)); err != nil {
					failed.Store(true)
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}
