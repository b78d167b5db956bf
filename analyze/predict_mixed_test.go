package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// TestPredictRandomBoards checks the comparison over boards of mixed
// depths: the boards are Sampler's, their mean depth the exact one, the
// measured mean a plain recursive IDA*'s, and with the same boards given
// the figures are the same.
func TestPredictRandomBoards(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	const n = 50
	p, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: "manhattan", Random: n, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sp := statespace.MustSpace(goal)
	draw := Sampler(sp, 3^0x72616e646f6d)
	exact := mapBFS(goal)
	md := pdb.NewManhattan(goal)
	var boards []statespace.Board
	var depth, exp float64
	for i := range n {
		b := draw(uint64(i))
		boards = append(boards, b)
		e, l := plainIDAExpanded(b, goal, md.Distance)
		if l != exact[b] {
			t.Fatalf("%s: plain IDA* %d moves, distance %d", b, l, exact[b])
		}
		depth, exp = depth+float64(l), exp+float64(e)
	}
	if p.Boards != n || p.Depth != 0 || p.Drawn == "" || !close(p.MeanDepth, depth/n) || !close(p.Measured, exp/n) {
		t.Errorf("%d boards (depth %d, %q), mean depth %v, expanded %v; want %d, %v, %v", p.Boards, p.Depth, p.Drawn, p.MeanDepth, p.Measured, n, depth/n, exp/n)
	}
	q, err := Predict(ctx, PredictConfig{Goal: goal, Heuristic: "manhattan", Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	if q.Measured != p.Measured || q.Predicted != p.Predicted || q.PredictedCDP != p.PredictedCDP || len(q.Iterations) != len(p.Iterations) {
		t.Errorf("given the same boards: %+v\ndrawn: %+v", q, p)
	}
}

// TestSampledDistributions checks the estimated distributions against a
// plain recount over the same drawn boards, and that the draws are
// reachable boards.
func TestSampledDistributions(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp := statespace.MustSpace(goal)
	exact := mapBFS(goal)
	h := Heuristic{Name: "linear-conflict", H: pdb.NewLinearConflict(goal)}
	const n, seed = 5000, 9
	d, err := SampleCellDistribution(ctx, sp, h, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	const values = 40
	cd, err := SampleConditional(ctx, sp, h, values, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	draw := Sampler(sp, seed)
	want := map[[2]int]uint64{}
	wantCond := map[[4]int]uint64{}
	for i := range uint64(n) {
		b := draw(i)
		if _, ok := exact[b]; !ok {
			t.Fatalf("draw %d: %s is not reachable", i, b)
		}
		u := h.H.Distance(b)
		want[[2]int{b.Blank(), u}]++
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok {
				wantCond[[4]int{b.Blank(), int(m), u, h.H.Distance(c)}]++
			}
		}
	}
	var total uint64
	for c := range d.Count {
		for v, got := range d.Count[c] {
			if got != want[[2]int{c, v}] {
				t.Fatalf("cell %d value %d: %d, want %d", c, v, got, want[[2]int{c, v}])
			}
			total += got
		}
	}
	if total != n {
		t.Errorf("%d boards counted, want %d", total, n)
	}
	for k, c := range wantCond {
		var row uint64
		for v := range values {
			row += wantCond[[4]int{k[0], k[1], k[2], v}]
		}
		if got := cd.P(k[0], statespace.Move(k[1]), k[2], k[3]); !close(got, float64(c)/float64(row)) {
			t.Fatalf("%v: P %v, want %v", k, got, float64(c)/float64(row))
		}
	}
}
