package classroom

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// ScalingSalt, with a ScalingConfig's seed, makes the random stream
// RunScaling draws its boards from (rand.NewPCG(seed, ScalingSalt)).
const ScalingSalt uint64 = 1

// ScalingTable is what RunScaling asks of a distance table (package
// table's Table or Lazy): the space it covers, boards drawn at a distance,
// its radius, and the number of boards at each distance 0 … its radius.
type ScalingTable interface {
	table.Drawer
	Space() *statespace.Space
	Radius() int
	Counts() []uint64
}

// ScalingConfig says which searches a scaling run runs on which boards.
type ScalingConfig struct {
	Table      ScalingTable
	Algorithms []search.Algorithm
	Distances  []int // optimal distances to sample (each ≥ 1)
	N          int   // boards per distance
	// Every searches every board at each distance, or, with N > 0, N
	// drawn without repetition where more than N are at the distance.
	Every bool
	Seed  uint64 // with ScalingSalt, picks the boards
	// MaxDistance caps, by algorithm key, the distances an algorithm is run
	// at (IDDFS grows by about 2.1× a move); missing or 0: every distance.
	MaxDistance map[string]int
	Limits      search.Limits // per run; zero fields: the search package's defaults
	Workers     int           // parallel runs; 0: GOMAXPROCS
	// OnRun, when set, is called after each search ends with the searches
	// done and the searches in all (from several goroutines, one at a time).
	OnRun func(done, total int)
}

// ScalingRuns is every search of a scaling run: the boards drawn at each
// distance and one run per algorithm and board.
type ScalingRuns struct {
	Boards [][]statespace.Board // Boards[i]: those at Distances[i]
	Runs   []ScalingRun         // by distance, then algorithm, then board
}

// ScalingRun is one search: which algorithm (an index into
// ScalingConfig.Algorithms) on which board (Boards[Dist][Board]), and
// what it found and cost (its Path dropped, its length kept).
type ScalingRun struct {
	Alg, Dist, Board int
	Result           search.Result
	PathLength       int // len(Result.Path) when found, else 0
}

// RunScaling runs every algorithm on the boards at each exact distance:
// N drawn uniformly (with repetition only where fewer boards are at the
// distance), or with Every all of them (at most N of them when N > 0,
// without repetition). A run stopped by a limit is kept with its
// StoppedBy; ctx's end stops the run with ctx's error. It is the one
// scaling run: plot's figures (report/measure), the page's /api/scaling
// and the Python package's scaling all call it.
func RunScaling(ctx context.Context, cfg ScalingConfig) (*ScalingRuns, error) {
	if cfg.Table == nil {
		return nil, fmt.Errorf("classroom: scaling needs a distance table")
	}
	if (!cfg.Every && cfg.N < 1) || len(cfg.Distances) == 0 || len(cfg.Algorithms) == 0 {
		return nil, fmt.Errorf("classroom: scaling needs boards (N = %d), distances (%d) and algorithms (%d)", cfg.N, len(cfg.Distances), len(cfg.Algorithms))
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, ScalingSalt))
	goal := cfg.Table.Space().Goal()
	out := &ScalingRuns{Boards: make([][]statespace.Board, len(cfg.Distances))}
	for di, d := range cfg.Distances {
		if d < 1 || d > cfg.Table.Radius() {
			return nil, fmt.Errorf("classroom: distance %d is outside 1…%d", d, cfg.Table.Radius())
		}
		n := cfg.N
		if all := int(cfg.Table.Counts()[d]); cfg.Every && (n < 1 || n > all) {
			n = all
		}
		err := cfg.Table.Draw(ctx, rng, d, n, func(b statespace.Board) bool {
			out.Boards[di] = append(out.Boards[di], b)
			return true
		})
		if err != nil {
			return nil, err
		}
		for ai, a := range cfg.Algorithms {
			if m := cfg.MaxDistance[a.Key]; m > 0 && d > m {
				continue
			}
			for bi := range out.Boards[di] {
				out.Runs = append(out.Runs, ScalingRun{Alg: ai, Dist: di, Board: bi})
			}
		}
	}
	var mu sync.Mutex
	var done int
	err := runEach(ctx, len(out.Runs), cfg.Workers, func(i int) error {
		j := &out.Runs[i]
		start := out.Boards[j.Dist][j.Board]
		r, err := cfg.Algorithms[j.Alg].Run(ctx, search.Problem{Start: start, Goal: goal, Limits: cfg.Limits})
		if err != nil {
			if r.StoppedBy == search.StopCanceled {
				return err
			}
			return fmt.Errorf("classroom: %s on %s: %w", r.Algorithm, start, err)
		}
		if !r.Found && r.StoppedBy == search.StopNone {
			return fmt.Errorf("classroom: %s on %s found no path and gave no reason", r.Algorithm, start)
		}
		if r.Found {
			j.PathLength = len(r.Path)
		}
		r.Path = nil // keep memory flat over thousands of runs
		j.Result = r
		if cfg.OnRun != nil {
			mu.Lock()
			done++
			cfg.OnRun(done, len(out.Runs))
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// runEach calls run(i) for i in [0, n) on up to workers goroutines
// (GOMAXPROCS when workers < 1), stopping at the first error or when ctx
// is done.
func runEach(ctx context.Context, n, workers int, run func(i int) error) error {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(n, 1))
	var mu sync.Mutex
	next := 0
	var first error
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil || i >= n
				if !stop && ctx.Err() != nil {
					first, stop = ctx.Err(), true
				}
				mu.Unlock()
				if stop {
					return
				}
				if err := run(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// ScalingSummary is one algorithm at one distance of a scaling run: the
// boards searched, how many searches a limit stopped, and the mean and
// quartiles of the expansions (every search, a stopped one counting its
// expansions up to the limit), of the path lengths (found paths only) and
// of the seconds (every search).
type ScalingSummary struct {
	Key      string        `json:"key"`
	Name     string        `json:"name"`
	Distance int           `json:"distance"`
	Boards   int           `json:"boards"`
	Stopped  int           `json:"stopped"`
	Nodes    *ScalingStats `json:"nodes"`       // null: no search
	Path     *ScalingStats `json:"path_length"` // null: no path found
	Seconds  *ScalingStats `json:"seconds"`
}

// ScalingStats are a measure's mean and quartiles (linearly interpolated)
// over N values.
type ScalingStats struct {
	Mean float64 `json:"mean"`
	Q1   float64 `json:"q1"`
	Q3   float64 `json:"q3"`
	N    int     `json:"n"`
}

// Summary is a ScalingSummary per algorithm and distance of sr, a run of
// cfg, by algorithm in cfg's order, then by distance; an algorithm not run
// at a distance (MaxDistance) has none there.
func (sr *ScalingRuns) Summary(cfg ScalingConfig) []ScalingSummary {
	type key struct{ alg, dist int }
	var nodes, paths, secs = map[key][]float64{}, map[key][]float64{}, map[key][]float64{}
	stopped := map[key]int{}
	for _, r := range sr.Runs {
		k := key{r.Alg, r.Dist}
		nodes[k] = append(nodes[k], float64(r.Result.Expanded))
		secs[k] = append(secs[k], r.Result.Elapsed.Seconds())
		if r.Result.Found {
			paths[k] = append(paths[k], float64(r.PathLength))
		} else {
			stopped[k]++
		}
	}
	var out []ScalingSummary
	for ai, a := range cfg.Algorithms {
		for di, d := range cfg.Distances {
			k := key{ai, di}
			if len(nodes[k]) == 0 {
				continue
			}
			out = append(out, ScalingSummary{Key: a.Key, Name: a.Name, Distance: d, Boards: len(nodes[k]), Stopped: stopped[k],
				Nodes: statsOf(nodes[k]), Path: statsOf(paths[k]), Seconds: statsOf(secs[k])})
		}
	}
	return out
}

// statsOf is the mean and quartiles of v (sorted in place); nil when v is
// empty.
func statsOf(v []float64) *ScalingStats {
	if len(v) == 0 {
		return nil
	}
	slices.Sort(v)
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	q := func(p float64) float64 {
		i := float64(len(v)-1) * p
		lo := int(i)
		hi := min(lo+1, len(v)-1)
		return v[lo] + (v[hi]-v[lo])*(i-float64(lo))
	}
	return &ScalingStats{Mean: sum / float64(len(v)), Q1: q(0.25), Q3: q(0.75), N: len(v)}
}
