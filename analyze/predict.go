package analyze

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/statespace"
)

// CellDistribution is a heuristic's value distribution by the blank's
// cell over every board of a space: Count[c][h] boards with the blank in
// cell c have value h.
type CellDistribution struct {
	Count [][]uint64
	Total []uint64 // boards with the blank in each cell
}

// NewCellDistribution counts h over every board of sp, on every core.
func NewCellDistribution(ctx context.Context, sp *statespace.Space, h Heuristic) (*CellDistribution, error) {
	return cellDistribution(ctx, sp.Size(), sp.Unrank, sp.Shape().Cells(), h)
}

// SampleCellDistribution estimates the distribution from n boards drawn
// uniformly from sp (Sampler's boards), for spaces too large to count.
func SampleCellDistribution(ctx context.Context, sp *statespace.Space, h Heuristic, n, seed uint64) (*CellDistribution, error) {
	return cellDistribution(ctx, n, Sampler(sp, seed), sp.Shape().Cells(), h)
}

// Sampler returns the i-th board of a uniform sample of sp: the same i
// and seed give the same board, whichever core asks.
func Sampler(sp *statespace.Space, seed uint64) func(uint64) statespace.Board {
	return func(i uint64) statespace.Board { return sp.Random(rand.New(rand.NewPCG(seed, i))) }
}

// cellDistribution counts h over the boards board(0) … board(n−1).
func cellDistribution(ctx context.Context, n uint64, board func(uint64) statespace.Board, cells int, h Heuristic) (*CellDistribution, error) {
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]uint64, workers)
	var next atomic.Uint64
	var wg sync.WaitGroup
	var bad atomic.Pointer[ValueError]
	for w := range parts {
		parts[w] = make([]uint64, cells*MaxValue)
		wg.Add(1)
		go func(cnt []uint64) {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				for r := lo; r < min(lo+chunk, n); r++ {
					b := board(r)
					v := h.value(b)
					if v < 0 || v >= MaxValue {
						bad.Store(&ValueError{Heuristic: h.Name, Board: b, Value: v})
						return
					}
					cnt[b.Blank()*MaxValue+v]++
				}
			}
		}(parts[w])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if e := bad.Load(); e != nil {
		return nil, e
	}
	d := &CellDistribution{Count: make([][]uint64, cells), Total: make([]uint64, cells)}
	for c := range d.Count {
		d.Count[c] = make([]uint64, MaxValue)
		for _, p := range parts {
			for v := 0; v < MaxValue; v++ {
				d.Count[c][v] += p[c*MaxValue+v]
				d.Total[c] += p[c*MaxValue+v]
			}
		}
	}
	return d, nil
}

// AtMost returns the share of boards with the blank in cell c whose value
// is at most x (0 for x < 0).
func (d *CellDistribution) AtMost(c, x int) float64 {
	if x < 0 {
		return 0
	}
	var s uint64
	for v := 0; v <= x && v < len(d.Count[c]); v++ {
		s += d.Count[c][v]
	}
	return float64(s) / float64(d.Total[c])
}

// CellLevels returns, for the brute-force tree from a board whose blank is
// in cell (the move back left out, as IDA* prunes it), the nodes at each
// depth 0 … depth with the blank in each cell: out[i][c].
func (t *BruteForce) CellLevels(cell, depth int) [][]float64 {
	v := make([]float64, t.types())
	v[cell*5+4] = 1
	var out [][]float64
	for i := 0; i <= depth; i++ {
		row := make([]float64, t.n)
		for j, x := range v {
			row[j/5] += x
		}
		out = append(out, row)
		v = t.step(v)
	}
	return out
}

// PredictKRE returns Korf, Reid & Edelkamp's prediction of the nodes IDA*
// expands in its iteration with bound t from a board whose blank is in
// cell ("Time complexity of iterative-deepening-A*", Artificial
// Intelligence 129, 2001): Σ over depths i ≤ t of the brute-force tree's
// nodes at depth i, each counted with the probability that its heuristic
// value is at most t − i. The nodes are typed by the blank's cell, as the
// paper does for the sliding-tile puzzles, and the probability for a type
// is the exact share over every board with the blank in that cell (the
// paper estimates it by sampling). levels is CellLevels(cell, ≥ t).
func PredictKRE(levels [][]float64, d *CellDistribution, t int) float64 {
	var e float64
	for i := 0; i <= t && i < len(levels); i++ {
		for c, n := range levels[i] {
			if n != 0 {
				e += n * d.AtMost(c, t-i)
			}
		}
	}
	return e
}

// PredictConfig says which comparison Predict makes.
type PredictConfig struct {
	Goal      statespace.Board
	Heuristic string // a name NewHeuristics knows
	Depth     int    // the boards' distance from the goal
	Sample    int    // boards drawn uniformly at Depth; 0: every board
	Seed      uint64
	// Random, when positive, compares that many boards drawn uniformly
	// from the whole space, of every depth, instead of those at Depth
	// (which is then not used, and no table is needed for the boards).
	Random int
	// Boards, when given, are the boards compared (Korf's 100, say);
	// Depth, Sample and Random are then not used.
	Boards []statespace.Board
	// Samples, when positive, estimates both distributions from that
	// many boards drawn uniformly (seed Seed) and their children instead
	// of counting them over every board: the papers' way, and the only
	// one on spaces of more than MaxStates boards.
	Samples uint64
	// Done holds boards measured before, by their index in Boards (a
	// resumed job): they are not searched again. OnRun, if set, receives
	// each board's measurement as it finishes, one call at a time; an
	// error from it stops Predict.
	Done     []BoardRun
	OnRun    func(BoardRun) error
	Progress ProgressFunc
}

// Iteration is one IDA* bound over the boards compared.
type Iteration struct {
	Bound     int
	Boards    int     // boards whose search ran an iteration with this bound
	Last      int     // of them, those for which it was the last (stopped at the goal)
	Measured  float64 // mean nodes expanded in it
	Predicted float64 // mean of PredictKRE for it
	// PredictedCDP is the mean of PredictCDP for it.
	PredictedCDP float64
}

// Prediction compares KRE's prediction with IDA*'s expansions.
type Prediction struct {
	Goal      statespace.Board
	Heuristic string
	Depth     int // the boards' depth; 0 for boards of mixed depths
	// Drawn says how boards of mixed depths were chosen ("" for those at
	// Depth); MeanDepth is their mean solution length.
	Drawn     string
	MeanDepth float64
	// Samples is the boards the distributions were estimated from; 0
	// when they were counted over every board.
	Samples uint64
	Boards  int // boards compared
	States  uint64
	// Engine is what measured IDA*'s expansions (Measurer.Engine).
	Engine     string
	Iterations []Iteration
	// Totals over every iteration, and over the complete ones (every
	// iteration but each search's last, which stops at the goal while the
	// prediction counts it whole).
	Measured, Predicted                 float64
	MeasuredComplete, PredictedComplete float64
	PredictedCDP, PredictedCDPComplete  float64
}

// Predict runs IDA* on every board at cfg.Depth (or a sample) and compares
// the nodes it expands in each iteration with PredictKRE's prediction for
// that board's blank cell and the iteration's bound, from the exact
// distribution of the heuristic's values by blank cell, and with
// PredictCDP's, from the exact conditional distribution.
func Predict(ctx context.Context, cfg PredictConfig) (*Prediction, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, err
	}
	counted := sp.Counted() && sp.Size() <= MaxStates
	mixed := len(cfg.Boards) > 0 || cfg.Random > 0
	if !counted && (cfg.Samples == 0 || !mixed) {
		return nil, &TooBigError{Shape: cfg.Goal.Shape(), States: sp.Size(), Max: MaxStates}
	}
	hs, err := NewHeuristics(ctx, cfg.Goal, []string{cfg.Heuristic})
	if err != nil {
		return nil, err
	}
	h := hs[0]
	p := &Prediction{Goal: cfg.Goal, Heuristic: h.Name, Depth: cfg.Depth, States: sp.Size(), Samples: cfg.Samples}
	var boards []statespace.Board
	switch {
	case len(cfg.Boards) > 0:
		boards, p.Depth, p.Drawn = cfg.Boards, 0, "given"
	case cfg.Random > 0:
		draw := Sampler(sp, cfg.Seed^0x72616e646f6d)
		for i := range cfg.Random {
			boards = append(boards, draw(uint64(i)))
		}
		p.Depth, p.Drawn = 0, fmt.Sprintf("drawn uniformly (seed %d)", cfg.Seed)
	default:
		var levels statespace.Progress
		if cfg.Progress != nil {
			levels = func(_ int, reached, total uint64) { cfg.Progress("distances", reached, total) }
		}
		lv, err := Distances(ctx, sp, levels)
		if err != nil {
			return nil, err
		}
		if cfg.Depth < 1 || cfg.Depth > lv.Radius() {
			return nil, &DepthError{Depth: cfg.Depth, Radius: lv.Radius()}
		}
		for _, r := range pickBoards(sp, lv, cfg.Depth, cfg.Sample, cfg.Seed)[cfg.Depth] {
			boards = append(boards, sp.Unrank(r))
		}
	}
	top := 0
	for _, b := range boards {
		top = max(top, h.value(b))
	}
	dist, cond, err := distributions(ctx, sp, h, cfg, top)
	if err != nil {
		return nil, err
	}
	runs, engine, err := measureAll(ctx, cfg, h, boards)
	if err != nil {
		return nil, err
	}
	p.Engine = engine
	bf := NewBruteForce(sp.Shape())
	p.Boards = len(boards)
	byBound := map[int]*Iteration{}
	cellLevels := map[int][][]float64{}
	maxBound := 0
	for _, r := range runs {
		maxBound = max(maxBound, r.bounds[len(r.bounds)-1])
	}
	for _, r := range runs {
		p.MeanDepth += float64(r.bounds[len(r.bounds)-1])
		cl, ok := cellLevels[r.blank]
		if !ok {
			cl = bf.CellLevels(r.blank, maxBound)
			cellLevels[r.blank] = cl
		}
		for i, t := range r.bounds {
			it := byBound[t]
			if it == nil {
				it = &Iteration{Bound: t}
				byBound[t] = it
			}
			pred := PredictKRE(cl, dist, t)
			cdp := PredictCDP(sp.Shape(), cond, r.blank, r.h0, t)
			it.Boards++
			it.Measured += float64(r.exp[i])
			it.Predicted += pred
			it.PredictedCDP += cdp
			p.Measured += float64(r.exp[i])
			p.Predicted += pred
			p.PredictedCDP += cdp
			if i == len(r.bounds)-1 {
				it.Last++
				continue
			}
			p.MeasuredComplete += float64(r.exp[i])
			p.PredictedComplete += pred
			p.PredictedCDPComplete += cdp
		}
	}
	for t := 0; t <= maxBound; t++ {
		if it := byBound[t]; it != nil {
			it.Measured /= float64(it.Boards)
			it.Predicted /= float64(it.Boards)
			it.PredictedCDP /= float64(it.Boards)
			p.Iterations = append(p.Iterations, *it)
		}
	}
	n := float64(len(runs))
	p.MeanDepth /= n
	p.Measured, p.Predicted, p.MeasuredComplete, p.PredictedComplete = p.Measured/n, p.Predicted/n, p.MeasuredComplete/n, p.PredictedComplete/n
	p.PredictedCDP, p.PredictedCDPComplete = p.PredictedCDP/n, p.PredictedCDPComplete/n
	return p, nil
}

// distributions returns the heuristic's distribution by blank cell and
// its conditional distribution: counted over every board, or estimated
// from cfg.Samples boards.
// top is the largest start value, which the conditional distribution
// must hold.
func distributions(ctx context.Context, sp *statespace.Space, h Heuristic, cfg PredictConfig, top int) (*CellDistribution, *Conditional, error) {
	var dist *CellDistribution
	var err error
	if cfg.Samples > 0 {
		dist, err = SampleCellDistribution(ctx, sp, h, cfg.Samples, cfg.Seed)
	} else {
		dist, err = NewCellDistribution(ctx, sp, h)
	}
	if err != nil {
		return nil, nil, err
	}
	values := top + 1
	for _, row := range dist.Count {
		for v, c := range row {
			if c != 0 {
				values = max(values, v+1) // a child is a board too: its value is one of these
			}
		}
	}
	if cfg.Samples > 0 {
		// A sampled child may pass the largest value sampled.
		values = min(MaxValue, values+2)
		cond, err := SampleConditional(ctx, sp, h, values, cfg.Samples, cfg.Seed)
		return dist, cond, err
	}
	cond, err := NewConditional(ctx, sp, h, values)
	return dist, cond, err
}

// DepthError reports a depth with no boards.
type DepthError struct{ Depth, Radius int }

func (e *DepthError) Error() string {
	return "depth " + itoa(e.Depth) + ": the boards' distances run from 1 to " + itoa(e.Radius)
}

func itoa(x int) string { return strconv.Itoa(x) }
