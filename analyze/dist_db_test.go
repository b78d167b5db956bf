package analyze

import (
	"context"
	"math"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// DatabaseDistribution against an independent count over boards: the
// share of pairs of boards (b, b′), both with the blank in cell c, whose
// first database's value on b plus the second's on b′ is at most x — the
// sum of the two as if independent — on 2x3 and on 3x3 (where the
// reflection lookup is left out), plain and zero-aware databases.
func TestDatabaseDistributionIsTheConvolution(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		goal statespace.Board
		part string
		zero bool
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), "1,2/3,4,5", false},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3}), "1,3,5/2,4", true},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), "1,2,3,4/5,6,7,8", false},
		{statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3}), "1,2,5/3,4,6,7,8", true},
	} {
		part, err := pdb.ParsePartition(c.part, c.goal)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = c.zero
		a, err := pdb.BuildPartition(ctx, c.goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DatabaseDistribution(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		dbs := a.PDBs()
		n := c.goal.Cells()
		// byCell[c][i][v]: boards with the blank in c whose database i has value v.
		byCell := make([][][]float64, n)
		total := make([]float64, n)
		for cell := range byCell {
			byCell[cell] = [][]float64{make([]float64, MaxValue), make([]float64, MaxValue)}
		}
		for b := range mapBFS(c.goal) {
			total[b.Blank()]++
			for i, p := range dbs {
				byCell[b.Blank()][i][p.Distance(b)]++
			}
		}
		sumAtMost := func(cell, x int) float64 {
			var s float64
			for u := 0; u <= x; u++ {
				for v := 0; u+v <= x; v++ {
					s += byCell[cell][0][u] * byCell[cell][1][v]
				}
			}
			return s / total[cell] / total[cell]
		}
		for cell := 0; cell < n; cell++ {
			for x := 0; x < 40; x++ {
				want := sumAtMost(cell, x)
				if g := got.AtMost(cell, x); math.Abs(g-want) > 1e-12 {
					t.Fatalf("%s goal %s cell %d: P(h ≤ %d) = %v, the boards' pairs give %v", c.part, statespace.GoalName(c.goal), cell, x, g, want)
				}
			}
		}
	}
}

// With a single pattern per tile (Manhattan distance as
// ManhattanDatabases) the databases' distribution is the convolution of the tiles' grid
// distances, each tile on a cell drawn uniformly from those the blank
// leaves: the mean is the sum of the tiles' mean distances, which is the
// exact mean too (the mean of a sum is the sum of the means, independent
// or not).
func TestDatabaseDistributionManhattanMean(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	a, err := ManhattanDatabases(ctx, goal)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DatabaseDistribution(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := ManhattanDistribution(ctx, goal)
	if err != nil {
		t.Fatal(err)
	}
	for cell := 0; cell < 16; cell++ {
		var mean, exactMean float64
		for v := 0; v < MaxValue; v++ {
			mean += float64(v) * (got.AtMost(cell, v) - got.AtMost(cell, v-1))
			exactMean += float64(v) * float64(exact.Count[cell][v]) / float64(exact.Total[cell])
		}
		if math.Abs(mean-exactMean) > 1e-9 {
			t.Errorf("cell %d: mean %v from the databases, %v exactly", cell, mean, exactMean)
		}
	}
}

// A maximum's distribution is its first group's, packed or not: the same
// numbers as that group's databases alone give, as built.
func TestDatabaseDistributionOfAMaximum(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3})
	build := func(text string) *pdb.Additive {
		part, err := pdb.ParsePartition(text, goal)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = true
		a, err := pdb.BuildPartition(ctx, goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	first := build("1,2,5/3,4,6,7,8")
	max := build("1,2,5/3,4,6,7,8|1,2,4/3,5,6,7,8")
	packed, err := max.Pack(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := DatabaseDistribution(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []*pdb.Additive{max, packed} {
		got, err := DatabaseDistribution(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		for cell := 0; cell < goal.Cells(); cell++ {
			for x := 0; x < 40; x++ {
				if g, w := got.AtMost(cell, x), want.AtMost(cell, x); g != w {
					t.Fatalf("packed %v, cell %d: P(h ≤ %d) = %v, the first group's %v", a.Packed(), cell, x, g, w)
				}
			}
		}
	}
}
