package statespace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// ParseError describes board text that is not a valid board.
type ParseError struct {
	Pos   int    // 1-based position of the offending tile in reading order, 0 if none
	Token string // the offending text, if any
	Msg   string
}

// Kind is errkind.Board.
func (*ParseError) Kind() errkind.Kind { return errkind.Board }

func (e *ParseError) Error() string {
	if e.Pos > 0 && !strings.Contains(e.Msg, "position") {
		return fmt.Sprintf("%s (position %d)", e.Msg, e.Pos)
	}
	return e.Msg
}

// Parse reads a board from what people type: tiles separated by commas or
// spaces ("1,2,5,3,4,0,6,7,8", "1 2 5 3 4 0 6 7 8"), or written as single
// digits ("125340678", boards of at most 10 cells); rows may be separated
// by "/" or newlines; "_" or "0" is the blank. Digits run together are read
// as single-digit tiles only when the whole text is written that way (no
// commas, spaces or semicolons): elsewhere a token is one number, so a
// mistyped "123,4,…" is an out-of-range tile rather than a guess. A leading
// UTF-8 byte order mark is ignored. When shape is the zero Shape it is
// taken from the rows, or from the tile count when that is unambiguous
// (4, 9, 16 or 25 tiles).
func Parse(text string, shape Shape) (Board, error) {
	text = strings.TrimPrefix(text, byteOrderMark)
	rows, err := tokenize(text)
	if err != nil {
		return Board{}, err
	}
	var tokens []string
	for _, r := range rows {
		tokens = append(tokens, r...)
	}
	if len(tokens) == 0 {
		return Board{}, &ParseError{Msg: "empty board: no tiles given"}
	}
	// A word where a tile should be is the likeliest fault (a header line,
	// a typo), so it is named before any count is checked.
	for i, tok := range tokens {
		if tok == "_" {
			continue
		}
		if !isNumber(tok) {
			return Board{}, &ParseError{Pos: i + 1, Token: tok, Msg: fmt.Sprintf("%q is not a tile number", tok)}
		}
	}
	if len(rows) > 1 {
		for i, r := range rows {
			if len(r) != len(rows[0]) {
				return Board{}, &ParseError{Msg: fmt.Sprintf("row %d has %d tiles, row 1 has %d", i+1, len(r), len(rows[0]))}
			}
		}
		byRows := Shape{len(rows), len(rows[0])}
		if shape == (Shape{}) {
			shape = byRows
		} else if shape != byRows {
			return Board{}, &ParseError{Msg: fmt.Sprintf("the rows make a %s board, want %s", byRows, shape)}
		}
	}
	if shape == (Shape{}) {
		s, ok := knownShapes[len(tokens)]
		if !ok {
			return Board{}, &ParseError{Msg: fmt.Sprintf("%d tiles: %s", len(tokens), shapeHint(len(tokens)))}
		}
		shape = s
	}
	if err := shape.Validate(); err != nil {
		return Board{}, err
	}
	if len(tokens) != shape.Cells() {
		return Board{}, &ParseError{Msg: fmt.Sprintf("expected %d tiles for a %s board, got %d", shape.Cells(), shape, len(tokens))}
	}
	tiles := make([]int, len(tokens))
	for i, tok := range tokens {
		if tok == "_" {
			continue
		}
		t, err := strconv.Atoi(tok)
		if err != nil {
			// isNumber admitted it, so the number is too large for an int.
			return Board{}, &ParseError{Pos: i + 1, Token: tok,
				Msg: fmt.Sprintf("tile %s is out of range: a %s board has tiles 0..%d", tok, shape, shape.Cells()-1)}
		}
		tiles[i] = t
	}
	return NewBoard(shape, tiles)
}

// byteOrderMark is what some editors put before the first line of a
// UTF-8 file.
const byteOrderMark = "\uFEFF"

// tokenize splits text into rows of tile tokens. When the text has no
// separators within rows, each row is a run of single-digit tiles
// ("867/254/3_1", "867254301"); otherwise every token is one tile.
func tokenize(text string) ([][]string, error) {
	text = strings.TrimSpace(text)
	isSep := func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ';' }
	digitRuns := !strings.ContainsFunc(text, isSep)
	var rows [][]string
	count := 0 // tiles before the current row, for an empty field's position
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '/' || r == '\n' || r == '\r' }) {
		if err := checkEmptyFields(line, count); err != nil {
			return nil, err
		}
		var row []string
		for _, tok := range strings.FieldsFunc(line, isSep) {
			if digitRuns && len(tok) >= 2 && isDigitsOrBlank(tok) {
				for _, c := range tok {
					row = append(row, string(c))
				}
				continue
			}
			row = append(row, tok)
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
		count += len(row)
	}
	return rows, nil
}

// checkEmptyFields refuses a row in which a comma or semicolon has no tile
// before or after it ("3,,1", "8,6,", ",1"): FieldsFunc would drop the
// empty field, and the tile count would then be off by one with a message
// about the shape, far from the real fault. before is the number of tiles
// in the rows before this one.
func checkEmptyFields(line string, before int) error {
	if !strings.ContainsAny(line, ",;") {
		return nil
	}
	split := strings.Split(strings.ReplaceAll(line, ";", ","), ",")
	pos := before
	for i, f := range split {
		if tiles := strings.Fields(f); len(tiles) > 0 {
			pos += len(tiles)
			continue
		}
		prev, next := lastTile(split[:i]), firstTile(split[i+1:])
		where := fmt.Sprintf("between %q and %q", prev, next)
		switch {
		case prev == "" && next == "":
			where = "no tile in the row"
		case prev == "":
			where = fmt.Sprintf("before %q", next)
		case next == "":
			where = fmt.Sprintf("after %q, at the end", prev)
		}
		return &ParseError{Pos: pos + 1, Msg: fmt.Sprintf("position %d is empty (%s): every cell needs a tile; write the blank as 0 or _", pos+1, where)}
	}
	return nil
}

// lastTile returns the last tile written in fields, firstTile the first.
func lastTile(fields []string) string {
	for i := len(fields) - 1; i >= 0; i-- {
		if t := strings.Fields(fields[i]); len(t) > 0 {
			return t[len(t)-1]
		}
	}
	return ""
}

func firstTile(fields []string) string {
	for _, f := range fields {
		if t := strings.Fields(f); len(t) > 0 {
			return t[0]
		}
	}
	return ""
}

// isNumber reports whether tok is a decimal number with an optional sign,
// however large.
func isNumber(tok string) bool {
	if len(tok) > 1 && (tok[0] == '-' || tok[0] == '+') {
		tok = tok[1:]
	}
	if tok == "" {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isDigitsOrBlank(s string) bool {
	for _, c := range s {
		if (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// shapeHint says how to give the shape of a board of n tiles.
func shapeHint(n int) string {
	fits := fittingShapes(n)
	if len(fits) == 0 {
		return "no board has that many cells (a board is at least 2x2 and at most 25 cells)"
	}
	return "give the shape (" + strings.Join(fits, " or ") + ") or separate rows with /"
}

// ParseBytes reads a board from one line of input, exactly as Parse
// would read string(line): the same board, or the same
// error. The common forms, tiles separated by single commas
// ("8,6,7,2,5,4,3,0,1") and single digits ("867254301"), are read
// directly from the bytes without building strings; anything else, and
// every invalid board, goes to Parse so errors stay identical.
func ParseBytes(line []byte, shape Shape) (Board, error) {
	var tiles [MaxCells]int
	if n, ok := scanTiles(line, &tiles); ok {
		if sh, ok := fastShape(n, shape); ok {
			// NewBoard cannot fail here: scanTiles checked the range and
			// duplicates, and fastShape the shape; it is called anyway so
			// the board is built by the one constructor statespace has.
			if b, err := NewBoard(sh, tiles[:n]); err == nil {
				return b, nil
			}
		}
	}
	return Parse(string(line), shape)
}

// scanTiles reads line as comma-separated tiles of one or two digits, or
// as one run of at least three single digits, into tiles. It reports
// false for any other form, for more than MaxCells tiles, and for tile
// sets that are not a permutation of 0…n−1.
func scanTiles(line []byte, tiles *[MaxCells]int) (int, bool) {
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
				if digits == 0 || n == MaxCells {
					return 0, false
				}
				tiles[n] = v
				n++
				digits, v = 0, 0
			default:
				return 0, false
			}
		}
		if digits == 0 || n == MaxCells {
			return 0, false
		}
		tiles[n] = v
		n++
	} else {
		// Parse splits a run of three or more digits into
		// single-digit tiles.
		if len(line) < 3 || len(line) > MaxCells {
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
// Parse settles it for a board written on one row: the given
// shape, or the one a bare tile count implies.
func fastShape(n int, shape Shape) (Shape, bool) {
	if shape == (Shape{}) {
		switch n {
		case 4:
			return Shape{Rows: 2, Cols: 2}, true
		case 9:
			return Shape{Rows: 3, Cols: 3}, true
		case 16:
			return Shape{Rows: 4, Cols: 4}, true
		}
		return shape, false
	}
	if shape.Cells() != n || shape.Validate() != nil {
		return shape, false
	}
	return shape, true
}

// fittingShapes lists the shapes of n cells, as RxC.
func fittingShapes(n int) []string {
	var fits []string
	for r := 2; r <= n/2; r++ {
		if n%r == 0 && (Shape{r, n / r}).Validate() == nil {
			fits = append(fits, Shape{r, n / r}.String())
		}
	}
	return fits
}
