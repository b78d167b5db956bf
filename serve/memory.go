package serve

import (
	"github.com/tilespace/tilespace/search"
)

// The server's memory budget is the sum of what each holder of memory may
// hold at most, each cost measured (TestMemoryCostsWithinBudget measures
// them and fails when one outgrows its share of the budget):
//
//   - the cache: tables and databases, bounded by Config.CacheBytes;
//   - each work slot (api.Limits.Searches): a search counts its own
//     frontier, visited set and recorded steps against
//     search.DefaultMaxBytes and stops there; a table built in memory (at
//     most 10 cells: its distances, visited bits and queues) costs less
//     (measured about 46 MB for 2x5);
//   - each request in flight (api.Limits.InFlight) outside a slot: its
//     goroutine's stack, net/http's connection buffers, the reply
//     (measured a few KiB for a lookup with its path);
//   - the runtime and the binary's own data: the embedded 8-puzzle
//     tables, the page's files, the collector's metadata (measured about
//     20 MiB of Go memory and 10 MiB of mapped binary).
//
// The Go runtime's soft limit is set to the budget, so garbage never
// makes the server hold more than what is live plus what the budget
// leaves over; the resident size may pass the soft limit by the
// collector's pacing and the memory outside Go's accounting, which
// MemoryMargin covers.
const (
	// slotBytes is the most one work slot's job holds.
	slotBytes = search.DefaultMaxBytes
	// requestBytes is the most a request in flight holds outside a slot.
	requestBytes = 64 << 10
	// runtimeBytes is what an idle server holds.
	runtimeBytes = 48 << 20
)

// MemoryBudget returns the bytes a server with a cache bound of
// cacheBytes and the limits lim holds at most: the cache, every work slot
// busy, every request in flight, and the runtime.
func MemoryBudget(cacheBytes int64, lim Limits) int64 {
	lim = lim.WithDefaults()
	return cacheBytes + int64(lim.Searches)*slotBytes + int64(lim.InFlight)*requestBytes + runtimeBytes
}

// MemoryMargin is how far the resident size may pass a budget of budget
// bytes: the collector's pacing past its soft limit and memory outside
// Go's accounting (thread stacks, the binary's mapped text), 1/16 of the
// budget and at least 32 MiB.
func MemoryMargin(budget int64) int64 {
	return max(budget/16, 32<<20)
}
