package cli

import (
	"errors"

	"github.com/tilespace/tilespace/cmd/internal/cmdline"
	"github.com/tilespace/tilespace/statespace"
)

// damageRemedy is the remedy of a table a search or a replayed path
// proved wrong (*statespace.TableContradictionError, a *TableError
// holding a *statespace.PathReplayError): the command that re-derives the
// file and says where it differs, then the one that rebuilds it. ok is
// false for other errors. A table that came from no file (embedded, built
// in memory) has no remedy: its contradiction is a defect of tilespace.
func damageRemedy(err error) (remedy string, ok bool) {
	var (
		contradiction *statespace.TableContradictionError
		replay        *statespace.PathReplayError
		table         *statespace.TableError
		origin        statespace.Origin
	)
	switch {
	case errors.As(err, &contradiction):
		origin = contradiction.Origin
	case errors.As(err, &replay) && errors.As(err, &table):
		origin = table.Origin
	default:
		return "", false
	}
	if origin.Source == "" || origin.Goal.IsZero() {
		return "", true
	}
	return "check the file with: " + VerifyCommand(origin.Source) + "; rebuild it with: " + TableCommand(origin.Goal), true
}

// VerifyCommand is the command that re-derives the table or pattern
// database in the file at path and reports the first entry that differs.
func VerifyCommand(path string) string { return cmdline.Verify(path) }
