package table

import (
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// ContradictionError says a path a search found proves a table
// wrong: a path from Board to the goal of PathLength moves exists, so the
// board's distance is at most PathLength, yet the table says
// TableDistance, more; or a search that finds only shortest paths
// (Shortest) found one longer than the table's distance, so the distance
// is exactly PathLength and the table's is too small. Either way the table
// is damaged or forged (a full re-derivation finds where), and no answer
// of it can be trusted.
type ContradictionError struct {
	Board         statespace.Board
	TableDistance int
	PathLength    int
	Search        string // the search that found the path, e.g. "A* (Manhattan)"
	Shortest      bool   // the search finds only shortest paths
}

// Kind is errkind.Damaged.
func (*ContradictionError) Kind() errkind.Kind { return errkind.Damaged }

func (e *ContradictionError) Error() string {
	const what = "the table"
	if e.PathLength < e.TableDistance {
		return fmt.Sprintf("%s is damaged: it gives board %s distance %d, but %s found a path of %d moves",
			what, e.Board, e.TableDistance, e.Search, e.PathLength)
	}
	return fmt.Sprintf("%s is damaged: it gives board %s distance %d, but %s, which finds only shortest paths, found none shorter than %d moves",
		what, e.Board, e.TableDistance, e.Search, e.PathLength)
}

// checkAgainstTable is CheckPath on either kind of table, whose lookup
// (without the table's origin) is given, the result passed through the
// table's origin.
func checkAgainstTable(t *tableHead, lookup func(statespace.Board) (int, error), b statespace.Board, pathLength int, search string, shortest bool) error {
	d, err := lookup(b)
	if err != nil {
		return t.told(err)
	}
	if pathLength < d || shortest && pathLength != d {
		return t.told(&ContradictionError{Board: b, TableDistance: d, PathLength: pathLength, Search: search, Shortest: shortest})
	}
	return nil
}

// CheckPath checks a path of pathLength moves that search found from b
// to t's goal against t's distance of b: a path shorter than the
// distance, or, when shortest says the search finds only shortest paths,
// one of another length, is a *ContradictionError. A board the table
// cannot answer returns Lookup's error.
func (t *Table) CheckPath(b statespace.Board, pathLength int, search string, shortest bool) error {
	return checkAgainstTable(&t.tableHead, t.Lookup, b, pathLength, search, shortest)
}

// CheckPath checks a path a search found against t, as Table.CheckPath
// does.
func (t *Lazy) CheckPath(b statespace.Board, pathLength int, search string, shortest bool) error {
	return checkAgainstTable(&t.tableHead, t.lookup, b, pathLength, search, shortest)
}

// ReplayError says an answer's path, replayed board by board against
// the table that gave it (a lazy table's Path replays every path it
// answers), does not fall by one move a step: the board
// At, Step moves along the path from Board, has distance Got, not Want
// (−1 when a move of the path is not legal there), or one of its
// neighbours contradicts it (Msg says which). The table is damaged or
// forged. It comes inside a *DamageError.
type ReplayError struct {
	Board     statespace.Board // the path's start
	Step      int
	At        statespace.Board
	Want, Got int
	Msg       string // what the neighbour check found, when it refused
}

// Kind is errkind.Damaged.
func (*ReplayError) Kind() errkind.Kind { return errkind.Damaged }

func (e *ReplayError) Error() string {
	if e.Msg != "" {
		return fmt.Sprintf("the path from %s, replayed: at step %d, %s", e.Board, e.Step, e.Msg)
	}
	return fmt.Sprintf("the path from %s, replayed: board %s at step %d has distance %d, not %d", e.Board, e.At, e.Step, e.Got, e.Want)
}

// replay replays path from b, whose distance t gave as d: every board on
// it must have distance d minus its step, each checked against its
// neighbours as WithAnswerChecks checks an answer (every neighbour one
// closer or one farther, as the stored bits say, about four walks a
// board), and the path must end at the goal after d moves. It returns
// nil, or a *DamageError holding a *ReplayError.
func (t *Lazy) replay(b statespace.Board, d int, path []statespace.Move) error {
	checked := t.WithAnswerChecks()
	at := b
	for i := 0; ; i++ {
		got, _, err := checked.lookupMoves(at)
		if err != nil {
			var te *DamageError
			if errors.As(err, &te) && te.Err == nil {
				return replayError(&ReplayError{Board: b, Step: i, At: at, Want: d - i, Got: -1, Msg: te.Msg})
			}
			return err
		}
		if got != d-i {
			return replayError(&ReplayError{Board: b, Step: i, At: at, Want: d - i, Got: got})
		}
		if i == len(path) {
			if got != 0 {
				return replayError(&ReplayError{Board: b, Step: i, At: at, Want: 0, Got: got})
			}
			return nil
		}
		next, ok := at.Apply(path[i])
		if !ok {
			return replayError(&ReplayError{Board: b, Step: i, At: at, Want: d - i, Got: -1,
				Msg: fmt.Sprintf("move %s is not legal on %s", path[i], at)})
		}
		at = next
	}
}

func replayError(e *ReplayError) error {
	return &DamageError{Msg: "the table is damaged: " + e.Error(), Err: e}
}
