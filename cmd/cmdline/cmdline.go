// Package cmdline spells the command lines that build, rebuild and check
// tilespace's files, the one place the remedies of the commands (package
// cli, and beam-ida in the beam module) and of the static copy's engine
// take them from. It imports only statespace, so the engine in
// WebAssembly can name them too; it sits outside cmd/internal so that the
// beam module's commands may import it.
package cmdline

import (
	"fmt"

	"github.com/tilespace/tilespace/statespace"
)

// Table is the command that builds goal's distance table into the cache
// folder.
func Table(goal statespace.Board) string {
	return fmt.Sprintf("go run ./cmd/enumerate -shape %s -goal %s", goal.Shape(), statespace.GoalName(goal))
}

// Databases is the command that builds the pattern databases of a
// partition (its label) for goal, zero-aware ones when zeroAware, into
// out ("": the cache folder, which needs no -out).
func Databases(goal statespace.Board, partition string, zeroAware bool, out string) string {
	cmd := fmt.Sprintf("go run ./cmd/enumerate databases -shape %s -goal %s -pdb %s", goal.Shape(), statespace.GoalName(goal), partition)
	if zeroAware {
		cmd += " -zero-aware"
	}
	if out != "" {
		cmd += " -out " + out
	}
	return cmd
}

// Verify is the command that re-derives the table or pattern database in
// the file at path and reports the first entry that differs.
func Verify(path string) string { return "go run ./cmd/enumerate verify " + path }
