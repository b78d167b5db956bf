package cli

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/cmd/cmdline"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// damageRemedy is the remedy of a table a search or a replayed path
// proved wrong (*table.ContradictionError, a
// *table.ReplayError): the command that re-derives the file and
// says where it differs, then the one that rebuilds it; the file is the
// one the *store.DamagedError around it names. ok is false for other
// errors. A table that came from no file that can be rebuilt (embedded,
// built in memory) has no remedy: its contradiction is a defect of
// tilespace.
func damageRemedy(err error) (remedy string, ok bool) {
	var (
		contradiction *table.ContradictionError
		replay        *table.ReplayError
		damaged       *store.DamagedError
		databases     *resolve.DatabasesDamagedError
		beaten        *resolve.BeatenError
	)
	if errors.As(err, &databases) {
		return databasesRemedy(databases), true
	}
	if errors.As(err, &beaten) {
		return "", true // a heuristic of tilespace's own overestimates: a defect
	}
	if !errors.As(err, &contradiction) && !errors.As(err, &replay) {
		return "", false
	}
	if !errors.As(err, &damaged) || damaged.Goal.IsZero() {
		return "", true
	}
	return "check the file with: " + VerifyCommand(damaged.Path) + "; rebuild it with: " + TableCommand(damaged.Goal), true
}

// databasesRemedy is the remedy of pattern databases a path proved
// wrong: the commands that re-derive each file at fault, then the one
// that rebuilds the partition; none for databases built in memory only.
func databasesRemedy(e *resolve.DatabasesDamagedError) string {
	if len(e.Files) == 0 {
		return ""
	}
	verify := make([]string, len(e.Files))
	for i, f := range e.Files {
		verify[i] = VerifyCommand(f)
	}
	it := "it"
	if len(e.Files) > 1 {
		it = "them"
	}
	return "check " + it + " with: " + strings.Join(verify, "; ") + "; rebuild " + it + " with: " +
		PDBCommand(e.Goal, e.Partition.Label(), e.Partition.ZeroAware, filepath.Dir(e.Files[0]))
}

// VerifyCommand is the command that re-derives the table or pattern
// database in the file at path and reports the first entry that differs.
func VerifyCommand(path string) string { return cmdline.Verify(path) }
