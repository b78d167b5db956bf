package analyze

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// TestEffectiveBranching checks the definition on a tree it fits exactly
// and on Russell & Norvig's worked example (AIMA, §3.6.1 in the 3rd
// edition): 52 nodes at depth 5 give b* = 1.92.
func TestEffectiveBranching(t *testing.T) {
	if b := EffectiveBranching(6, 2); math.Abs(b-2) > 1e-9 {
		t.Errorf("6 nodes at depth 2: b* = %v, want 2", b)
	}
	if b := EffectiveBranching(52, 5); math.Round(b*100)/100 != 1.92 {
		t.Errorf("52 nodes at depth 5: b* = %v, want 1.92", b)
	}
	if b := EffectiveBranching(0, 3); !math.IsNaN(b) {
		t.Errorf("no nodes: b* = %v, want NaN", b)
	}
}

// TestTextbookMatchesSearches recomputes the table of 2x3 (to depth 14)
// and 3x3 (to depth 10) by running the searches on the boards of a
// map-based breadth-first search, and iterative deepening as IDA* on a
// heuristic that is 0 everywhere.
func TestTextbookMatchesSearches(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		goal     statespace.Board
		maxDepth int
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), 14},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), 10},
	} {
		algs := []string{"ids", "astar:misplaced", "astar:manhattan", "ida:manhattan", "ids-book"}
		tb, err := Textbook(ctx, TextbookConfig{Goal: c.goal, Algorithms: algs, MaxDepth: c.maxDepth})
		if err != nil {
			t.Fatal(err)
		}
		dist := mapBFS(c.goal)
		byDepth := map[int][]statespace.Board{}
		for b, d := range dist {
			byDepth[d] = append(byDepth[d], b)
		}
		hs := []pdb.Heuristic{zero{}, pdb.NewMisplaced(c.goal), pdb.NewManhattan(c.goal), pdb.NewManhattan(c.goal), nil}
		for _, row := range tb.Rows {
			if int(row.Boards) != len(byDepth[row.Depth]) {
				t.Errorf("%s depth %d: %d boards, want %d", c.goal.Shape(), row.Depth, row.Boards, len(byDepth[row.Depth]))
			}
			for a, cell := range row.Cells {
				var gen []float64
				for _, b := range byDepth[row.Depth] {
					p := search.Problem{Start: b, Goal: c.goal, Limits: search.Limits{MaxTime: time.Hour}}
					if a == 4 {
						gen = append(gen, float64(plainIDS(b, c.goal)))
						continue
					}
					var r search.Result
					if a == 1 || a == 2 {
						r, err = search.AStar(ctx, p, hs[a])
					} else {
						r, err = search.IDAStar(ctx, p, hs[a])
					}
					if err != nil || !r.Found {
						t.Fatal(err)
					}
					gen = append(gen, float64(r.Generated))
				}
				slices.Sort(gen)
				var sum float64
				for _, g := range gen {
					sum += g
				}
				n := len(gen)
				median := (gen[(n-1)/2] + gen[n/2]) / 2
				if cell.Boards != n || !close(cell.Mean, sum/float64(n)) || cell.Median != median || float64(cell.Max) != gen[n-1] {
					t.Errorf("%s depth %d %s: %d boards mean %v median %v max %d; want %d, %v, %v, %v", c.goal.Shape(), row.Depth, cell.Algorithm,
						cell.Boards, cell.Mean, cell.Median, cell.Max, n, sum/float64(n), median, gen[n-1])
				}
				if b := cell.BStar; math.Abs(sumPowers(b, row.Depth)-(cell.Mean+1)) > 1e-6*cell.Mean {
					t.Errorf("%s depth %d %s: b* %v does not give %v nodes", c.goal.Shape(), row.Depth, cell.Algorithm, b, cell.Mean)
				}
			}
		}
	}
}

func sumPowers(b float64, d int) float64 {
	s := 0.0
	for i := 0; i <= d; i++ {
		s += math.Pow(b, float64(i))
	}
	return s
}

func TestPickBoardsSample(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp := statespace.MustSpace(goal)
	lv, err := Distances(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := pickBoards(sp, lv, 31, 5, 7)
	b := pickBoards(sp, lv, 31, 5, 7)
	other := pickBoards(sp, lv, 31, 5, 8)
	differs := false
	for d := 1; d <= 31; d++ {
		want := min(5, int(lv.Counts()[d]))
		if len(a[d]) != want || !slices.Equal(a[d], b[d]) {
			t.Fatalf("depth %d: %v and %v, want %d boards, the same twice", d, a[d], b[d], want)
		}
		differs = differs || !slices.Equal(a[d], other[d])
		for i, r := range a[d] {
			if lv.At(r) != d || i > 0 && a[d][i-1] == r {
				t.Fatalf("depth %d: rank %d is at %d or repeated", d, r, lv.At(r))
			}
		}
	}
	if !differs {
		t.Error("another seed draws the same boards")
	}
}

// The boards are searched once each, the first of each depth first, and
// Plan is told once the number of boards searched.
func TestTextbookPlan(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	calls, told := 0, 0
	var expected time.Duration
	tb, err := Textbook(context.Background(), TextbookConfig{Goal: goal, Algorithms: []string{"ids", "astar:manhattan"},
		Plan: func(boards int, e time.Duration) { calls, told, expected = calls+1, boards, e }})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, r := range tb.Rows {
		want += int(r.Boards)
	}
	if calls != 1 || told != want || expected <= 0 {
		t.Errorf("Plan called %d times, told %d boards and %v; want once, %d boards (every board but the goal) and a positive time", calls, told, expected, want)
	}
	boards := [][]uint64{nil, {1}, {2, 3}, {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}}
	jobs, planned := planJobs(boards)
	if planned != 1+2+PlanBoards || len(jobs) != 14 {
		t.Fatalf("%d jobs, %d planned; want 14, %d", len(jobs), planned, 1+2+PlanBoards)
	}
	seen := map[job]bool{}
	for k, j := range jobs {
		if seen[j] || j.i >= len(boards[j.d]) {
			t.Errorf("job %d: %+v repeated or out of range", k, j)
		}
		seen[j] = true
		if (k < planned) != (j.d < 3 || j.i%2 == 0 && j.i < 2*PlanBoards) { // 11 boards: 0, 2, 4, 6, 8
			t.Errorf("job %d: %+v, planned %v", k, j, k < planned)
		}
	}
}

// fitLine recovers a line through its points and never goes below 0.
func TestFitLine(t *testing.T) {
	a, b := fitLine([]float64{1, 2, 4, 8}, []float64{7, 9, 13, 21})
	if math.Abs(a-5) > 1e-9 || math.Abs(b-2) > 1e-9 {
		t.Errorf("fit of y = 5 + 2x: a %v, b %v", a, b)
	}
	if a, b := fitLine([]float64{1, 2, 3}, []float64{9, 5, 1}); b != 0 || a != 5 {
		t.Errorf("a falling line: a %v, b %v; want the mean 5 and slope 0", a, b)
	}
}
