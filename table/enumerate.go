package table

import (
	"context"
	"fmt"
	"time"

	"github.com/bits-and-blooms/bitset"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// MaxEnumerate is the largest space Enumerate takes on: 12 cells
// (239,500,800 boards, about 24 bytes of memory per board while the
// search runs, 6 GB).
const MaxEnumerate = 239_500_800

// enumSlots is the length of the BFS's per-cell queue arrays: the 12 cells
// of MaxEnumerate fit, and the levels' copies stay as small as before
// boards grew to 25 cells.
const enumSlots = 16

// Progress receives the BFS's progress after each level: the depth just
// finished and how many boards have been reached so far, of total.
type Progress func(depth int, reached, total uint64)

// Enumerate runs a retrograde breadth-first search from the goal over
// every reachable board and returns their exact distances. It stops with
// ctx's error when ctx is done; progress may be nil.
//
// Visited ranks live in a bitset (n!/2 bits, 22 KB for the 8-puzzle, so
// the hot check stays in cache) and distances in one byte per board. The
// search is level-synchronous with one queue per blank cell, so every
// branch in the inner loop is predictable, and each queue entry carries
// its code sequence with its Lehmer digits: a horizontal move leaves both
// unchanged (the rank moves by (n−1)!/2), and a vertical move rotates
// Cols codes, which updates Cols digits and the rank locally, with no
// re-ranking.
func Enumerate(ctx context.Context, s *statespace.Space, progress Progress) (*Table, error) {
	e, err := newEnumeration(s)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := e.run(ctx, progress); err != nil {
		return nil, err
	}
	t := e.table()
	t.searchTime = time.Since(start)
	return t, nil
}

// entry is a board in a blank cell's queue: its code sequence q, the
// Lehmer digits of q (digit k = codes after place k smaller than q's code
// at k, 4 bits each) and the Lehmer rank lehmer = Σ digit k × (m−1−k)!.
type entry struct {
	q, digits uint64
	lehmer    uint64
}

// enumeration holds the memory of one BFS, allocated and touched up front
// so the timed search does no allocation or page faulting.
type enumeration struct {
	s       *statespace.Space
	n       int    // cells
	half    uint64 // ranks per blank cell
	visited *bitset.BitSet
	dist    []uint8
	queues  [][]entry // by blank cell, each holding (n-1)!/2 entries over the search, plus a spare
	counts  []uint64
}

func newEnumeration(s *statespace.Space) (*enumeration, error) {
	if s.Size() > MaxEnumerate {
		return nil, &TooManyBoardsError{Shape: s.Shape(), States: s.Size(), Max: MaxEnumerate, To: "enumerate into a table"}
	}
	n := s.Shape().Cells()
	e := &enumeration{
		s:       s,
		n:       n,
		half:    s.Size() / uint64(n),
		visited: bitset.New(uint(s.Size())),
		dist:    make([]uint8, s.Size()),
		queues:  make([][]entry, n),
		counts:  make([]uint64, 0, 256),
	}
	for i := 0; i < len(e.dist); i += 4096 {
		e.dist[i] = 0
	}
	for c := range e.queues {
		e.queues[c] = make([]entry, e.half+1) // +1: push's spare slot
		for i := 0; i < len(e.queues[c]); i += 4096 / 24 {
			e.queues[c][i] = entry{}
		}
	}
	return e, nil
}

func (e *enumeration) run(ctx context.Context, progress Progress) error {
	s := e.s
	m := e.n - 1
	cols := s.Shape().Stride() // a row's width
	var fact [enumSlots]uint64 // fact[k] = (m-1-k)!: the weight of Lehmer digit k
	for k := m - 1; k >= 0; k-- {
		fact[k] = 1
		for f := 2; f <= m-1-k; f++ {
			fact[k] *= uint64(f)
		}
	}
	words := e.visited.Words()
	half := e.half
	var head, tail [enumSlots]int
	goal := s.Goal()
	// The goal's codes read 0, 1, …, n−2 (see Space): Lehmer digits and
	// rank 0.
	var gq uint64
	for k := range m {
		gq |= uint64(k) << (4 * k)
	}
	gd, gl := lehmerDigits(gq, m)
	gb := goal.Blank()
	e.queues[gb][0] = entry{gq, gd, gl}
	tail[gb] = 1
	gr := uint64(gb)*half + gl>>1
	words[gr>>6] |= 1 << (gr & 63)
	// push appends en to cell c's queue if its board is new. It is written
	// without branches: about two children in three were seen before, in no
	// predictable pattern, so a branch would mispredict often. The entry is
	// always stored in the queue's spare slot and kept by advancing tail.
	// Distances are written after the search, from the queues' level
	// boundaries, so the hot loop touches only the bitset and the queues.
	push := func(c int, en entry) {
		r := uint64(c)*half + en.lehmer>>1
		w := &words[r>>6]
		isNew := ^(*w >> (r & 63)) & 1
		*w |= 1 << (r & 63)
		e.queues[c][tail[c]] = en
		tail[c] += int(isNew)
	}
	var levelEnds [][enumSlots]int // tail of every queue after each level
	for depth := 0; ; depth++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := tail
		var level uint64
		for c := 0; c < e.n; c++ {
			level += uint64(end[c] - head[c])
		}
		if level == 0 {
			break
		}
		e.counts = append(e.counts, level)
		levelEnds = append(levelEnds, end)
		if depth >= 255 {
			return fmt.Errorf("table: distances above 255 in %s", s.Shape())
		}
		for b := 0; b < e.n; b++ {
			up, down := b-cols, b+cols
			left, right := b-1, b+1
			if b%cols == 0 {
				left = -1
			}
			if b%cols == cols-1 {
				right = -1
			}
			queue := e.queues[b][head[b]:end[b]]
			if cols == 3 {
				// The 8-puzzle's width, unrolled: about a third faster.
				var fu, fd [3]uint64
				if up >= 0 {
					copy(fu[:], fact[up:])
				}
				if down < e.n {
					copy(fd[:], fact[b:])
				}
				for _, en := range queue {
					if up >= 0 {
						push(up, rotateUp3(en, up, &fu))
					}
					if down < e.n {
						push(down, rotateDown3(en, b, &fd))
					}
					if left >= 0 {
						push(left, en)
					}
					if right >= 0 {
						push(right, en)
					}
				}
			} else {
				for _, en := range queue {
					if up >= 0 {
						push(up, rotateUp(en, up, b-1, &fact))
					}
					if down < e.n {
						push(down, rotateDown(en, b, down-1, &fact))
					}
					if left >= 0 {
						push(left, en)
					}
					if right >= 0 {
						push(right, en)
					}
				}
			}
			head[b] = end[b]
		}
		if progress != nil {
			var n uint64
			for c := 0; c < e.n; c++ {
				n += uint64(tail[c])
			}
			progress(depth, n, s.Size())
		}
	}
	var n uint64
	for c := 0; c < e.n; c++ {
		n += uint64(tail[c])
		start := 0
		for d, ends := range levelEnds {
			base := uint64(c) * half
			for _, en := range e.queues[c][start:ends[c]] {
				e.dist[base+en.lehmer>>1] = uint8(d)
			}
			start = ends[c]
		}
	}
	if n != s.Size() {
		return fmt.Errorf("table: BFS reached %d boards of %s, expected %d", n, s.Shape(), s.Size())
	}
	return nil
}

// lehmerDigits returns the Lehmer digits of the first m codes of q (4 bits
// each) and the Lehmer rank Σ digit k × (m−1−k)!.
func lehmerDigits(q uint64, m int) (digits, rank uint64) {
	for k := 0; k < m; k++ {
		x := q >> (4 * k) & 15
		var d uint64
		for l := k + 1; l < m; l++ {
			if q>>(4*l)&15 < x {
				d++
			}
		}
		digits |= d << (4 * k)
		rank = rank*uint64(m-k) + d
	}
	return digits, rank
}

// rotateUp moves the code at place i to place j (i < j), shifting places
// i+1..j down by one: the blank's vertical move up. Only digits i..j change:
// the codes that pass x gain one smaller code to their right if x is
// smaller, and x loses those smaller than it. Shifts are masked with 63 so
// the compiler drops its out-of-range handling.
func rotateUp(en entry, i, j int, fact *[enumSlots]uint64) entry {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh // the segment, at the bottom
	f := fact[i : j+1]
	x := q & 15
	var seg, segD, smaller uint64
	lehmer := en.lehmer
	for t := 1; t < len(f); t++ {
		p := q >> (uint(4*t) & 63) & 15
		nd := d >> (uint(4*t) & 63) & 15
		lt := (x - p) >> 63 // 1 when x < p; arithmetic, since a branch would be a coin flip
		nd += lt
		smaller += 1 - lt
		lehmer += (nd - d>>(uint(4*t-4)&63)&15) * f[t-1]
		seg |= p << (uint(4*t-4) & 63)
		segD |= nd << (uint(4*t-4) & 63)
	}
	last := uint(4*(len(f)-1)) & 63
	nd := d&15 - smaller
	lehmer += (nd - d>>last&15) * f[len(f)-1]
	seg |= x << last
	segD |= nd << last
	mask := (uint64(1)<<(last+4) - 1) << sh
	return entry{en.q&^mask | seg<<sh, en.digits&^mask | segD<<sh, lehmer}
}

// rotateDown moves the code at place j to place i (i < j), shifting places
// i..j−1 up by one: the blank's vertical move down.
func rotateDown(en entry, i, j int, fact *[enumSlots]uint64) entry {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh
	f := fact[i : j+1]
	last := uint(4*(len(f)-1)) & 63
	y := q >> last & 15
	var seg, segD, smaller uint64
	lehmer := en.lehmer
	for t := 1; t < len(f); t++ {
		p := q >> (uint(4*t-4) & 63) & 15
		nd := d >> (uint(4*t-4) & 63) & 15
		lt := (y - p) >> 63 // 1 when y < p
		nd -= lt
		smaller += 1 - lt
		lehmer += (nd - d>>(uint(4*t)&63)&15) * f[t]
		seg |= p << (uint(4*t) & 63)
		segD |= nd << (uint(4*t) & 63)
	}
	nd := d>>last&15 + smaller
	lehmer += (nd - d&15) * f[0]
	seg |= y
	segD |= nd
	mask := (uint64(1)<<(last+4) - 1) << sh
	return entry{en.q&^mask | seg<<sh, en.digits&^mask | segD<<sh, lehmer}
}

// rotateUp3 is rotateUp for three places i..i+2, with f the weights of
// their digits.
func rotateUp3(en entry, i int, f *[3]uint64) entry {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh
	x, p1, p2 := q&15, q>>4&15, q>>8&15
	d0, d1, d2 := d&15, d>>4&15, d>>8&15
	lt1, lt2 := (x-p1)>>63, (x-p2)>>63
	n0, n1, n2 := d1+lt1, d2+lt2, d0-2+lt1+lt2
	lehmer := en.lehmer + (n0-d0)*f[0] + (n1-d1)*f[1] + (n2-d2)*f[2]
	mask := uint64(0xfff) << sh
	return entry{en.q&^mask | (p1|p2<<4|x<<8)<<sh, en.digits&^mask | (n0|n1<<4|n2<<8)<<sh, lehmer}
}

// rotateDown3 is rotateDown for three places i..i+2.
func rotateDown3(en entry, i int, f *[3]uint64) entry {
	sh := uint(4*i) & 63
	q, d := en.q>>sh, en.digits>>sh
	p0, p1, y := q&15, q>>4&15, q>>8&15
	d0, d1, d2 := d&15, d>>4&15, d>>8&15
	lt0, lt1 := (y-p0)>>63, (y-p1)>>63
	n0, n1, n2 := d2+2-lt0-lt1, d0-lt0, d1-lt1
	lehmer := en.lehmer + (n0-d0)*f[0] + (n1-d1)*f[1] + (n2-d2)*f[2]
	mask := uint64(0xfff) << sh
	return entry{en.q&^mask | (y|p0<<4|p1<<8)<<sh, en.digits&^mask | (n0|n1<<4|n2<<8)<<sh, lehmer}
}

func (e *enumeration) table() *Table {
	return &Table{tableHead: newHead(e.s, e.counts), dist: e.dist}
}

// TooManyBoardsError reports a space with more boards than are held at
// a byte a board (Max, MaxEnumerate: 12 cells), which a table
// (Enumerate) and an analysis of every board (package analyze) both
// need.
type TooManyBoardsError struct {
	Shape  statespace.Shape
	States uint64 // boards in the space (math.MaxUint64 when uncountable)
	Max    uint64
	To     string // what the space is too large for: "enumerate into a table"
}

// Kind is errkind.Shape.
func (*TooManyBoardsError) Kind() errkind.Kind { return errkind.Shape }

func (e *TooManyBoardsError) Error() string {
	return e.Shape.String() + " has too many boards to " + e.To + " (at most 12 cells)"
}
