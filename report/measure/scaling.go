package measure

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// ScalingConfig says which searches to run on which boards: a scaling
// run's (classroom.RunScaling) and where its progress bar goes.
type ScalingConfig struct {
	Table      classroom.ScalingTable
	Algorithms []search.Algorithm
	Distances  []int // optimal distances to sample (each ≥ 1)
	N          int   // boards per distance
	// Every searches every board at each distance, or, with N > 0, N
	// drawn without repetition where more than N are at the distance.
	Every bool
	Seed  uint64 // with classroom.ScalingSalt, picks the boards
	// MaxDistance caps, by algorithm key, the distances an algorithm is run
	// at (IDDFS grows by about 2.1× a move); missing or 0: every distance.
	MaxDistance map[string]int
	Limits      search.Limits // per run; zero fields: the search package's defaults
	Workers     int           // parallel runs; 0: GOMAXPROCS
	Progress    io.Writer     // progress bar (shown only on a terminal); nil: none
}

// Scaling holds the three scaling figures' data, measured on the same runs.
type Scaling struct {
	Nodes, Time, Frontier report.ScalingData
	Boards                int // boards searched
	Runs                  int // searches run
}

// run is cfg's scaling run (classroom.RunScaling), its progress on a bar.
func (cfg ScalingConfig) run(ctx context.Context) (*classroom.ScalingRuns, error) {
	if cfg.Table == nil {
		return nil, errNoTable
	}
	var bar *progress.Bar
	defer func() {
		if bar != nil {
			bar.Done()
		}
	}()
	return classroom.RunScaling(ctx, classroom.ScalingConfig{
		Table: cfg.Table, Algorithms: cfg.Algorithms, Distances: cfg.Distances, N: cfg.N, Every: cfg.Every,
		Seed: cfg.Seed, MaxDistance: cfg.MaxDistance, Limits: cfg.Limits, Workers: cfg.Workers,
		OnRun: func(done, total int) {
			if bar == nil {
				bar = progress.New(cfg.Progress, "scaling", float64(total))
			}
			bar.Update(float64(done))
		},
	})
}

// MeasureScaling runs every algorithm on N boards sampled uniformly at each
// exact distance (classroom.RunScaling), so every distance is covered, and collects
// nodes expanded, wall time and largest frontier. A run stopped by a limit
// is counted as cut off, not averaged.
func MeasureScaling(ctx context.Context, cfg ScalingConfig) (*Scaling, error) {
	sr, err := cfg.run(ctx)
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
