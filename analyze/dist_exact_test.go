package analyze

import (
	"context"
	"os"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// ManhattanDistribution's dynamic programme against the count over every
// board (NewCellDistribution, which unranks each board of the space and
// evaluates pdb.Manhattan) on 2x3, 2x4, 3x3 and, with TILESPACE_LONG=1,
// 3x4, for the goals last and first and one with the blank inside.
func TestManhattanDistributionIsTheCount(t *testing.T) {
	shapes := []statespace.Shape{{Rows: 2, Cols: 3}, {Rows: 2, Cols: 4}, {Rows: 3, Cols: 3}, {Rows: 3, Cols: 2}}
	if os.Getenv("TILESPACE_LONG") == "1" {
		shapes = append(shapes, statespace.Shape{Rows: 3, Cols: 4})
	}
	ctx := context.Background()
	for _, sh := range shapes {
		mid := make([]int, sh.Cells())
		for c := range mid {
			mid[c] = (c + 1) % sh.Cells() // tiles 1 … n−1, the blank last …
		}
		mid[sh.Cells()-1], mid[sh.Cells()/2] = mid[sh.Cells()/2], 0 // … moved to the middle
		for _, goal := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh), statespace.MustBoard(sh, mid...)} {
			got, err := ManhattanDistribution(ctx, goal)
			if err != nil {
				t.Fatal(err)
			}
			want, err := NewCellDistribution(ctx, statespace.MustSpace(goal), Heuristic{Name: "manhattan", H: pdb.NewManhattan(goal)})
			if err != nil {
				t.Fatal(err)
			}
			for c := range want.Count {
				if got.Total[c] != want.Total[c] {
					t.Fatalf("%s goal %s cell %d: %d boards, counted %d", sh, goal, c, got.Total[c], want.Total[c])
				}
				for v := range want.Count[c] {
					if got.Count[c][v] != want.Count[c][v] {
						t.Fatalf("%s goal %s cell %d value %d: %d boards, counted %d", sh, goal, c, v, got.Count[c][v], want.Count[c][v])
					}
				}
			}
		}
	}
}

// On 4x4 every cell holds 15!/2 boards, and the whole distribution is
// symmetric: the goal's blank in a corner, the reflection about the
// main diagonal maps the boards with the blank in cell c to those with
// it in c's image, Manhattan distance unchanged.
func TestManhattanDistribution15(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	d, err := ManhattanDistribution(context.Background(), goal)
	if err != nil {
		t.Fatal(err)
	}
	const half15 = 1307674368000 / 2
	cells, _, _ := pdb.Reflection(goal)
	for c := range d.Count {
		if d.Total[c] != half15 {
			t.Errorf("cell %d: %d boards, want 15!/2 = %d", c, d.Total[c], uint64(half15))
		}
		for v := range d.Count[c] {
			if d.Count[c][v] != d.Count[cells[c]][v] {
				t.Fatalf("cell %d value %d: %d boards, its mirror cell %d %d", c, v, d.Count[c][v], cells[c], d.Count[cells[c]][v])
			}
		}
	}
	if _, err := ManhattanDistribution(context.Background(), statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})); err == nil {
		t.Error("5x5 accepted")
	}
}
