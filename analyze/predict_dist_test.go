package analyze

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Each source of KRE's distribution gives Predict the prediction that
// PredictKRE gives with that distribution computed on its own, over the
// same boards and bounds; the source is the one asked for, or the first
// that applies.
func TestPredictDistSources(t *testing.T) {
	ctx := context.Background()
	g3 := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	g4 := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	rng := rand.New(rand.NewPCG(8, 9))
	var walks []statespace.Board
	for range 6 {
		walks = append(walks, statespace.Walk(rng, g4, 40, statespace.NoReverse))
	}
	type own func(sp *statespace.Space, h Heuristic) (*CellDistribution, error)
	databases := func(sp *statespace.Space, h Heuristic) (*CellDistribution, error) {
		a, ok := h.dbs, h.dbs != nil
		if !ok {
			var err error
			if a, err = ManhattanDatabases(ctx, sp.Goal()); err != nil {
				return nil, err
			}
		}
		return DatabaseDistribution(ctx, a)
	}
	cases := []struct {
		goal    statespace.Board
		h, dist string
		boards  []statespace.Board
		want    string // the source used
		own     own
	}{
		{g3, "manhattan", "", nil, DistExact, func(sp *statespace.Space, h Heuristic) (*CellDistribution, error) {
			return NewCellDistribution(ctx, sp, h)
		}},
		{g3, "pdb:1,2,3,4/5,6,7,8", DistDatabases, nil, DistDatabases, databases},
		{g3, "linear-conflict", DistSamples, nil, DistSamples, func(sp *statespace.Space, h Heuristic) (*CellDistribution, error) {
			return SampleCellDistribution(ctx, sp, h, 5000, 1)
		}},
		{g4, "manhattan", "", walks, DistExact, func(sp *statespace.Space, _ Heuristic) (*CellDistribution, error) {
			return ManhattanDistribution(ctx, sp.Goal())
		}},
		{g4, "manhattan", DistDatabases, walks, DistDatabases, databases},
		{g4, "pdb:1,2,3,4,5/6,7,8,9,10/11,12,13,14,15", "", walks, DistDatabases, databases},
	}
	for _, c := range cases {
		var runs []BoardRun
		cfg := PredictConfig{Goal: c.goal, Heuristic: c.h, Dist: c.dist, Boards: c.boards, Random: 30, Seed: 1, Samples: 5000,
			OnRun: func(r BoardRun) error { runs = append(runs, r); return nil }}
		if c.boards != nil {
			cfg.Random = 0
		}
		p, err := Predict(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p.Dist != c.want {
			t.Errorf("%s on %s, -dist %q: source %q, want %q", c.h, c.goal.Shape(), c.dist, p.Dist, c.want)
		}
		sp := statespace.MustSpace(c.goal)
		hs, err := NewHeuristics(ctx, c.goal, []string{c.h})
		if err != nil {
			t.Fatal(err)
		}
		d, err := c.own(sp, hs[0])
		if err != nil {
			t.Fatal(err)
		}
		bf := NewBruteForce(c.goal.Shape())
		var sum float64
		for _, r := range runs {
			b, err := statespace.Parse(r.Board, c.goal.Shape())
			if err != nil {
				t.Fatal(err)
			}
			cl := bf.CellLevels(b.Blank(), r.Bounds[len(r.Bounds)-1])
			for _, bound := range r.Bounds {
				sum += PredictKRE(cl, d, bound)
			}
		}
		if want := sum / float64(len(runs)); !close(p.Predicted, want) || len(runs) != p.Boards {
			t.Errorf("%s on %s, source %s: KRE %v over %d boards; with the distribution on its own %v over %d", c.h, c.goal.Shape(), p.Dist, p.Predicted, p.Boards, want, len(runs))
		}
	}
}

// SampleCellDistribution counts the boards Sampler draws.
func TestSampleCellDistributionRecount(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	sp := statespace.MustSpace(goal)
	h := Heuristic{Name: "manhattan", H: pdb.NewManhattan(goal)}
	d, err := SampleCellDistribution(context.Background(), sp, h, 3000, 5)
	if err != nil {
		t.Fatal(err)
	}
	draw := Sampler(sp, 5)
	want := make([][]uint64, 16)
	for c := range want {
		want[c] = make([]uint64, MaxValue)
	}
	for i := range uint64(3000) {
		b := draw(i)
		want[b.Blank()][h.H.Distance(b)]++
	}
	for c := range want {
		for v := range want[c] {
			if d.Count[c][v] != want[c][v] {
				t.Fatalf("cell %d value %d: %d sampled, recount %d", c, v, d.Count[c][v], want[c][v])
			}
		}
	}
}
