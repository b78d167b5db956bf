package search

import (
	"fmt"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// UnknownAlgorithmError is a name that names no algorithm of those a
// caller runs (a comparison's keys, the textbook's runs): Known are the
// names there are.
type UnknownAlgorithmError struct {
	Key   string
	Known []string // the names there are, in the caller's order
	// NeedsTable is set when Key names the A* on the exact table and the
	// comparison has no table.
	NeedsTable bool
}

// Kind is errkind.Value.
func (*UnknownAlgorithmError) Kind() errkind.Kind { return errkind.Value }

func (e *UnknownAlgorithmError) Error() string {
	if e.NeedsTable {
		return fmt.Sprintf("algorithm %q searches on the exact distance table, and this goal has none; the algorithms are %s", e.Key, strings.Join(e.Known, ", "))
	}
	return fmt.Sprintf("no algorithm %q: the algorithms are %s", e.Key, strings.Join(e.Known, ", "))
}
