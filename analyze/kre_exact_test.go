package analyze

import (
	"context"
	"math"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Korf, Reid & Edelkamp's prediction is exact in expectation for a
// consistent heuristic when the start is drawn uniformly among the boards
// with its blank's cell and the iteration runs whole (the goal does not
// end it): f never falls along a path, so a node within the bound has
// every ancestor within it, and a fixed sequence of moves maps the starts
// one to one onto the boards with the blank in the cell it ends in, so
// each node of the brute-force tree is such a board drawn uniformly. Here
// a plain depth-first count of whole iterations from every 2x3 and 3x3
// board, averaged by the start's blank cell, must equal the prediction
// from the exact distribution, for Manhattan distance (consistent).
func TestKREExactForWholeIterations(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		shape    statespace.Shape
		maxBound int
	}{{statespace.Shape{Rows: 2, Cols: 3}, 16}, {statespace.Shape{Rows: 3, Cols: 3}, 12}} {
		goal := statespace.GoalLast(c.shape)
		sp := statespace.MustSpace(goal)
		md := pdb.NewManhattan(goal)
		h := Heuristic{Name: "manhattan", H: md}
		dist, err := NewCellDistribution(ctx, sp, h)
		if err != nil {
			t.Fatal(err)
		}
		bf := NewBruteForce(c.shape)
		boards := mapBFS(goal)
		for bound := 0; bound <= c.maxBound; bound++ {
			sum := make([]float64, c.shape.Cells())
			n := make([]float64, c.shape.Cells())
			for b := range boards {
				sum[b.Blank()] += float64(fixture.WholeIteration(b, md, bound, 0, statespace.Move(0), false))
				n[b.Blank()]++
			}
			for cell := range sum {
				want := PredictKRE(bf.CellLevels(cell, bound), dist, bound)
				got := sum[cell] / n[cell]
				if math.Abs(got-want) > 1e-9*math.Max(1, want) {
					t.Errorf("%s bound %d, blank in cell %d: whole iterations expand %.6f on average, KRE predicts %.6f", c.shape, bound, cell, got, want)
				}
			}
		}
	}
}
