package statespace

import (
	"fmt"
	"strings"
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
	g, err := Parse(text, s)
	if err != nil {
		return Board{}, fmt.Errorf("goal: %w", err)
	}
	return g, nil
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
