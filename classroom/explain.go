package classroom

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"unsafe"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// ExplainOptions tune ExplainDFS; zero fields take the defaults.
type ExplainOptions struct {
	// Limits bound every search the explanation runs (DFS, the depth-limit
	// scan's runs, DLS, IDDFS, BFS); zero fields: DefaultMaxTime and
	// DefaultMaxExpanded or twice the table's states, whichever is larger
	// (so DFS can always exhaust the space), on every board size.
	Limits search.Limits
	// MaxLimitScan is how far above the optimal distance the scan for the
	// smallest depth limit at which DFS finds a solution goes (default 100).
	MaxLimitScan int
	// Points is the number of sampled points and sparkline columns
	// (default 12 points, 60 columns).
	Points, Columns int
}

// DFSExplanation holds the figures behind ExplainDFS.
type DFSExplanation struct {
	Start, Goal         statespace.Board
	Optimal             int     // exact distance of Start (from the table)
	Reachable           uint64  // boards reachable from Start (the table's states)
	MeanDistanceOfSpace float64 // mean exact distance over all reachable boards

	DFS search.Result // unlimited graph DFS (COMS semantics)

	// The dive: every board DFS expanded, in order, with its depth on
	// DFS's own path and its exact distance from the goal.
	ExpandedMeanDistance float64
	ExpandedMinDistance  int
	ExpandedMaxDistance  int
	Dive                 []DivePoint // evenly spaced samples over expansion order
	DiveDepthSpark       string      // depth over expansion order, 0 … DFS.MaxSearchDepth
	DiveDistanceSpark    string      // exact distance over expansion order, 0 … radius
	DepthBands           []DepthBand // expanded boards' exact distance by depth quarter

	// The path DFS returned: the exact distance of each board on it.
	PathMin, PathMax int
	PathMean         float64
	PathSamples      []PathPoint
	PathSpark        string

	// Depth limits.
	DFSAtOptimal     search.Result // graph DFS limited to the optimal distance
	SmallestDFSLimit int           // smallest limit at which graph DFS finds a path; -1 if none up to Optimal+MaxLimitScan
	DFSAtSmallest    search.Result // graph DFS at that limit
	LimitsTried      int           // how many limits the scan ran
	DLSAtOptimal     search.Result // tree DLS (path checking only) at the optimal distance
	IDDFS            search.Result
	BFS              search.Result // for scale
	Radius           int
}

// DivePoint is DFS's state at one expansion.
type DivePoint struct {
	Expansion int64 `json:"expansion"` // 1-based
	Depth     int   `json:"depth"`
	Distance  int   `json:"distance"` // exact distance from the goal
}

// DepthBand summarises the boards DFS expanded at depths From … To.
type DepthBand struct {
	From         int     `json:"from"`
	To           int     `json:"to"`
	Expanded     int64   `json:"expanded"`
	MeanDistance float64 `json:"mean_distance"`
}

// PathPoint is one board on the path DFS returned.
type PathPoint struct {
	Step     int `json:"step"`
	Distance int `json:"distance"`
}

// DFSWalk is graph DFS's walk through the space: at each expansion, in
// order, the board, its depth on DFS's own path and its exact distance
// from the goal.
type DFSWalk struct {
	DFS       search.Result
	Boards    []statespace.Board // nil unless asked for
	Depths    []int32
	Distances []int32
}

// WalkDFS runs graph DFS (search.DFS, without a depth limit) from start
// toward table's goal and records its walk, with the boards themselves
// when boards is set (the depths and distances alone take 8 bytes a step).
// A board the table does not hold, or an expansion count that disagrees
// with the walk, is an error.
func WalkDFS(ctx context.Context, table Table, start statespace.Board, lim search.Limits, boards bool) (*DFSWalk, error) {
	if table == nil {
		return nil, errNoTable
	}
	lim.MaxDepth = 0
	w := &DFSWalk{}
	var missing statespace.Board
	var missingErr error
	// The walk's own slices count against the limit's bytes with the
	// search's: the walk of a 12-cell DFS grew by gigabytes without them.
	// A slice grown by append holds up to twice its length, and three
	// times while it copies: three times its entries are counted.
	hook := int64(8)
	if boards {
		hook += int64(unsafe.Sizeof(statespace.Board{}))
	}
	hook *= 3
	p := search.Problem{Start: start, Goal: table.Space().Goal(), Limits: lim, HookBytes: hook,
		OnStep: func(st search.Step) {
			b, depth := st.Board, st.Depth
			d, err := table.Lookup(b)
			if err != nil {
				d = -1
				if missing.IsZero() {
					missing, missingErr = b, err
				}
			}
			if boards {
				w.Boards = append(w.Boards, b)
			}
			w.Depths = append(w.Depths, int32(depth))
			w.Distances = append(w.Distances, int32(d))
		}}
	r, err := search.DFS(ctx, p)
	if err != nil {
		return nil, err
	}
	if !missing.IsZero() {
		return nil, fmt.Errorf("classroom: DFS expanded %s, which the table does not answer: %w", missing, missingErr)
	}
	if r.Expanded != int64(len(w.Distances)) {
		return nil, fmt.Errorf("classroom: DFS reported %d expansions but called OnStep %d times", r.Expanded, len(w.Distances))
	}
	w.DFS = r
	return w, nil
}

// ExplainDFS runs DFS on start and measures, with the exact distances in
// table (whose goal is the goal searched for), why it blows up: the path
// it returns against the optimum, how much of the space it expands, how
// deep its stack goes, how the true distance of the board it stands on
// drifts as it dives, and what a depth limit changes. A path of its
// searches that contradicts the table (shorter than the table's distance,
// or a BFS or IDDFS path of another length) refuses the table as damaged:
// a *table.ContradictionError.
func ExplainDFS(ctx context.Context, start statespace.Board, table CountedTable, opt ExplainOptions) (*DFSExplanation, error) {
	if table == nil {
		return nil, errNoTable
	}
	goal := table.Space().Goal()
	if err := search.Check(search.Problem{Start: start, Goal: goal}); err != nil {
		return nil, err
	}
	if opt.MaxLimitScan <= 0 {
		opt.MaxLimitScan = 100
	}
	if opt.Points <= 0 {
		opt.Points = 12
	}
	if opt.Columns <= 0 {
		opt.Columns = 60
	}
	optimal, err := table.Lookup(start)
	if err != nil {
		return nil, err
	}
	e := &DFSExplanation{Start: start, Goal: goal, Optimal: optimal,
		Reachable: table.Space().Size(), Radius: len(table.Counts()) - 1, SmallestDFSLimit: -1}
	var sum float64
	for d, n := range table.Counts() {
		sum += float64(d) * float64(n)
	}
	e.MeanDistanceOfSpace = sum / float64(table.Space().Size())

	if opt.Limits.MaxExpanded <= 0 {
		opt.Limits.MaxExpanded = max(search.DefaultMaxExpanded, 2*int64(table.Space().Size()))
	}
	p := search.Problem{Start: start, Goal: goal, Limits: withDefaults(opt.Limits)}
	p.Limits.MaxDepth = 0

	walk, err := WalkDFS(ctx, table, start, p.Limits, false)
	if err != nil {
		return nil, err
	}
	e.DFS = walk.DFS
	depths, dists := walk.Depths, walk.Distances
	if len(dists) > 0 {
		e.ExpandedMinDistance, e.ExpandedMaxDistance = math.MaxInt, 0
		var s float64
		for _, d := range dists {
			s += float64(d)
			e.ExpandedMinDistance = min(e.ExpandedMinDistance, int(d))
			e.ExpandedMaxDistance = max(e.ExpandedMaxDistance, int(d))
		}
		e.ExpandedMeanDistance = s / float64(len(dists))
		for _, i := range spread(len(dists), opt.Points) {
			e.Dive = append(e.Dive, DivePoint{Expansion: int64(i + 1), Depth: int(depths[i]), Distance: int(dists[i])})
		}
		e.DiveDepthSpark = sparkline(depths, opt.Columns, e.DFS.MaxSearchDepth)
		e.DepthBands = depthBands(depths, dists, e.DFS.MaxSearchDepth)
		e.DiveDistanceSpark = sparkline(dists, opt.Columns, e.Radius)
	}
	if e.DFS.Found {
		pd := make([]int32, 0, len(e.DFS.Path)+1)
		b := start
		for i := 0; ; i++ {
			d, err := table.Lookup(b)
			if err != nil {
				return nil, err
			}
			pd = append(pd, int32(d))
			if i == len(e.DFS.Path) {
				break
			}
			b, _ = b.Apply(e.DFS.Path[i])
		}
		e.PathMin, e.PathMax = math.MaxInt, 0
		var s float64
		for _, d := range pd {
			s += float64(d)
			e.PathMin = min(e.PathMin, int(d))
			e.PathMax = max(e.PathMax, int(d))
		}
		e.PathMean = s / float64(len(pd))
		for _, i := range spread(len(pd), opt.Points) {
			e.PathSamples = append(e.PathSamples, PathPoint{Step: i, Distance: int(pd[i])})
		}
		e.PathSpark = sparkline(pd, opt.Columns, e.Radius)
	}

	limited := p
	limited.Limits.MaxDepth = e.Optimal
	if e.Optimal == 0 {
		limited = p // a limit of 0 means none; the start is the goal anyway
	}
	if e.DFSAtOptimal, err = search.DFS(ctx, limited); err != nil {
		return nil, err
	}
	for L := e.Optimal; L <= e.Optimal+opt.MaxLimitScan; L++ {
		r := e.DFSAtOptimal
		if L != e.Optimal {
			limited.Limits.MaxDepth = L
			if r, err = search.DFS(ctx, limited); err != nil {
				return nil, err
			}
		}
		e.LimitsTried++
		if r.Found {
			e.SmallestDFSLimit, e.DFSAtSmallest = L, r
			break
		}
		if r.StoppedBy != search.StopDepthLimit {
			break // a node or time limit: the scan cannot go on honestly
		}
	}
	if e.DLSAtOptimal, err = search.DLS(ctx, p, e.Optimal); err != nil {
		return nil, err
	}
	if e.IDDFS, err = search.IDDFS(ctx, p); err != nil {
		return nil, err
	}
	if e.BFS, err = search.BFS(ctx, p); err != nil {
		return nil, err
	}
	if err := e.checkTable(table); err != nil {
		return nil, err
	}
	return e, nil
}

// depthBands splits depths 0 … maxDepth into four bands and averages the
// exact distance of the boards expanded in each.
func depthBands(depths, dists []int32, maxDepth int) []DepthBand {
	const n = 4
	width := maxDepth/n + 1
	bands := make([]DepthBand, n)
	sums := make([]float64, n)
	for i := range bands {
		bands[i].From, bands[i].To = i*width, min((i+1)*width-1, maxDepth)
	}
	for i, d := range depths {
		k := int(d) / width
		bands[k].Expanded++
		sums[k] += float64(dists[i])
	}
	out := bands[:0]
	for i, b := range bands {
		if b.Expanded > 0 {
			b.MeanDistance = sums[i] / float64(b.Expanded)
			out = append(out, b)
		}
	}
	return out
}

// spread returns n indices spread evenly over [0, length), first and last
// included.
func spread(length, n int) []int {
	if length <= n {
		out := make([]int, length)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, n)
	for i := range out {
		out[i] = int(math.Round(float64(i) * float64(length-1) / float64(n-1)))
	}
	return out
}

// sparkline draws values in at most cols columns, each the mean of its
// share of the values, scaled so that top is the highest bar.
func sparkline(values []int32, cols, top int) string {
	const bars = "▁▂▃▄▅▆▇█"
	levels := []rune(bars)
	if len(values) == 0 {
		return ""
	}
	cols = min(cols, len(values))
	var b strings.Builder
	for c := 0; c < cols; c++ {
		lo, hi := c*len(values)/cols, (c+1)*len(values)/cols
		var s float64
		for _, v := range values[lo:hi] {
			s += float64(v)
		}
		mean := s / float64(hi-lo)
		i := 0
		if top > 0 {
			i = int(math.Round(mean / float64(top) * float64(len(levels)-1)))
		}
		b.WriteRune(levels[max(0, min(i, len(levels)-1))])
	}
	return b.String()
}

// WriteText explains in plain language first, then gives the numbers. On
// the goal itself there is nothing to explain, and it says so.
func (e *DFSExplanation) WriteText(w io.Writer) error {
	var b strings.Builder
	pf := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	d := e.DFS
	goal := goalLabel(e.Goal, statespace.GoalName(e.Goal))
	if e.Optimal == 0 && d.Found {
		pf("DFS on %s (goal %s)\n\n", e.Start, goal)
		pf("This board is the goal itself: DFS tests the start before anything else, finds the goal there and expands no board, so it has nothing to blow up on. ")
		pf("Give a board some moves away (classroom explain-dfs 1,2,5,3,4,0,6,7,8 is 21 moves away) to see DFS dive.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	pf("Why DFS blows up on %s (goal %s)\n\n", e.Start, goal)

	// Plain language.
	reach := fmt.Sprintf("%s of the %s reachable from this one (%s)", textfmt.Commas(d.Expanded),
		count(e.Reachable, "board", "boards"), pct(d.Expanded, int64(e.Reachable)))
	switch {
	case !d.Found:
		pf("DFS did not reach the goal: it was stopped by the %s after expanding %s.\n", d.StoppedBy, count(d.Expanded, "board", "boards"))
	case len(d.Path) == e.Optimal:
		pf("DFS happened to return a shortest path here (%s), but only after expanding %s.\n", textfmt.Moves(e.Optimal), reach)
	default:
		pf("The shortest solution is %s; DFS returned one of %s, after expanding %s.\n", textfmt.Moves(e.Optimal), textfmt.Moves(len(d.Path)), reach)
	}
	pf("DFS always takes the first unvisited move in Up, Down, Left, Right order and keeps going; it never asks whether a move brings it closer. ")
	pf("So it dives: its stack grew to %s and its deepest node was %s from the start. ", count(d.MaxFrontier, "entry", "entries"), textfmt.Moves(d.MaxSearchDepth))
	pf("Going deeper does not bring it nearer the goal: the boards it expanded were on average %.1f moves from the goal (the average over all reachable boards is %.1f)",
		e.ExpandedMeanDistance, e.MeanDistanceOfSpace)
	if len(e.DepthBands) > 1 {
		var means []string
		for _, band := range e.DepthBands {
			means = append(means, fmt.Sprintf("%.1f", band.MeanDistance))
		}
		pf(", and %s in the %s of its depth range, shallow to deep", strings.Join(means, ", "), bandsName(len(e.DepthBands)))
	}
	pf(". ")
	if d.Found && len(d.Path) > e.Optimal {
		pf("Its path is a wander through the space that meets the goal by chance, and a board it has visited is never reconsidered, even when it later finds a shorter way to it.\n")
	} else {
		pf("The goal was put on the stack early but sat under everything pushed after it.\n")
	}
	pf("\nA depth limit stops the diving, but with DFS's global visited set it can also miss solutions inside the limit: a board first reached by a long path is marked visited, and the short path through it is never tried. ")
	switch {
	case e.DFSAtOptimal.Found:
		pf("Here a limit of %d (the optimal distance) is enough. ", e.Optimal)
	case e.SmallestDFSLimit > 0:
		pf("Here a limit of %d (the optimal distance) finds nothing; the smallest limit that works is %d, returning %s. ", e.Optimal, e.SmallestDFSLimit, textfmt.Moves(len(e.DFSAtSmallest.Path)))
	default:
		pf("Here no limit from %d to %d finds a path. ", e.Optimal, e.Optimal+e.LimitsTried-1)
	}
	pf("Depth-limited tree search, which only refuses boards already on its current path, never misses: at limit %d it ", e.Optimal)
	if e.DLSAtOptimal.Found {
		pf("finds a %s-move path. ", textfmt.Commas(len(e.DLSAtOptimal.Path)))
	} else {
		pf("was stopped by the %s. ", e.DLSAtOptimal.StoppedBy)
	}
	if e.IDDFS.Found {
		pf("Iterative deepening (limits 0, 1, 2, …) therefore finds the optimum, %s, for %s in all (BFS: %s), with a stack of at most %s.\n",
			textfmt.Moves(len(e.IDDFS.Path)), count(e.IDDFS.Expanded, "expansion", "expansions"), textfmt.Commas(e.BFS.Expanded), count(e.IDDFS.MaxFrontier, "entry", "entries"))
	} else {
		pf("Iterative deepening would find the optimum, but here it was stopped by the %s after %s (BFS needs %s).\n",
			e.IDDFS.StoppedBy, count(e.IDDFS.Expanded, "expansion", "expansions"), textfmt.Commas(e.BFS.Expanded))
	}

	// Numbers.
	pf("\nThe numbers\n")
	t := &textTable{left: map[int]bool{1: true}}
	t.add("optimal distance (table)", fmt.Sprint(e.Optimal))
	if d.Found {
		t.add("DFS path length", textfmt.Commas(len(d.Path)))
	} else {
		t.add("DFS path length", "none ("+d.StoppedBy.String()+")")
	}
	t.add("DFS nodes expanded", fmt.Sprintf("%s of %s reachable (%s)", textfmt.Commas(d.Expanded), textfmt.Commas(e.Reachable), pct(d.Expanded, int64(e.Reachable))))
	t.add("DFS max stack size", textfmt.Commas(d.MaxFrontier))
	t.add("DFS max search depth", textfmt.Commas(d.MaxSearchDepth))
	t.add("expanded boards' exact distance", fmt.Sprintf("min %d, mean %.2f, max %d (space mean %.2f, radius %d)", e.ExpandedMinDistance, e.ExpandedMeanDistance, e.ExpandedMaxDistance, e.MeanDistanceOfSpace, e.Radius))
	for _, band := range e.DepthBands {
		t.add(fmt.Sprintf("  expanded at depth %s…%s", textfmt.Commas(band.From), textfmt.Commas(band.To)),
			fmt.Sprintf("%s, mean exact distance %.2f", count(band.Expanded, "board", "boards"), band.MeanDistance))
	}
	if d.Found {
		t.add("exact distance along DFS's path", fmt.Sprintf("min %d, mean %.2f, max %d", e.PathMin, e.PathMean, e.PathMax))
	}
	t.add("graph DFS, limit = optimal", limitedSummary(e.DFSAtOptimal))
	if e.SmallestDFSLimit >= 0 {
		t.add("smallest limit graph DFS solves", fmt.Sprintf("%d (%s)", e.SmallestDFSLimit, limitedSummary(e.DFSAtSmallest)))
	} else {
		t.add("smallest limit graph DFS solves", fmt.Sprintf("none in %d…%d", e.Optimal, e.Optimal+e.LimitsTried-1))
	}
	t.add("tree DLS, limit = optimal", limitedSummary(e.DLSAtOptimal))
	t.add("IDDFS", limitedSummary(e.IDDFS))
	t.add("BFS", limitedSummary(e.BFS))
	if err := t.write(&b); err != nil {
		return err
	}
	if len(e.Dive) > 0 {
		pf("\nThe dive, over DFS's %s in order (each column the mean of 1/%d of them):\n", count(d.Expanded, "expansion", "expansions"), len([]rune(e.DiveDepthSpark)))
		pf("  depth     0…%-7s %s\n", textfmt.Commas(d.MaxSearchDepth), e.DiveDepthSpark)
		pf("  distance  0…%-7d %s\n", e.Radius, e.DiveDistanceSpark)
		t := &textTable{}
		t.add("  expansion", "depth", "exact distance")
		for _, p := range e.Dive {
			t.add("  "+textfmt.Commas(p.Expansion), textfmt.Commas(p.Depth), fmt.Sprint(p.Distance))
		}
		if err := t.write(&b); err != nil {
			return err
		}
	}
	if d.Found && len(d.Path) > 1 {
		pf("\nExact distance of the board DFS stands on, along the path it returned (%s):\n", textfmt.Moves(len(d.Path)))
		pf("  distance  0…%-7d %s\n", e.Radius, e.PathSpark)
		t := &textTable{}
		t.add("  step", "exact distance")
		for _, p := range e.PathSamples {
			t.add("  "+textfmt.Commas(p.Step), fmt.Sprint(p.Distance))
		}
		if err := t.write(&b); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// count writes n and the noun: "1 entry", "2,048 entries".
func count[T int | int64 | uint64](n T, one, many string) string {
	noun := many
	if n == 1 {
		noun = one
	}
	return textfmt.Commas(n) + " " + noun
}

// bandsName names n of the four depth quarters (depthBands leaves out
// the empty ones).
func bandsName(n int) string {
	if n == 4 {
		return "four quarters"
	}
	return fmt.Sprintf("%d non-empty quarters", n)
}

func limitedSummary(r search.Result) string {
	if r.Found {
		return fmt.Sprintf("found %s, %s expanded", textfmt.Moves(len(r.Path)), textfmt.Commas(r.Expanded))
	}
	if r.StoppedBy == search.StopDepthLimit {
		return fmt.Sprintf("missed: no path within the limit, %s expanded", textfmt.Commas(r.Expanded))
	}
	return fmt.Sprintf("not found (%s), %s expanded", r.StoppedBy, textfmt.Commas(r.Expanded))
}

func pct(a, b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// WriteJSON writes the figures as one JSON object.
func (e *DFSExplanation) WriteJSON(w io.Writer) error {
	var smallest *int
	var atSmallest *search.Result
	if e.SmallestDFSLimit >= 0 {
		smallest, atSmallest = &e.SmallestDFSLimit, &e.DFSAtSmallest
	}
	out := map[string]any{
		"board":                   e.Start.String(),
		"goal":                    e.Goal.String(),
		"optimal_distance":        e.Optimal,
		"reachable_states":        e.Reachable,
		"radius":                  e.Radius,
		"mean_distance_of_space":  e.MeanDistanceOfSpace,
		"dfs":                     e.DFS,
		"expanded_distance_min":   e.ExpandedMinDistance,
		"expanded_distance_mean":  e.ExpandedMeanDistance,
		"expanded_distance_max":   e.ExpandedMaxDistance,
		"dive":                    e.Dive,
		"dive_depth_sparkline":    e.DiveDepthSpark,
		"dive_distance_sparkline": e.DiveDistanceSpark,
		"path_distance_min":       e.PathMin,
		"path_distance_mean":      e.PathMean,
		"path_distance_max":       e.PathMax,
		"path_samples":            e.PathSamples,
		"path_distance_sparkline": e.PathSpark,
		"dfs_limit_optimal":       e.DFSAtOptimal,
		"smallest_dfs_limit":      smallest,
		"dfs_at_smallest_limit":   atSmallest,
		"limits_tried":            e.LimitsTried,
		"dls_tree_limit_optimal":  e.DLSAtOptimal,
		"iddfs":                   e.IDDFS,
		"bfs":                     e.BFS,
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
