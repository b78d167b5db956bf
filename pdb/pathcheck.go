package pdb

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// PathBoundError says a path to the goal proves a pattern database wrong:
// a database's value is a lower bound on the moves of its pattern's tiles
// that any solution makes, yet from the board At, Step moves along the
// path from Board, the path moves those tiles only Moves times while the
// database says Bound. A sound database never gives it; a forged or
// damaged one (entries swapped, checksums recomputed) can.
type PathBoundError struct {
	Pattern   int   // the pattern's index in the partition
	Tiles     []int // its tiles
	Board     statespace.Board
	Length    int // the path's moves
	Step      int
	At        statespace.Board
	Reflected bool // the bound is the one of At reflected about the main diagonal
	Bound     int
	Moves     int
}

// Kind is errkind.Damaged.
func (*PathBoundError) Kind() errkind.Kind { return errkind.Damaged }

func (e *PathBoundError) Error() string {
	at := "board " + e.At.String()
	if e.Reflected {
		at += " reflected about the diagonal"
	}
	where := fmt.Sprintf("%s, %d moves along the path of %d from %s", at, e.Step, e.Length, e.Board)
	if e.Step == 0 {
		where = fmt.Sprintf("%s, the start of a path of %d moves", at, e.Length)
	}
	return fmt.Sprintf("the database of tiles %s says %s needs at least %d moves of those tiles, but the path moves them %d times from there",
		joinInts(e.Tiles), where, e.Bound, e.Moves)
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// CheckPath checks a's databases against a path from start to the goal:
// at every board of the path, each database's value (and, where a looks
// up reflections, its value for the reflected board) is at most the
// moves the rest of the path makes with that database's tiles, since a
// sound database is a lower bound on them. That costs a lookup per
// database a move, nothing beside the search that found the path; it
// catches a damaged entry met on the path, not one that only pruned
// other paths. A violation is a *PathBoundError naming the database and
// the first board of the path that shows it; a
// path with an illegal move or that does not end at the goal is another
// error.
func (a *Additive) CheckPath(start statespace.Board, path []statespace.Move) error {
	boards := make([]statespace.Board, len(path)+1)
	moved := make([]uint8, len(path)) // the tile each move slides
	boards[0] = start
	for i, m := range path {
		next, ok := boards[i].Apply(m)
		if !ok {
			return fmt.Errorf("pdb: move %d of the path (%s) is not legal on %s", i+1, m, boards[i])
		}
		moved[i] = uint8(boards[i].SlidingTile(m))
		boards[i+1] = next
	}
	if end := boards[len(path)]; end != a.goal {
		return fmt.Errorf("pdb: the path from %s ends at %s, not at the goal %s", start, end, a.goal)
	}
	var left [perm.Cells]int // moves of each tile from the board checked on
	for _, t := range moved {
		left[t]++
	}
	n := start.Cells()
	for i, b := range boards {
		if i > 0 {
			left[moved[i-1]]--
		}
		var pos [perm.Cells]uint8
		for c := 0; c < n; c++ {
			pos[b.Tile(c)] = uint8(c)
		}
		if err := a.checkBounds(&pos, &left, false); err != nil {
			return a.pathError(err, start, len(path), i, b)
		}
		if a.reflect {
			var rpos [perm.Cells]uint8
			var rleft [perm.Cells]int // the reflected board's tile u moves when tile tileRefl[u] does
			for t := 0; t < n; t++ {
				rpos[a.tileRefl[t]] = a.cellRefl[pos[t]]
				rleft[a.tileRefl[t]] = left[t]
			}
			if err := a.checkBounds(&rpos, &rleft, true); err != nil {
				return a.pathError(err, start, len(path), i, b)
			}
		}
	}
	return nil
}

// checkBounds checks each database's value for the board whose tiles sit
// at pos against left, the moves of each tile still to come.
func (a *Additive) checkBounds(pos *[perm.Cells]uint8, left *[perm.Cells]int, reflected bool) *PathBoundError {
	var cells [perm.Cells]uint8
	for k, p := range a.pdbs {
		moves := 0
		for i, t := range p.tiles {
			cells[i] = pos[t]
			moves += left[t]
		}
		if v := p.value(cells[:len(p.tiles)], pos[0]); v > moves {
			return &PathBoundError{Pattern: k, Tiles: slices.Clone(p.tiles), Reflected: reflected, Bound: v, Moves: moves}
		}
	}
	return nil
}

func (a *Additive) pathError(e *PathBoundError, start statespace.Board, length, step int, at statespace.Board) error {
	e.Board, e.Length, e.Step, e.At = start, length, step, at
	return e
}
