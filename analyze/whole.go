package analyze

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// WholeConfig says which whole iterations PredictWhole counts: Korf,
// Reid and Edelkamp's own experiment.
type WholeConfig struct {
	Goal      statespace.Board
	Heuristic string // a name NewHeuristics knows
	// Random is the boards drawn uniformly from the whole space (seed
	// Seed; the same boards as PredictConfig.Random's); 0 counts from
	// every board of a space of at most MaxEveryBoard boards.
	Random int
	Seed   uint64
	// MinBound and MaxBound are the bounds counted, MinBound ≤ MaxBound;
	// both 0 picks the boards' mean value, rounded, ± 4.
	MinBound, MaxBound int
	// Dist and Samples say where KRE's distribution comes from, as in
	// PredictConfig.
	Dist     string
	Samples  uint64
	Progress ProgressFunc
}

// WholeBound is one bound's whole iterations over every board.
type WholeBound struct {
	Bound int
	// Within is the boards whose own value is within the bound; the
	// others expand nothing and count 0 in the mean, as in KRE's.
	Within int
	// Measured is the mean nodes expanded over every board, and StdErr
	// its standard error: the boards' sample standard deviation over the
	// square root of their number (0 when every board of the space is
	// counted, and the mean is exact).
	Measured, StdErr float64
	// Largest is the most nodes one board's iteration expanded.
	Largest uint64
	// Predicted is the mean of PredictKRE over the boards (for each, its
	// blank's cell and the bound), and PredictedCDP the mean of
	// PredictCDP (for each, its blank's cell, its own value and the
	// bound; when WholePrediction.CDP).
	Predicted, PredictedCDP float64
}

// WholePrediction compares KRE's prediction with whole iterations.
type WholePrediction struct {
	Goal      statespace.Board
	Heuristic string
	// Drawn says how the boards were chosen: "every board" or drawn
	// uniformly with a seed.
	Drawn string
	// Every is set when the boards are every board of the space.
	Every bool
	// Dist is the source of KRE's distribution and DistHow how it was
	// had; Samples the boards it was estimated from (DistSamples).
	Dist, DistHow string
	Samples       uint64
	// CDP is set when CDP's conditional distribution was had: counted on
	// spaces of at most MaxStates boards, else estimated from
	// WholeConfig.Samples boards (CondSamples; 0 when counted).
	CDP         bool
	CondSamples uint64
	Boards      int
	MeanH       float64 // the boards' mean value
	// Engine is what counted: "solver" (package solver's engine, Prune 2)
	// or "recursive" (a plain depth-first count on any heuristic).
	Engine string
	Bounds []WholeBound
}

// EveryBoardError reports a space of more than MaxEveryBoard boards
// asked to count whole iterations from every board.
type EveryBoardError struct {
	Shape  statespace.Shape
	States uint64 // math.MaxUint64 when uncountable
}

// Kind is errkind.Shape.
func (*EveryBoardError) Kind() errkind.Kind { return errkind.Shape }

func (e *EveryBoardError) Error() string {
	n := "more than 2^64"
	if e.States != math.MaxUint64 {
		n = textfmt.Commas(e.States)
	}
	return fmt.Sprintf("%s has %s boards, too many to run whole iterations from each (at most %s)", e.Shape, n, textfmt.Commas(uint64(MaxEveryBoard)))
}

// BoundsError reports a range of bounds that is empty or beyond the
// depths counted.
type BoundsError struct{ Min, Max int }

// Kind is errkind.Value.
func (*BoundsError) Kind() errkind.Kind { return errkind.Value }

func (e *BoundsError) Error() string {
	return fmt.Sprintf("bounds %d-%d: want 0 <= A <= B <= %d", e.Min, e.Max, maxWholeBound)
}

// MaxEveryBoard is the largest space PredictWhole counts from every board
// of (3x3's 181,440 and 2x5's 1,814,400 among them); larger ones take
// WholeConfig.Random boards.
const MaxEveryBoard = 20_000_000

// maxWholeBound is the largest bound PredictWhole counts (the solver's
// depth limit is larger; no whole iteration that deep would finish).
const maxWholeBound = 200

// PredictWhole runs Korf, Reid and Edelkamp's experiment: from each board
// (cfg.Random drawn uniformly, or every board of a small space) it runs
// one whole IDA* iteration with each bound from cfg.MinBound to
// cfg.MaxBound — the goal does not end it, every node whose g + h is
// within the bound counts, and only the move back to the parent is pruned
// — and sets the mean nodes per board, over every board (those whose own
// value exceeds the bound count 0), beside PredictKRE's mean prediction
// for the same boards and, where the conditional distribution is had,
// PredictCDP's from each board's own value. For a consistent heuristic,
// over every board of a space, with the exact distributions, all three
// are equal: f never falls along a path, so a node counts when its own
// value is within the bound, and each node of the tree is a board drawn
// uniformly with its blank's cell (KRE), whose value CDP's chain of
// exact one-move conditionals, started from the starts' own exact
// distribution, gives its exact share.
func PredictWhole(ctx context.Context, cfg WholeConfig) (*WholePrediction, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, err
	}
	if cfg.Random <= 0 && (!sp.Counted() || sp.Size() > MaxEveryBoard) {
		return nil, &EveryBoardError{Shape: cfg.Goal.Shape(), States: sp.Size()}
	}
	hs, err := NewHeuristics(ctx, cfg.Goal, []string{cfg.Heuristic})
	if err != nil {
		return nil, err
	}
	h := hs[0]
	p := &WholePrediction{Goal: cfg.Goal, Heuristic: h.Name}
	n := uint64(cfg.Random)
	board := Sampler(sp, cfg.Seed^0x72616e646f6d) // Predict's draw
	p.Drawn = fmt.Sprintf("drawn uniformly (seed %d)", cfg.Seed)
	if cfg.Random <= 0 {
		n, board, p.Drawn, p.Every = sp.Size(), sp.Unrank, "(every board of the space)", true
	}
	p.Boards = int(n)
	values, blanks, err := wholeValues(h, board, n)
	if err != nil {
		return nil, err
	}
	p.MeanH = meanOf(values)
	lo, hi, err := wholeBounds(cfg, p.MeanH)
	if err != nil {
		return nil, err
	}
	dist, src, how, err := kreDistribution(ctx, sp, h, cfg.Dist, cfg.Samples, cfg.Seed)
	if err != nil {
		return nil, err
	}
	p.Dist, p.DistHow = src, how
	if src == DistSamples {
		p.Samples = cfg.Samples
	}
	top := int(slices.Max(values))
	// CDP only where its conditional distribution is counted: on 4x4 one
	// estimated from 10⁶ boards misses the rare low values that carry the
	// mean, and predicted about half of what 200 random boards expanded.
	cond, _, err := conditionalFor(ctx, sp, h, dist, src, 0, 0, top)
	if err != nil {
		return nil, err
	}
	p.CDP = cond != nil
	count, engine, err := wholeCounter(ctx, cfg.Goal, h)
	if err != nil {
		return nil, err
	}
	p.Engine = engine
	counts, err := countWhole(ctx, n, board, lo, hi, count, cfg.Progress)
	if err != nil {
		return nil, err
	}
	var cdp map[[2]int][]float64
	if cond != nil {
		if cdp, err = cdpByStart(ctx, sp.Shape(), cond, values, blanks, lo, hi); err != nil {
			return nil, err
		}
	}
	bf := NewBruteForce(sp.Shape())
	for t := lo; t <= hi; t++ {
		pred := make([]float64, sp.Shape().Cells())
		for c := range pred {
			pred[c] = PredictKRE(bf.CellLevels(c, t), dist, t)
		}
		// counts holds hi−lo+1 bounds a board.
		at := func(i uint64) uint64 { return counts[i*uint64(hi-lo+1)+uint64(t-lo)] }
		var byStart func(i uint64) float64
		if cdp != nil {
			byStart = func(i uint64) float64 { return cdp[[2]int{int(blanks[i]), int(values[i])}][t-lo] }
		}
		p.Bounds = append(p.Bounds, wholeBound(t, at, values, blanks, pred, byStart, !p.Every))
	}
	return p, nil
}

// meanOf returns the mean of values.
func meanOf(values []uint8) float64 {
	var sum float64
	for _, v := range values {
		sum += float64(v)
	}
	return sum / float64(len(values))
}

// wholeBounds returns the bounds cfg asks for, or the nine around the mean
// value meanH when it asks for none.
func wholeBounds(cfg WholeConfig, meanH float64) (lo, hi int, err error) {
	lo, hi = cfg.MinBound, cfg.MaxBound
	if lo == 0 && hi == 0 {
		mid := int(math.Round(meanH))
		lo, hi = max(0, mid-4), mid+4
	}
	if lo < 0 || lo > hi || hi > maxWholeBound {
		return 0, 0, &BoundsError{Min: lo, Max: hi}
	}
	return lo, hi, nil
}

// wholeValues returns the heuristic's value and the blank's cell of each of
// the n boards board draws.
func wholeValues(h Heuristic, board func(uint64) statespace.Board, n uint64) (values, blanks []uint8, err error) {
	values, blanks = make([]uint8, n), make([]uint8, n)
	for i := range values {
		b := board(uint64(i))
		v := h.value(b)
		if v < 0 || v >= MaxValue {
			return nil, nil, &ValueError{Heuristic: h.Name, Board: b, Value: v}
		}
		values[i], blanks[i] = uint8(v), uint8(b.Blank())
	}
	return values, blanks, nil
}

// wholeBound sums IDA*'s last iteration at bound t over the boards: at(i)
// is board i's count, pred the KRE prediction by the blank's cell, byStart
// (nil without CDP) the CDP prediction of board i; sampled asks for the
// mean's standard error.
func wholeBound(t int, at func(uint64) uint64, values, blanks []uint8, pred []float64, byStart func(uint64) float64, sampled bool) WholeBound {
	n := uint64(len(values))
	wb := WholeBound{Bound: t}
	var sum float64
	for i := range n {
		x := at(i)
		if int(values[i]) <= t {
			wb.Within++
		}
		wb.Largest = max(wb.Largest, x)
		sum += float64(x)
		wb.Predicted += pred[blanks[i]]
		if byStart != nil {
			wb.PredictedCDP += byStart(i)
		}
	}
	N := float64(n)
	wb.Measured, wb.Predicted, wb.PredictedCDP = sum/N, wb.Predicted/N, wb.PredictedCDP/N
	if sampled && n > 1 {
		var ss float64 // two passes: the counts' squares would swamp their spread
		for i := range n {
			d := float64(at(i)) - wb.Measured
			ss += d * d
		}
		wb.StdErr = math.Sqrt(ss / (N - 1) / N)
	}
	return wb
}

// cdpByStart returns PredictCDP for each start's blank cell and value
// among the boards' (blanks, values) and each bound lo … hi, computed once
// for each pair, on every core: out[{cell, h}][t−lo].
func cdpByStart(ctx context.Context, shape statespace.Shape, cond *Conditional, values, blanks []uint8, lo, hi int) (map[[2]int][]float64, error) {
	out := map[[2]int][]float64{}
	var keys [][2]int
	for i := range values {
		k := [2]int{int(blanks[i]), int(values[i])}
		if _, ok := out[k]; !ok {
			out[k] = make([]float64, hi-lo+1)
			keys = append(keys, k)
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ctx.Err() == nil {
				j := next.Add(1) - 1
				if j >= int64(len(keys)) {
					return
				}
				k := keys[j]
				row := out[k] // read only: the map is not written any more
				for t := lo; t <= hi; t++ {
					row[t-lo] = PredictCDP(shape, cond, k[0], k[1], t)
				}
			}
		})
	}
	wg.Wait()
	return out, ctx.Err()
}

// countFunc returns the nodes of b's whole iteration with bound.
type countFunc func(ctx context.Context, b statespace.Board, bound int) (uint64, error)

// wholeCounter returns what counts whole iterations on h: package
// solver's engine (Prune 2) when h is additive pattern databases or
// Manhattan distance (as ManhattanDatabases), else a plain depth-first
// count that evaluates h on every node.
func wholeCounter(ctx context.Context, goal statespace.Board, h Heuristic) (countFunc, string, error) {
	a := h.dbs
	if h.md != nil {
		md, err := ManhattanDatabases(ctx, goal)
		if err != nil {
			return nil, "", err
		}
		a = md
	}
	if a == nil {
		return func(ctx context.Context, b statespace.Board, bound int) (uint64, error) {
			return recursiveWhole(ctx, b, h, bound)
		}, "recursive", nil
	}
	s, err := solver.New(a)
	if err != nil {
		return nil, "", err
	}
	s.Prune = 2
	return s.WholeIteration, "solver", nil
}

// recursiveWhole counts b's whole iteration with bound on any heuristic,
// depth first, the move back left out.
func recursiveWhole(ctx context.Context, b statespace.Board, h Heuristic, bound int) (uint64, error) {
	var n uint64
	var walk func(b statespace.Board, g int, last statespace.Move, moved bool)
	walk = func(b statespace.Board, g int, last statespace.Move, moved bool) {
		if g+h.value(b) > bound {
			return
		}
		n++
		for _, m := range statespace.Moves {
			if moved && m == last.Opposite() {
				continue
			}
			if c, ok := b.Apply(m); ok {
				walk(c, g+1, m, true)
			}
		}
	}
	walk(b, 0, 0, false)
	return n, ctx.Err()
}

// countWhole counts the whole iterations of boards board(0) … board(n−1)
// with each bound lo … hi, on every core, a board at a time: out[i*(hi−lo+1)+t−lo].
func countWhole(ctx context.Context, n uint64, board func(uint64) statespace.Board, lo, hi int, count countFunc, progress ProgressFunc) ([]uint64, error) {
	width := uint64(hi - lo + 1)
	out := make([]uint64, n*width)
	var next, done atomic.Uint64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= n {
					return
				}
				b := board(i)
				for t := lo; t <= hi; t++ {
					x, err := count(ctx, b, t)
					if err != nil {
						mu.Lock()
						firstErr = cmpOr(firstErr, err)
						mu.Unlock()
						return
					}
					out[i*width+uint64(t-lo)] = x
				}
				if d := done.Add(1); progress != nil {
					mu.Lock()
					progress("whole iterations", d, n)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, firstErr
}

// cmpOr returns a unless it is nil, else b.
func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
