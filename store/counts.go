package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// CachedTableCounts returns the number of boards at each distance from
// the header of goal's table file in the cache folder, without decoding
// its payload; nil and no error when there is no such file. Trailing zero
// counts (distances no board has) are left out.
func CachedTableCounts(goal statespace.Board) ([]uint64, error) {
	dir, err := CacheDir()
	if err != nil {
		return nil, nil
	}
	path := filepath.Join(dir, TableFileName(goal))
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
	c := h.Counts
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c, nil
}
