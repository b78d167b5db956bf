package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/internal/mark2"
	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// MaxAbstractStates bounds the abstract space Build takes on: placements
// of the pattern times the cells left for the blank. At 2 bits per state
// the largest, an 8-tile pattern of the 4x4 board (16!/7! ≈ 4.15e9
// states), needs 1.04 GB for the search and 519 MB for the values.
const MaxAbstractStates = 1 << 33

// Progress receives a build's progress: the depth whose states are being
// expanded, and how many of the pattern's placements have their value so
// far, of total. It may be called from several goroutines, but never
// concurrently.
type Progress func(depth int, done, total uint64)

// unreached marks a placement no abstract state has reached yet.
const unreached = 0xFF

// Build computes the pattern database of the given tiles for goal: for
// every placement of the tiles, the fewest moves of pattern tiles that
// bring them to their goal cells, whatever the other tiles do and wherever
// the blank starts.
//
// The search runs backwards from the goal in the abstract space of the
// pattern's tiles and the blank. Moves of other tiles cost nothing, so the
// blank roams its whole connected region of non-pattern cells for free: an
// abstract state is a placement of the pattern plus the blank's region,
// named by the region's lowest cell, and a move of a pattern tile into the
// region costs 1. That makes the search a plain breadth-first search over
// (placement, region) pairs — the 0-1 BFS over (placement, blank cell)
// with its zero-cost moves done in one flood fill. A placement's value is
// the depth at which its first region is reached, the minimum over where
// the blank is, so the blank is not part of the stored index.
//
// The search keeps 2 bits per (placement, blank cell) (unseen, frontier of
// an even or odd depth, closed) and expands each level by scanning them,
// on all GOMAXPROCS cores, with children marked by atomic OR. It
// stops with ctx's error when ctx is done; progress may be nil.
//
// Placements that no state reaches (possible only when at most one
// non-pattern tile is left, as some arrangements then have the wrong
// parity) get the value 0; no reachable board has them.
func Build(ctx context.Context, goal statespace.Board, tiles []int, progress Progress) (*PDB, error) {
	return build(ctx, goal, tiles, progress, false)
}

// BuildZeroAware is Build keeping the blank's region: the zero-aware
// database of Clausecker & Reinefeld ("Zero-Aware Pattern Databases with
// 1-Bit Compression for Sliding Tile Puzzles", 2019), n − k entries a
// placement, each free cell holding the depth at which the search reached
// the placement with the blank in that cell's region. The search is the
// same; only what it keeps differs.
func BuildZeroAware(ctx context.Context, goal statespace.Board, tiles []int, progress Progress) (*PDB, error) {
	return build(ctx, goal, tiles, progress, true)
}

func build(ctx context.Context, goal statespace.Board, tiles []int, progress Progress, zero bool) (*PDB, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("pdb: no goal board")
	}
	sh := goal.Shape()
	if err := validatePattern(tiles, sh); err != nil {
		return nil, err
	}
	tiles = slices.Sorted(slices.Values(tiles))
	n, k := sh.Cells(), len(tiles)
	size := Placements(n, k)
	if states := size * uint64(n-k); states > MaxAbstractStates {
		return nil, fmt.Errorf("pdb: a pattern of %d tiles on %s has %d abstract states, more than the %d this build takes on (at most 8 tiles on 4x4, 6 on 5x5)",
			k, sh, states, uint64(MaxAbstractStates))
	}
	start := time.Now()
	b := newBuilder(goal, tiles)
	if Entries(n, k, zero) != size {
		b.zout = make([]byte, b.states) // 0 where unreached, as below
	}
	if err := b.run(ctx, progress); err != nil {
		return nil, err
	}
	if b.zout != nil {
		p := &PDB{goal: goal, tiles: tiles, n: n, zero: true, values: b.zout, buildTime: time.Since(start)}
		p.count()
		return p, nil
	}
	p := &PDB{goal: goal, tiles: tiles, n: n, values: b.out, buildTime: time.Since(start)}
	for i, v := range p.values {
		if v == unreached {
			p.values[i] = 0
		}
	}
	p.count()
	return p, nil
}

// The 2-bit marks of the abstract states.
const (
	markUnseen = 0
	markClosed = 3
	lowBits    = 0x5555555555555555
)

// frontierMark is the mark of states at depth d that wait to be expanded.
func frontierMark(d int) uint64 { return 1 + uint64(d&1) }

func (b *builder) run(ctx context.Context, progress Progress) error {
	var cells [perm.Cells]uint8
	var used uint32
	for i, t := range b.tiles {
		c := b.goal.Find(t)
		cells[i] = uint8(c)
		used |= 1 << c
	}
	free := b.full &^ used
	start := perm.Rank(b.n, cells[:b.k])*uint64(b.free) + b.ordOf(free, uint8(b.goal.Blank()))
	b.marks[start>>5] |= frontierMark(0) << ((start & 31) * 2) // before any worker runs

	workers := make([]*worker, runtime.GOMAXPROCS(0))
	for i := range workers {
		workers[i] = b.newWorker()
	}
	words := uint64(len(b.marks))
	var done atomic.Uint64 // placements with a value
	var report sync.Mutex
	for d := 0; ; d++ {
		if d >= unreached {
			return fmt.Errorf("pdb: depth %d exceeds what a byte holds", d)
		}
		var nextChunk atomic.Uint64
		var expanded atomic.Uint64
		var wg sync.WaitGroup
		var canceled atomic.Bool
		for _, w := range workers {
			w.depth, w.cur, w.next = d, frontierMark(d), frontierMark(d+1)
			wg.Go(func() {
				defer w.flushAll()
				var n uint64
				for {
					if ctx.Err() != nil {
						canceled.Store(true)
						return
					}
					lo := nextChunk.Add(b.chunk) - b.chunk
					if lo >= words {
						break
					}
					hi := min(lo+b.chunk, words)
					placed := w.expandWords(lo, hi, &n)
					if placed > 0 {
						done.Add(placed)
						if progress != nil && report.TryLock() {
							progress(d, done.Load(), b.size) // under the lock: never backwards
							report.Unlock()
						}
					}
				}
				expanded.Add(n)
			})
		}
		wg.Wait()
		if canceled.Load() {
			return ctx.Err()
		}
		if progress != nil {
			progress(d, done.Load(), b.size)
		}
		if expanded.Load() == 0 {
			return nil
		}
	}
}

// Children are not marked as they are made but collected by the region of
// the marks they fall in and marked a bucket at a time: the marks of a
// large pattern span a gigabyte, and a tight loop over one 512 KiB window
// keeps many of its cache misses in flight (and its pages in the TLB),
// where marking each child inside the expansion loop waits for one miss
// after another.
const (
	nearStates  = 1 << 20 // how far a child marked at once may lie: 256 KiB of marks
	bucketShift = 21      // states per bucket window: 1<<21 (512 KiB of marks)
	bucketCap   = 2048    // children held per bucket before it is marked
)

// worker is one goroutine's share of a level: its depth and marks and its
// buffered children.
type worker struct {
	*builder
	depth     int
	cur, next uint64
	fill      []uint32 // children waiting in each bucket
	buf       []uint32 // bucketCap low state bits per bucket
	freeDiv   divisor

	// The placement last unranked, its cells, the cells they take, and
	// the weight of the pattern tile on each cell (0 if none).
	placement uint64
	cells     [perm.Cells]uint8
	used      uint32
	weightAt  [perm.Cells]uint64
}

func (b *builder) newWorker() *worker {
	buckets := (b.states + 1<<bucketShift - 1) >> bucketShift
	return &worker{
		builder: b,
		fill:    make([]uint32, buckets),
		buf:     make([]uint32, buckets*bucketCap),
		freeDiv: newDivisor(uint64(b.free)),
		// No placement unranked yet (cells and weightAt start zero,
		// which placement 0's are not).
		placement: ^uint64(0),
	}
}

// push queues child state s to be marked next.
func (w *worker) push(s uint64) {
	k := s >> bucketShift
	f := w.fill[k]
	w.buf[k*bucketCap+uint64(f)] = uint32(s & (1<<bucketShift - 1))
	f++
	if f == bucketCap {
		w.flush(k, f)
		f = 0
	}
	w.fill[k] = f
}

// flush marks the f children queued in bucket k, in two passes. The
// first only reads, so the cache misses of many children overlap, and
// drops the children already seen (most of them after the middle
// levels); the second marks the rest with locked ORs, which on x86 wait
// for one another but now hit the cache. An OR is enough: while a level
// runs an unseen state can only become next, so ORing next into it
// twice is harmless.
func (w *worker) flush(k uint64, f uint32) {
	base := k << bucketShift
	queued := w.buf[k*bucketCap : k*bucketCap+uint64(f)]
	unseen := queued[:0]
	for _, low := range queued {
		if mark2.Unseen(w.marks, base|uint64(low)) {
			unseen = append(unseen, low)
		}
	}
	for _, low := range unseen {
		mark2.Or(w.marks, base|uint64(low), w.next)
	}
}

// markNext marks state s as next if it is unseen: a plain read first, as
// most children are seen already, and a locked OR only for the rest (see
// flush).
func (w *worker) markNext(s uint64) {
	mark2.IfUnseen(w.marks, s, w.next)
}

// flushAll marks every queued child; a level ends with it.
func (w *worker) flushAll() {
	for k, f := range w.fill {
		if f > 0 {
			w.flush(uint64(k), f)
			w.fill[k] = 0
		}
	}
}

// expandWords expands the states of depth w.depth (marked w.cur) in words
// lo..hi, queueing their children, and returns how many placements got
// their value. It adds the number of states expanded to *count.
func (w *worker) expandWords(lo, hi uint64, count *uint64) uint64 {
	var placed uint64
	match := lowBits * w.cur
	for wi := lo; wi < hi; wi++ {
		word := atomic.LoadUint64(&w.marks[wi])
		x := word ^ match
		eq := ^(x | x>>1) & lowBits
		if eq == 0 {
			continue
		}
		for m := eq; m != 0; m &= m - 1 {
			s := wi*32 + uint64(bits.TrailingZeros64(m)/2)
			p, ord := w.freeDiv.divmod(s)
			if w.out[p] == unreached {
				w.out[p] = uint8(w.depth)
				placed++
			}
			w.expand(p, int(ord))
			*count++
		}
		atomic.OrUint64(&w.marks[wi], eq|eq<<1)
	}
	return placed
}

// expand queues every state one pattern-tile move away from placement p
// with the blank in the region of its ord-th free cell.
//
// A child's rank follows from p without re-ranking (perm.Delta).
func (w *worker) expand(p uint64, ord int) {
	b := w.builder
	if p != w.placement {
		// A placement's regions lie side by side in the marks, so one
		// unranking serves all of them that are at this depth.
		for i := 0; i < b.k; i++ {
			w.weightAt[w.cells[i]] = 0
		}
		w.used = b.unrank(p, &w.cells)
		for i := 0; i < b.k; i++ {
			w.weightAt[w.cells[i]] = b.weight[i]
		}
		w.placement = p
	}
	weightAt, used := &w.weightAt, w.used
	free := b.full &^ used
	var region uint32
	switch {
	case b.oneRegion != nil && b.oneRegion[free/64]>>(free%64)&1 != 0:
		region = free
	case b.n <= 16:
		region = b.flood(free, perm.Select(free, ord)) // inlined, where Select32 is a call
	default:
		region = b.flood(free, perm.Select32(free, ord))
	}
	if b.zout != nil {
		// Each state is expanded once, at its depth, by the goroutine
		// that owns its placement.
		row := b.zout[p*uint64(b.free):]
		for r := region; r != 0; r &= r - 1 {
			c := uint8(bits.TrailingZeros32(r))
			row[FreeIndex(used, c)] = uint8(w.depth)
		}
	}
	cols := b.cols
	// Only the pattern tiles next to the region can move into it: by
	// direction, those whose neighbour that way is in the region. A
	// sideways move changes only the tile's own digit, by one.
	for movers := region << cols & used; movers != 0; movers &= movers - 1 { // up
		c := uint8(bits.TrailingZeros32(movers))
		wi := weightAt[c]
		w.child(p+perm.Delta(wi, cols, int(c), int(c)-cols, weightAt), (free|1<<c)&^(1<<(c-uint8(cols))), c, wi)
	}
	for movers := region >> cols & used; movers != 0; movers &= movers - 1 { // down
		c := uint8(bits.TrailingZeros32(movers))
		wi := weightAt[c]
		w.child(p+perm.Delta(wi, cols, int(c), int(c)+cols, weightAt), (free|1<<c)&^(1<<(c+uint8(cols))), c, wi)
	}
	for movers := region << 1 & b.notLeft & used; movers != 0; movers &= movers - 1 { // left
		c := uint8(bits.TrailingZeros32(movers))
		wi := weightAt[c]
		w.child(p-wi, (free|1<<c)&^(1<<(c-1)), c, wi)
	}
	for movers := region >> 1 & b.notRight & used; movers != 0; movers &= movers - 1 { // right
		c := uint8(bits.TrailingZeros32(movers))
		wi := weightAt[c]
		w.child(p+wi, (free|1<<c)&^(1<<(c+1)), c, wi)
	}
}

// child marks or queues the state of placement p2 with the blank on cell
// c among the free cells free2, made by moving a tile of weight wi.
func (w *worker) child(p2 uint64, free2 uint32, c uint8, wi uint64) {
	s := p2*uint64(w.free) + w.ordOf(free2, c)
	if wi <= w.nearWeight {
		w.markNext(s)
	} else {
		w.push(s)
	}
}
