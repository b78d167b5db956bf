package grade

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tilespace/tilespace/statespace"
)

// MaxBytes is the largest output.txt that is read. The longest correct one
// is a DFS path through every reachable board: at most 181,439 moves of at
// most 9 bytes each ("'Right', "), 1.6 MB, and six short lines.
const MaxBytes = 2 << 20

// MaxLines is how many lines of output.txt are looked at; the assignment's
// has seven.
const MaxLines = 64

// Line is one line of output.txt as written.
type Line struct {
	N    int    // 1-based
	Text string // without its "\n"; a "\r" before it is kept
	Item int    // the item its name names (an index into Items), or -1
}

// Split splits output.txt into its lines (at most MaxLines; more reports
// that there were more). A last line without "\n" is a line; a "\n" at the
// end starts none.
func Split(data []byte) (lines []Line, more bool) {
	for n := 1; len(data) > 0; n++ {
		if n > MaxLines {
			return lines, true
		}
		text, rest, _ := bytes.Cut(data, []byte{'\n'})
		lines = append(lines, Line{N: n, Text: string(text), Item: itemOf(string(text))})
		data = rest
	}
	return lines, false
}

// itemOf returns the item a line's name names, however it is spelled
// (case, spaces or hyphens for underscores, whitespace around it, with or
// without its colon), or -1.
func itemOf(text string) int {
	text = strings.TrimPrefix(text, bom)
	end := strings.IndexByte(text, ':')
	if end < 0 {
		end = strings.IndexFunc(text, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' || r == '-' || r == ' ' || r == '\t')
		})
		if end < 0 {
			end = len(text)
		}
	}
	key := strings.ToLower(strings.Join(strings.FieldsFunc(text[:end], func(r rune) bool {
		return r == ' ' || r == '\t' || r == '_' || r == '-'
	}), "_"))
	for i, name := range Items[:lineItems] {
		if key == name {
			return i
		}
	}
	return -1
}

// bom is the byte-order mark some editors write at the start of a file.
const bom = "\ufeff"

// layout checks a line against the form "name: value\n" and returns its
// value and the first difference before the value (before) and after it
// (after), "" for none.
func layout(name, text string) (value, before, after string) {
	s, crlf := strings.CutSuffix(text, "\r")
	colon := strings.IndexByte(s, ':')
	switch {
	case colon < 0:
		i := strings.IndexFunc(s, func(r rune) bool { return r == '[' || r == '.' || r >= '0' && r <= '9' })
		if i < 0 {
			i = len(s)
		}
		return strings.TrimSpace(s[i:]), "no colon after the name", ""
	case strings.HasPrefix(s, bom):
		before = "a byte-order mark (U+FEFF) before the name"
	case strings.TrimLeft(s, " \t") != s:
		before = "whitespace before the name"
	case strings.TrimRight(s[:colon], " \t") != s[:colon]:
		before = "whitespace before the colon"
	case s[:colon] != name:
		before = fmt.Sprintf("the name is written %s; the handout writes %s", quote(s[:colon]), name)
	}
	rest := s[colon+1:]
	value = strings.TrimSpace(rest)
	if before != "" {
		return value, before, ""
	}
	switch {
	case !strings.HasPrefix(rest, " "):
		before = "no space after the colon"
	case strings.HasPrefix(rest, "  ") || strings.HasPrefix(rest, " \t"):
		before = "extra whitespace after the colon"
	case strings.TrimRight(rest, " \t") != rest:
		after = "extra whitespace at the end of the line"
	case crlf:
		after = `a CRLF line end ("\r\n"); the handout's lines end in "\n"`
	}
	return value, before, after
}

// pathFormat is a move as Python's str() of a list of strings writes it.
var moveNames = map[string]statespace.Move{"Up": statespace.Up, "Down": statespace.Down, "Left": statespace.Left, "Right": statespace.Right}

// parsePath reads path_to_goal's value, a Python list of the moves'
// names, ['Up', 'Left']; problem names the first way it differs from
// that form.
func parsePath(v string) (moves []statespace.Move, problem string) {
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") || len(v) < 2 {
		return nil, "not a Python list: the handout writes [ … ]"
	}
	inner := v[1 : len(v)-1]
	if inner == "" {
		return nil, ""
	}
	for i, p := range strings.Split(inner, ",") {
		k := i + 1
		if i > 0 {
			if !strings.HasPrefix(p, " ") {
				return nil, fmt.Sprintf("no space after the comma before move %d; Python writes ', '", k)
			}
			p = p[1:]
		}
		if strings.TrimSpace(p) != p {
			return nil, fmt.Sprintf("extra whitespace around move %d", k)
		}
		name, q := unquote(p)
		switch q {
		case `"`:
			return nil, fmt.Sprintf(`move %d is in double quotes, "%s"; Python writes '%s'`, k, name, name)
		case "‘":
			return nil, fmt.Sprintf("move %d is in curly quotes, ‘%s’ (as a PDF shows them); Python writes '%s'", k, name, name)
		case "":
			return nil, fmt.Sprintf("move %d, %s, has no quotes; Python writes each move as a string, 'Up'", k, quote(p))
		}
		m, ok := moveNames[name]
		if !ok {
			if m, err := statespace.ParseMove(name); err == nil {
				return nil, fmt.Sprintf("move %d is written '%s'; the handout writes '%s'", k, name, m)
			}
			return nil, fmt.Sprintf("move %d, %s, is not a move: Up, Down, Left or Right", k, quote(name))
		}
		moves = append(moves, m)
	}
	return moves, ""
}

// unquote returns a quoted word and its opening quote, or "" for none.
func unquote(p string) (word, q string) {
	for _, pair := range [][2]string{{"'", "'"}, {`"`, `"`}, {"‘", "’"}, {"’", "’"}} {
		if len(p) >= len(pair[0])+len(pair[1]) && strings.HasPrefix(p, pair[0]) && strings.HasSuffix(p, pair[1]) {
			q = pair[0]
			if q == "’" {
				q = "‘"
			}
			return p[len(pair[0]) : len(p)-len(pair[1])], q
		}
	}
	return p, ""
}

var decimal = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$`)

// parseCount reads a whole number as the handout writes it: digits, no
// sign, no leading zero.
func parseCount(v string) (int64, string) {
	if v == "" {
		return 0, "no value"
	}
	if strings.Trim(v, "0123456789") == "" {
		if len(v) > 1 && v[0] == '0' {
			return 0, fmt.Sprintf("%s has a leading zero", v)
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Sprintf("%s is too large for a count", quote(v))
		}
		return n, ""
	}
	if decimal.MatchString(v) {
		if f, err := strconv.ParseFloat(v, 64); err == nil && f < 0 {
			return 0, fmt.Sprintf("%s is negative", v)
		}
		return 0, fmt.Sprintf("%s is not written as a whole number; the handout writes digits only", v)
	}
	return 0, fmt.Sprintf("%s is not a number", quote(v))
}

// parseAmount reads running_time's or max_ram_usage's value: a decimal
// number as Python writes a float, finite and not negative.
func parseAmount(v string) (float64, string) {
	if !decimal.MatchString(v) {
		return 0, fmt.Sprintf("%s is not a decimal number", quote(v))
	}
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil || math.IsInf(f, 0):
		return 0, fmt.Sprintf("%s is out of range", quote(v))
	case f < 0:
		return 0, fmt.Sprintf("%s is negative", v)
	}
	return f, ""
}

// quote shows text from a file, at most about 60 characters of it, with
// anything unprintable escaped.
func quote(s string) string {
	if len(s) > 60 {
		cut := 60
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}
