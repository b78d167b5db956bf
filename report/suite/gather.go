package suite

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tilespace/tilespace/store"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/report/measure"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// job makes one or more figures from shared data.
type job struct {
	names []string
	make  func(ctx context.Context) ([]*report.Figure, error)
}

// gatherer finds the tables and databases the figures share through one
// resolve.Resolver (which holds them, bounded in memory) and remembers the
// counts of the shape comparisons.
type gatherer struct {
	o      Options
	mu     sync.Mutex
	res    *resolve.Resolver
	counts map[statespace.Board][]uint64
}

func newGatherer(o Options) *gatherer {
	return &gatherer{o: o, res: o.Resolver, counts: map[statespace.Board][]uint64{}}
}

func (g *gatherer) logf(format string, args ...any) {
	if g.o.Log != nil {
		fmt.Fprintf(g.o.Log, "plot: "+format+"\n", args...)
	}
}

// table returns the distance table for goal: the explicit file (for the
// main goal), the embedded or cached one, or one enumerated in memory for
// small boards, as the resolver finds it.
func (g *gatherer) table(ctx context.Context, goal statespace.Board) (table.Interface, error) {
	o, err := g.res.Oracle(ctx, goal, resolve.Need{TableOnly: true})
	if err != nil {
		return nil, err
	}
	return resolve.TableOf(o), nil
}

// stateCounts is a measure.CountsFunc: counts from a table in memory when
// the board is small, else from the header of a table file in the cache
// folder (which holds them), without decoding its payload.
func (g *gatherer) stateCounts(ctx context.Context, goal statespace.Board) ([]uint64, bool, error) {
	g.mu.Lock()
	c, ok := g.counts[goal]
	g.mu.Unlock()
	if ok {
		return c, c != nil, nil
	}
	c, err := g.storedCounts(ctx, goal)
	if err != nil {
		return nil, false, err
	}
	if c == nil {
		looked := "the cache folder"
		if !g.o.Cache.IsZero() {
			looked = g.o.Cache.Path(store.TableFile(goal))
		}
		return nil, false, &store.NotFoundError{Goal: goal, Looked: []string{looked}}
	}
	g.mu.Lock()
	g.counts[goal] = c
	g.mu.Unlock()
	return c, c != nil, nil
}

// storedCounts returns the number of boards at each distance of goal's
// table: from the table when the resolver builds it in memory (spaces of
// at most resolve.DefaultBuildLimit boards) or holds the -table file's,
// else from the header of its file in the cache folder, without reading
// the table; nil when there is none.
func (g *gatherer) storedCounts(ctx context.Context, goal statespace.Board) ([]uint64, error) {
	sp, err := statespace.NewSpace(goal)
	if err == nil && sp.Size() <= resolve.DefaultBuildLimit || g.res.HasTable(goal) && !g.o.Cache.Has(store.TableFile(goal)) {
		t, err := g.table(ctx, goal)
		if err != nil {
			return nil, err
		}
		return t.Counts(), nil
	}
	if g.o.Cache.IsZero() {
		return nil, nil // no cache folder: no table there
	}
	return g.o.Cache.TableCounts(goal)
}

func (g *gatherer) jobs() []job {
	o := g.o
	depthNames := []string{report.NameDepthHistogram, report.NameDepthHistogramLog, report.NameLayerRatio}
	jobs := []job{
		{depthNames, g.depth},
		{[]string{report.NameSolutionStrip}, g.strip},
		{[]string{report.NameHeuristicManhattan}, func(ctx context.Context) ([]*report.Figure, error) {
			return g.heuristic(ctx, pdb.NewManhattan(o.Goal), "manhattan", "Manhattan distance", "")
		}},
		{[]string{report.NameHeuristicLinearConflict}, func(ctx context.Context) ([]*report.Figure, error) {
			return g.heuristic(ctx, pdb.NewLinearConflict(o.Goal), "linear-conflict", "linear conflict", "")
		}},
	}
	for _, spec := range o.PDB {
		part, err := pdb.ParsePartition(spec, o.Goal)
		if err != nil {
			// Reported when the group is wanted, under a name the user can
			// select.
			jobs = append(jobs, job{[]string{NamePDBGroup}, func(context.Context) ([]*report.Figure, error) {
				return nil, fmt.Errorf("partition %q: %w", spec, err)
			}})
			continue
		}
		key := pdbKey(part)
		jobs = append(jobs, job{[]string{report.NameHeuristicPrefix + key}, func(ctx context.Context) ([]*report.Figure, error) {
			h, err := g.additive(ctx, part)
			if err != nil {
				return nil, err
			}
			label, note := "pattern databases "+part.String(), ""
			if h.Reflects() {
				label += " with reflection"
				note = "The estimate is the larger of two additive lookups: the board's and that of its reflection about the main diagonal (pdb.Additive)."
			}
			return g.heuristic(ctx, h, key, label, note)
		}})
	}
	if len(o.PDB) == 0 {
		jobs = append(jobs, job{[]string{NamePDBGroup}, func(context.Context) ([]*report.Figure, error) {
			g.logf("heuristic-pdb: no partition given for %s; skipped", o.Shape)
			return nil, nil
		}})
	}
	jobs = append(jobs,
		job{[]string{report.NameScalingNodes, report.NameScalingTime, report.NameScalingFrontier}, g.scaling},
		job{[]string{report.NameDFSBlowup}, g.dfsBlowup},
		job{[]string{report.NameDFSWalk}, g.dfsWalk},
		job{[]string{report.NameGreedyClimber}, g.climber},
		job{[]string{report.NameTextbookNodes, report.NameTextbookBStar}, g.textbook},
		job{[]string{report.NamePrediction}, g.prediction},
		job{[]string{report.NameDBSize}, g.dbsize},
		job{[]string{report.NameTextbookDeep}, g.textbookDeep},
	)
	return jobs
}

// pdbKey names a partition in file names: tiles joined by dots, patterns by
// dashes, e.g. "pdb-1.2.3.4-5.6.7.8".
func pdbKey(p pdb.Partition) string {
	var parts []string
	for _, pat := range p.Patterns {
		var tiles []string
		for _, t := range pat {
			tiles = append(tiles, fmt.Sprint(t))
		}
		parts = append(parts, strings.Join(tiles, "."))
	}
	return "pdb-" + strings.Join(parts, "-")
}

// additive returns the partition's heuristic: its databases from the
// cache folder when there, else built in memory (the resolver decides).
func (g *gatherer) additive(ctx context.Context, part pdb.Partition) (*pdb.Additive, error) {
	return g.res.Databases(ctx, g.o.Goal, part)
}

func (g *gatherer) depth(ctx context.Context) ([]*report.Figure, error) {
	o := g.o
	goals, err := measure.GoalPanel(ctx, o.Shape, g.stateCounts)
	if err != nil {
		return nil, err
	}
	// The main shape first (drawn as bars), then the others by size.
	shapes := []statespace.Shape{o.Shape}
	for _, sh := range o.Shapes {
		if sh != o.Shape {
			shapes = append(shapes, sh)
		}
	}
	series, err := measure.ShapeSeries(ctx, shapes, g.stateCounts)
	if err != nil {
		return nil, err
	}
	data := report.DepthData{
		Panels: []report.DepthPanel{goals, {Title: "Shapes, blank-last goal", Series: series, Share: true}},
		Note:   "Exact counts from a breadth-first enumeration of every state.",
	}
	lin, err := report.DepthHistogram(data, false)
	if err != nil {
		return nil, err
	}
	lg, err := report.DepthHistogram(data, true)
	if err != nil {
		return nil, err
	}
	ratio, err := report.LayerRatio(series, "Blank-last goals; exact counts from a breadth-first enumeration of every state.")
	if err != nil {
		return nil, err
	}
	return []*report.Figure{lin, lg, ratio}, nil
}

func (g *gatherer) strip(ctx context.Context) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	start := g.o.Board
	if start.IsZero() {
		// A lazy (12-cell) table refuses: finding its antipodes is a
		// search of gigabytes.
		full, err := t.Loaded()
		if err != nil {
			return nil, err
		}
		start = full.Antipodes()[0]
	}
	d, err := measure.Strip(t, start, g.o.MaxShow)
	if err != nil {
		return nil, err
	}
	f, err := report.SolutionStrip(d)
	return []*report.Figure{f}, err
}

// heuristic draws h's heat map; note, if set, is added to the caption.
func (g *gatherer) heuristic(ctx context.Context, h pdb.Heuristic, key, label, note string) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	// Every board's distance is counted: a lazy (12-cell) table refuses.
	full, err := t.Loaded()
	if err != nil {
		return nil, err
	}
	d, err := measure.MeasureHeuristic(ctx, full, h, key, label, g.o.Log)
	if err != nil {
		return nil, err
	}
	if note != "" {
		d.Note += " " + note
	}
	f, err := report.HeuristicHeatMap(d)
	return []*report.Figure{f}, err
}

func (g *gatherer) scaling(ctx context.Context) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	var algs []search.Algorithm
	for _, a := range search.Standard(g.o.Goal, t) {
		// The climber is not a complete search; it has its own figure.
		if a.Key != "climber" {
			algs = append(algs, a)
		}
	}
	s, err := measure.MeasureScaling(ctx, measure.ScalingConfig{
		Table: t, Algorithms: algs, Distances: measure.Distances(t.Radius(), g.o.Step), N: g.o.N, Seed: g.o.Seed,
		MaxDistance: map[string]int{"iddfs": g.o.IDDFSMax}, Limits: g.o.Limits, Workers: g.o.Workers, Progress: g.o.Log,
	})
	if err != nil {
		return nil, err
	}
	var figs []*report.Figure
	for _, d := range []report.ScalingData{s.Nodes, s.Time, s.Frontier} {
		f, err := report.Scaling(d)
		if err != nil {
			return nil, err
		}
		figs = append(figs, f)
	}
	return figs, nil
}

func (g *gatherer) dfsBlowup(ctx context.Context) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	d, err := measure.MeasureDFSBlowup(ctx, measure.DFSBlowupConfig{
		Table: t, Distances: measure.Distances(t.Radius(), g.o.Step), N: g.o.N, Seed: g.o.Seed,
		Limits: g.o.Limits, Workers: g.o.Workers, Progress: g.o.Log,
	})
	if err != nil {
		return nil, err
	}
	f, err := report.DFSBlowup(d)
	return []*report.Figure{f}, err
}

// walkDistance is the distance of the default DFS-walk board: close enough
// that the gap between where DFS wanders and where the goal is stands out.
const walkDistance = 5

func (g *gatherer) dfsWalk(ctx context.Context) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	start := g.o.Board
	if start.IsZero() {
		start = slices.Collect(table.Samples(t, measure.RNG(g.o.Seed, measure.SaltDFSWalk), min(walkDistance, t.Radius()), 1))[0]
	}
	d, err := measure.MeasureDFSWalk(ctx, t, start, g.o.Limits)
	if err != nil {
		return nil, err
	}
	f, err := report.DFSWalk(d)
	return []*report.Figure{f}, err
}

func (g *gatherer) climber(ctx context.Context) ([]*report.Figure, error) {
	t, err := g.table(ctx, g.o.Goal)
	if err != nil {
		return nil, err
	}
	d, err := measure.MeasureClimber(ctx, measure.ClimberConfig{
		Table: t, Mixes: g.o.Mixes, Runs: g.o.Runs, Seed: g.o.Seed,
	})
	if err != nil {
		return nil, err
	}
	f, err := report.GreedyClimber(d)
	return []*report.Figure{f}, err
}
