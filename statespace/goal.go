package statespace

import (
	"fmt"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// GoalLast returns the goal with tiles 1…n−1 in order and the blank last
// (1 2 3 / 4 5 6 / 7 8 _), the default goal.
func GoalLast(s Shape) Board {
	n := s.Cells()
	b := Board{rows: uint8(s.Rows), cols: uint8(s.Cols), blank: uint8(n - 1)}
	for i := 0; i < n-1; i++ {
		b.tiles[i] = uint8(i + 1)
	}
	return b
}

// GoalFirst returns the goal with the blank first and tiles 1…n−1 after it
// (0,1,2,…,n−1): the COMS 4701 and Korf convention.
func GoalFirst(s Shape) Board {
	b := Board{rows: uint8(s.Rows), cols: uint8(s.Cols)}
	for i := 0; i < s.Cells(); i++ {
		b.tiles[i] = uint8(i)
	}
	return b
}

// ParseGoal reads a goal: "last", "first", or a board in any form Parse
// accepts. An empty text means "last".
func ParseGoal(text string, s Shape) (Board, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "", "last":
		if err := s.Validate(); err != nil {
			return Board{}, err
		}
		return GoalLast(s), nil
	case "first":
		if err := s.Validate(); err != nil {
			return Board{}, err
		}
		return GoalFirst(s), nil
	}
	word := strings.TrimSpace(text)
	if word != "" && !strings.ContainsAny(word, "0123456789_,;/ \t\n") {
		// A word that is no tile list was meant as a goal name.
		return Board{}, &GoalNameError{Name: word, Shape: s}
	}
	g, err := Parse(text, s)
	if err != nil {
		return Board{}, fmt.Errorf("goal: %w", err)
	}
	return g, nil
}

// GoalNameError reports a goal written as a word that is not a goal name
// (last or first).
type GoalNameError struct {
	Name  string
	Shape Shape // the board's shape, or the zero Shape when not known
}

// Kind is errkind.Goal.
func (*GoalNameError) Kind() errkind.Kind { return errkind.Goal }

func (e *GoalNameError) Error() string {
	sh, on := e.Shape, ""
	if sh.Validate() != nil {
		sh, on = Shape{3, 3}, " (on 3x3)"
	}
	return fmt.Sprintf("unknown goal %q: the goal names are last (the blank in the last cell%s: %s) and first (the blank in the first cell: %s); "+
		"any other goal is written as its tiles in reading order, with 0 or _ for the blank, such as %s",
		e.Name, on, GoalLast(sh), GoalFirst(sh), blankInMiddle(sh))
}

// blankInMiddle returns the goal of shape s with tiles 1…n−1 in order and
// the blank in the middle cell (1,2,3,4,0,5,6,7,8 on 3x3): an example of a
// goal written as tiles.
func blankInMiddle(s Shape) Board {
	n := s.Cells()
	mid := (s.Rows/2)*s.Cols + s.Cols/2
	b := Board{rows: uint8(s.Rows), cols: uint8(s.Cols), blank: uint8(mid)}
	t := 1
	for i := 0; i < n; i++ {
		if i != mid {
			b.tiles[i] = uint8(t)
			t++
		}
	}
	return b
}

// GoalName returns "last" or "first" for those goals and the tiles
// (e.g. "1,2,3,4,0,5,6,7,8") for any other.
func GoalName(g Board) string {
	switch g {
	case GoalLast(g.Shape()):
		return "last"
	case GoalFirst(g.Shape()):
		return "first"
	}
	return g.String()
}

// A Goal says the goal of the boards a program is given: one board, whose
// shape every board must then have (GoalOf), or, for boards of any shape,
// the blank last (the zero Goal) or first (BlankFirst) on each board's own
// shape. It is what -goal and -shape say together.
type Goal struct {
	board Board // a fixed goal; zero for the named goals
	first bool
}

// BlankFirst is the Goal of boards of any shape with the blank first
// (GoalFirst); the zero Goal has the blank last (GoalLast).
var BlankFirst = Goal{first: true}

// GoalOf returns the Goal of boards of b's shape measured to b.
func GoalOf(b Board) Goal { return Goal{board: b} }

// ReadGoal reads a goal as ParseGoal does: "last", "first" (of shape s,
// or of each board's shape when s is the zero Shape) or a board (of shape
// s when it is given).
func ReadGoal(text string, s Shape) (Goal, error) {
	name := strings.ToLower(strings.TrimSpace(text))
	if s == (Shape{}) && (name == "" || name == "last" || name == "first") {
		return Goal{first: name == "first"}, nil
	}
	b, err := ParseGoal(text, s)
	if err != nil {
		return Goal{}, err
	}
	return GoalOf(b), nil
}

// Shape returns the shape every board must have, or the zero Shape when
// each board's own is used.
func (g Goal) Shape() Shape { return g.board.Shape() }

// Board returns the goal when it is one board, else the zero Board.
func (g Goal) Board() Board { return g.board }

// For returns the goal of the boards of shape s.
func (g Goal) For(s Shape) (Board, error) {
	switch {
	case !g.board.IsZero() && s != g.board.Shape():
		return Board{}, fmt.Errorf("the board is %s, want %s", s, g.board.Shape())
	case !g.board.IsZero():
		return g.board, nil
	}
	if err := s.Validate(); err != nil {
		return Board{}, err
	}
	if g.first {
		return GoalFirst(s), nil
	}
	return GoalLast(s), nil
}

// String returns "last", "first", or the goal board's tiles.
func (g Goal) String() string {
	switch {
	case !g.board.IsZero():
		return g.board.String()
	case g.first:
		return "first"
	}
	return "last"
}
