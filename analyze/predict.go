package analyze

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// CellDistribution is a heuristic's value distribution by the blank's
// cell over every board of a space: Count[c][h] boards with the blank in
// cell c have value h.
type CellDistribution struct {
	Count [][]uint64
	Total []uint64 // boards with the blank in each cell
	// cum, when set, holds the shares at most each value by cell
	// instead (DatabaseDistribution's, which are not counts).
	cum [][]float64
	top int // with cum: the largest value
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
	count, err := tally(ctx, n, board, cells*MaxValue, func(b statespace.Board, cnt []uint64) *ValueError {
		v := h.value(b)
		if v < 0 || v >= MaxValue {
			return &ValueError{Heuristic: h.Name, Board: b, Value: v}
		}
		cnt[b.Blank()*MaxValue+v]++
		return nil
	})
	if err != nil {
		return nil, err
	}
	d := &CellDistribution{Count: make([][]uint64, cells), Total: make([]uint64, cells)}
	for c := range d.Count {
		d.Count[c] = count[c*MaxValue : (c+1)*MaxValue : (c+1)*MaxValue]
		for _, x := range d.Count[c] {
			d.Total[c] += x
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
	if d.cum != nil {
		return d.cum[c][min(x, len(d.cum[c])-1)]
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
	// Dist is where KRE's distribution of the heuristic's values by
	// blank cell comes from: DistExact, DistDatabases or DistSamples; ""
	// picks the first that applies of exact, databases and samples.
	Dist string
	// Samples is the boards drawn uniformly (seed Seed), with their
	// children, that a sampled distribution is estimated from: KRE's
	// with DistSamples, and CDP's conditional distribution on spaces of
	// more than MaxStates boards (or with DistSamples), where it cannot
	// be counted.
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
	// Dist is the source of KRE's distribution (DistExact,
	// DistDatabases, DistSamples) and DistHow says how it was had.
	Dist, DistHow string
	// Samples is the boards KRE's distribution was estimated from (with
	// DistSamples) and CondSamples those CDP's conditional distribution
	// was estimated from; 0 when counted over every board.
	Samples, CondSamples uint64
	Boards               int // boards compared
	States               uint64
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
// PredictCDP's, from the exact conditional distribution. A board that is
// the goal (among cfg.Boards, or drawn by cfg.Random) is at distance 0:
// IDA* runs no iteration on it, so it adds nothing to any iteration and
// 0 to the totals and the mean depth, which stay means over every board.
func Predict(ctx context.Context, cfg PredictConfig) (*Prediction, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, err
	}
	counted := sp.Counted() && sp.Size() <= MaxStates
	mixed := len(cfg.Boards) > 0 || cfg.Random > 0
	if !counted && !mixed {
		return nil, &table.TooManyBoardsError{Shape: cfg.Goal.Shape(), States: sp.Size(), Max: MaxStates, To: analyzeAll}
	}
	hs, err := NewHeuristics(ctx, cfg.Goal, []string{cfg.Heuristic})
	if err != nil {
		return nil, err
	}
	h := hs[0]
	p := &Prediction{Goal: cfg.Goal, Heuristic: h.Name, Depth: cfg.Depth, States: sp.Size()}
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
		var levels table.Progress
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
	dist, cond, err := distributions(ctx, sp, h, cfg, top, p)
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
		if len(r.bounds) > 0 { // none for the goal itself: IDA* runs no iteration
			maxBound = max(maxBound, r.bounds[len(r.bounds)-1])
		}
	}
	for _, r := range runs {
		if len(r.bounds) == 0 {
			continue // the goal: distance 0, nothing expanded, nothing predicted
		}
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

// The sources of KRE's distribution (PredictConfig.Dist).
const (
	// DistExact counts it over every board: on spaces of at most
	// MaxStates boards by evaluating each, and for Manhattan distance on
	// up to MaxPlacementCells cells by ManhattanDistribution.
	DistExact = "exact"
	// DistDatabases computes it from the pattern databases' entries
	// (DatabaseDistribution): pdb:… and Manhattan distance.
	DistDatabases = "databases"
	// DistSamples estimates it from PredictConfig.Samples boards.
	DistSamples = "samples"
)

// DistError reports a distribution source that does not apply to the
// heuristic or the space, or a sample that is needed and not given.
type DistError struct {
	Dist, Heuristic string
	Shape           statespace.Shape
	Msg             string
}

// Kind is errkind.Value.
func (*DistError) Kind() errkind.Kind { return errkind.Value }

func (e *DistError) Error() string {
	if e.Dist == "" {
		return fmt.Sprintf("%s on %s: %s", e.Heuristic, e.Shape, e.Msg)
	}
	return fmt.Sprintf("distribution %q for %s on %s: %s", e.Dist, e.Heuristic, e.Shape, e.Msg)
}

// distributions returns the heuristic's distribution by blank cell and
// its conditional distribution, and says in p where they came from. top
// is the largest start value, which the conditional distribution must
// hold.
func distributions(ctx context.Context, sp *statespace.Space, h Heuristic, cfg PredictConfig, top int, p *Prediction) (*CellDistribution, *Conditional, error) {
	sh := sp.Shape()
	dist, src, how, err := kreDistribution(ctx, sp, h, cfg.Dist, cfg.Samples, cfg.Seed)
	if err != nil {
		return nil, nil, err
	}
	if src == DistSamples {
		p.Samples = cfg.Samples
	}
	p.DistHow = how
	p.Dist = src
	cond, n, err := conditionalFor(ctx, sp, h, dist, src, cfg.Samples, cfg.Seed, top)
	if err != nil {
		return nil, nil, err
	}
	if cond == nil {
		return nil, nil, &DistError{Heuristic: h.Name, Shape: sh, Msg: "CDP's conditional distribution cannot be counted on so many boards; it needs -samples"}
	}
	p.CondSamples = n
	return dist, cond, nil
}

// conditionalFor returns CDP's conditional distribution of h: counted
// over every board of a space of at most MaxStates boards (unless KRE's
// distribution, dist, was sampled: src), else estimated from samples
// boards (and the number, 0 when counted); nil when it would need samples
// and none are given. It holds every value of dist and values up to top.
func conditionalFor(ctx context.Context, sp *statespace.Space, h Heuristic, dist *CellDistribution, src string, samples, seed uint64, top int) (*Conditional, uint64, error) {
	counted := sp.Counted() && sp.Size() <= MaxStates
	values := max(top, dist.top) + 1
	for _, row := range dist.Count {
		for v, c := range row {
			if c != 0 {
				values = max(values, v+1) // a child is a board too: its value is one of these
			}
		}
	}
	if counted && src != DistSamples {
		cond, err := NewConditional(ctx, sp, h, values)
		return cond, 0, err
	}
	if samples == 0 {
		return nil, 0, nil
	}
	// A sampled child may pass the largest value sampled.
	values = min(MaxValue, values+2)
	cond, err := SampleConditional(ctx, sp, h, values, samples, seed)
	return cond, samples, err
}

// kreDistribution returns the heuristic's distribution by blank cell for
// KRE from the source named (DistExact, DistDatabases, DistSamples; ""
// picks the first that applies of exact, databases and samples), the
// source it used and how the distribution was had.
func kreDistribution(ctx context.Context, sp *statespace.Space, h Heuristic, src string, samples, seed uint64) (dist *CellDistribution, used, how string, err error) {
	counted := sp.Counted() && sp.Size() <= MaxStates
	sh := sp.Shape()
	manhattan := h.md != nil && sh.Cells() <= MaxPlacementCells
	additive := h.dbs
	asked := src
	if src == "" {
		switch {
		case counted || manhattan:
			src = DistExact
		case additive != nil:
			src = DistDatabases
		default:
			src = DistSamples
		}
	}
	fail := func(msg string) error { return &DistError{Dist: asked, Heuristic: h.Name, Shape: sh, Msg: msg} }
	switch src {
	case DistExact:
		switch {
		case counted:
			dist, err = NewCellDistribution(ctx, sp, h)
			how = "counted over every board"
		case manhattan:
			dist, err = ManhattanDistribution(ctx, sp.Goal())
			how = "exact over every board, by placing the tiles one by one (no board visited)"
		default:
			return nil, "", "", fail("the boards are too many to count, and only Manhattan distance's is computed without them")
		}
	case DistDatabases:
		if h.md != nil {
			additive, err = ManhattanDatabases(ctx, sp.Goal())
			if err != nil {
				return nil, "", "", err
			}
		}
		if additive == nil {
			return nil, "", "", fail("only pattern databases (pdb:…) and Manhattan distance have databases")
		}
		dist, err = DatabaseDistribution(ctx, additive)
		how = "from the databases' entries, each database exact, the patterns taken as independent"
		if additive.Reflects() && h.md == nil {
			how += ", the reflected lookup left out"
		}
	case DistSamples:
		if samples == 0 {
			return nil, "", "", fail("no -samples")
		}
		dist, err = SampleCellDistribution(ctx, sp, h, samples, seed)
		how = "estimated from " + textfmt.Commas(samples) + " boards drawn uniformly"
	default:
		return nil, "", "", &DistError{Dist: asked, Heuristic: h.Name, Shape: sh, Msg: "not one of exact, databases, samples"}
	}
	if err != nil {
		return nil, "", "", err
	}
	return dist, src, how, nil
}

// DepthError reports a depth with no boards.
type DepthError struct{ Depth, Radius int }

// Kind is errkind.Value.
func (*DepthError) Kind() errkind.Kind { return errkind.Value }

func (e *DepthError) Error() string {
	return "depth " + itoa(e.Depth) + ": the boards' distances run from 1 to " + itoa(e.Radius)
}

func itoa(x int) string { return strconv.Itoa(x) }
