package store

import (
	"errors"
	"fmt"
	"os"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// TableCounts returns the number of boards at each distance from the
// header of goal's table file in c, without decoding its payload; nil and
// no error when there is no such file. Trailing zero counts (distances no
// board has) are left out.
func (c Cache) TableCounts(goal statespace.Board) ([]uint64, error) {
	path := c.Path(TableFile(goal))
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	h, _, err := tablefile.ReadFile(path)
	if err != nil {
		return nil, damaged(path, goal, err)
	}
	if err := expectGoal(h, goal); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	counts := h.Counts
	for len(counts) > 0 && counts[len(counts)-1] == 0 {
		counts = counts[:len(counts)-1]
	}
	return counts, nil
}
