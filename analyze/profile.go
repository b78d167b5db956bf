package analyze

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// MaxValue bounds the heuristic values a profile counts: 0 … MaxValue−1.
const MaxValue = 256

// ValueError reports a heuristic value outside 0 … MaxValue−1.
type ValueError struct {
	Heuristic string
	Board     statespace.Board
	Value     int
}

// Kind is errkind.Value.
func (*ValueError) Kind() errkind.Kind { return errkind.Value }

func (e *ValueError) Error() string {
	return fmt.Sprintf("heuristic %s gives %d for %s: the profile counts values 0 to %d", e.Heuristic, e.Value, e.Board, MaxValue-1)
}

// Profile is a heuristic's behaviour over every reachable board of a
// space, against the exact distance h*.
type Profile struct {
	Heuristic string
	Goal      statespace.Board
	States    uint64
	// Joint[h][hstar] counts the boards whose heuristic value is h and
	// whose exact distance is hstar.
	Joint [][]uint64
	// Inadmissible counts the boards with h > h*; FirstInadmissible is the
	// first of them in rank order (zero Board when there is none), with
	// its values.
	Inadmissible       uint64
	FirstInadmissible  statespace.Board
	FirstH, FirstHStar int
	// Edges counts the moves between boards, each pair of neighbours once;
	// InconsistentEdges those whose ends' values differ by more than 1
	// (the move's cost), MaxJump the largest difference over all edges,
	// and JumpBoard and JumpMove a board and move where it occurs (the
	// first in rank order).
	Edges             uint64
	InconsistentEdges uint64
	MaxJump           int
	JumpBoard         statespace.Board
	JumpMove          statespace.Move
	// Branching is the brute-force branching factor of the shape
	// (BruteForce.Factor), the b of Eta.
	Branching float64
}

// Run profiles each heuristic over every board of lv's space (one pass over
// the ranks per heuristic, on every core). progress, if not nil, receives
// the heuristic's index and the boards done so far (from several
// goroutines, one call at a time). It stops with ctx's error when ctx is
// done.
func Run(ctx context.Context, sp *statespace.Space, lv *Levels, hs []Heuristic, progress func(i int, done uint64)) ([]*Profile, error) {
	var out []*Profile
	b := NewBruteForce(sp.Shape()).Factor()
	for i, h := range hs {
		var pr func(uint64)
		if progress != nil {
			pr = func(done uint64) { progress(i, done) }
		}
		p, err := profileOne(ctx, sp, lv, h, pr)
		if err != nil {
			return nil, err
		}
		p.Branching = b
		out = append(out, p)
	}
	return out, nil
}

// worker is what one goroutine counts.
type worker struct {
	joint        []uint64 // [h*(radius+1) + hstar]
	inadmissible uint64
	firstBad     uint64 // rank, or math.MaxUint64
	directed     uint64 // moves, each edge twice
	jumps        uint64 // moves with |Δh| > 1, each edge twice
	maxJump      int
	jumpRank     uint64
	jumpMove     statespace.Move
	err          error
}

func profileOne(ctx context.Context, sp *statespace.Space, lv *Levels, h Heuristic, progress func(uint64)) (*Profile, error) {
	n := sp.Size()
	cols := lv.Radius() + 1
	workers := runtime.GOMAXPROCS(0)
	ws := make([]*worker, workers)
	var next, done atomic.Uint64
	var mu sync.Mutex
	var wg sync.WaitGroup
	// Units of work: blocks of the walk (Manhattan distance, computed
	// incrementally) or chunks of ranks (any heuristic, on boards from
	// Unrank).
	var bw *blockWalker
	units := (n + chunk - 1) / chunk
	if h.md != nil {
		bw = newBlockWalker(sp)
		units = uint64(bw.blocks())
	}
	for i := range ws {
		w := &worker{joint: make([]uint64, MaxValue*cols), firstBad: math.MaxUint64, jumpRank: math.MaxUint64, maxJump: -1}
		ws[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			for w.err == nil && ctx.Err() == nil {
				u := next.Add(1) - 1
				if u >= units {
					return
				}
				var size uint64
				if bw != nil {
					size = w.walkManhattan(bw, lv, h.md, int(u), cols)
				} else {
					lo := u * chunk
					hi := min(lo+chunk, n)
					w.err = w.walk(sp, lv, h, lo, hi, cols)
					size = hi - lo
				}
				d := done.Add(size)
				if progress != nil {
					mu.Lock()
					progress(d)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return mergeProfile(sp, lv, h, ws, cols)
}

// mergeProfile sums the workers' counts into h's profile on sp, whose
// joint distribution has cols columns (the distances 0 to the radius).
func mergeProfile(sp *statespace.Space, lv *Levels, h Heuristic, ws []*worker, cols int) (*Profile, error) {
	p := &Profile{Heuristic: h.Name, Goal: sp.Goal(), States: sp.Size(), MaxJump: -1}
	p.Joint = make([][]uint64, MaxValue)
	for i := range p.Joint {
		p.Joint[i] = make([]uint64, cols)
	}
	firstBad, jumpRank := uint64(math.MaxUint64), uint64(math.MaxUint64)
	var directed, jumps uint64
	for _, w := range ws {
		if w.err != nil {
			return nil, w.err
		}
		for i, c := range w.joint {
			p.Joint[i/cols][i%cols] += c
		}
		p.Inadmissible += w.inadmissible
		firstBad = min(firstBad, w.firstBad)
		directed += w.directed
		jumps += w.jumps
		if w.maxJump > p.MaxJump || w.maxJump == p.MaxJump && w.jumpRank < jumpRank {
			p.MaxJump, jumpRank, p.JumpMove = w.maxJump, w.jumpRank, w.jumpMove
		}
	}
	// Trim the rows of values no board has.
	top := 0
	for v, row := range p.Joint {
		for _, c := range row {
			if c != 0 {
				top = v
			}
		}
	}
	p.Joint = p.Joint[:top+1]
	p.Edges, p.InconsistentEdges = directed/2, jumps/2
	if firstBad != math.MaxUint64 {
		p.FirstInadmissible = sp.Unrank(firstBad)
		p.FirstH, p.FirstHStar = h.H.Distance(p.FirstInadmissible), lv.At(firstBad)
	}
	if jumpRank != math.MaxUint64 {
		p.JumpBoard = sp.Unrank(jumpRank)
	}
	return p, nil
}

// walk counts the boards of ranks lo … hi−1.
func (w *worker) walk(sp *statespace.Space, lv *Levels, h Heuristic, lo, hi uint64, cols int) error {
	for r := lo; r < hi; r++ {
		b := sp.Unrank(r)
		v := h.value(b)
		if v < 0 || v >= MaxValue {
			return &ValueError{Heuristic: h.Name, Board: b, Value: v}
		}
		hs := lv.At(r)
		w.joint[v*cols+hs]++
		if v > hs {
			w.inadmissible++
			w.firstBad = min(w.firstBad, r)
		}
		for _, m := range statespace.Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			cv := h.child(b, v, m, c)
			jump := abs(cv - v)
			w.directed++
			if jump > 1 {
				w.jumps++
			}
			if jump > w.maxJump || jump == w.maxJump && r < w.jumpRank {
				w.maxJump, w.jumpRank, w.jumpMove = jump, r, m
			}
		}
	}
	return nil
}

// value returns h's value for b.
func (h *Heuristic) value(b statespace.Board) int {
	if h.md == nil {
		return h.H.Distance(b)
	}
	s := 0
	for c := 0; c < b.Cells(); c++ {
		s += h.md[b.Tile(c)][c]
	}
	return s
}

// child returns h's value for c, the board b becomes by move m; v is b's.
func (h *Heuristic) child(b statespace.Board, v int, m statespace.Move, c statespace.Board) int {
	if h.md == nil {
		return h.H.Distance(c)
	}
	// The tile on the blank's new cell slides to its old one.
	from, to := c.Blank(), b.Blank()
	t := b.Tile(from)
	return v - h.md[t][from] + h.md[t][to]
}

// walkManhattan counts the boards of block k of bw for Manhattan distance,
// whose table md is, keeping the sum by position as the walk changes the
// codes, and returns how many boards it counted.
func (w *worker) walkManhattan(bw *blockWalker, lv *Levels, md [][]int, k, cols int) uint64 {
	sh := bw.sp.Shape()
	blank := k / bw.m
	// mc[i][code]: the distance of code's tile on the i-th tile cell.
	var mc [statespace.MaxCells][statespace.MaxCells]int
	for i := 0; i < bw.m; i++ {
		cell := i
		if i >= blank {
			cell++
		}
		for c := 0; c < bw.m; c++ {
			mc[i][c] = md[bw.tileOf[c]][cell]
		}
	}
	// For each move of the blank: the position of the tile that slides
	// and how its distance changes, by its code.
	type slide struct {
		m     statespace.Move
		pos   int
		delta [statespace.MaxCells]int
	}
	var slides []slide
	for _, m := range statespace.Moves {
		nb, ok := sh.Neighbor(blank, m)
		if !ok {
			continue
		}
		sl := slide{m: m, pos: nb}
		if nb > blank {
			sl.pos--
		}
		for c := 0; c < bw.m; c++ {
			t := bw.tileOf[c]
			sl.delta[c] = md[t][blank] - md[t][nb]
		}
		slides = append(slides, sl)
	}
	var pre [statespace.MaxCells + 1]int
	var count uint64
	bw.walk(k, func(r uint64, _ int, codes []uint8, from int) bool {
		for i := from; i < len(codes); i++ {
			pre[i+1] = pre[i] + mc[i][codes[i]]
		}
		v := pre[len(codes)]
		hs := lv.At(r)
		w.joint[v*cols+hs]++
		if v > hs {
			w.inadmissible++
			w.firstBad = min(w.firstBad, r)
		}
		for _, sl := range slides {
			jump := abs(sl.delta[codes[sl.pos]])
			w.directed++
			if jump > 1 {
				w.jumps++
			}
			if jump > w.maxJump || jump == w.maxJump && r < w.jumpRank {
				w.maxJump, w.jumpRank, w.jumpMove = jump, r, sl.m
			}
		}
		count++
		return true
	})
	return count
}
