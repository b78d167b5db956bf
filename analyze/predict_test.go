package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// With a heuristic that is 0 everywhere every node within the bound is
// expanded, so the prediction is exact for every iteration but the last.
func TestPredictKREExactForZero(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	sp := statespace.MustSpace(goal)
	h := Heuristic{Name: "zero", H: zero{}}
	dist, err := NewCellDistribution(ctx, sp, h)
	if err != nil {
		t.Fatal(err)
	}
	bf := NewBruteForce(goal.Shape())
	for b, d := range mapBFS(goal) {
		if d == 0 || d > 14 {
			continue
		}
		bounds, exp, err := IterationExpansions(ctx, b, goal, h)
		if err != nil {
			t.Fatal(err)
		}
		if len(bounds) != d+1 {
			t.Fatalf("%s at %d: %d iterations", b, d, len(bounds))
		}
		cl := bf.CellLevels(b.Blank(), d)
		for i, bound := range bounds[:d] {
			if got := PredictKRE(cl, dist, bound); got != float64(exp[i]) {
				t.Fatalf("%s bound %d: predicted %v, expanded %d", b, bound, got, exp[i])
			}
		}
	}
}

func TestCellLevelsSumToLevels(t *testing.T) {
	s := statespace.Shape{Rows: 3, Cols: 4}
	bf := NewBruteForce(s)
	for cell := 0; cell < s.Cells(); cell++ {
		want, _ := bf.Levels(cell, 20)
		for i, row := range bf.CellLevels(cell, 20) {
			var sum float64
			for _, x := range row {
				sum += x
			}
			if sum != float64(want[i]) {
				t.Fatalf("cell %d depth %d: %v nodes by cell, %d in all", cell, i, sum, want[i])
			}
		}
	}
}

func TestCellDistributionRecount(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp := statespace.MustSpace(goal)
	h := Heuristic{Name: "linear-conflict", H: pdb.NewLinearConflict(goal)}
	d, err := NewCellDistribution(context.Background(), sp, h)
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]uint64, 9)
	for c := range want {
		want[c] = make([]uint64, MaxValue)
	}
	for b := range mapBFS(goal) {
		want[b.Blank()][h.H.Distance(b)]++
	}
	for c := range want {
		for v, n := range want[c] {
			if d.Count[c][v] != n {
				t.Fatalf("cell %d value %d: %d boards, want %d", c, v, d.Count[c][v], n)
			}
		}
	}
}

// TestPredictMeasuredIsIDAStar checks Predict's measured mean against
// search.IDAStar's own Expanded counter on every board at depth 12.
func TestPredictMeasuredIsIDAStar(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	p, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: "manhattan", Depth: 12})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	n := 0
	for b, d := range mapBFS(goal) {
		if d != 12 {
			continue
		}
		r, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: goal}, pdb.NewManhattan(goal))
		if err != nil || !r.Found {
			t.Fatal(err)
		}
		sum += float64(r.Expanded)
		n++
	}
	if p.Boards != n || !close(p.Measured, sum/float64(n)) {
		t.Errorf("%d boards, mean %v expanded; IDA* itself: %d, %v", p.Boards, p.Measured, n, sum/float64(n))
	}
	var perIter float64
	for _, it := range p.Iterations {
		perIter += it.Measured * float64(it.Boards)
	}
	if !close(perIter/float64(n), p.Measured) {
		t.Errorf("iterations add up to %v, total %v", perIter/float64(n), p.Measured)
	}
}
