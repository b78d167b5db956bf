package analyze

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// Unseen marks a board the search has not reached in the slice Distances
// works on; no board of a finished search has it.
const unseen = 0xFF

// chunk is how many ranks a worker takes at a time.
const chunk = 1 << 15

// MaxStates is the largest space the analyzer takes on: 12 cells
// (239,500,800 boards, one byte each for the distances).
const MaxStates = table.MaxEnumerate

// analyzeAll is what a *table.TooManyBoardsError says the analyzer
// cannot do.
const analyzeAll = "analyze exhaustively"

// Levels holds the exact distance of every board of a space, one byte a
// board by rank (four to a word, so the search can set them atomically).
type Levels struct {
	words  []uint32
	n      uint64
	radius int
	counts []uint64
}

// At returns the distance of the board of rank r.
func (l *Levels) At(r uint64) int { return int(l.words[r/4] >> (8 * (r % 4)) & 0xFF) }

// States returns the number of boards.
func (l *Levels) States() uint64 { return l.n }

// Radius returns the largest distance.
func (l *Levels) Radius() int { return l.radius }

// Counts returns the number of boards at each distance 0 … Radius().
func (l *Levels) Counts() []uint64 { return l.counts }

// Distances returns the exact distance from the goal of every board of sp,
// one byte per board by rank. It is a level-synchronous breadth-first
// search over ranks on every core: level d+1 is every unseen neighbour
// (Expander.Neighbors) of a board at level d, found by scanning the byte
// array for d. Nothing but the array grows with the space (239,500,800
// bytes for 12 cells), and the result does not depend on the number of
// workers. progress, if not nil, receives each finished level and the
// boards reached so far. It stops with ctx's error when ctx is done.
func Distances(ctx context.Context, sp *statespace.Space, progress table.Progress) (*Levels, error) {
	n := sp.Size()
	if !sp.Counted() || n > MaxStates {
		return nil, &table.TooManyBoardsError{Shape: sp.Shape(), States: n, Max: MaxStates, To: analyzeAll}
	}
	words := make([]uint32, (n+3)/4)
	for i := range words {
		words[i] = 0xFFFFFFFF
	}
	goal := sp.Rank(sp.Goal())
	set(words, goal, 0)
	reached := uint64(1)
	counts := []uint64{1}
	workers := runtime.GOMAXPROCS(0)
	base := sp.NewExpander()
	for d := 0; ; d++ {
		var next atomic.Uint64 // the next chunk to take
		var found atomic.Uint64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(x *statespace.Expander) {
				defer wg.Done()
				found.Add(expandLevel(ctx, x, words, n, uint8(d), &next))
			}(base.Clone())
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if found.Load() == 0 {
			break
		}
		reached += found.Load()
		counts = append(counts, found.Load())
		if progress != nil {
			progress(d+1, reached, n)
		}
	}
	if reached != n {
		// Every board of a space is reachable from its goal; a shortfall
		// would be a bug in the ranker or the expander.
		panic("analyze: the search reached fewer boards than the space holds")
	}
	return &Levels{words: words, n: n, radius: len(counts) - 1, counts: counts}, nil
}

// expandLevel expands the boards at distance d of the chunks it takes and
// returns how many boards it reached first at d+1.
func expandLevel(ctx context.Context, x *statespace.Expander, words []uint32, n uint64, d uint8, next *atomic.Uint64) uint64 {
	var found uint64
	var out [4]uint64
	for {
		lo := next.Add(chunk) - chunk
		if lo >= n || ctx.Err() != nil {
			return found
		}
		hi := min(lo+chunk, n)
		// chunk is a multiple of 4, so a chunk is whole words.
		for wi := lo / 4; wi < (hi+3)/4; wi++ {
			w := atomic.LoadUint32(&words[wi])
			for j := uint64(0); j < 4; j++ {
				r := 4*wi + j
				if w>>(8*j)&0xFF != uint32(d) || r >= n {
					continue
				}
				k := x.Neighbors(r, &out)
				for _, c := range out[:k] {
					if set(words, c, d+1) {
						found++
					}
				}
			}
		}
	}
}

// set gives the board of rank r the distance d if it is unseen, and
// reports whether this call did.
func set(words []uint32, r uint64, d uint8) bool {
	p := &words[r/4]
	shift := 8 * (r % 4)
	for {
		w := atomic.LoadUint32(p)
		if w>>shift&0xFF != unseen {
			return false
		}
		nw := w&^(0xFF<<shift) | uint32(d)<<shift
		if atomic.CompareAndSwapUint32(p, w, nw) {
			return true
		}
	}
}
