package statespace

import (
	"slices"
	"testing"
)

// TestShapeGeometry checks Shape's geometry against a walk of the grid:
// coordinates and cells are inverse, a cell's neighbours are one step away,
// the Manhattan distance is the breadth-first distance on an empty board.
func TestShapeGeometry(t *testing.T) {
	for _, sh := range []Shape{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {2, 5}, {5, 5}} {
		n := sh.Cells()
		rows, cols := sh.Dims()
		if rows*cols != n || sh.Stride() != cols {
			t.Fatalf("%s: Dims %d, %d; Stride %d; Cells %d", sh, rows, cols, sh.Stride(), n)
		}
		for c := range n {
			r, col := sh.Coords(c)
			if !sh.Contains(r, col) || sh.Cell(r, col) != c || sh.Row(c) != r || sh.Col(c) != col {
				t.Fatalf("%s: cell %d at (%d, %d), back to %d", sh, c, r, col, sh.Cell(r, col))
			}
			if d, ok := sh.Neighbor(c, Down); ok != (c+sh.Stride() < n) || ok && d != c+sh.Stride() {
				t.Fatalf("%s: below %d is %d (%v), the stride says %d", sh, c, d, ok, c+sh.Stride())
			}
			left, right := sh.Sideways(c)
			_, canLeft := sh.Neighbor(c, Left)
			_, canRight := sh.Neighbor(c, Right)
			if left != canLeft || right != canRight {
				t.Fatalf("%s: Sideways(%d) = %v, %v; Neighbor says %v, %v", sh, c, left, right, canLeft, canRight)
			}
			corner := (r == 0 || r == rows-1) && (col == 0 || col == cols-1)
			if sh.Corner(c) != corner {
				t.Fatalf("%s: Corner(%d) = %v", sh, c, sh.Corner(c))
			}
			// Breadth-first distances from c over Neighbors.
			dist := map[int]int{c: 0}
			queue := []int{c}
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				for _, y := range sh.Neighbors(x) {
					if sh.Distance(x, y) != 1 {
						t.Fatalf("%s: neighbours %d and %d at distance %d", sh, x, y, sh.Distance(x, y))
					}
					if _, seen := dist[y]; !seen {
						dist[y] = dist[x] + 1
						queue = append(queue, y)
					}
				}
			}
			if len(dist) != n {
				t.Fatalf("%s: %d cells reached from %d", sh, len(dist), c)
			}
			for y, d := range dist {
				if sh.Distance(c, y) != d || sh.Distance(y, c) != d {
					t.Fatalf("%s: Distance(%d, %d) = %d, the walk takes %d", sh, c, y, sh.Distance(c, y), d)
				}
			}
		}
		if sh.Contains(-1, 0) || sh.Contains(0, cols) || sh.Contains(rows, 0) {
			t.Fatalf("%s: Contains off the board", sh)
		}
	}
}

func TestShapeLinesAndTranspose(t *testing.T) {
	sh := Shape{2, 3}
	want := [][]int{{0, 1, 2}, {3, 4, 5}, {0, 3}, {1, 4}, {2, 5}}
	if got := sh.Lines(); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("Lines of 2x3: %v, want %v", got, want)
	}
	if sh.Square() {
		t.Fatal("2x3 is square")
	}
	sq := Shape{3, 3}
	for c := range sq.Cells() {
		r, col := sq.Coords(c)
		if tc := sq.Transpose(c); sq.Row(tc) != col || sq.Col(tc) != r || sq.Transpose(tc) != c {
			t.Fatalf("Transpose(%d) = %d", c, tc)
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Transpose on 2x3 did not panic")
		}
	}()
	sh.Transpose(1)
}
