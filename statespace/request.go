package statespace

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// Request is a board and its goal as a request names them (the command
// line's argument, -shape and -goal; the page's b=, shape= and goal=; a
// Python call's board, shape and goal), read once by ParseRequest for
// every door. Whether Board can reach Goal (the parity rule) is not
// checked here: the resolver says it.
type Request struct {
	Board Board  // the zero Board when the request names none
	Goal  Board  // of Board's shape
	Space *Space // Goal's
}

// ParseRequest reads a request's board, shape and goal text. Each may be
// empty: the goal is then "last", the shape the board's, else the goal
// board's; a request without a board needs a shape from one of them. A
// goal board of another shape than the board's is refused. The errors
// say their kind (package errkind): a shape that is not RxC (or too small
// or large to count) Shape, board text Board, a goal Goal.
func ParseRequest(board, shape, goal string) (Request, error) {
	var sh Shape
	if strings.TrimSpace(shape) != "" {
		s, err := ParseShape(shape)
		if err == nil {
			err = s.Validate()
		}
		if err != nil {
			return Request{}, errkind.New(errkind.Shape, err)
		}
		sh = s
	}
	g, err := ReadGoal(goal, sh)
	if err != nil {
		return Request{}, errkind.New(errkind.Goal, err)
	}
	var r Request
	if strings.TrimSpace(board) == "" {
		if sh == (Shape{}) {
			sh = g.Shape()
		}
		if sh == (Shape{}) {
			return r, errkind.New(errkind.Shape, errors.New("no shape: give one as RxC, or a board"))
		}
		r.Goal, err = g.For(sh)
	} else {
		r.Board, r.Goal, err = g.ReadBoard(board)
	}
	if err != nil {
		return Request{}, err
	}
	if r.Space, err = NewSpace(r.Goal); err != nil {
		return Request{}, errkind.New(errkind.Shape, err)
	}
	return r, nil
}

// ReadBoard reads board text of g's shape (any shape when g names none)
// and returns it with its goal; the errors say their kind, Board or Goal.
func (g Goal) ReadBoard(text string) (board, goal Board, err error) {
	b, err := Parse(text, g.Shape())
	if err != nil {
		return Board{}, Board{}, errkind.New(errkind.Board, fmt.Errorf("board %q: %w", text, err))
	}
	goal, err = g.For(b.Shape())
	if err != nil {
		return b, Board{}, errkind.New(errkind.Goal, fmt.Errorf("board %s: %w", b, err))
	}
	return b, goal, nil
}

// ParseRows reads the shape and goal of boards given as rows of cells
// tiles each (the rows of an array), as ParseRequest reads them without a
// board, except that a shape neither shape nor goal names is inferred
// from cells as a bare board's is (9 tiles: 3x3), and rows of another
// width than the shape's are refused. The errors say their kind: Shape
// for a width no shape is inferred from, Board for rows of the wrong
// width.
func ParseRows(cells int, shape, goal string) (Request, error) {
	if strings.TrimSpace(shape) == "" {
		g, err := ReadGoal(goal, Shape{})
		if err != nil {
			return Request{}, errkind.New(errkind.Goal, err)
		}
		if g.Shape() == (Shape{}) {
			s, ok := knownShapes[cells]
			if !ok {
				hint := "no board has that many cells (a board is at least 2x2 and at most 25 cells)"
				if fits := fittingShapes(cells); len(fits) > 0 {
					hint = "give the shape (" + strings.Join(fits, " or ") + ")"
				}
				return Request{}, errkind.New(errkind.Shape, fmt.Errorf("rows of %d tiles make no square board: %s", cells, hint))
			}
			shape = s.String()
		}
	}
	r, err := ParseRequest("", shape, goal)
	if err != nil {
		return r, err
	}
	if n := r.Goal.Cells(); n != cells {
		return Request{}, errkind.New(errkind.Board, fmt.Errorf("rows of %d tiles: a %s board has %d", cells, r.Goal.Shape(), n))
	}
	return r, nil
}
