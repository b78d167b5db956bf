package analyze

import (
	"context"
	"fmt"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Heuristic is a heuristic with the name the analyzer prints for it.
type Heuristic struct {
	Name string
	H    pdb.Heuristic
	// md, when set, is Manhattan distance's table (tile × cell): the
	// profile then computes a child's value from its parent's by the one
	// tile that slides.
	md [][]int
	// dbs, when set, are the additive pattern databases H is (made by
	// NewHeuristics): the fast engine of package solver searches on them.
	dbs *pdb.Additive
}

// UnknownHeuristicError reports a heuristic name the analyzer does not
// know, or a partition that does not fit the goal.
type UnknownHeuristicError struct {
	Name string
	Err  error // the partition's error, if any
}

// Kind is errkind.Value.
func (*UnknownHeuristicError) Kind() errkind.Kind { return errkind.Value }

func (e *UnknownHeuristicError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("heuristic %q: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("unknown heuristic %q (misplaced, manhattan, linear-conflict, pdb:PARTITION, pdb-plain:PARTITION, max:A+B)", e.Name)
}

func (e *UnknownHeuristicError) Unwrap() error { return e.Err }

// DefaultHeuristics names the heuristics the analyzer profiles on goal's
// shape when none are named: misplaced tiles, Manhattan distance, linear
// conflict, the pattern databases of pdb.BlockPartition (with the
// reflection lookup where the goal allows it, then without), and the
// maximum of linear conflict and those databases.
func DefaultHeuristics(goal statespace.Board) []string {
	part := "pdb:" + pdb.BlockPartition(goal).String()
	names := []string{"misplaced", "manhattan", "linear-conflict", part}
	if _, _, ok := pdb.Reflection(goal); ok {
		names = append(names, "pdb-plain:"+pdb.BlockPartition(goal).String())
	}
	return append(names, "max:linear-conflict+"+part)
}

// NewHeuristics makes the named heuristics for goal, building the pattern
// databases they need (in memory: patterns of at most a few tiles on
// boards of at most 12 cells take seconds). A name is one of
//
//	misplaced            tiles not on their goal cell
//	manhattan            Manhattan distance
//	linear-conflict      Manhattan distance plus linear conflicts (also lc)
//	pdb:PARTITION        the additive pattern databases of a partition
//	                     (pdb.ParsePartition's form, "1,2,3,4/5,6,7,8"),
//	                     with the reflection lookup where the goal allows it
//	pdb-plain:PARTITION  the same databases without the reflection lookup
//	max:A+B+…            the largest of the values of heuristics A, B, …
func NewHeuristics(ctx context.Context, goal statespace.Board, names []string) ([]Heuristic, error) {
	var hs []Heuristic
	for _, name := range names {
		h, err := newHeuristic(ctx, goal, name, true)
		if err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	return hs, nil
}

func newHeuristic(ctx context.Context, goal statespace.Board, name string, maxOK bool) (Heuristic, error) {
	kind, arg, _ := strings.Cut(name, ":")
	switch {
	case name == "misplaced":
		return Heuristic{Name: name, H: pdb.NewMisplaced(goal)}, nil
	case name == "manhattan":
		return Heuristic{Name: name, H: pdb.NewManhattan(goal), md: manhattanTable(goal)}, nil
	case name == "linear-conflict" || name == "lc":
		return Heuristic{Name: "linear-conflict", H: pdb.NewLinearConflict(goal)}, nil
	case kind == "pdb" || kind == "pdb-plain":
		part, err := pdb.ParsePartition(arg, goal)
		if err != nil {
			return Heuristic{}, &UnknownHeuristicError{Name: name, Err: err}
		}
		a, err := pdb.BuildPartition(ctx, goal, part, nil)
		if err != nil {
			return Heuristic{}, err
		}
		if kind == "pdb-plain" {
			return Heuristic{Name: kind + ":" + part.String(), H: a.Plain()}, nil
		}
		return Heuristic{Name: kind + ":" + part.String(), H: a, dbs: a}, nil
	case kind == "max" && maxOK && arg != "":
		var parts []pdb.Heuristic
		var labels []string
		for _, sub := range strings.Split(arg, "+") {
			h, err := newHeuristic(ctx, goal, sub, false)
			if err != nil {
				return Heuristic{}, err
			}
			parts = append(parts, h.H)
			labels = append(labels, h.Name)
		}
		return Heuristic{Name: "max:" + strings.Join(labels, "+"), H: maxOf(parts)}, nil
	}
	return Heuristic{}, &UnknownHeuristicError{Name: name}
}

// maxOf is the largest of several heuristics' values.
type maxOf []pdb.Heuristic

func (m maxOf) Distance(b statespace.Board) int {
	best := 0
	for _, h := range m {
		best = max(best, h.Distance(b))
	}
	return best
}

// manhattanTable returns, for each tile and cell, the grid distance from
// the cell to the tile's goal cell (0 for the blank).
func manhattanTable(goal statespace.Board) [][]int {
	s := goal.Shape()
	n := s.Cells()
	md := make([][]int, n)
	for t := 0; t < n; t++ {
		md[t] = make([]int, n)
		if t == 0 {
			continue
		}
		g := goal.Find(t)
		for c := 0; c < n; c++ {
			md[t][c] = abs(s.Row(c)-s.Row(g)) + abs(s.Col(c)-s.Col(g))
		}
	}
	return md
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
