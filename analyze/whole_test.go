package analyze

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// TestPredictWholeEveryBoard runs PredictWhole from every board of 2x3
// and 3x3 on Manhattan distance: each bound's mean must equal KRE's
// prediction (the formula is exact there, see
// TestKREExactForWholeIterations) and the mean of the plain recursive
// wholeIteration over every board, and Within and Largest their recount.
func TestPredictWholeEveryBoard(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		shape  statespace.Shape
		lo, hi int
	}{{statespace.Shape{Rows: 2, Cols: 3}, 0, 14}, {statespace.Shape{Rows: 3, Cols: 3}, 6, 13}} {
		goal := statespace.GoalLast(c.shape)
		p, err := PredictWhole(ctx, WholeConfig{Goal: goal, Heuristic: "manhattan", MinBound: c.lo, MaxBound: c.hi})
		if err != nil {
			t.Fatal(err)
		}
		boards := map[statespace.Board]int{}
		for b := range mapBFS(goal) {
			boards[b] = 1
		}
		if !p.Every || p.Boards != len(boards) || p.Engine != "solver" || p.Dist != DistExact || len(p.Bounds) != c.hi-c.lo+1 {
			t.Fatalf("%s: every %v, %d boards (want %d), engine %q, dist %q, %d bounds", c.shape, p.Every, p.Boards, len(boards), p.Engine, p.Dist, len(p.Bounds))
		}
		checkWhole(t, p, boards, 1e-9)
	}
}

// checkWhole checks each bound of p against the plain recursive count
// over boards (p's boards, in any order): the mean to within tol
// relative, Within, Largest, the standard error (when p's boards were
// drawn) and KRE's mean from PredictKRE over the same boards; with every
// board counted, also the mean against KRE's prediction.
func checkWhole(t *testing.T, p *WholePrediction, boards map[statespace.Board]int, tol float64) {
	t.Helper()
	ctx := context.Background()
	sp := statespace.MustSpace(p.Goal)
	hs, err := NewHeuristics(ctx, p.Goal, []string{p.Heuristic})
	if err != nil {
		t.Fatal(err)
	}
	h := hs[0]
	dist, _, _, err := kreDistribution(ctx, sp, h, p.Dist, p.Samples, 0)
	if err != nil {
		t.Fatal(err)
	}
	bf := NewBruteForce(p.Goal.Shape())
	close := func(a, b float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }
	var nonzero bool
	for _, wb := range p.Bounds {
		var sum, kre float64
		var within int
		var largest uint64
		var xs []float64
		for b, copies := range boards {
			x := wholeIteration(b, h.H, wb.Bound, 0, statespace.Move(0), false)
			k := PredictKRE(bf.CellLevels(b.Blank(), wb.Bound), dist, wb.Bound)
			for range copies {
				sum += float64(x)
				kre += k
				xs = append(xs, float64(x))
				largest = max(largest, x)
				if h.H.Distance(b) <= wb.Bound {
					within++
				}
			}
		}
		n := float64(len(xs))
		mean := sum / n
		var se float64
		if !p.Every {
			var ss float64
			for _, x := range xs {
				ss += (x - mean) * (x - mean)
			}
			se = math.Sqrt(ss / (n - 1) / n)
		}
		if !close(wb.Measured, mean) || wb.Within != within || wb.Largest != largest || !close(wb.StdErr, se) || !close(wb.Predicted, kre/n) {
			t.Errorf("%s %s bound %d: mean %.6f within %d largest %d s.e. %.6f KRE %.6f; recount %.6f, %d, %d, %.6f, %.6f",
				p.Goal.Shape(), p.Heuristic, wb.Bound, wb.Measured, wb.Within, wb.Largest, wb.StdErr, wb.Predicted, mean, within, largest, se, kre/n)
		}
		if p.Every && h.md != nil && !close(wb.Measured, wb.Predicted) {
			t.Errorf("%s bound %d over every board: whole iterations expand %.6f, KRE predicts %.6f", p.Goal.Shape(), wb.Bound, wb.Measured, wb.Predicted)
		}
		nonzero = nonzero || wb.Largest > 1 && wb.Within < len(xs)
	}
	if !nonzero {
		t.Errorf("%s %s: no bound both had boards above it and went past a root", p.Goal.Shape(), p.Heuristic)
	}
}

// TestPredictWholeDrawn checks PredictWhole on boards drawn uniformly
// against the plain recursive count on the same boards (Sampler's, with
// Predict's seed): package solver's engine on Manhattan distance (3x3,
// 3x4, 4x4 with its exact distribution) and on pattern databases with the
// reflection lookup (3x3), and the recursive counter on misplaced tiles.
func TestPredictWholeDrawn(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		shape  statespace.Shape
		h      string
		random int
		lo, hi int
		engine string
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, "manhattan", 200, 10, 18, "solver"},
		{statespace.Shape{Rows: 3, Cols: 3}, "pdb:1,2,3,4/5,6,7,8", 200, 12, 18, "solver"},
		{statespace.Shape{Rows: 3, Cols: 3}, "misplaced", 100, 3, 8, "recursive"},
		{statespace.Shape{Rows: 4, Cols: 4}, "manhattan", 40, 28, 34, "solver"},
		// Counting 3x4's distribution over its 239,500,800 boards takes
		// a minute or two, twice.
		{statespace.Shape{Rows: 3, Cols: 4}, "manhattan", 40, 16, 21, "long"},
	} {
		if c.engine == "long" {
			if os.Getenv("TILESPACE_LONG") == "" {
				continue
			}
			c.engine = "solver"
		}
		start := time.Now()
		goal := statespace.GoalLast(c.shape)
		const seed = 7
		p, err := PredictWhole(ctx, WholeConfig{Goal: goal, Heuristic: c.h, Random: c.random, Seed: seed, MinBound: c.lo, MaxBound: c.hi})
		if err != nil {
			t.Fatal(err)
		}
		if p.Every || p.Boards != c.random || p.Engine != c.engine {
			t.Fatalf("%s %s: every %v, %d boards, engine %q", c.shape, c.h, p.Every, p.Boards, p.Engine)
		}
		draw := Sampler(statespace.MustSpace(goal), seed^0x72616e646f6d)
		boards := map[statespace.Board]int{}
		for i := range c.random {
			boards[draw(uint64(i))]++
		}
		checkWhole(t, p, boards, 1e-12)
		t.Logf("%s %s: %v", c.shape, c.h, time.Since(start))
	}
}

// TestPredictWholeDefaultsAndErrors checks the default bounds (the
// boards' mean value, rounded, ± 4) and the typed errors.
func TestPredictWholeDefaultsAndErrors(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	p, err := PredictWhole(ctx, WholeConfig{Goal: goal, Heuristic: "manhattan", Random: 50, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	draw := Sampler(statespace.MustSpace(goal), 3^0x72616e646f6d)
	var sum float64
	for i := range 50 {
		sum += float64(statespaceManhattan(goal, draw(uint64(i))))
	}
	mid := int(math.Round(sum / 50))
	if p.MeanH != sum/50 || len(p.Bounds) != 9 || p.Bounds[0].Bound != mid-4 || p.Bounds[8].Bound != mid+4 {
		t.Errorf("default bounds: mean h %v (want %v), %d bounds from %d", p.MeanH, sum/50, len(p.Bounds), p.Bounds[0].Bound)
	}
	var bad *BoundsError
	if _, err := PredictWhole(ctx, WholeConfig{Goal: goal, Heuristic: "manhattan", MinBound: 9, MaxBound: 8}); !errors.As(err, &bad) {
		t.Errorf("bounds 9-8: %v, want a BoundsError", err)
	}
	var big *TooBigError
	g4 := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	if _, err := PredictWhole(ctx, WholeConfig{Goal: g4, Heuristic: "manhattan"}); !errors.As(err, &big) {
		t.Errorf("every 4x4 board: %v, want a TooBigError", err)
	}
}

// statespaceManhattan is Manhattan distance recomputed from the tiles'
// rows and columns.
func statespaceManhattan(goal, b statespace.Board) int {
	sh := goal.Shape()
	d := 0
	for c := 0; c < sh.Cells(); c++ {
		if t := b.Tile(c); t != 0 {
			g := goal.Find(t)
			d += abs(sh.Row(c)-sh.Row(g)) + abs(sh.Col(c)-sh.Col(g))
		}
	}
	return d
}
