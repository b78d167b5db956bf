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

// geometry holds a shape's cells as bit masks, for flood fills and moves.
type geometry struct {
	n, cols  int
	full     uint32
	notLeft  uint32 // cells not in the first column
	notRight uint32 // cells not in the last column
}

func newGeometry(sh statespace.Shape) geometry {
	g := geometry{n: sh.Cells(), cols: sh.Cols, full: 1<<sh.Cells() - 1}
	for c := 0; c < g.n; c++ {
		if sh.Col(c) != 0 {
			g.notLeft |= 1 << c
		}
		if sh.Col(c) != sh.Cols-1 {
			g.notRight |= 1 << c
		}
	}
	return g
}

// flood returns the connected region of free cells that contains start.
func (g *geometry) flood(free uint32, start int) uint32 {
	r := uint32(1) << start
	cols := g.cols
	for {
		x := r | (r<<cols|r>>cols|(r<<1)&g.notLeft|(r>>1)&g.notRight)&free
		if x == r {
			return r
		}
		r = x
	}
}

// The 2-bit marks of the abstract states.
const (
	markUnseen = 0
	markClosed = 3
	lowBits    = 0x5555555555555555
)

// frontierMark is the mark of states at depth d that wait to be expanded.
func frontierMark(d int) uint64 { return 1 + uint64(d&1) }

type builder struct {
	geometry
	k      int
	free   int // cells not taken by the pattern: n − k
	goal   statespace.Board
	tiles  []int
	size   uint64   // placements
	states uint64   // size × free
	marks  []uint64 // 2 bits per state, 32 states a word
	out    []byte   // value per placement, unreached until set
	zout   []byte   // zero-aware: value per placement and free cell (nil for plain)
	chunk  uint64   // words per unit of work
	// Tiles whose weight is at most nearWeight move within nearStates of
	// the parent state (weights fall along the rank): their children are
	// marked at once, in marks the scan has just brought into the cache,
	// instead of waiting in a bucket.
	nearWeight uint64

	// weight[i] is the place value of digit i of a placement's rank.
	weight [perm.Cells]uint64
	// regionOrd[free<<4|c] is the index, among the free cells, of the
	// lowest cell of c's region: the blank's part of a state's index. Only
	// for boards of at most 16 cells; larger ones flood (see ordOf).
	regionOrd []uint8
	// Bit free of oneRegion is set when the free cells free are all one
	// region, as they often are: the blank's region is then known without
	// a flood fill (boards of at most 16 cells; 8 KiB).
	oneRegion []uint64
	// On larger boards, wideOrd[comboRank(taken)<<5|c] is the same index
	// for the free cells left by the set of taken cells: one entry per
	// set of k cells (177,100 for 6 tiles on 5x5), where a flood fill per
	// child made the search several times slower.
	wideOrd []uint8
	binom   [perm.Cells][perm.Cells]uint32 // binom[p][i]: p choose i
	// digitBits is the width of a cell or digit in the unranking tables:
	// 4 bits up to 16 cells, 5 above.
	digitBits uint
	// Unranking splits a rank into its leading and trailing digits:
	// headCells[rank / tailSize] holds the cells of the leading tiles
	// (digitBits each, the mask of cells they take in the top n bits),
	// headFree[rank / tailSize * freeStride …] the cells they leave free,
	// ascending, and tailPicks[rank % tailSize] which of those free cells
	// the trailing tiles take (digitBits each). The trailing cells are
	// then table reads that do not wait for one another, where selecting
	// each digit's cell among the cells still free made a chain of
	// dependent lookups that was a sixth of the build.
	headLen    int
	tailSize   divisor
	headCells  []uint64
	freeStride int
	headFree   []uint8
	tailPicks  []uint32
}

func newBuilder(goal statespace.Board, tiles []int) *builder {
	sh := goal.Shape()
	n, k := sh.Cells(), len(tiles)
	b := &builder{geometry: newGeometry(sh), k: k, free: n - k, goal: goal, tiles: tiles}
	b.size = Placements(n, k)
	b.states = b.size * uint64(b.free)
	b.marks = make([]uint64, (b.states+31)/32)
	b.out = make([]byte, b.size)
	for i := range b.out {
		b.out[i] = unreached
	}
	// A unit of work spans whole words and whole placements, so that each
	// placement's value is written by one goroutine only. It is large
	// (up to 512 units, 2 MiB of marks on the 4x4), so that goroutines
	// scan far apart and the children they mark at once seldom share a
	// cache line across cores, but a level still has dozens of them.
	unit := uint64(b.free) * 64
	words := (b.states + 31) / 32
	b.chunk = unit * max(1, min(512, words/(32*uint64(runtime.GOMAXPROCS(0)))/unit))
	for i := range k {
		b.weight[i] = perm.Weight(n, k, i)
	}
	for i := range k {
		if w := b.weight[i]; w*uint64(sh.Cols*b.free) <= nearStates {
			b.nearWeight = max(b.nearWeight, w)
		}
	}
	b.digitBits = 4
	if n > 16 {
		b.digitBits = 5
		b.wideRegions()
		b.splitDigits()
		return b
	}
	b.regionOrd = make([]uint8, (1<<n)*16)
	b.oneRegion = make([]uint64, (1<<n+63)/64)
	for free := uint32(0); free <= b.full; free++ {
		if bits.OnesCount32(free) != b.free {
			continue
		}
		if b.flood(free, bits.TrailingZeros32(free)) == free {
			b.oneRegion[free/64] |= 1 << (free % 64)
		}
		for rest := free; rest != 0; {
			region := b.flood(free, bits.TrailingZeros32(rest))
			rest &^= region
			ord := uint8(bits.OnesCount32(free & (1<<bits.TrailingZeros32(region) - 1)))
			for r := region; r != 0; r &= r - 1 {
				b.regionOrd[free<<4|uint32(bits.TrailingZeros32(r))] = ord
			}
		}
	}
	b.splitDigits()
	return b
}

// ordOf returns the index, among the free cells, of the lowest cell of
// the region of free cells that holds c.
func (b *builder) ordOf(free uint32, c uint8) uint64 {
	if b.regionOrd != nil {
		return uint64(b.regionOrd[free<<4|uint32(c)])
	}
	return uint64(b.wideOrd[b.comboRank(b.full&^free)<<5|uint32(c&31)])
}

// comboRank numbers a set of k cells 0 … C(n, k)−1 (the colexicographic
// rank: the sum of C(cell, i) over its cells, i counting from 1).
func (b *builder) comboRank(taken uint32) uint32 {
	var r uint32
	for i := 1; taken != 0; i++ {
		r += b.binom[bits.TrailingZeros32(taken)][i&(perm.Cells-1)]
		taken &= taken - 1
	}
	return r
}

// wideRegions fills binom and wideOrd, for boards of more than 16 cells.
func (b *builder) wideRegions() {
	for p := range b.binom {
		b.binom[p][0] = 1
		for i := 1; i <= p; i++ {
			b.binom[p][i] = b.binom[p-1][i-1]
			if i < p {
				b.binom[p][i] += b.binom[p-1][i]
			}
		}
	}
	b.wideOrd = make([]uint8, uint64(b.binom[b.n][b.k])<<5)
	// Every set of k cells, by Gosper's hack.
	for taken := uint32(1)<<b.k - 1; taken <= b.full; {
		free := b.full &^ taken
		base := b.comboRank(taken) << 5
		for rest := free; rest != 0; {
			region := b.flood(free, bits.TrailingZeros32(rest))
			rest &^= region
			ord := uint8(bits.OnesCount32(free & (region&-region - 1)))
			for r := region; r != 0; r &= r - 1 {
				b.wideOrd[base|uint32(bits.TrailingZeros32(r))] = ord
			}
		}
		if taken == 0 {
			break
		}
		low := taken & -taken
		ripple := taken + low
		taken = ripple | (taken^ripple)>>2/low
	}
}

// splitDigits builds the unranking tables when they stay small: at most
// 1<<16 entries each, as for every pattern of up to 8 tiles on 4x4 and 6
// on 5x5. A head entry holds its cells digitBits each with the mask of
// the cells they take from bit 64 − n up, so it has room for (64 − n) /
// digitBits cells: 12 on 4x4, 7 on 5x5.
func (b *builder) splitDigits() {
	db := int(b.digitBits)
	maxHead := (64 - b.n) / db
	maxTail := 32 / db
	tail := uint64(1)
	j := b.k // first trailing digit
	for j > 0 && tail*uint64(b.n-(j-1)) <= 1<<16 && b.k-j < maxTail {
		j--
		tail *= uint64(b.n - j)
	}
	if b.size/tail > 1<<16 || j > maxHead {
		return // unrank by division
	}
	b.headLen, b.tailSize = j, newDivisor(tail)
	b.headCells = make([]uint64, b.size/tail)
	b.freeStride = b.n - j
	b.headFree = make([]uint8, len(b.headCells)*b.freeStride)
	var cells [perm.Cells]int
	for h := range b.headCells {
		UnrankPlacement(b.n, uint64(h), cells[:j])
		var v uint64
		var used uint32
		for i := 0; i < j; i++ {
			v |= uint64(cells[i]) << (db * i)
			used |= 1 << cells[i]
		}
		b.headCells[h] = v | uint64(used)<<(64-b.n)
		free := b.full &^ used
		for f := h * b.freeStride; free != 0; free &= free - 1 {
			b.headFree[f] = uint8(bits.TrailingZeros32(free))
			f++
		}
	}
	// A trailing digit counts the cells still free below the tile's cell;
	// among the cells the head leaves free, that is the digit-th one the
	// earlier trailing tiles have not taken.
	b.tailPicks = make([]uint32, tail)
	var digits [perm.Cells]uint64
	for t := range b.tailPicks {
		r := uint64(t)
		for i := b.k - 1; i >= j; i-- {
			radix := uint64(b.n - i)
			digits[i] = r % radix
			r /= radix
		}
		var v uint32
		var taken uint32 // indices into the head's free cells
		for i := j; i < b.k; i++ {
			pick := perm.Select32(^taken, int(digits[i]))
			taken |= 1 << pick
			v |= uint32(pick) << (db * (i - j))
		}
		b.tailPicks[t] = v
	}
}

// unrank writes the cells of placement p into cells and returns the mask
// of cells they take.
func (b *builder) unrank(p uint64, cells *[perm.Cells]uint8) uint32 {
	if b.headCells == nil {
		var digits [perm.Cells]uint8
		for i := b.k - 1; i >= 0; i-- {
			radix := uint64(b.n - i)
			digits[i] = uint8(p % radix)
			p /= radix
		}
		var used uint32
		for i := 0; i < b.k; i++ {
			c := perm.Select32(b.full&^used, int(digits[i]))
			cells[i] = uint8(c)
			used |= 1 << c
		}
		return used
	}
	q, r := b.tailSize.divmod(p)
	head := b.headCells[q]
	picks := b.tailPicks[r]
	used := uint32(head >> (64 - b.n))
	db := b.digitBits
	digitMask := uint64(1)<<db - 1
	for i := 0; i < b.headLen; i++ {
		cells[i] = uint8(head >> (db * uint(i)) & digitMask)
	}
	free := b.headFree[int(q)*b.freeStride:][:b.freeStride]
	for i := b.headLen; i < b.k; i++ {
		c := free[uint64(picks)&digitMask]
		picks >>= db
		cells[i] = c
		used |= 1 << c
	}
	return used
}

// divisor divides by a number fixed at run time faster than the divide
// instruction, for dividends below 1<<32: with m = ⌊(2⁶⁴−1)/d⌋ + 1 the
// quotient is the high word of m·x and the remainder the high word of
// (m·x mod 2⁶⁴)·d (Lemire, Kaser & Kurz, "Faster remainder by direct
// computation", 2019).
type divisor struct {
	d, m uint64
}

func newDivisor(d uint64) divisor { return divisor{d: d, m: ^uint64(0)/d + 1} }

func (v divisor) divmod(x uint64) (q, r uint64) {
	if v.m == 0 { // d = 1: m overflowed
		return x, 0
	}
	if x>>32 != 0 {
		return x / v.d, x % v.d
	}
	q, low := bits.Mul64(v.m, x)
	r, _ = bits.Mul64(low, v.d)
	return q, r
}

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
