package statespace

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxCells is the largest number of cells a board may have (5x5, or any
// R×C of at most 25 cells). Boards of any size parse, print, move and are
// checked for solvability; only spaces of at most 20 cells can be counted
// and ranked (21!/2 > 2⁶⁴), and tables stop much earlier (MaxEnumerate).
const MaxCells = 25

// slots is the length of the per-cell arrays: a power of two at least
// MaxCells, so that an index masked with slots−1 needs no bounds check.
const slots = 32

// Shape is the size of a board: Rows rows of Cols cells.
type Shape struct {
	Rows, Cols int
}

// Cells returns the number of cells, Rows*Cols.
func (s Shape) Cells() int { return s.Rows * s.Cols }

// String writes the shape as "RxC", e.g. "3x3".
func (s Shape) String() string { return strconv.Itoa(s.Rows) + "x" + strconv.Itoa(s.Cols) }

// Validate reports whether the shape is one this package supports:
// at least 2 rows and 2 columns and at most MaxCells cells.
func (s Shape) Validate() error {
	if s.Rows < 2 || s.Cols < 2 {
		return fmt.Errorf("shape %s: a board needs at least 2 rows and 2 columns", s)
	}
	if s.Cells() > MaxCells {
		return fmt.Errorf("shape %s: %d cells, at most %d are supported", s, s.Cells(), MaxCells)
	}
	return nil
}

// ParseShape reads a shape written "RxC" (R rows, C columns), e.g. "3x3" or "2x5".
func ParseShape(text string) (Shape, error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(text)), "x")
	if !ok {
		return Shape{}, fmt.Errorf("shape %q: want RxC, e.g. 3x3", text)
	}
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		return Shape{}, fmt.Errorf("shape %q: want RxC with whole numbers, e.g. 3x3", text)
	}
	s := Shape{rows, cols}
	return s, s.Validate()
}

// Row returns the row of cell (0-based, from the top).
func (s Shape) Row(cell int) int { return cell / s.Cols }

// Col returns the column of cell (0-based, from the left).
func (s Shape) Col(cell int) int { return cell % s.Cols }

// Dims returns the number of rows and columns, for the code that writes
// them down: file headers, checkpoints and drawings. Geometry has its own
// methods (Coords, Cell, Distance, Neighbor, Stride, Lines).
func (s Shape) Dims() (rows, cols int) { return s.Rows, s.Cols }

// Coords returns the row and the column of cell (0-based, from the top
// left).
func (s Shape) Coords(cell int) (row, col int) { return cell / s.Cols, cell % s.Cols }

// Cell returns the cell at row r, column c (0-based), numbered row by row
// from the top left; Coords is its inverse.
func (s Shape) Cell(r, c int) int { return r*s.Cols + c }

// Contains reports whether row r, column c lies on the board.
func (s Shape) Contains(r, c int) bool { return r >= 0 && r < s.Rows && c >= 0 && c < s.Cols }

// Distance returns the Manhattan distance between cells a and b: the
// fewest moves that carry a tile from one to the other on an empty board.
func (s Shape) Distance(a, b int) int {
	ra, ca := s.Coords(a)
	rb, cb := s.Coords(b)
	return absInt(ra-rb) + absInt(ca-cb)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Stride returns how far a vertical move carries the blank in cell
// numbers: the cell below cell c is c+Stride(). Code that moves ranks by
// arithmetic (perm.Delta, the searches' inner loops) takes it once,
// outside its loops.
func (s Shape) Stride() int { return s.Cols }

// Sideways reports whether the blank on cell can move Left and Right:
// Neighbor's answer for those two moves, cheap enough for the lookups'
// inner loops.
func (s Shape) Sideways(cell int) (left, right bool) {
	c := cell % s.Cols
	return c != 0, c != s.Cols-1
}

// Square reports whether the shape has as many rows as columns, so that
// its boards can be reflected in the main diagonal (Transpose).
func (s Shape) Square() bool { return s.Rows == s.Cols }

// Transpose returns the cell reflected in the main diagonal: row and
// column swapped. It needs a square shape (Square) and panics otherwise.
func (s Shape) Transpose(cell int) int {
	if !s.Square() {
		panic("statespace: Transpose of a shape that is not square: " + s.String())
	}
	r, c := s.Coords(cell)
	return s.Cell(c, r)
}

// Corner reports whether cell is one of the board's four corners.
func (s Shape) Corner(cell int) bool {
	r, c := s.Coords(cell)
	return (r == 0 || r == s.Rows-1) && (c == 0 || c == s.Cols-1)
}

// Lines returns the cells of each row, top to bottom, then the cells of
// each column, left to right: the lines along which tiles conflict.
func (s Shape) Lines() [][]int {
	lines := make([][]int, 0, s.Rows+s.Cols)
	for r := range s.Rows {
		line := make([]int, s.Cols)
		for c := range line {
			line[c] = s.Cell(r, c)
		}
		lines = append(lines, line)
	}
	for c := range s.Cols {
		line := make([]int, s.Rows)
		for r := range line {
			line[r] = s.Cell(r, c)
		}
		lines = append(lines, line)
	}
	return lines
}

// Neighbors returns the cells the blank reaches from cell in one move, in
// the order of Moves.
func (s Shape) Neighbors(cell int) []int {
	out := make([]int, 0, 4)
	for _, m := range Moves {
		if to, ok := s.Neighbor(cell, m); ok {
			out = append(out, to)
		}
	}
	return out
}

// Neighbor returns the cell the blank reaches from cell by move m, and
// whether that move stays on the board.
func (s Shape) Neighbor(cell int, m Move) (int, bool) {
	switch m {
	case Up:
		return cell - s.Cols, cell >= s.Cols
	case Down:
		return cell + s.Cols, cell+s.Cols < s.Cells()
	case Left:
		return cell - 1, cell%s.Cols != 0
	case Right:
		return cell + 1, cell%s.Cols != s.Cols-1
	}
	panic("statespace: invalid move " + strconv.Itoa(int(m)))
}

// knownShapes lists the shapes inferred from a bare tile count; other
// counts are ambiguous (6 tiles: 2x3 or 3x2) and need rows or -shape.
var knownShapes = map[int]Shape{4: {2, 2}, 9: {3, 3}, 16: {4, 4}, 25: {5, 5}}
