package analyze

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/statespace"
)

// tally counts over the boards board(0) … board(n−1) on every core:
// each core takes chunks of indices, add counts one board into that
// core's own slice of size entries (no sharing, no atomics per board),
// and the slices are summed at the end. add returns a *ValueError to stop
// the count on a value out of range.
func tally(ctx context.Context, n uint64, board func(uint64) statespace.Board, size int, add func(b statespace.Board, cnt []uint64) *ValueError) ([]uint64, error) {
	parts := make([][]uint64, runtime.GOMAXPROCS(0))
	var next atomic.Uint64
	var bad atomic.Pointer[ValueError]
	var wg sync.WaitGroup
	for w := range parts {
		parts[w] = make([]uint64, size)
		wg.Add(1)
		go func(cnt []uint64) {
			defer wg.Done()
			for ctx.Err() == nil && bad.Load() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				for r := lo; r < min(lo+chunk, n); r++ {
					if e := add(board(r), cnt); e != nil {
						bad.Store(e)
						return
					}
				}
			}
		}(parts[w])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if e := bad.Load(); e != nil {
		return nil, e
	}
	sum := parts[0]
	for _, p := range parts[1:] {
		for i, x := range p {
			sum[i] += x
		}
	}
	return sum, nil
}
