package measure

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// ScalingTable is what RunScaling and MeasureScaling ask of a distance
// table (package table's Table or Lazy): boards drawn at a distance, its
// radius, and the number of boards at each distance 0 … its radius.
type ScalingTable interface {
	SampleTable
	Radius() int
	Counts() []uint64
}

// ScalingConfig says which searches to run on which boards.
type ScalingConfig struct {
	Table      ScalingTable
	Algorithms []search.Algorithm
	Distances  []int // optimal distances to sample (each ≥ 1)
	N          int   // boards per distance
	// Every searches every board at each distance, or, with N > 0, N
	// drawn without repetition where more than N are at the distance.
	Every bool
	Seed  uint64 // with saltScaling, picks the boards
	// MaxDistance caps, by algorithm key, the distances an algorithm is run
	// at (IDDFS grows by about 2.1× a move); missing or 0: every distance.
	MaxDistance map[string]int
	Limits      search.Limits // per run; zero fields: the search package's defaults
	Workers     int           // parallel runs; 0: GOMAXPROCS
	Progress    io.Writer     // progress bar (shown only on a terminal); nil: none
	// OnRun, when set, is called after each search ends with the searches
	// done and the searches in all (from several goroutines, one at a time).
	OnRun func(done, total int)
}

// Scaling holds the three scaling figures' data, measured on the same runs.
type Scaling struct {
	Nodes, Time, Frontier report.ScalingData
	Boards                int // boards searched
	Runs                  int // searches run
}

// ScalingRuns is every search of a scaling measurement: the boards drawn
// at each distance and one run per algorithm and board.
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
// N drawn uniformly (Table.Sample; with repetition only where fewer boards
// are at the distance), or with Every all of them (at most N of them when
// N > 0, without repetition). A run stopped by a limit is kept with its
// StoppedBy.
func RunScaling(ctx context.Context, cfg ScalingConfig) (*ScalingRuns, error) {
	if cfg.Table == nil {
		return nil, errNoTable
	}
	if (!cfg.Every && cfg.N < 1) || len(cfg.Distances) == 0 || len(cfg.Algorithms) == 0 {
		return nil, fmt.Errorf("measure: scaling needs boards (N = %d), distances (%d) and algorithms (%d)", cfg.N, len(cfg.Distances), len(cfg.Algorithms))
	}
	rng := RNG(cfg.Seed, saltScaling)
	goal := cfg.Table.Space().Goal()
	out := &ScalingRuns{Boards: make([][]statespace.Board, len(cfg.Distances))}
	for di, d := range cfg.Distances {
		if d < 1 || d > cfg.Table.Radius() {
			return nil, fmt.Errorf("measure: distance %d is outside 1…%d", d, cfg.Table.Radius())
		}
		n := cfg.N
		if all := int(cfg.Table.Counts()[d]); cfg.Every && (n < 1 || n > all) {
			n = all
		}
		out.Boards[di] = slices.Collect(table.Samples(cfg.Table, rng, d, n))
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
	err := runAll(ctx, len(out.Runs), cfg.Workers, cfg.Progress, "scaling", func(i int) error {
		j := &out.Runs[i]
		start := out.Boards[j.Dist][j.Board]
		r, err := cfg.Algorithms[j.Alg].Run(ctx, search.Problem{Start: start, Goal: goal, Limits: cfg.Limits})
		if err != nil {
			return searchError(r, start, err)
		}
		if !r.Found && r.StoppedBy == search.StopNone {
			return fmt.Errorf("measure: %s on %s found no path and gave no reason", r.Algorithm, start)
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

// MeasureScaling runs every algorithm on N boards sampled uniformly at each
// exact distance (RunScaling), so every distance is covered, and collects
// nodes expanded, wall time and largest frontier. A run stopped by a limit
// is counted as cut off, not averaged.
func MeasureScaling(ctx context.Context, cfg ScalingConfig) (*Scaling, error) {
	sr, err := RunScaling(ctx, cfg)
	if err != nil {
		return nil, err
	}
	goal := cfg.Table.Space().Goal()
	boards := sr.Boards
	type key struct{ alg, dist int }
	points := map[key]*[3]report.ScalingPoint{}
	for _, j := range sr.Runs {
		k := key{j.Alg, j.Dist}
		p := points[k]
		if p == nil {
			p = &[3]report.ScalingPoint{}
			names := make([]string, len(boards[j.Dist]))
			for bi, b := range boards[j.Dist] {
				names[bi] = b.String()
			}
			for m := range p {
				p[m].Distance, p[m].Boards = cfg.Distances[j.Dist], names
			}
			points[k] = p
		}
		r := j.Result
		if stoppedByLimit(r) {
			for m := range p {
				p[m].CutOff++
			}
			continue
		}
		// A search faster than the clock's resolution reads 0; 1 ns keeps it
		// on the log axis (Linux clocks resolve nanoseconds, so this does not
		// happen there).
		ms := float64(max(r.Elapsed, time.Nanosecond)) / float64(time.Millisecond)
		p[0].Values = append(p[0].Values, float64(r.Expanded))
		p[1].Values = append(p[1].Values, ms)
		p[2].Values = append(p[2].Values, float64(r.MaxFrontier))
	}
	out := &Scaling{Runs: len(sr.Runs)}
	for _, b := range boards {
		out.Boards += len(b)
	}
	series := [3][]report.ScalingSeries{}
	var capped []string
	for ai, a := range cfg.Algorithms {
		label := a.Name
		if m := cfg.MaxDistance[a.Key]; m > 0 && m < slices.Max(cfg.Distances) {
			label += fmt.Sprintf(" (d ≤ %d)", m)
			capped = append(capped, fmt.Sprintf("%s only up to distance %d", a.Name, m))
		}
		var s [3]report.ScalingSeries
		for m := range s {
			s[m].Label = label
		}
		for di := range cfg.Distances {
			if p := points[key{ai, di}]; p != nil {
				for m := range s {
					s[m].Points = append(s[m].Points, p[m])
				}
			}
		}
		for m := range s {
			series[m] = append(series[m], s[m])
		}
	}
	note := fmt.Sprintf("%s, goal %s: %s drawn uniformly at each optimal distance from the exact table (seed %d).",
		goal.Shape(), statespace.GoalName(goal), nBoards(cfg.N), cfg.Seed)
	switch {
	case cfg.Every && cfg.N > 0:
		note = fmt.Sprintf("%s, goal %s: %s drawn uniformly without repetition at each optimal distance from the exact table, every board where there are fewer (seed %d).",
			goal.Shape(), statespace.GoalName(goal), nBoards(cfg.N), cfg.Seed)
	case cfg.Every:
		note = fmt.Sprintf("%s, goal %s: every board at each optimal distance, from the exact table.", goal.Shape(), statespace.GoalName(goal))
	}
	if len(capped) > 0 {
		note += " Run " + strings.Join(capped, ", ") + "."
	}
	if cfg.Limits.MaxExpanded > 0 {
		note += fmt.Sprintf(" Limit: %d expansions per run.", cfg.Limits.MaxExpanded)
	}
	out.Nodes = report.ScalingData{Name: report.NameScalingNodes, Title: "Nodes expanded against optimal distance",
		YLabel: "nodes expanded (count)", Series: series[0], Note: note}
	out.Time = report.ScalingData{Name: report.NameScalingTime, Title: "Search time against optimal distance",
		YLabel: "time per search (ms)", Series: series[1], Median: true,
		Note: note + " Wall-clock times depend on the machine and its load; the median resists outliers."}
	out.Frontier = report.ScalingData{Name: report.NameScalingFrontier, Title: "Largest frontier against optimal distance",
		YLabel: "largest frontier (entries)", Series: series[2], Note: note}
	return out, nil
}
