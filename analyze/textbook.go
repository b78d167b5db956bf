package analyze

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// DefaultAlgorithms are the textbook's three columns — iterative
// deepening (as the book runs it, and with the move back pruned), A* on
// misplaced tiles (h1), A* on Manhattan distance (h2) — and IDA* on
// Manhattan distance.
var DefaultAlgorithms = []string{"ids-book", "ids", "astar:misplaced", "astar:manhattan", "ida:manhattan"}

// TextbookConfig says which table Textbook computes.
type TextbookConfig struct {
	Goal statespace.Board
	// Algorithms: "ids" (IDSCounter), "ids-book" (NewIDSCounterBook),
	// "astar:H" or "ida:H" with H a name NewHeuristics knows; none means
	// DefaultAlgorithms.
	Algorithms []string
	// MaxDepth is the deepest solution depth counted; 0 means the radius.
	MaxDepth int
	// Sample, when positive, searches that many boards per depth, drawn
	// uniformly without repetition (all of them where there are fewer);
	// 0 searches every board.
	Sample int
	// Seed seeds the draw.
	Seed uint64
	// MaxBytes bounds each search's own structures (search.Limits); 0
	// means 1 GiB. A search that reaches it is counted as stopped.
	MaxBytes int64
	Progress ProgressFunc
	// Plan, when set, is told once how many boards the searches take and
	// how long they are expected to take on every core: the first boards
	// searched are up to PlanBoards of each depth, spread over its boards,
	// and the nodes their searches generate, scaled by each depth's number
	// of boards, at the rate they were generated, give the estimate. (The other boards follow in an order shuffled with a fixed
	// seed, so that the share of boards done is a fair share of the time.)
	Plan func(boards int, expected time.Duration)
}

// PlanBoards is how many boards of each depth Textbook times first, for
// TextbookConfig.Plan.
const PlanBoards = 5

// Cell is one algorithm's effort at one depth.
type Cell struct {
	Algorithm string
	Boards    int     // boards counted
	Stopped   int     // searches that reached MaxBytes, left out of the figures
	Mean      float64 // mean nodes generated
	Median    float64 // median (the mean of the two middle ones for an even count)
	Max       uint64
	// BStar is the effective branching factor of the mean: the b* with
	// Mean + 1 = 1 + b* + b*² + … + b*^depth.
	BStar float64
	// MeanExpanded is the mean nodes expanded (0 for ids, which is
	// counted, not searched).
	MeanExpanded float64
}

// Row is a solution depth.
type Row struct {
	Depth  int
	Boards uint64 // boards at this distance in the space
	Cells  []Cell
}

// Table is the textbook's table computed over a space.
type Table struct {
	Goal       statespace.Board
	States     uint64
	Radius     int
	Algorithms []string
	Sample     int
	Seed       uint64
	Rows       []Row
}

// Textbook computes, for every solution depth from 1 to cfg.MaxDepth, the
// nodes each algorithm generates over every board at that depth (or a
// uniform sample): mean, median, maximum and the effective branching
// factor. A* and IDA* are package search's, their Generated counter
// (children made, including those then skipped as already seen; A*'s
// ties go to the lower h, then to the earlier generated); ids is counted
// by IDSCounter. Every search must find a path of the board's exact
// length, else Textbook fails: the counts are of optimal searches.
func Textbook(ctx context.Context, cfg TextbookConfig) (*Table, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, err
	}
	if !sp.Counted() || sp.Size() > MaxStates {
		return nil, &table.TooManyBoardsError{Shape: cfg.Goal.Shape(), States: sp.Size(), Max: MaxStates, To: analyzeAll}
	}
	algs := cfg.Algorithms
	if len(algs) == 0 {
		algs = DefaultAlgorithms
	}
	runs, err := newRunners(ctx, cfg.Goal, algs)
	if err != nil {
		return nil, err
	}
	var levels table.Progress
	if cfg.Progress != nil {
		levels = func(_ int, reached, total uint64) { cfg.Progress("distances", reached, total) }
	}
	lv, err := Distances(ctx, sp, levels)
	if err != nil {
		return nil, err
	}
	maxDepth := cfg.MaxDepth
	if maxDepth <= 0 || maxDepth > lv.Radius() {
		maxDepth = lv.Radius()
	}
	boards := pickBoards(sp, lv, maxDepth, cfg.Sample, cfg.Seed)
	counters := map[string]*IDSCounter{"ids": NewIDSCounter(sp.Shape(), maxDepth), "ids-book": NewIDSCounterBook(sp.Shape(), maxDepth)}
	dist := func(b statespace.Board) int { return lv.At(sp.Rank(b)) }
	maxBytes := cfg.MaxBytes
	if maxBytes <= 0 {
		maxBytes = 1 << 30
	}
	res, err := runAll(ctx, cfg, runs, boards, counters, dist, maxBytes)
	if err != nil {
		return nil, err
	}
	t := &Table{Goal: cfg.Goal, States: sp.Size(), Radius: lv.Radius(), Sample: cfg.Sample, Seed: cfg.Seed}
	for _, r := range runs {
		t.Algorithms = append(t.Algorithms, r.name)
	}
	for d := 1; d <= maxDepth; d++ {
		row := Row{Depth: d, Boards: lv.Counts()[d]}
		for i, r := range runs {
			row.Cells = append(row.Cells, summarize(r.name, d, res[d][i]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// runner is one algorithm.
type runner struct {
	name string
	kind string // ids, astar, ida
	h    Heuristic
}

func newRunners(ctx context.Context, goal statespace.Board, algs []string) ([]runner, error) {
	var out []runner
	for _, a := range algs {
		if a == "ids" || a == "ids-book" {
			out = append(out, runner{name: a, kind: a})
			continue
		}
		kind, hname, _ := strings.Cut(a, ":")
		if kind != "astar" && kind != "ida" || hname == "" {
			return nil, &search.UnknownAlgorithmError{Key: a, Known: textbookAlgorithms}
		}
		hs, err := NewHeuristics(ctx, goal, []string{hname})
		if err != nil {
			return nil, err
		}
		out = append(out, runner{name: kind + ":" + hs[0].Name, kind: kind, h: hs[0]})
	}
	return out, nil
}

// textbookAlgorithms are the runs Textbook knows, as an unknown one is
// told.
var textbookAlgorithms = []string{"ids", "ids-book", "astar:HEURISTIC", "ida:HEURISTIC"}

// pickBoards returns the ranks to search at each depth 1 … maxDepth:
// all of them, or a uniform sample of n per depth drawn in one pass over
// the ranks (reservoir sampling, so the same seed draws the same boards).
func pickBoards(sp *statespace.Space, lv *Levels, maxDepth, n int, seed uint64) [][]uint64 {
	out := make([][]uint64, maxDepth+1)
	seen := make([]uint64, maxDepth+1)
	rng := rand.New(rand.NewPCG(seed, 0x7465787462))
	for r := uint64(0); r < sp.Size(); r++ {
		d := lv.At(r)
		if d == 0 || d > maxDepth {
			continue
		}
		seen[d]++
		switch {
		case n <= 0 || len(out[d]) < n:
			out[d] = append(out[d], r)
		default:
			if j := rng.Uint64N(seen[d]); j < uint64(n) {
				out[d][j] = r
			}
		}
	}
	for _, rs := range out {
		slices.Sort(rs)
	}
	return out
}

// effort is one search's counts; stopped when it reached the byte limit.
type effort struct {
	generated, expanded uint64
	stopped             bool
}

// runAll searches every picked board with every algorithm on every core
// and returns the efforts by depth and algorithm.
func runAll(ctx context.Context, cfg TextbookConfig, runs []runner, boards [][]uint64, counters map[string]*IDSCounter,
	dist func(statespace.Board) int, maxBytes int64) ([][][]effort, error) {
	res := make([][][]effort, len(boards))
	for d, rs := range boards {
		res[d] = make([][]effort, len(runs))
		for a := range runs {
			res[d][a] = make([]effort, len(rs))
		}
	}
	jobs, planned := planJobs(boards)
	workers := runtime.GOMAXPROCS(0)
	plan := newPlanner(cfg.Plan, boards, planned, len(jobs), workers)
	sp := statespace.MustSpace(cfg.Goal)
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next, done atomic.Int64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				k := next.Add(1) - 1
				if k >= int64(len(jobs)) {
					return
				}
				j := jobs[k]
				b := sp.Unrank(boards[j.d][j.i])
				start := time.Now()
				for a, r := range runs {
					e, err := r.run(ctx, b, cfg.Goal, j.d, counters[r.kind], dist, maxBytes)
					if err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						cancel()
						return
					}
					res[j.d][a][j.i] = e
				}
				took := time.Since(start)
				n := done.Add(1)
				mu.Lock()
				if k < int64(planned) {
					work := uint64(1) // a board's own cost, and the counted algorithms'
					for a, r := range runs {
						if counters[r.kind] == nil {
							work += res[j.d][a][j.i].generated
						}
					}
					plan.timed(j.d, took, work)
				}
				if cfg.Progress != nil {
					cfg.Progress("searches", uint64(n), uint64(len(jobs)))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := outer.Err(); err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return res, nil
}

// job is one board: its depth and its index among the depth's boards.
type job struct{ d, i int }

// planJobs orders the boards' jobs: first up to PlanBoards of each depth,
// spread evenly over its boards (the first planned jobs), then the others
// in an order shuffled with a fixed seed.
func planJobs(boards [][]uint64) (jobs []job, planned int) {
	var rest []job
	for d, rs := range boards {
		k := min(PlanBoards, len(rs))
		next := 0 // the next board of the depth to time
		for i := range rs {
			if next < k && i == next*len(rs)/k {
				jobs = append(jobs, job{d, i})
				next++
			} else {
				rest = append(rest, job{d, i})
			}
		}
	}
	planned = len(jobs)
	rng := rand.New(rand.NewPCG(0x706c616e, 0))
	rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	return append(jobs, rest...), planned
}

// planner collects the planned jobs' times and work (nodes generated by
// searches) and tells TextbookConfig.Plan the estimate once they are all
// done. A job's time is fitted as a fixed cost plus a cost per node
// (least squares over the planned jobs, neither below 0): each depth's
// boards times the fitted time of its mean work, summed, over the
// workers.
type planner struct {
	tell    func(boards int, expected time.Duration)
	boards  [][]uint64
	left    int // planned jobs not yet timed
	total   int // every job
	workers int // the searches at once
	times   []float64
	works   []float64
	work    map[int]float64 // the planned jobs' work by depth
	timedAt map[int]int     // how many were timed by depth
}

func newPlanner(tell func(int, time.Duration), boards [][]uint64, planned, total, workers int) *planner {
	return &planner{tell: tell, boards: boards, left: planned, total: total, workers: workers,
		work: map[int]float64{}, timedAt: map[int]int{}}
}

// timed records a planned job of depth d that took took for work nodes;
// the last one tells the estimate.
func (p *planner) timed(d int, took time.Duration, work uint64) {
	p.times = append(p.times, float64(took))
	p.works = append(p.works, float64(work))
	p.work[d] += float64(work)
	p.timedAt[d]++
	if p.left--; p.left > 0 || p.tell == nil {
		return
	}
	fixed, perNode := fitLine(p.works, p.times)
	var all float64
	for d, w := range p.work {
		all += (fixed + perNode*w/float64(p.timedAt[d])) * float64(len(p.boards[d]))
	}
	p.tell(p.total, time.Duration(all/float64(p.workers)))
}

// fitLine returns the a and b, neither below 0, of y = a + b·x fitted to
// the points by least squares.
func fitLine(xs, ys []float64) (a, b float64) {
	n := float64(len(xs))
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	if den := n*sxx - sx*sx; den > 0 {
		b = max(0, (n*sxy-sx*sy)/den)
	}
	a = max(0, (sy-b*sx)/n)
	return a, b
}

// SearchError reports a search that did not find a path of the board's
// exact length: the counts would not be those of an optimal search.
type SearchError struct {
	Algorithm string
	Board     statespace.Board
	Distance  int
	Found     bool
	Length    int
	Stopped   string
}

func (e *SearchError) Error() string {
	if !e.Found {
		return fmt.Sprintf("%s found no path from %s (distance %d): %s", e.Algorithm, e.Board, e.Distance, e.Stopped)
	}
	return fmt.Sprintf("%s found a path of %d moves from %s, whose distance is %d", e.Algorithm, e.Length, e.Board, e.Distance)
}

func (r runner) run(ctx context.Context, b, goal statespace.Board, d int, counter *IDSCounter,
	dist func(statespace.Board) int, maxBytes int64) (effort, error) {
	if counter != nil {
		return effort{generated: counter.Generated(b, d, dist)}, nil
	}
	p := search.Problem{Start: b, Goal: goal, Limits: search.Limits{MaxExpanded: math.MaxInt64, MaxTime: 24 * time.Hour, MaxBytes: maxBytes}}
	var res search.Result
	var err error
	if r.kind == "astar" {
		res, err = search.AStar(ctx, p, r.h.H)
	} else {
		res, err = search.IDAStar(ctx, p, r.h.H)
	}
	if err != nil {
		return effort{}, err
	}
	if res.StoppedBy == search.StopByteLimit {
		return effort{stopped: true}, nil
	}
	if err := ctx.Err(); err != nil {
		return effort{}, err
	}
	if !res.Found || len(res.Path) != d {
		return effort{}, &SearchError{Algorithm: r.name, Board: b, Distance: d, Found: res.Found, Length: len(res.Path), Stopped: res.StoppedBy.String()}
	}
	return effort{generated: uint64(res.Generated), expanded: uint64(res.Expanded)}, nil
}

// summarize makes a Cell of the efforts at depth d.
func summarize(name string, d int, es []effort) Cell {
	c := Cell{Algorithm: name}
	var gen []uint64
	var sum, sumExp float64
	for _, e := range es {
		if e.stopped {
			c.Stopped++
			continue
		}
		gen = append(gen, e.generated)
		sum += float64(e.generated)
		sumExp += float64(e.expanded)
		c.Max = max(c.Max, e.generated)
	}
	c.Boards = len(gen)
	if len(gen) == 0 {
		return c
	}
	slices.Sort(gen)
	m := len(gen) / 2
	c.Median = float64(gen[m])
	if len(gen)%2 == 0 {
		c.Median = (float64(gen[m-1]) + float64(gen[m])) / 2
	}
	c.Mean = sum / float64(len(gen))
	c.MeanExpanded = sumExp / float64(len(gen))
	c.BStar = EffectiveBranching(c.Mean, d)
	return c
}

// EffectiveBranching returns b*, the branching factor a uniform tree of
// depth d would need to hold n + 1 nodes: n + 1 = 1 + b* + b*² + … +
// b*^d (Russell & Norvig's definition), found by bisection; NaN for d < 1
// or n < 1 (no tree to speak of).
func EffectiveBranching(n float64, d int) float64 {
	if d < 1 || n < 1 {
		return math.NaN()
	}
	size := func(b float64) float64 {
		s, p := 1.0, 1.0
		for i := 1; i <= d; i++ {
			p *= b
			s += p
		}
		return s
	}
	lo, hi := 0.0, math.Max(1, n)
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if size(mid) < n+1 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
