package resolve

import (
	"github.com/tilespace/tilespace/statespace"
)

// ParseBoard reads a board from one line of input, exactly as
// statespace.Parse would read string(line): the same board, or the same
// error. The common forms, tiles separated by single commas
// ("8,6,7,2,5,4,3,0,1") and single digits ("867254301"), are read
// directly from the bytes without building strings; anything else, and
// every invalid board, goes to statespace.Parse so errors stay identical.
func ParseBoard(line []byte, shape statespace.Shape) (statespace.Board, error) {
	var tiles [statespace.MaxCells]int
	if n, ok := scanTiles(line, &tiles); ok {
		if sh, ok := fastShape(n, shape); ok {
			// NewBoard cannot fail here: scanTiles checked the range and
			// duplicates, and fastShape the shape; it is called anyway so
			// the board is built by the one constructor statespace has.
			if b, err := statespace.NewBoard(sh, tiles[:n]); err == nil {
				return b, nil
			}
		}
	}
	return statespace.Parse(string(line), shape)
}

// scanTiles reads line as comma-separated tiles of one or two digits, or
// as one run of at least three single digits, into tiles. It reports
// false for any other form, for more than MaxCells tiles, and for tile
// sets that are not a permutation of 0…n−1.
func scanTiles(line []byte, tiles *[statespace.MaxCells]int) (int, bool) {
	n := 0
	commas := false
	for _, c := range line {
		if c == ',' {
			commas = true
			break
		}
	}
	if commas {
		digits := 0
		v := 0
		for _, c := range line {
			switch {
			case c >= '0' && c <= '9':
				digits++
				v = v*10 + int(c-'0')
				if digits > 2 {
					return 0, false
				}
			case c == ',':
				if digits == 0 || n == statespace.MaxCells {
					return 0, false
				}
				tiles[n] = v
				n++
				digits, v = 0, 0
			default:
				return 0, false
			}
		}
		if digits == 0 || n == statespace.MaxCells {
			return 0, false
		}
		tiles[n] = v
		n++
	} else {
		// statespace.Parse splits a run of three or more digits into
		// single-digit tiles.
		if len(line) < 3 || len(line) > statespace.MaxCells {
			return 0, false
		}
		for _, c := range line {
			if c < '0' || c > '9' {
				return 0, false
			}
			tiles[n] = int(c - '0')
			n++
		}
	}
	var seen uint32
	for _, t := range tiles[:n] {
		if t >= n || seen&(1<<t) != 0 {
			return 0, false
		}
		seen |= 1 << t
	}
	return n, true
}

// fastShape returns the shape of a board of n tiles the way
// statespace.Parse settles it for a board written on one row: the given
// shape, or the one a bare tile count implies.
func fastShape(n int, shape statespace.Shape) (statespace.Shape, bool) {
	if shape == (statespace.Shape{}) {
		switch n {
		case 4:
			return statespace.Shape{Rows: 2, Cols: 2}, true
		case 9:
			return statespace.Shape{Rows: 3, Cols: 3}, true
		case 16:
			return statespace.Shape{Rows: 4, Cols: 4}, true
		}
		return shape, false
	}
	if shape.Cells() != n || shape.Validate() != nil {
		return shape, false
	}
	return shape, true
}
