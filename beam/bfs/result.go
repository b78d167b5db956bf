package bfs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

// Result is a finished (or, after a dry run, begun) search.
type Result struct {
	k         *twobit.Kernel
	work      string
	levels    []Level
	published *reference.Distribution // the goal's published distribution, if any
}

// Space returns the searched space.
func (r *Result) Space() *statespace.Space { return r.k.Space() }

// Levels returns every level known, the last one empty when the search is
// complete.
func (r *Result) Levels() []Level { return append([]Level(nil), r.levels...) }

// Complete reports whether the search ran until a level was empty.
func (r *Result) Complete() bool { return r.levels[len(r.levels)-1].States == 0 }

// Counts returns the number of boards at each distance found.
func (r *Result) Counts() []uint64 {
	var c []uint64
	for _, l := range r.levels {
		if l.States > 0 {
			c = append(c, l.States)
		}
	}
	return c
}

// Radius returns the largest distance found.
func (r *Result) Radius() int { return len(r.Counts()) - 1 }

// Antipodes returns the boards at the largest distance found, in rank
// order, at most limit of them (all when limit ≤ 0).
func (r *Result) Antipodes(ctx context.Context, limit int) ([]statespace.Board, error) {
	d := r.Radius()
	recs, err := readIndex(ctx, r.work, d, r.k.Partitions(), r.k.PartitionSize())
	if err != nil {
		return nil, err
	}
	var out []statespace.Board
	for _, rec := range recs {
		if rec.New == 0 {
			continue
		}
		bms, err := readBitmapFile(ctx, frontierPath(r.work, d, rec.Partition), rec.Partition, d, r.k.PartitionSize(), 1)
		if err != nil {
			return nil, err
		}
		lo, _ := r.k.Range(rec.Partition)
		for i, w := range bms[0] {
			for w != 0 {
				out = append(out, r.Space().Unrank(lo+uint64(i)*64+uint64(bits.TrailingZeros64(w))))
				w &= w - 1
				if limit > 0 && len(out) == limit {
					return out, nil
				}
			}
		}
	}
	return out, nil
}

// TableWritable reports whether a table file can hold the space of goal.
func TableWritable(goal statespace.Board) bool {
	sp, err := statespace.NewSpace(goal)
	return err == nil && sp.Size() <= tablefile.MaxDistanceEntries
}

// Mod4Payload returns the 1-bit payload of the space's table file: bit 1
// of every board's distance, in rank order, LSB first, read from every
// partition's last state, which must hold all its boards. When partitions
// fill whole bytes (every board of more than 6 cells) it streams them one
// partition at a time; otherwise (the few boards of 2x3 and smaller) it
// assembles the payload in memory.
func (r *Result) Mod4Payload(ctx context.Context) (io.ReaderAt, error) {
	if !r.Complete() {
		return nil, errors.New("bfs: the search is not complete")
	}
	pr := &payloadReader{ctx: ctx, r: r, loaded: -1, stateLevel: map[int]int{}}
	// A partition's last state is named by the index of the empty level
	// or of the one before, whichever has its parity.
	last := len(r.levels) - 1
	for _, d := range []int{last - 1, last} {
		recs, err := readIndex(ctx, r.work, d, r.k.Partitions(), r.k.PartitionSize())
		if err != nil {
			return nil, err
		}
		for _, rec := range recs {
			pr.stateLevel[rec.Partition] = rec.StateLevel
		}
	}
	if r.k.PartitionSize()%8 == 0 {
		return pr, nil
	}
	payload := make([]byte, (r.Space().Size()+7)/8)
	for p := range r.k.Partitions() {
		bit1, err := pr.bit1(p)
		if err != nil {
			return nil, err
		}
		lo, _ := r.k.Range(p)
		placeBits(payload, lo, bit1, r.k.PartitionSize())
	}
	return bytes.NewReader(payload), nil
}

// bit1 reads partition p's last state, checks that it holds every board,
// and returns its bit-1 bitmap.
func (pr *payloadReader) bit1(p int) ([]uint64, error) {
	r := pr.r
	d, ok := pr.stateLevel[p]
	if !ok {
		return nil, fmt.Errorf("bfs: partition %d: no board reached", p)
	}
	n := r.k.PartitionSize()
	bms, err := readBitmapFile(pr.ctx, statePath(r.work, d, p), p, d, n, 2)
	if err != nil {
		return nil, err
	}
	if got := popcount(bms[0]); got != n {
		return nil, fmt.Errorf("bfs: partition %d: %d of its %d boards reached", p, got, n)
	}
	return bms[1], nil
}

// payloadReader serves the payload's bytes from one partition's state at
// a time: partitions of a multiple of 8 boards are whole byte ranges.
type payloadReader struct {
	ctx        context.Context
	r          *Result
	stateLevel map[int]int // where each partition's last state is

	mu     sync.Mutex
	loaded int    // the partition in buf, −1 for none
	buf    []byte // its bit-1 bytes
}

func (pr *payloadReader) ReadAt(p []byte, off int64) (int, error) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	size := int64((pr.r.Space().Size() + 7) / 8)
	per := int64(pr.r.k.PartitionSize() / 8)
	n := 0
	for n < len(p) && off+int64(n) < size {
		at := off + int64(n)
		part := int(at / per)
		if part != pr.loaded {
			bit1, err := pr.bit1(part)
			if err != nil {
				return n, err
			}
			pr.buf = make([]byte, per)
			placeBits(pr.buf, 0, bit1, pr.r.k.PartitionSize())
			pr.loaded = part
		}
		n += copy(p[n:], pr.buf[at-int64(part)*per:])
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// placeBits ORs the n bits of bm into dst (bytes, LSB first) from bit off.
func placeBits(dst []byte, off uint64, bm []uint64, n uint64) {
	if off%8 == 0 && n%8 == 0 {
		for i := uint64(0); i < n/8; i++ {
			dst[off/8+i] |= byte(bm[i/8] >> (8 * (i % 8)))
		}
		return
	}
	for i := uint64(0); i < n; i++ {
		if bm[i/64]>>(i%64)&1 == 1 {
			b := off + i
			dst[b/8] |= 1 << (b % 8)
		}
	}
}

// WriteTable writes the space's distance table, in the 1-bit mod-4
// encoding, atomically to path, as enumerate writes it (package store),
// and returns the file's size.
func (r *Result) WriteTable(ctx context.Context, path string) (int64, error) {
	payload, err := r.Mod4Payload(ctx)
	if err != nil {
		return 0, err
	}
	return store.WriteMod4Table(ctx, path, r.Space().Goal(), r.Counts(), payload)
}
