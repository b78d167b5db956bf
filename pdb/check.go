package pdb

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// What a database file's values can be checked against. A file's
// checksums catch accidental damage; these checks catch a header that
// disagrees with its values (forged or mismatched counts), and Verify,
// which rebuilds the database, catches any forgery at all.

// CountsError reports a header whose count of the entries with some
// value disagrees with the entries themselves.
type CountsError struct {
	Value   int    // the value counted
	Entries uint64 // entries that have it
	Header  uint64 // the header's count of them
}

// Kind is errkind.Damaged.
func (*CountsError) Kind() errkind.Kind { return errkind.Damaged }

func (e *CountsError) Error() string {
	return fmt.Sprintf("%d entries have the value %d, the header counts %d", e.Entries, e.Value, e.Header)
}

// countValues returns how many of values have each value 0 … the
// largest, on every core for large databases: a memory-mapped 8-tile
// database (519 MB) is recounted in a fraction of a second, about what
// checking its block checksums costs.
func countValues(values []byte) []uint64 {
	const chunk = 1 << 22
	var total [256]uint64
	if len(values) <= chunk {
		countInto(&total, values)
	} else {
		workers := min(runtime.GOMAXPROCS(0), (len(values)+chunk-1)/chunk)
		var mu sync.Mutex
		var wg sync.WaitGroup
		per := (len(values) + workers - 1) / workers
		for lo := 0; lo < len(values); lo += per {
			part := values[lo:min(lo+per, len(values))]
			wg.Go(func() {
				var c [256]uint64
				countInto(&c, part)
				mu.Lock()
				for v, n := range c {
					total[v] += n
				}
				mu.Unlock()
			})
		}
		wg.Wait()
	}
	top := 0
	for v, c := range total {
		if c > 0 {
			top = v
		}
	}
	return slices.Clone(total[:top+1])
}

// countInto adds the histogram of values to c, in four tables so that
// runs of equal values do not wait on one counter.
func countInto(c *[256]uint64, values []byte) {
	var t [4][256]uint32
	for len(values) > 0 {
		// uint32 counters: at most 4 × 2^30 entries per round.
		n := min(len(values), 1<<30)
		v := values[:n]
		i := 0
		for ; i+4 <= len(v); i += 4 {
			t[0][v[i]]++
			t[1][v[i+1]]++
			t[2][v[i+2]]++
			t[3][v[i+3]]++
		}
		for ; i < len(v); i++ {
			t[0][v[i]]++
		}
		for k := range t {
			for x, m := range t[k] {
				c[x] += uint64(m)
			}
			t[k] = [256]uint32{}
		}
		values = values[n:]
	}
}

// checkCounts compares the counts of the values with a header's.
func checkCounts(counted, header []uint64) error {
	for v := range max(len(counted), len(header)) {
		var got, want uint64
		if v < len(counted) {
			got = counted[v]
		}
		if v < len(header) {
			want = header[v]
		}
		if got != want {
			return &CountsError{Value: v, Entries: got, Header: want}
		}
	}
	return nil
}

// VerifyError reports an entry of a database that differs from a fresh
// build of it: a forged or wrongly built database.
type VerifyError struct {
	Goal    statespace.Board
	Tiles   []int
	Rank    uint64 // the entry's rank (UnrankPlacement)
	Cells   []int  // the placement: the cell of each tile
	Stored  int    // the value in the database
	Rebuilt int    // the value a fresh build gives
}

// Kind is errkind.Damaged.
func (*VerifyError) Kind() errkind.Kind { return errkind.Damaged }

func (e *VerifyError) Error() string {
	return fmt.Sprintf("pdb: the database of tiles %v for %s goal %s stores %d for placement %v (rank %d), a fresh build gives %d",
		e.Tiles, e.Goal.Shape(), statespace.GoalName(e.Goal), e.Stored, e.Cells, e.Rank, e.Rebuilt)
}

// Verify rebuilds p from its goal and tiles (Build) and compares every
// entry: nil when p equals the rebuild, else a *VerifyError for the first
// entry that differs. This is the only check a forgery that keeps every
// local rule (values moved consistently, counts and checksums recomputed)
// cannot pass; it costs a build.
func Verify(ctx context.Context, p *PDB, progress Progress) error {
	if p.packed {
		return &InvalidError{Msg: "a packed database is verified as it was read, before Pack"}
	}
	build := Build
	if p.zero {
		build = BuildZeroAware
	}
	fresh, err := build(ctx, p.goal, p.tiles, progress)
	if err != nil {
		return err
	}
	for r, v := range p.values {
		if w := fresh.values[r]; v != w {
			cells := make([]int, len(p.tiles))
			rank := uint64(r)
			if p.zero {
				rank /= uint64(p.n - len(p.tiles)) // the placement's; the blank's place is the rest
			}
			UnrankPlacement(p.n, rank, cells)
			return &VerifyError{Goal: p.goal, Tiles: slices.Clone(p.tiles), Rank: uint64(r), Cells: cells, Stored: int(v), Rebuilt: int(w)}
		}
	}
	return nil
}
