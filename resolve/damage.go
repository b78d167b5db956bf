package resolve

import (
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// DatabasesDamagedError says pattern databases are proved wrong: a sound
// database never overestimates, yet a path shows one does (Err is a
// *pdb.PathBoundError, naming the database), or another search found a
// path shorter than the optimal answer IDA* gave on them (Err is a
// *BeatenError), which only an overestimate explains. No answer of them
// can be trusted; a fresh build of the files (enumerate verify) finds the
// entry that differs.
type DatabasesDamagedError struct {
	Goal      statespace.Board
	Partition pdb.Partition
	Heuristic string // as answers name the databases
	// Files are the files at fault: the one database a path check names,
	// else every database of the partition; none when the databases were
	// built in memory and never written (then the fault is tilespace's).
	Files []string
	Err   error
}

// Kind is errkind.Damaged.
func (*DatabasesDamagedError) Kind() errkind.Kind { return errkind.Damaged }

func (e *DatabasesDamagedError) Error() string {
	if len(e.Files) == 1 {
		return e.Files[0] + " is damaged: " + e.Err.Error()
	}
	return "the pattern databases " + e.Heuristic + " are damaged: " + e.Err.Error()
}

func (e *DatabasesDamagedError) Unwrap() error { return e.Err }

// BeatenError says a search found a path from Board of PathLength moves,
// shorter than the Distance an optimal search (Solver) answered: the
// optimal search's heuristic overestimates.
type BeatenError struct {
	Board      statespace.Board
	Distance   int
	Solver     string // e.g. "IDA* on pattern databases"
	PathLength int
	Search     string // e.g. "A* (Manhattan)"
}

// Kind is errkind.Damaged.
func (*BeatenError) Kind() errkind.Kind { return errkind.Damaged }

func (e *BeatenError) Error() string {
	return fmt.Sprintf("%s gives board %s distance %d, but %s found a path of %d moves",
		e.Solver, e.Board, e.Distance, e.Search, e.PathLength)
}

// CheckReference checks a path of pathLength moves that search found
// from a.Board against a, an answer found by search (a table's answers
// are checked by the table's CheckPath): a shorter path proves the
// heuristic it searched on overestimates. On pattern databases that is a
// *DatabasesDamagedError naming every file of the partition; on another
// heuristic a *BeatenError (a fault of tilespace's). An answer from a
// table, or a path not shorter, gives nil.
func CheckReference(a Answer, pathLength int, search string) error {
	if a.Source == nil || a.Source.Kind == FromTable || pathLength >= a.Distance {
		return nil
	}
	beaten := &BeatenError{Board: a.Board, Distance: a.Distance, Solver: a.Source.Solver, PathLength: pathLength, Search: search}
	if a.Source.Kind != FromDatabases || a.Source.databases == nil {
		return beaten
	}
	return a.Source.databases.damaged(beaten, -1)
}

// databases is what an answer on pattern databases knows of them, to
// say which are damaged.
type databases struct {
	a     *pdb.Additive
	name  string
	files []string // one per pattern, in the partition's order; nil when built in memory only
}

// damaged is the error of err, a proof against the databases: pattern
// names the database at fault, −1 all of them.
func (d *databases) damaged(err error, pattern int) *DatabasesDamagedError {
	e := &DatabasesDamagedError{Goal: d.a.Goal(), Partition: d.a.Partition(), Heuristic: d.name, Err: err}
	switch {
	case len(d.files) == 0:
	case pattern >= 0 && pattern < len(d.files):
		e.Files = []string{d.files[pattern]}
	default:
		e.Files = append([]string(nil), d.files...)
	}
	return e
}

// checkPath checks an answer's path against the databases it was found
// on (pdb.Additive.CheckPath): a violation is a *DatabasesDamagedError
// naming the database.
func (d *databases) checkPath(b statespace.Board, path []statespace.Move) error {
	err := d.a.CheckPath(b, path)
	var pe *pdb.PathBoundError
	if errors.As(err, &pe) {
		return d.damaged(pe, pe.Pattern)
	}
	return err
}
