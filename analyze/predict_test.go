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
func TestPredictionsExactForZero(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	sp := statespace.MustSpace(goal)
	h := Heuristic{Name: "zero", H: zero{}}
	dist, err := NewCellDistribution(ctx, sp, h)
	if err != nil {
		t.Fatal(err)
	}
	cond, err := NewConditional(ctx, sp, h, 1)
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
			if got := PredictCDP(goal.Shape(), cond, b.Blank(), 0, bound); got != float64(exp[i]) {
				t.Fatalf("%s bound %d: CDP predicted %v, expanded %d", b, bound, got, exp[i])
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

func TestConditionalRecount(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp := statespace.MustSpace(goal)
	hs, err := NewHeuristics(context.Background(), goal, []string{"pdb:1,2,3,4/5,6,7,8"})
	if err != nil {
		t.Fatal(err)
	}
	h := hs[0]
	cd, err := NewConditional(context.Background(), sp, h, 32)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ cell, move, u, v int }
	count := map[key]uint64{}
	total := map[[3]int]uint64{}
	for b := range mapBFS(goal) {
		u := h.H.Distance(b)
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok {
				count[key{b.Blank(), int(m), u, h.H.Distance(c)}]++
				total[[3]int{b.Blank(), int(m), u}]++
			}
		}
	}
	for k, n := range count {
		want := float64(n) / float64(total[[3]int{k.cell, k.move, k.u}])
		if got := cd.P(k.cell, statespace.Move(k.move), k.u, k.v); !close(got, want) {
			t.Fatalf("%+v: %v, want %v", k, got, want)
		}
	}
	for c := 0; c < 9; c++ {
		for m := 0; m < 4; m++ {
			for u := 0; u < 32; u++ {
				var s float64
				for v := 0; v < 32; v++ {
					s += cd.P(c, statespace.Move(m), u, v)
				}
				if total[[3]int{c, m, u}] > 0 && !close(s, 1) || total[[3]int{c, m, u}] == 0 && s != 0 {
					t.Fatalf("cell %d move %d value %d: shares sum to %v", c, m, u, s)
				}
			}
		}
	}
}
