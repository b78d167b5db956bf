package statespace

import (
	"fmt"
	"strconv"
	"strings"
)

// Board is an arrangement of tiles on a shape: the tile at each cell in
// row-major order, 0 for the blank. Boards are small comparable values, so
// they can be map keys and are copied freely.
type Board struct {
	rows, cols uint8
	blank      uint8
	tiles      [MaxCells]uint8
}

// NewBoard makes a board of the given shape from the tile at each cell
// (row-major, 0 for the blank). The tiles must be a permutation of 0..n-1.
func NewBoard(shape Shape, tiles []int) (Board, error) {
	if err := shape.Validate(); err != nil {
		return Board{}, err
	}
	n := shape.Cells()
	if len(tiles) != n {
		return Board{}, &ParseError{Msg: fmt.Sprintf("expected %d tiles for a %s board, got %d", n, shape, len(tiles))}
	}
	b := Board{rows: uint8(shape.Rows), cols: uint8(shape.Cols)}
	var seen [MaxCells]int // 1-based position where each tile was seen
	for i, t := range tiles {
		if t < 0 || t >= n {
			return Board{}, &ParseError{Pos: i + 1, Token: strconv.Itoa(t),
				Msg: fmt.Sprintf("tile %d is out of range: a %s board has tiles 0..%d", t, shape, n-1)}
		}
		if seen[t] != 0 {
			msg := fmt.Sprintf("%s appears twice (positions %d and %d)", tileName(t), seen[t], i+1)
			if missing := missingTile(tiles, n); missing >= 0 {
				msg += fmt.Sprintf("; %s is missing", tileName(missing))
			}
			return Board{}, &ParseError{Pos: i + 1, Token: strconv.Itoa(t), Msg: msg}
		}
		seen[t] = i + 1
		b.tiles[i] = uint8(t)
		if t == 0 {
			b.blank = uint8(i)
		}
	}
	return b, nil
}

// missingTile returns the smallest tile of 0..n-1 not in tiles, or -1.
func missingTile(tiles []int, n int) int {
	var seen uint32
	for _, t := range tiles {
		if t >= 0 && t < n {
			seen |= 1 << t
		}
	}
	for t := 0; t < n; t++ {
		if seen&(1<<t) == 0 {
			return t
		}
	}
	return -1
}

func tileName(t int) string {
	if t == 0 {
		return "the blank"
	}
	return "tile " + strconv.Itoa(t)
}

// MustBoard is NewBoard for boards known to be valid, as in tests and
// tables of constants; it panics on error.
func MustBoard(shape Shape, tiles ...int) Board {
	b, err := NewBoard(shape, tiles)
	if err != nil {
		panic("statespace: " + err.Error())
	}
	return b
}

// Shape returns the board's shape.
func (b Board) Shape() Shape { return Shape{int(b.rows), int(b.cols)} }

// Cells returns the number of cells.
func (b Board) Cells() int { return int(b.rows) * int(b.cols) }

// Tile returns the tile at cell (0 for the blank).
func (b Board) Tile(cell int) int { return int(b.tiles[cell]) }

// Blank returns the blank's cell.
func (b Board) Blank() int { return int(b.blank) }

// Tiles returns the tile at each cell in row-major order.
func (b Board) Tiles() []int {
	out := make([]int, b.Cells())
	for i := range out {
		out[i] = int(b.tiles[i])
	}
	return out
}

// Bytes returns the tile at each cell in row-major order, one byte each:
// the form files store goals in.
func (b Board) Bytes() []byte { return append([]byte(nil), b.tiles[:b.Cells()]...) }

// BoardFromBytes is NewBoard for tiles stored one byte each, as Bytes
// writes them.
func BoardFromBytes(shape Shape, tiles []byte) (Board, error) {
	ints := make([]int, len(tiles))
	for i, t := range tiles {
		ints[i] = int(t)
	}
	return NewBoard(shape, ints)
}

// Find returns the cell holding tile t, or -1.
func (b Board) Find(t int) int {
	for i := 0; i < b.Cells(); i++ {
		if int(b.tiles[i]) == t {
			return i
		}
	}
	return -1
}

// IsZero reports whether b is the zero Board (no shape).
func (b Board) IsZero() bool { return b.rows == 0 }

// Packed returns the board as 4 bits per cell, cell 0 in the lowest bits:
// a compact key that is unique among boards of one shape.
func (b Board) Packed() uint64 {
	var p uint64
	for i := b.Cells() - 1; i >= 0; i-- {
		p = p<<4 | uint64(b.tiles[i])
	}
	return p
}

// Apply returns the board after the blank moves by m, and false (with b
// unchanged) when the move would leave the board.
func (b Board) Apply(m Move) (Board, bool) {
	to, ok := b.Shape().Neighbor(int(b.blank), m)
	if !ok {
		return b, false
	}
	b.tiles[b.blank], b.tiles[to] = b.tiles[to], 0
	b.blank = uint8(to)
	return b, true
}

// LegalMoves returns the moves the blank can make.
func (b Board) LegalMoves() MoveSet {
	var s MoveSet
	sh := b.Shape()
	for _, m := range Moves {
		if _, ok := sh.Neighbor(int(b.blank), m); ok {
			s = s.Add(m)
		}
	}
	return s
}

// SlidingTile returns the tile that slides when the blank makes move m
// (it slides in the opposite direction), or 0 if m is not legal.
func (b Board) SlidingTile(m Move) int {
	to, ok := b.Shape().Neighbor(int(b.blank), m)
	if !ok {
		return 0
	}
	return int(b.tiles[to])
}

// ApplyAll applies moves in order and reports the first illegal one's index
// (or -1 when all were legal).
func (b Board) ApplyAll(moves []Move) (Board, int) {
	for i, m := range moves {
		next, ok := b.Apply(m)
		if !ok {
			return b, i
		}
		b = next
	}
	return b, -1
}

// String writes the board as comma-separated tiles, e.g. "8,6,7,2,5,4,3,0,1".
func (b Board) String() string {
	if b.IsZero() {
		return "<no board>"
	}
	var s strings.Builder
	for i := 0; i < b.Cells(); i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(strconv.Itoa(int(b.tiles[i])))
	}
	return s.String()
}

// Grid writes the board as rows of right-aligned tiles with "_" for the
// blank, one row a line, each line ending in a newline.
func (b Board) Grid() string {
	width := len(strconv.Itoa(b.Cells() - 1))
	var s strings.Builder
	for r := 0; r < int(b.rows); r++ {
		for c := 0; c < int(b.cols); c++ {
			t := b.tiles[r*int(b.cols)+c]
			text := "_"
			if t != 0 {
				text = strconv.Itoa(int(t))
			}
			if c > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(strings.Repeat(" ", width-len(text)))
			s.WriteString(text)
		}
		s.WriteByte('\n')
	}
	return s.String()
}
