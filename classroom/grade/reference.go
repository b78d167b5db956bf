package grade

import (
	"context"
	"fmt"
	"slices"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// Shape is the assignment's board: the 8-puzzle.
var Shape = statespace.Shape{Rows: 3, Cols: 3}

// Reachable is how many boards the 8-puzzle's search can meet: 9!/2. No
// search of the assignment expands more boards than this, nor reaches a
// node deeper than this.
const Reachable = 181440

// Reference is the exact truth one output.txt is graded against: the
// counts the assignment's rules give (classroom.RunCOMS: children in Up,
// Down, Left, Right order, the goal tested when a node is removed from the
// frontier) and the board's exact distance from a table.
type Reference struct {
	Method   string           // "bfs", "dfs" or "ast"
	Board    statespace.Board // the start, a 3x3 board
	Distance int              // the exact distance to 0,1,…,8, from the table
	Path     []statespace.Move
	Expanded int64
	Depth    int // search_depth
	MaxDepth int // max_search_depth
}

// NewReference runs the assignment's search for method on b and looks b up
// in table, the distance table toward the assignment's goal 0,1,…,8
// (statespace.GoalFirst). It refuses a method the assignment does not
// have, a board of another shape, a board that cannot reach the goal and a
// table of another goal, and checks the reference's own path against the
// table (legal, reaching the goal, and for BFS and A* the shortest).
func NewReference(ctx context.Context, method string, b statespace.Board, table classroom.Table) (Reference, error) {
	if !slices.Contains(classroom.COMSMethods, method) {
		return Reference{}, fmt.Errorf("method %q: want bfs, dfs or ast", method)
	}
	if b.Shape() != Shape {
		return Reference{}, fmt.Errorf("board %s is %s; the assignment's boards are 3x3", b, b.Shape())
	}
	goal := statespace.GoalFirst(Shape)
	if table.Space().Goal() != goal {
		return Reference{}, fmt.Errorf("the table's goal is %s; the assignment's is %s", table.Space().Goal(), goal)
	}
	if err := table.Space().Check(b); err != nil {
		return Reference{}, fmt.Errorf("board %s: %w", b, err)
	}
	d, err := table.Lookup(b)
	if err != nil {
		return Reference{}, err
	}
	run, err := classroom.RunCOMS(ctx, method, b, search.Limits{})
	if err != nil {
		return Reference{}, err
	}
	r := run.Result
	if err := table.CheckPath(b, len(r.Path), r.Algorithm, method != "dfs"); err != nil {
		return Reference{}, err
	}
	if end, bad := b.ApplyAll(r.Path); bad >= 0 || end != goal {
		return Reference{}, fmt.Errorf("%s on %s: the reference path does not reach the goal", method, b)
	}
	return Reference{Method: method, Board: b, Distance: d, Path: r.Path,
		Expanded: r.Expanded, Depth: r.SearchDepth, MaxDepth: r.MaxSearchDepth}, nil
}

// PathText writes moves as the assignment's output.txt does, a Python list
// of strings: ['Up', 'Left', 'Left'].
func PathText(moves []statespace.Move) string {
	b := []byte{'['}
	for i, m := range moves {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '\'')
		b = append(b, m.String()...)
		b = append(b, '\'')
	}
	return string(append(b, ']'))
}
