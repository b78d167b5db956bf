package analyze

import (
	"context"
	"math/bits"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// MaxPlacementCells bounds the cells ManhattanDistribution takes: its
// table has an entry per set of cells.
const MaxPlacementCells = 16

// ManhattanDistribution returns the exact distribution of Manhattan
// distance by the blank's cell over every board that reaches goal, on
// boards of at most MaxPlacementCells cells (the 15-puzzle's
// 10,461,394,944,000 boards among them), without visiting a board.
//
// It is a dynamic programme over the tiles placed in order 1, 2, …: a
// state is the set of cells taken so far, the sum of the placed tiles'
// grid distances and the parity of their inversions. Placing tile t on a
// free cell c adds t's distance from c to its goal cell and, since every
// tile placed before is smaller, one inversion per taken cell after c.
// The blank, the smallest label, goes last on the one cell b left, below
// every other tile's cell except the b cells before it: b inversions
// more. A move swaps the blank with a tile, which flips both the
// permutation's parity and the parity of the blank's row plus column, so
// the boards that reach goal are those whose sum of the two parities is
// the goal's: the programme keeps that half.
func ManhattanDistribution(ctx context.Context, goal statespace.Board) (*CellDistribution, error) {
	sh := goal.Shape()
	n := sh.Cells()
	if n > MaxPlacementCells {
		return nil, &CellsError{Shape: sh, Max: MaxPlacementCells, What: "the exact distribution of Manhattan distance"}
	}
	md := manhattanTable(goal)
	top := 0 // the largest sum
	for t := 1; t < n; t++ {
		top += maxOf2(md[t])
	}
	width := top + 1
	// cnt[(set*width+sum)*2+parity]
	cnt := make([]uint64, (1<<n)*width*2)
	cnt[0] = 1
	full := uint32(1)<<n - 1
	for set := uint32(0); set < full; set++ {
		k := bits.OnesCount32(set)
		if k == n-1 {
			continue // every tile placed: only the blank's cell is free
		}
		if set&0xfff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t := k + 1
		row := cnt[int(set)*width*2 : (int(set)+1)*width*2]
		for sum := 0; sum < width; sum++ {
			for par := 0; par < 2; par++ {
				x := row[sum*2+par]
				if x == 0 {
					continue
				}
				for free := full &^ set; free != 0; free &= free - 1 {
					c := bits.TrailingZeros32(free)
					after := bits.OnesCount32(set >> (c + 1))
					to := int(set|1<<c)*width*2 + (sum+md[t][c])*2 + (par+after)&1
					cnt[to] += x
				}
			}
		}
	}
	want := (inversions(goal) + sh.Row(goal.Blank()) + sh.Col(goal.Blank())) & 1
	d := &CellDistribution{Count: make([][]uint64, n), Total: make([]uint64, n)}
	for b := 0; b < n; b++ {
		d.Count[b] = make([]uint64, MaxValue)
		set := full &^ (1 << b)
		for sum := 0; sum < width; sum++ {
			for par := 0; par < 2; par++ {
				if (par+b+sh.Row(b)+sh.Col(b))&1 == want {
					x := cnt[(int(set)*width+sum)*2+par]
					d.Count[b][sum] += x
					d.Total[b] += x
				}
			}
		}
	}
	return d, nil
}

// inversions counts the pairs of cells whose labels (the blank 0) are in
// decreasing order.
func inversions(b statespace.Board) int {
	n := b.Cells()
	inv := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if b.Tile(i) > b.Tile(j) {
				inv++
			}
		}
	}
	return inv
}

func maxOf2(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// CellsError reports a shape with more cells than a computation takes.
type CellsError struct {
	Shape statespace.Shape
	Max   int
	What  string
}

// Kind is errkind.Shape.
func (*CellsError) Kind() errkind.Kind { return errkind.Shape }

func (e *CellsError) Error() string {
	return e.Shape.String() + ": " + e.What + " is computed for boards of at most " + itoa(e.Max) + " cells"
}
