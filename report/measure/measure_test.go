package measure

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var (
	sh2x3 = statespace.Shape{Rows: 2, Cols: 3}
	sh3x3 = statespace.Shape{Rows: 3, Cols: 3}
)

// tableFor is the shared fixture's, enumerated once per goal.
var tableFor = fixture.TableFor

func TestDistances(t *testing.T) {
	cases := []struct {
		radius, step int
		want         []int
	}{
		{31, 6, []int{1, 7, 13, 19, 25, 31}},
		{31, 10, []int{1, 11, 21, 31}},
		{5, 1, []int{1, 2, 3, 4, 5}},
		{5, 0, []int{1, 2, 3, 4, 5}},
		{7, 4, []int{1, 5, 7}},
		{0, 1, nil},
	}
	for i, c := range cases {
		if got := Distances(c.radius, c.step); !slices.Equal(got, c.want) {
			t.Errorf("case %d: Distances(%d, %d) = %v, want %v", i, c.radius, c.step, got, c.want)
		}
	}
}

// The three 8-puzzle goals of the reference README (OEIS A089473,
// A089474, A089483), and their radii 31, 30, 31.
func TestGoalsByBlankAreTheOEISGoals(t *testing.T) {
	goals := goalsByBlank(sh3x3)
	want := []struct {
		tiles  string
		radius int
	}{{"1,2,3,4,5,6,7,8,0", 31}, {"1,0,2,3,4,5,6,7,8", 31}, {"1,2,3,4,0,5,6,7,8", 30}}
	if len(goals) != len(want) {
		t.Fatalf("%d goals, want %d", len(goals), len(want))
	}
	counts := func(ctx context.Context, g statespace.Board) ([]uint64, bool, error) {
		return tableFor(t, g).Counts(), true, nil
	}
	panel, err := GoalPanel(context.Background(), sh3x3, counts)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if goals[i].Goal.String() != w.tiles {
			t.Errorf("goal %d (%s): %s, want %s", i, goals[i].Label, goals[i].Goal, w.tiles)
		}
		if r := panel.Series[i].Radius(); r != w.radius {
			t.Errorf("goal %d: radius %d, want %d", i, r, w.radius)
		}
	}
	// 2x3 has no centre cell, and its edge goal is blank at the top middle.
	g23 := goalsByBlank(sh2x3)
	if len(g23) != 2 || g23[1].Goal.String() != "1,0,2,3,4,5" {
		t.Errorf("2x3 goals %v", g23)
	}
}

func TestShapeSeriesSkipsShapesWithoutTables(t *testing.T) {
	counts := func(ctx context.Context, g statespace.Board) ([]uint64, bool, error) {
		if g.Cells() > 6 {
			return nil, false, nil
		}
		return tableFor(t, g).Counts(), true, nil
	}
	s, err := ShapeSeries(context.Background(), []statespace.Shape{sh2x3, sh3x3}, counts)
	if err != nil {
		t.Fatal(err)
	}
	// 2x3: 360 states (6!/2), radius 21 (reference README).
	var total uint64
	for _, n := range s[0].Counts {
		total += n
	}
	if len(s) != 1 || s[0].Label != "2x3" || total != 360 || s[0].Radius() != 21 {
		t.Errorf("series %+v", s)
	}
}

// fakeAlgorithm reports counters derived from the board's true distance, so
// the aggregation can be checked against known values.
func fakeAlgorithm(tab *table.Table, key string, stopAbove int, fail bool) search.Algorithm {
	return search.Algorithm{Key: key, Name: strings.ToUpper(key), Run: func(_ context.Context, p search.Problem) (search.Result, error) {
		d, err := tab.Lookup(p.Start)
		if err != nil {
			return search.Result{}, err
		}
		if fail {
			return search.Result{Algorithm: key}, errors.New("broken")
		}
		if stopAbove > 0 && d > stopAbove {
			return search.Result{Algorithm: key, StoppedBy: search.StopNodeLimit, Expanded: 1000}, nil
		}
		return search.Result{Algorithm: key, Found: true, Expanded: int64(10 * d), MaxFrontier: int64(d + 1), Elapsed: time.Duration(d) * time.Millisecond}, nil
	}}
}

func TestMeasureScalingAggregates(t *testing.T) {
	tab := tableFor(t, statespace.GoalLast(sh2x3))
	cfg := ScalingConfig{
		Table:       tab,
		Algorithms:  []search.Algorithm{fakeAlgorithm(tab, "a", 0, false), fakeAlgorithm(tab, "b", 2, false), fakeAlgorithm(tab, "iddfs", 0, false)},
		Distances:   []int{1, 2, 3, 5},
		N:           3,
		Seed:        1,
		MaxDistance: map[string]int{"iddfs": 3},
		Workers:     2,
	}
	s, err := MeasureScaling(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Sample always returns N boards (repeating some at distance 1, where
	// 2x3 has only 2).
	if s.Boards != 4*3 || s.Runs != 4*3+4*3+3*3 {
		t.Errorf("%d boards", s.Boards)
	}
	if len(s.Nodes.Series) != 3 || s.Nodes.Series[2].Label != "IDDFS (d ≤ 3)" {
		t.Fatalf("series %+v", s.Nodes.Series)
	}
	for si, series := range s.Nodes.Series {
		for pi, p := range series.Points {
			n := 3
			for _, text := range p.Boards {
				if b, err := statespace.Parse(text, sh2x3); err != nil || fixture.Dist(t, tab, b) != p.Distance {
					t.Errorf("series %d point %d: board %q (%v) is not at distance %d", si, pi, text, err, p.Distance)
				}
			}
			if len(p.Boards) != n {
				t.Errorf("series %d point %d: %d boards listed, want %d", si, pi, len(p.Boards), n)
			}
			if si == 1 && p.Distance > 2 {
				if p.CutOff != n || len(p.Values) != 0 {
					t.Errorf("series %d point %d: %d cut off, %d values; want %d cut off", si, pi, p.CutOff, len(p.Values), n)
				}
				continue
			}
			if len(p.Values) != n || p.CutOff != 0 {
				t.Errorf("series %d point %d: %d values, %d cut off; want %d", si, pi, len(p.Values), p.CutOff, n)
			}
			for _, v := range p.Values {
				if v != float64(10*p.Distance) {
					t.Errorf("series %d distance %d: nodes %v", si, p.Distance, v)
				}
			}
			tp, fp := s.Time.Series[si].Points[pi], s.Frontier.Series[si].Points[pi]
			for j := range tp.Values {
				if tp.Values[j] != float64(p.Distance) || fp.Values[j] != float64(p.Distance+1) {
					t.Errorf("series %d distance %d: time %v ms, frontier %v", si, p.Distance, tp.Values[j], fp.Values[j])
				}
			}
		}
	}
	if got := s.Nodes.Series[2].Points[len(s.Nodes.Series[2].Points)-1].Distance; got != 3 {
		t.Errorf("IDDFS ran up to distance %d, want 3", got)
	}

	cfg.Algorithms = []search.Algorithm{fakeAlgorithm(tab, "bad", 0, true)}
	if _, err := MeasureScaling(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Errorf("a failing search gave %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg.Algorithms = []search.Algorithm{fakeAlgorithm(tab, "a", 0, false)}
	if _, err := MeasureScaling(ctx, cfg); err == nil {
		t.Error("a cancelled context gave no error")
	}
}

func TestMeasureScalingSameSeedSameBoards(t *testing.T) {
	tab := tableFor(t, statespace.GoalLast(sh3x3))
	var mu sync.Mutex
	seen := map[uint64][]string{}
	record := func(run uint64) search.Algorithm {
		return search.Algorithm{Key: "rec", Name: "rec", Run: func(_ context.Context, p search.Problem) (search.Result, error) {
			mu.Lock()
			seen[run] = append(seen[run], p.Start.String())
			mu.Unlock()
			return search.Result{Found: true, Expanded: 1, MaxFrontier: 1, Elapsed: 1}, nil
		}}
	}
	for run := range uint64(2) {
		cfg := ScalingConfig{Table: tab, Algorithms: []search.Algorithm{record(run)}, Distances: []int{10, 20}, N: 4, Seed: 5, Workers: 1}
		if _, err := MeasureScaling(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
	}
	a, b := seen[0], seen[1]
	if len(a) != 8 || !slices.Equal(a, b) {
		t.Errorf("same seed, different boards: %v vs %v", a, b)
	}
	for i, s := range a {
		board, _ := statespace.Parse(s, sh3x3)
		if d := fixture.Dist(t, tab, board); d != []int{10, 20}[i/4] {
			t.Errorf("board %s at distance %d", s, d)
		}
	}
}

// COMS 4701 (reference README): DFS on 1,2,5,3,4,0,6,7,8 to the goal
// 0,1,…,8 expands 181437 nodes, and its deepest frontier node is at depth
// 66125; the board is 3 moves from the goal.
func TestMeasureDFSWalkMatchesCOMS(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("runs a 181,437-node DFS")
	}
	goal := statespace.GoalFirst(sh3x3)
	tab := tableFor(t, goal)
	start := statespace.MustBoard(sh3x3, 1, 2, 5, 3, 4, 0, 6, 7, 8)
	d, err := MeasureDFSWalk(context.Background(), tab, start, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Distances) != 181437 || d.Optimal != 3 || !d.Found {
		t.Errorf("%d steps, optimal %d, found %v; want 181437, 3, true", len(d.Distances), d.Optimal, d.Found)
	}
	if d.Distances[0] != 3 || d.Depths[0] != 0 || d.Boards[0] != start.String() || len(d.Boards) != len(d.Distances) {
		t.Errorf("first step: %s, distance %d depth %d, want the start %s (3, 0)", d.Boards[0], d.Distances[0], d.Depths[0], start)
	}
	for _, i := range []int{1, 1000, len(d.Boards) - 1} {
		b, err := statespace.Parse(d.Boards[i], sh3x3)
		if err != nil || fixture.Dist(t, tab, b) != d.Distances[i] {
			t.Errorf("step %d: board %s (%v) is not at distance %d", i+1, d.Boards[i], err, d.Distances[i])
		}
	}
	// Nothing deeper than the deepest frontier node is expanded, and that
	// node's parent, at 66124, was expanded to generate it.
	if m := slices.Max(d.Depths); m > 66125 || m < 66124 {
		t.Errorf("deepest expansion at depth %d, want 66124 or 66125", m)
	}
	for i, dist := range d.Distances {
		if dist < 1 || dist > 31 {
			t.Fatalf("step %d: distance %d outside 1…31 (the goal is never expanded)", i, dist)
		}
	}
}

func TestMeasureDFSBlowup(t *testing.T) {
	tab := tableFor(t, statespace.GoalLast(sh2x3))
	d, err := MeasureDFSBlowup(context.Background(), DFSBlowupConfig{Table: tab, Distances: []int{1, 5, 21}, N: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 3*2 || d.States != 360 {
		t.Fatalf("%d runs, %d states", len(d.Runs), d.States)
	}
	for i, r := range d.Runs {
		// Graph DFS finds a path on a finite space and expands each state at
		// most once; a path is never shorter than optimal and has the same
		// parity.
		if !r.Found || r.PathLen < r.Optimal || (r.PathLen-r.Optimal)%2 != 0 || r.Expanded < 1 || r.Expanded > 360 {
			t.Errorf("run %d: %+v", i, r)
		}
		// The board listed is one at the run's optimal distance.
		b, err := statespace.Parse(r.Board, sh2x3)
		if err != nil || fixture.Dist(t, tab, b) != r.Optimal {
			t.Errorf("run %d: board %q (%v) is not at distance %d", i, r.Board, err, r.Optimal)
		}
	}
}

// manhattan is an independent Manhattan distance: for every tile, rows
// plus columns between its cell and its goal cell.
func manhattan(b, goal statespace.Board) int {
	sh := b.Shape()
	sum := 0
	for c := range b.Cells() {
		t := b.Tile(c)
		if t == 0 {
			continue
		}
		g := goal.Find(t)
		sum += absInt(sh.Row(c)-sh.Row(g)) + absInt(sh.Col(c)-sh.Col(g))
	}
	return sum
}

func absInt(x int) int { return max(x, -x) }

func TestMeasureHeuristicCountsEveryState(t *testing.T) {
	goal := statespace.GoalLast(sh3x3)
	tab := tableFor(t, goal)
	d, err := MeasureHeuristic(context.Background(), tab, pdb.NewManhattan(goal), "manhattan", "Manhattan", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Independent count: every state through the test's own Manhattan.
	want := make([][]uint64, tab.Radius()+1)
	sp := tab.Space()
	for r := range sp.Size() {
		b := sp.Unrank(r)
		dist, h := tab.DistanceAt(r), manhattan(b, goal)
		for len(want[dist]) <= h {
			want[dist] = append(want[dist], 0)
		}
		want[dist][h]++
	}
	if fmt.Sprint(d.Counts) != fmt.Sprint(want) {
		t.Errorf("counts differ:\n%v\nwant\n%v", d.Counts, want)
	}

	// The exact table as a heuristic puts every state on the diagonal, in
	// the numbers of OEIS A089473 (via the table's counts).
	d, err = MeasureHeuristic(context.Background(), tab, pdb.Exact(tab), "exact", "exact", nil)
	if err != nil {
		t.Fatal(err)
	}
	for dist, row := range d.Counts {
		for h, n := range row {
			if (h == dist) != (n > 0) || (h == dist && n != tab.Counts()[dist]) {
				t.Errorf("exact: %d states at d=%d h=%d", n, dist, h)
			}
		}
	}
}

func TestMeasureClimberOnShortMixes(t *testing.T) {
	goal := statespace.GoalLast(sh3x3)
	tab := tableFor(t, goal)
	d, err := MeasureClimber(context.Background(), ClimberConfig{Table: tab, Mixes: []int{0, 1, 2}, Runs: 30, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Series) != len(climberReadings) || len(d.Reported) != 2 || d.ReportedMoves != 240 {
		t.Fatalf("%+v", d)
	}
	for i, s := range d.Series {
		if s.Label != climberReadings[i].String() || len(s.Rows) != 3 {
			t.Fatalf("series %d: %q, %d rows", i, s.Label, len(s.Rows))
		}
		// 0 mixing moves: the goal itself, solved in 0 moves.
		if r := s.Rows[0]; r.Solved != 30 || r.MeanMoves != 0 || r.MeanOptimal != 0 {
			t.Errorf("%s, mix 0: %+v", s.Label, r)
		}
		// 1 mixing move: one move from the goal. Moving the tile back puts
		// every tile in place, the highest gain score there is under either
		// score, so the climber solves it in one move.
		if r := s.Rows[1]; r.Solved != 30 || r.MeanMoves != 1 || r.MeanOptimal != 1 {
			t.Errorf("%s, mix 1: %+v", s.Label, r)
		}
		// 2 mixing moves: distance 0 or 2, so the mean is in [0, 2], the
		// same boards for every reading.
		if r := s.Rows[2]; r.MeanOptimal < 0 || r.MeanOptimal > 2 || r.MeanOptimal != d.Series[0].Rows[2].MeanOptimal {
			t.Errorf("%s, mix 2: %+v", s.Label, r)
		}
	}
}

func TestStripIsAnOptimalPath(t *testing.T) {
	goal := statespace.GoalLast(sh3x3)
	tab := tableFor(t, goal)
	// The notebook's "Hard" preset, one of the two 31-move positions
	// (OEIS A089473, reference README).
	start := statespace.MustBoard(sh3x3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	s, err := Strip(tab, start, 12)
	if err != nil {
		t.Fatal(err)
	}
	end, bad := start.ApplyAll(s.Path)
	if len(s.Path) != 31 || bad >= 0 || end != goal {
		t.Errorf("path of %d moves ends at %s (illegal at %d)", len(s.Path), end, bad)
	}
	unsolvable := statespace.MustBoard(sh3x3, 2, 8, 3, 1, 6, 4, 7, 0, 5) // the notebook's "Easy" preset
	if _, err := Strip(tab, unsolvable, 12); err == nil {
		t.Error("an unsolvable board gave a strip")
	}
}

func BenchmarkMeasureHeuristic(b *testing.B) {
	goal := statespace.GoalLast(sh3x3)
	tab := tableFor(b, goal)
	h := pdb.NewLinearConflict(goal)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MeasureHeuristic(context.Background(), tab, h, "lc", "lc", nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tab.States()), "ns/state")
}
