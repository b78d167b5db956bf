package analyze

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// DefaultDeepAlgorithms are the columns of the textbook's table on the
// 15-puzzle: IDA* on Manhattan distance, on linear conflict and on the
// 5-5-5 and 6-6-3 additive pattern databases.
var DefaultDeepAlgorithms = []string{"ida:manhattan", "ida:linear-conflict", "ida:pdb:5-5-5", "ida:pdb:6-6-3"}

// DeepConfig asks TextbookDeep for the textbook's table on a space too big
// for a distance table, from boards drawn at each distance.
type DeepConfig struct {
	Goal       statespace.Board
	Depths     []int
	N          int // boards per depth
	Seed       uint64
	BFSDepth   int // DrawConfig.BFSDepth
	Algorithms []string
	// MaxTime bounds each search; one that reaches it is counted as
	// stopped, apart. 0 means no bound.
	MaxTime  time.Duration
	Progress ProgressFunc
	// Databases, when set, gives the additive pattern databases of an
	// ida:pdb: algorithm (from files, say) instead of building them in
	// memory.
	Databases func(ctx context.Context, goal statespace.Board, part pdb.Partition) (*pdb.Additive, error)
	// Resume holds results of an earlier run of the same configuration:
	// a search found there is not run again, its result taken instead.
	Resume []DeepResult
	// Record, when set, receives each search's result as it ends (not
	// those taken from Resume); its error stops the run.
	Record func(DeepResult) error
}

// DeepResult is one search of TextbookDeep: the board (drawn at Depth)
// solved with Algorithm, and the nodes it generated, or Stopped when it
// reached DeepConfig.MaxTime.
type DeepResult struct {
	Depth     int    `json:"depth"`
	Board     string `json:"board"`
	Algorithm string `json:"algorithm"`
	Generated uint64 `json:"generated"`
	Stopped   bool   `json:"stopped,omitempty"`
}

// deepKey finds a result among DeepConfig.Resume.
type deepKey struct {
	depth     int
	board     string
	algorithm string
}

// DeepCell is one algorithm's effort at one depth: the nodes generated
// (every child made but the move back, over every iteration, the last
// stopping at the goal) over the boards searched.
type DeepCell struct {
	Algorithm string  `json:"algorithm"`
	Boards    int     `json:"boards"`
	Stopped   int     `json:"stopped"`
	Mean      float64 `json:"mean"`
	Q1        float64 `json:"q1"`
	Median    float64 `json:"median"`
	Q3        float64 `json:"q3"`
	BStar     float64 `json:"bstar"` // of the mean
}

// DeepRow is one depth: how its boards were drawn, and each algorithm's
// cell.
type DeepRow struct {
	Depth int        `json:"depth"`
	Draw  DrawStats  `json:"draw"`
	Cells []DeepCell `json:"cells"`
}

// deepRunner is one column: IDA* on a heuristic, on package solver's
// engine where the heuristic is additive databases (Manhattan distance
// among them), else on search.IDAStar.
type deepRunner struct {
	name string
	h    Heuristic
	s    *solver.Solver
}

// TextbookDeep draws cfg.N boards at each depth (DrawAtDistance, the
// rejection's tests on the first additive databases among the
// algorithms' heuristics) and solves each with every algorithm, one
// board at a time on every core (the solver's engine) or on one
// (search.IDAStar). Every search must find a solution of exactly the
// board's depth, or the draw was wrong and it returns a *SearchError.
func TextbookDeep(ctx context.Context, cfg DeepConfig) ([]DeepRow, error) {
	runs, dbs, err := deepRunners(ctx, cfg)
	if err != nil {
		return nil, err
	}
	total := uint64(len(cfg.Depths) * cfg.N * len(runs))
	var done uint64
	resumed := map[deepKey]DeepResult{}
	for _, r := range cfg.Resume {
		resumed[deepKey{r.Depth, r.Board, r.Algorithm}] = r
	}
	var out []DeepRow
	for _, d := range cfg.Depths {
		bs, st, err := DrawAtDistance(ctx, DrawConfig{Goal: cfg.Goal, Distance: d, N: cfg.N, Seed: cfg.Seed + uint64(d), BFSDepth: cfg.BFSDepth, Databases: dbs})
		if err != nil {
			return nil, err
		}
		row := DeepRow{Depth: d, Draw: st}
		for _, r := range runs {
			var gen []uint64
			stopped := 0
			for _, b := range bs {
				res, found := resumed[deepKey{d, b.String(), r.name}]
				if !found {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
					g, ok, err := r.solve(ctx, cfg, b, d)
					if err != nil {
						return nil, err
					}
					res = DeepResult{Depth: d, Board: b.String(), Algorithm: r.name, Generated: g, Stopped: !ok}
					if cfg.Record != nil {
						if err := cfg.Record(res); err != nil {
							return nil, err
						}
					}
				}
				if !res.Stopped {
					gen = append(gen, res.Generated)
				} else {
					stopped++
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress("searches", done, total)
				}
			}
			row.Cells = append(row.Cells, deepCell(r.name, d, gen, stopped))
		}
		out = append(out, row)
	}
	return out, nil
}

// deepRunners returns a runner for each of cfg's algorithms (the default
// ones when it names none) and the first pattern databases among their
// heuristics, which draw the boards.
func deepRunners(ctx context.Context, cfg DeepConfig) ([]deepRunner, *pdb.Additive, error) {
	algs := cfg.Algorithms
	if len(algs) == 0 {
		algs = DefaultDeepAlgorithms
	}
	var runs []deepRunner
	var dbs *pdb.Additive
	for _, name := range algs {
		hname, ok := strings.CutPrefix(name, "ida:")
		if !ok {
			return nil, nil, &search.UnknownAlgorithmError{Key: name, Known: []string{"ida:HEURISTIC"}}
		}
		hs, err := deepHeuristic(ctx, cfg, hname)
		if err != nil {
			return nil, nil, err
		}
		r := deepRunner{name: "ida:" + hs[0].Name, h: hs[0]}
		a := hs[0].dbs
		if a != nil && dbs == nil {
			dbs = a
		}
		if hs[0].md != nil {
			if a, err = ManhattanDatabases(ctx, cfg.Goal); err != nil {
				return nil, nil, err
			}
		}
		if a != nil {
			if r.s, err = solver.New(a); err != nil {
				return nil, nil, err
			}
			r.s.Prune = 2
		}
		runs = append(runs, r)
	}
	return runs, dbs, nil
}

// deepHeuristic is the heuristic named name (NewHeuristics'), its
// databases from cfg.Databases when set and name is pdb:PARTITION.
func deepHeuristic(ctx context.Context, cfg DeepConfig, name string) ([]Heuristic, error) {
	arg, ok := strings.CutPrefix(name, "pdb:")
	if !ok || cfg.Databases == nil {
		return NewHeuristics(ctx, cfg.Goal, []string{name})
	}
	part, err := pdb.ParsePartition(arg, cfg.Goal)
	if err != nil {
		return nil, &UnknownHeuristicError{Name: name, Err: err}
	}
	a, err := cfg.Databases(ctx, cfg.Goal, part)
	if err != nil {
		return nil, err
	}
	return []Heuristic{{Name: "pdb:" + part.String(), H: a}}, nil
}

// solve runs the column's IDA* from b and returns the nodes generated,
// or ok false when it reached cfg.MaxTime.
func (r deepRunner) solve(ctx context.Context, cfg DeepConfig, b statespace.Board, d int) (generated uint64, ok bool, err error) {
	if r.s != nil {
		sctx := ctx
		if cfg.MaxTime > 0 {
			var cancel context.CancelFunc
			sctx, cancel = context.WithTimeout(ctx, cfg.MaxTime)
			defer cancel()
		}
		res, err := r.s.Solve(sctx, b)
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return 0, false, nil
		}
		if err != nil {
			return 0, false, err
		}
		if len(res.Path) != d {
			return 0, false, &SearchError{Algorithm: r.name, Board: b, Distance: d, Found: true, Length: len(res.Path)}
		}
		return res.Generated, true, nil
	}
	maxTime := cfg.MaxTime
	if maxTime == 0 {
		maxTime = math.MaxInt64
	}
	p := search.Problem{Start: b, Goal: cfg.Goal, Limits: search.Limits{MaxExpanded: math.MaxInt64, MaxTime: maxTime, MaxBytes: 1 << 30}}
	res, err := search.IDAStar(ctx, p, r.h.H)
	if err != nil {
		return 0, false, err
	}
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	if res.StoppedBy == search.StopTimeLimit {
		return 0, false, nil
	}
	if !res.Found || len(res.Path) != d {
		return 0, false, &SearchError{Algorithm: r.name, Board: b, Distance: d, Found: res.Found, Length: len(res.Path), Stopped: res.StoppedBy.String()}
	}
	return uint64(res.Generated), true, nil
}

// deepCell summarizes the nodes generated at depth d.
func deepCell(name string, d int, gen []uint64, stopped int) DeepCell {
	c := DeepCell{Algorithm: name, Boards: len(gen), Stopped: stopped}
	if len(gen) == 0 {
		return c // every search stopped: no figures
	}
	slices.Sort(gen)
	sum := 0.0
	for _, g := range gen {
		sum += float64(g)
	}
	c.Mean = sum / float64(len(gen))
	c.Q1, c.Median, c.Q3 = quantile(gen, 0.25), quantile(gen, 0.5), quantile(gen, 0.75)
	c.BStar = EffectiveBranching(c.Mean, d)
	return c
}

// quantile returns the q-quantile of sorted xs, interpolated linearly
// between the two nearest ranks (NumPy's default).
func quantile(xs []uint64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return float64(xs[len(xs)-1])
	}
	f := pos - float64(i)
	return float64(xs[i])*(1-f) + float64(xs[i+1])*f
}
