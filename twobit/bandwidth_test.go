package twobit

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tilespace/tilespace/internal/hugepages"
)

// The machine's limits for the search, measured the way the search uses
// memory: a 1 GiB array of code words on 2 MiB pages (far beyond the
// caches), every core at once. BENCHMARKS.md sets the 2x7 run against
// them.

const bandwidthWords = 1 << 27 // 1 GiB

func bandwidthArray() []uint64 {
	w := make([]uint64, bandwidthWords)
	hugepages.Words(w)
	for i := range w {
		w[i] = uint64(i)
	}
	return w
}

// parallel runs f on every core (GOMAXPROCS goroutines) and returns how
// many ran.
func parallel(f func(worker, workers int)) int {
	n := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w, n)
		}()
	}
	wg.Wait()
	return n
}

// BenchmarkMemoryScan reads the array in order, as a level's scan of the
// frontier does: bytes a second.
func BenchmarkMemoryScan(b *testing.B) {
	w := bandwidthArray()
	var sink atomic.Uint64
	b.SetBytes(int64(len(w)) * 8)
	for b.Loop() {
		parallel(func(worker, workers int) {
			part := w[len(w)*worker/workers : len(w)*(worker+1)/workers]
			var s uint64
			for _, v := range part {
				s += v
			}
			sink.Add(s)
		})
	}
}

// BenchmarkMemoryRandomOr ORs bits into words at random places with
// atomic ORs, as marking a vertical neighbour does when it lands outside
// the caches: the time of one such mark with both cores marking.
func BenchmarkMemoryRandomOr(b *testing.B) {
	w := bandwidthArray()
	const perWorker = 1 << 24
	workers := 0
	for b.Loop() {
		workers = parallel(func(worker, workers int) {
			x := uint64(worker)*0x9E37_79B9_7F4A_7C15 + 1
			for range perWorker {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				atomic.OrUint64(&w[x%bandwidthWords], 1<<(x>>58))
			}
		})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(workers*perWorker), "ns/mark")
}

// BenchmarkMemoryRandomRead reads words at random places, the reads
// independent of each other (as the marks' reads are), so the cores keep
// several misses in flight: the time of one read.
func BenchmarkMemoryRandomRead(b *testing.B) {
	w := bandwidthArray()
	const perWorker = 1 << 24
	var sink atomic.Uint64
	workers := 0
	for b.Loop() {
		workers = parallel(func(worker, workers int) {
			x := uint64(worker)*0x9E37_79B9_7F4A_7C15 + 1
			var s uint64
			for range perWorker {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				s += w[x%bandwidthWords]
			}
			sink.Add(s)
		})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(workers*perWorker), "ns/read")
}
