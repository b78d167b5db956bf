package cli

import (
	"fmt"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// TabledError says pattern databases were asked for (-pdb-dir or -pdb)
// for boards answered from an exact table, which needs none: the flags
// would apply to no board (boardflags.Source.CheckTabled).
type TabledError struct{ Goal statespace.Board }

// Kind is errkind.Value.
func (*TabledError) Kind() errkind.Kind { return errkind.Value }

func (e *TabledError) Error() string {
	return fmt.Sprintf("pattern databases apply to boards solved by search; %s boards are answered from the exact distance table of goal %s",
		e.Goal.Shape(), statespace.GoalName(e.Goal))
}
