package analyze

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// TestTextbookDeep: on 3x3, each cell of TextbookDeep's table is the
// mean, quartiles and b* of what search.IDAStar generates on the boards
// the same draw gives, for heuristics searched by package solver's
// engine (Manhattan distance, databases) and by search.IDAStar (linear
// conflict).
func TestTextbookDeep(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	cfg := DeepConfig{Goal: goal, Depths: []int{8, 15, 22}, N: 7, Seed: 5, BFSDepth: 31,
		Algorithms: []string{"ida:manhattan", "ida:linear-conflict", "ida:pdb:1,2,3,4/5,6,7,8"}, MaxTime: time.Hour}
	rows, err := TextbookDeep(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range cfg.Depths {
		bs, _, err := DrawAtDistance(context.Background(), DrawConfig{Goal: goal, Distance: d, N: cfg.N, Seed: cfg.Seed + uint64(d), BFSDepth: cfg.BFSDepth})
		if err != nil {
			t.Fatal(err)
		}
		for j, name := range cfg.Algorithms {
			h := mustHeuristic(t, goal, name[len("ida:"):])
			var gen []float64
			for _, b := range bs {
				p := search.Problem{Start: b, Goal: goal, Limits: search.Limits{MaxExpanded: math.MaxInt64, MaxTime: time.Hour, MaxBytes: 1 << 30}}
				res, err := search.IDAStar(context.Background(), p, h.H)
				if err != nil || len(res.Path) != d {
					t.Fatalf("%s at %d: %v, length %d", b, d, err, len(res.Path))
				}
				gen = append(gen, float64(res.Generated))
			}
			slices.Sort(gen)
			sum := 0.0
			for _, g := range gen {
				sum += g
			}
			c := rows[i].Cells[j]
			// 7 boards: the quartiles fall on the 2nd and 6th, at 1.5 and 4.5 by NumPy's rule.
			q1, q3 := (gen[1]+gen[2])/2, (gen[4]+gen[5])/2
			if c.Boards != 7 || c.Mean != sum/7 || c.Median != gen[3] || c.Q1 != q1 || c.Q3 != q3 || c.BStar != EffectiveBranching(sum/7, d) {
				t.Errorf("depth %d %s: %+v; IDA* generated %v", d, name, c, gen)
			}
		}
	}
}
