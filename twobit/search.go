package twobit

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/internal/hugepages"
	"github.com/tilespace/tilespace/internal/mark2"
	"github.com/tilespace/tilespace/statespace"
)

// The codes of the package documentation.
const (
	codeUnseen   = 0
	codeFrontier = 1
	codeDone0    = 2
	codeDone1    = 3
)

const (
	lowBits = 0x5555_5555_5555_5555 // bit 0 of every code in a word
	perWord = 32                    // codes per uint64
)

// Options tune a Search. The zero value uses every core, no checkpoints
// and reports nothing.
type Options struct {
	// Workers is the number of goroutines expanding partitions; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// OnLevel, when not nil, is called after every level, from the
	// goroutine that called Search.
	OnLevel func(Level)
	// OnProgress, when not nil, is called with the number of boards
	// expanded so far (of Space.Size()) as partitions finish, from the
	// workers, concurrently.
	OnProgress func(expanded uint64)
	// Checkpoint, when not empty, is the file the search state is saved
	// to at level boundaries, at most every CheckpointEvery (default 5
	// minutes). It stays when the search ends: the caller removes it once
	// the results are safe (written to a table file), so that a failure in
	// between loses nothing. With Resume the search starts from it when it
	// exists; a damaged one is an error, never used.
	Checkpoint      string
	CheckpointEvery time.Duration
	Resume          bool
	// FreeSpace, when not nil, replaces DiskFree: the bytes free on the
	// disk of a folder, asked for the checkpoint's folder before the
	// search starts and before each checkpoint (a *NoSpaceError when
	// short). Tests inject a disk that fills up.
	FreeSpace func(dir string) (uint64, error)
	// Distances, when not nil, must have one byte per board; the search
	// writes every board's exact distance there by rank (for export: 239.5
	// MB on 12 cells). It cannot be combined with Resume.
	Distances []uint8
	// AntipodeLimit is the most antipodes (boards at the largest
	// distance) the Result lists; 0 means 1,000. With more, it lists none.
	AntipodeLimit int
}

// Level reports a finished level.
type Level struct {
	Depth   int           // the distance of the boards expanded
	Count   uint64        // boards at that distance
	Reached uint64        // boards at distances 0 … Depth
	Elapsed time.Duration // since the search (or its resumption) began
	Took    time.Duration // this level alone
	// Checkpointed is true when the state after this level was saved.
	Checkpointed bool
	// Resumed is true for the levels a resumed search read from its
	// checkpoint rather than ran (reported once, before the first new one).
	Resumed bool
}

// compressEven gathers the even bits of w (bit 2i to bit i) into the low
// 32 bits; the odd bits must be zero.
func compressEven(w uint64) uint64 {
	w = (w | w>>1) & 0x3333_3333_3333_3333
	w = (w | w>>2) & 0x0F0F_0F0F_0F0F_0F0F
	w = (w | w>>4) & 0x00FF_00FF_00FF_00FF
	w = (w | w>>8) & 0x0000_FFFF_0000_FFFF
	return (w | w>>16) & 0xFFFF_FFFF
}

// Search runs the breadth-first search of sp from its goal and returns
// the counts and distance bits of every board. It stops with ctx's error
// when ctx is done (the last checkpoint, if any, stays).
func Search(ctx context.Context, sp *statespace.Space, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	if opts.Distances != nil && (uint64(len(opts.Distances)) != sp.Size() || opts.Resume) {
		return nil, fmt.Errorf("twobit: Distances needs %d bytes and no Resume", sp.Size())
	}
	k := NewKernel(sp)
	s := &search{k: k, opts: opts, x: sp.NewExpander()}
	start := time.Now()
	depth := 0
	resumed := false
	if opts.Resume && opts.Checkpoint != "" {
		cp, err := readCheckpoint(opts.Checkpoint, sp)
		switch {
		case err == nil:
			s.codes, s.counts, depth, resumed = cp.codes, cp.counts, len(cp.counts), true
		case errors.Is(err, os.ErrNotExist):
		default:
			return nil, err
		}
	}
	if opts.Checkpoint != "" {
		if err := s.room(startNeed(EstimateFor(sp, opts.Workers), opts.Checkpoint, resumed), true); err != nil {
			return nil, err
		}
	}
	s.prepare(sp)
	if resumed && opts.OnLevel != nil {
		s.replay(opts.OnLevel)
	}
	for _, c := range s.counts {
		s.expanded.Add(c)
	}
	lastCheckpoint := time.Now()
	for ; ; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		levelStart := time.Now()
		n, ants, err := s.level(ctx, depth)
		if err != nil {
			return nil, err
		}
		s.allMarked = false
		if n == 0 {
			break
		}
		if depth > 255 {
			return nil, fmt.Errorf("twobit: distances above 255 in %s", sp.Shape())
		}
		s.counts = append(s.counts, n)
		s.antipodes = ants
		lv := Level{Depth: depth, Count: n, Elapsed: time.Since(start), Took: time.Since(levelStart)}
		for _, c := range s.counts {
			lv.Reached += c
		}
		if opts.Checkpoint != "" && time.Since(lastCheckpoint) >= opts.CheckpointEvery && lv.Reached < sp.Size() {
			if err := s.room(checkpointSize(sp, len(s.counts)), false); err != nil {
				return nil, err
			}
			if err := writeCheckpoint(ctx, opts.Checkpoint, sp, s.codes, s.counts); err != nil {
				return nil, err
			}
			lastCheckpoint = time.Now()
			lv.Checkpointed = true
		}
		if opts.OnLevel != nil {
			opts.OnLevel(lv)
		}
	}
	var total uint64
	for _, c := range s.counts {
		total += c
	}
	if total != sp.Size() {
		return nil, fmt.Errorf("twobit: the search reached %d boards of %s, expected %d", total, sp.Shape(), sp.Size())
	}
	return &Result{sp: sp, codes: s.codes, counts: s.counts, antipodes: s.antipodes, elapsed: time.Since(start)}, nil
}

// withDefaults returns o with its zero fields set to their defaults.
func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.CheckpointEvery <= 0 {
		o.CheckpointEvery = 5 * time.Minute
	}
	if o.AntipodeLimit <= 0 {
		o.AntipodeLimit = 1000
	}
	return o
}

// prepare allocates the search's marks of regions, and its codes with the
// goal on the frontier unless a checkpoint gave them.
func (s *search) prepare(sp *statespace.Space) {
	regions := sp.Size()>>regionShift + 1
	s.marked = [2][]uint32{make([]uint32, regions), make([]uint32, regions)}
	for _, f := range s.marked {
		for i := range f {
			f[i] = ^uint32(0) // no level
		}
	}
	if s.codes == nil {
		s.codes = make([]uint64, (sp.Size()+perWord-1)/perWord)
		hugepages.Words(s.codes)
		g := sp.Rank(sp.Goal())
		s.codes[g/perWord] |= codeFrontier << (g % perWord * 2)
		s.marked[0][g>>regionShift] = 0
	} else {
		s.allMarked = true
	}
}

// replay reports the levels a checkpoint gave, marked as resumed.
func (s *search) replay(onLevel func(Level)) {
	var reached uint64
	for d, c := range s.counts {
		reached += c
		onLevel(Level{Depth: d, Count: c, Reached: reached, Resumed: true})
	}
}

// workerState is what a worker keeps from level to level, so that a
// search makes no garbage: its memory is the codes and these buffers.
type workerState struct {
	x        *statespace.Expander
	frontier []uint64 // all zero between partitions
	spans    []span   // the words of frontier in use
	buf      []uint64
	ranks    []uint64
}

// worker returns worker w's state, made on first use.
func (s *search) worker(w int) *workerState {
	s.workersMu.Lock()
	defer s.workersMu.Unlock()
	for len(s.workers) <= w {
		s.workers = append(s.workers, nil)
	}
	if s.workers[w] == nil {
		s.workers[w] = &workerState{x: s.x.Clone(), frontier: make([]uint64, (s.k.size+63)/64), buf: make([]uint64, 0, batch)}
	}
	return s.workers[w]
}

// regionShift sets the size of the regions whose frontier flags let a
// level skip partitions, and parts of partitions, with nothing to expand:
// 2^16 ranks, 4 KiB of codes.
const regionShift = 16

type search struct {
	// marked[d&1][i] == d when region i (ranks i<<regionShift …) got a
	// frontier board for level d while level d−1 ran; by the parity of d,
	// so that marking level d+1 does not hide level d's boards.
	marked    [2][]uint32
	allMarked bool // after a resumption, when the flags are unknown
	workersMu sync.Mutex
	workers   []*workerState

	k        *Kernel
	x        *statespace.Expander // cloned for each worker
	opts     Options
	codes    []uint64
	counts   []uint64
	expanded atomic.Uint64

	antipodes []uint64
}

// level expands every frontier board at distance depth and returns how
// many there were and, when at most AntipodeLimit, their ranks.
func (s *search) level(ctx context.Context, depth int) (uint64, []uint64, error) {
	k := s.k
	var parts []int
	flags := s.marked[depth&1]
	for p := 0; p < k.Partitions(); p++ {
		if k.Parity(p) != depth&1 {
			continue
		}
		lo, hi := k.Range(p)
		for i := lo >> regionShift; i <= (hi-1)>>regionShift; i++ {
			if s.allMarked || atomic.LoadUint32(&flags[i]) == uint32(depth) {
				parts = append(parts, p)
				break
			}
		}
	}
	next1 := uint32(depth + 1)
	nextFlags := s.marked[(depth+1)&1]
	var next atomic.Int64
	var total atomic.Uint64
	var mu sync.Mutex
	var ranks []uint64
	var tooMany atomic.Bool
	var wg sync.WaitGroup
	for w := range s.opts.Workers {
		wg.Add(1)
		go pprof.Do(ctx, pprof.Labels("level", strconv.Itoa(depth)), func(ctx context.Context) {
			// The label lets a CPU profile split the time by level
			// (go tool pprof -tagfocus level=60).
			defer wg.Done()
			ws := s.worker(w)
			emit := func(targets []uint64) { s.mark(targets, nextFlags, next1) }
			mine := ws.ranks[:0]
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(parts) {
					break
				}
				p := parts[i]
				n := s.expandPartition(ws, p, depth, emit)
				if n == 0 {
					continue
				}
				total.Add(n)
				if done := s.expanded.Add(n); s.opts.OnProgress != nil {
					s.opts.OnProgress(done)
				}
				lo, _ := k.Range(p)
				if dist := s.opts.Distances; dist != nil {
					ws.eachFrontier(lo, func(r uint64) { dist[r] = uint8(depth) })
				}
				if !tooMany.Load() && uint64(len(mine))+n <= uint64(s.opts.AntipodeLimit) {
					ws.eachFrontier(lo, func(r uint64) { mine = append(mine, r) })
				} else {
					tooMany.Store(true)
				}
				ws.clearFrontier()
			}
			ws.ranks = mine
			mu.Lock()
			ranks = append(ranks, mine...)
			if len(ranks) > s.opts.AntipodeLimit {
				tooMany.Store(true)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	n := total.Load()
	if tooMany.Load() || uint64(len(ranks)) != n {
		ranks = nil
	} else {
		slices.Sort(ranks)
	}
	return n, ranks, nil
}

// expandPartition expands partition p's frontier at level depth (its
// boards marked done, their vertical neighbours passed to emit, the
// horizontal ones marked a word at a time) and returns how many boards it
// expanded. The frontier stays in ws for the caller, who clears it.
func (s *search) expandPartition(ws *workerState, p, depth int, emit func([]uint64)) uint64 {
	k := s.k
	ws.spans = s.takeFrontier(p, ws.frontier, ws.spans[:0], depth)
	if len(ws.spans) == 0 {
		return 0
	}
	if k.size%64 != 0 { // partitions off word boundaries (under 9 cells)
		return k.expandAll(ws.x, p, ws.frontier, ws.buf, emit)
	}
	n := k.expandVertical(ws.x, p, ws.frontier, ws.spans, ws.buf, emit)
	left, right := k.sideways(p)
	nextFlags, next := s.marked[(depth+1)&1], uint32(depth+1)
	for _, q := range [2]int{left, right} {
		if q >= 0 {
			s.markSideways(q, ws.frontier, ws.spans, nextFlags, next)
		}
	}
	return n
}

// eachFrontier calls f with the rank of every board of the frontier in
// ws, of the partition starting at rank lo.
func (ws *workerState) eachFrontier(lo uint64, f func(r uint64)) {
	for _, sp := range ws.spans {
		for j := sp.From; j < sp.To; j++ {
			for w := ws.frontier[j]; w != 0; w &= w - 1 {
				f(lo + uint64(j)*64 + uint64(bits.TrailingZeros64(w)))
			}
		}
	}
}

// clearFrontier zeroes the frontier bitmap in ws where takeFrontier wrote.
func (ws *workerState) clearFrontier() {
	for _, sp := range ws.spans {
		clear(ws.frontier[sp.From:sp.To])
	}
	ws.spans = ws.spans[:0]
}

// mark makes every unseen board among targets a frontier board of the
// level next, flagging its region in flags.
func (s *search) mark(targets []uint64, flags []uint32, next uint32) {
	codes := s.codes
	for _, t := range targets {
		if mark2.IfUnseen(codes, t, codeFrontier) {
			if f := &flags[t>>regionShift]; atomic.LoadUint32(f) != next {
				atomic.StoreUint32(f, next)
			}
		}
	}
}

// takeFrontier fills bm (all zero) with partition p's frontier bitmap at
// level depth, marks those boards done with bit 1 of depth, and returns
// the spans of bm it wrote, appended to spans: one pass over the codes of
// the regions flagged for the level (every region after a resumption).
// Marking them done before they are expanded is safe because every
// neighbour of a board has the other parity, so no expansion of this
// level reads or writes partition p.
func (s *search) takeFrontier(p int, bm []uint64, spans []span, depth int) []span {
	lo, hi := s.k.Range(p)
	bit1 := uint64(depth >> 1 & 1)
	flags := s.marked[depth&1]
	aligned := s.k.size%64 == 0
	first, last := lo>>regionShift, (hi-1)>>regionShift
	if !aligned { // one span for the whole partition: bitmap words straddle regions
		first, last = 0, 0
	}
	for region := first; region <= last; region++ {
		a, b := lo, hi
		if aligned {
			if !s.allMarked && atomic.LoadUint32(&flags[region]) != uint32(depth) {
				continue
			}
			a, b = max(lo, region<<regionShift), min(hi, (region+1)<<regionShift)
		}
		if aligned {
			spans = s.takeAligned(lo, a, b, bm, bit1, spans)
			continue
		}
		any := false
		w0, w1 := a/perWord, (b+perWord-1)/perWord
		for j := w0; j < w1; j++ {
			word := &s.codes[j]
			w := atomic.LoadUint64(word)
			f := w &^ (w >> 1) & lowBits
			if f == 0 {
				continue
			}
			if j == w0 || j == w1-1 { // a word the partition may share
				if f &= rangeMask(j, lo, hi); f == 0 {
					continue
				}
			}
			any = true
			atomic.OrUint64(word, f<<1) // 01 → 11
			if bit1 == 0 {
				atomic.AndUint64(word, ^f) // 11 → 10
			}
			f32 := compressEven(f)
			off := int64(j*perWord) - int64(lo)
			if off < 0 {
				f32 >>= uint(-off)
				off = 0
			}
			bm[off/64] |= f32 << (off % 64)
			if sh := off % 64; sh > 32 && off/64+1 < int64(len(bm)) {
				bm[off/64+1] |= f32 >> (64 - sh)
			}
		}
		if any {
			spans = append(spans, span{int((a - lo) / 64), int((b - lo + 63) / 64)})
		}
	}
	return spans
}

// takeAligned is takeFrontier's scan of ranks a … b−1 of a partition
// starting at rank lo, all three multiples of 64: no other partition
// shares these code words, and no other worker touches them while this
// level runs (its marks go to the other parity), so plain loads and
// stores do, in a loop the compiler keeps tight. It appends to spans the
// bitmap words it wrote, runs of words less than spanGap apart merged:
// on a sparse level the expansion, the sideways marking and the clearing
// then visit about the words that hold boards, not the whole region.
func (s *search) takeAligned(lo, a, b uint64, bm []uint64, bit1 uint64, spans []span) []span {
	codes := s.codes[a/perWord : b/perWord]
	base := (a - lo) / perWord // code words before a in the partition
	open := false
	var cur span
	for j, w := range codes {
		f := w &^ (w >> 1) & lowBits
		if f == 0 {
			continue
		}
		w |= f << 1 // 01 → 11
		if bit1 == 0 {
			w &^= f // 11 → 10
		}
		codes[j] = w
		c := base + uint64(j)
		bm[c/2] |= compressEven(f) << (32 * (c & 1))
		i := int(c / 2)
		switch {
		case !open:
			cur, open = span{i, i + 1}, true
		case i < cur.To+spanGap:
			cur.To = i + 1
		default:
			spans = append(spans, cur)
			cur = span{i, i + 1}
		}
	}
	if open {
		spans = append(spans, cur)
	}
	return spans
}

// spanGap is how many empty bitmap words takeAligned lets a span run
// through rather than start another: a span costs about as much as that
// many words.
const spanGap = 16

// markSideways makes the boards of partition q at the offsets set in bm
// frontier boards of the level next where they are unseen, 32 codes a
// step: the horizontal neighbours of a partition's frontier (sideways).
// q must start on a whole word of bm (its size a multiple of 64).
func (s *search) markSideways(q int, bm []uint64, spans []span, flags []uint32, next uint32) {
	lo, _ := s.k.Range(q)
	base := lo / perWord
	for _, sp := range spans {
		for j, f := range bm[sp.From:sp.To] {
			if f != 0 { // most words of a sparse level's spans are empty
				s.markSidewaysWord(base, sp.From+j, f, flags, next)
			}
		}
	}
}

// markSidewaysWord is markSideways for the frontier word f, word j of the
// bitmap, on the partition whose codes start at word base.
func (s *search) markSidewaysWord(base uint64, j int, f uint64, flags []uint32, next uint32) {
	for h := uint64(0); f != 0; h++ {
		part := f & 0xFFFF_FFFF
		f >>= 32
		if part == 0 {
			continue
		}
		ci := base + 2*uint64(j) + h
		word := &s.codes[ci]
		w := atomic.LoadUint64(word)
		if add := spreadEven(part) &^ (w | w>>1); add != 0 {
			atomic.OrUint64(word, add)
			if fl := &flags[ci*perWord>>regionShift]; atomic.LoadUint32(fl) != next {
				atomic.StoreUint32(fl, next)
			}
		}
	}
}

// spreadEven moves bit i of the low 32 bits of w to bit 2i: the inverse of
// compressEven.
func spreadEven(w uint64) uint64 {
	w = (w | w<<16) & 0x0000_FFFF_0000_FFFF
	w = (w | w<<8) & 0x00FF_00FF_00FF_00FF
	w = (w | w<<4) & 0x0F0F_0F0F_0F0F_0F0F
	w = (w | w<<2) & 0x3333_3333_3333_3333
	return (w | w<<1) & lowBits
}

// rangeMask returns the bit-0 positions of code word j's codes whose
// ranks are in [lo, hi).
func rangeMask(j, lo, hi uint64) uint64 {
	first, last := j*perWord, j*perWord+perWord
	if first >= lo && last <= hi {
		return ^uint64(0)
	}
	var m uint64
	for r := max(first, lo); r < min(last, hi); r++ {
		m |= 1 << ((r - first) * 2)
	}
	return m
}
