package analyze

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
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
		if !p.CDP {
			t.Errorf("%s: no CDP, want it counted", c.shape)
		}
		checkWhole(t, p, boards, 1e-9)
	}
}

// checkWhole checks each bound of p against the plain recursive count
// over boards (p's boards, in any order): the mean to within tol
// relative, Within, Largest, the standard error (when p's boards were
// drawn), KRE's mean from PredictKRE and CDP's from PredictCDP over the
// same boards (its conditional distribution counted anew); with every
// board counted, also the mean against both predictions.
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
	var cond *Conditional
	if p.CDP {
		top := 0
		for b := range boards {
			top = max(top, h.H.Distance(b))
		}
		if cond, _, err = conditionalFor(ctx, sp, h, dist, p.Dist, 0, 0, top); err != nil || cond == nil {
			t.Fatal(err)
		}
	}
	bf := NewBruteForce(p.Goal.Shape())
	close := func(a, b float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }
	var nonzero bool
	for _, wb := range p.Bounds {
		var sum, kre, cdp float64
		kreMemo, cdpMemo := map[int]float64{}, map[[2]int]float64{} // by blank cell, by cell and value
		var within int
		var largest uint64
		var xs []float64
		for b, copies := range boards {
			x := fixture.WholeIteration(b, h.H, wb.Bound, 0, statespace.Move(0), false)
			k, ok := kreMemo[b.Blank()]
			if !ok {
				k = PredictKRE(bf.CellLevels(b.Blank(), wb.Bound), dist, wb.Bound)
				kreMemo[b.Blank()] = k
			}
			key := [2]int{b.Blank(), h.H.Distance(b)}
			c, ok := cdpMemo[key]
			if cond != nil && !ok {
				c = PredictCDP(p.Goal.Shape(), cond, key[0], key[1], wb.Bound)
				cdpMemo[key] = c
			}
			for range copies {
				cdp += c
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
		if !close(wb.PredictedCDP, cdp/n) {
			t.Errorf("%s %s bound %d: CDP %.6f, recount %.6f", p.Goal.Shape(), p.Heuristic, wb.Bound, wb.PredictedCDP, cdp/n)
		}
		if p.Every && h.md != nil && (!close(wb.Measured, wb.Predicted) || !close(wb.Measured, wb.PredictedCDP)) {
			t.Errorf("%s bound %d over every board: whole iterations expand %.6f, KRE predicts %.6f, CDP %.6f", p.Goal.Shape(), wb.Bound, wb.Measured, wb.Predicted, wb.PredictedCDP)
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
// reflection lookup (3x3), and the recursive counter on misplaced tiles;
// CDP beside them where its conditional distribution is counted (3x3, not
// 4x4, even with samples).
func TestPredictWholeDrawn(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		shape   statespace.Shape
		h       string
		random  int
		lo, hi  int
		engine  string
		samples uint64
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, "manhattan", 200, 10, 18, "solver", 0},
		{statespace.Shape{Rows: 3, Cols: 3}, "pdb:1,2,3,4/5,6,7,8", 200, 12, 18, "solver", 0},
		{statespace.Shape{Rows: 3, Cols: 3}, "misplaced", 100, 3, 8, "recursive", 0},
		{statespace.Shape{Rows: 4, Cols: 4}, "manhattan", 40, 28, 34, "solver", 0},
		{statespace.Shape{Rows: 4, Cols: 4}, "manhattan", 40, 28, 34, "solver", 20000},
		// Counting 3x4's distributions over its 239,500,800 boards takes
		// minutes.
		{statespace.Shape{Rows: 3, Cols: 4}, "manhattan", 40, 16, 21, "long", 0},
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
		p, err := PredictWhole(ctx, WholeConfig{Goal: goal, Heuristic: c.h, Random: c.random, Seed: seed, MinBound: c.lo, MaxBound: c.hi, Samples: c.samples})
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
		if p.CDP != (c.shape.Cells() <= 12) {
			t.Errorf("%s %s: CDP %v, want it where it is counted", c.shape, c.h, p.CDP)
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
	for _, sh := range []statespace.Shape{{Rows: 4, Cols: 4}, {Rows: 3, Cols: 4}} {
		var big *EveryBoardError
		if _, err := PredictWhole(ctx, WholeConfig{Goal: statespace.GoalFirst(sh), Heuristic: "manhattan"}); !errors.As(err, &big) {
			t.Errorf("every %s board: %v, want an EveryBoardError", sh, err)
		}
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
