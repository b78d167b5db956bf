package statespace

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError describes board text that is not a valid board.
type ParseError struct {
	Pos   int    // 1-based position of the offending tile in reading order, 0 if none
	Token string // the offending text, if any
	Msg   string
}

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
	var fits []string
	for r := 2; r <= n/2; r++ {
		if n%r == 0 && (Shape{r, n / r}).Validate() == nil {
			fits = append(fits, Shape{r, n / r}.String())
		}
	}
	if len(fits) == 0 {
		return "no board has that many cells (a board is at least 2x2 and at most 25 cells)"
	}
	return "give the shape (" + strings.Join(fits, " or ") + ") or separate rows with /"
}
