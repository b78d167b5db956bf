// Package store finds, reads and writes tilespace's data files by shape,
// goal and pattern: one naming scheme for every tool, the cache folder,
// and the lookup order explicit file → embedded → cache folder.
package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/data"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// EnvCache names the environment variable that overrides the cache folder.
const EnvCache = "TILESPACE_CACHE"

// CacheDir returns the folder generated files live in: $TILESPACE_CACHE if
// set, else "tilespace" under os.UserCacheDir().
func CacheDir() (string, error) {
	if d := os.Getenv(EnvCache); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("store: no cache folder (set %s): %w", EnvCache, err)
	}
	return filepath.Join(d, "tilespace"), nil
}

// GoalSlug names a goal in file names: "last", "first", or its tiles
// joined by dots ("1.2.3.4.0.5.6.7.8").
func GoalSlug(goal statespace.Board) string {
	name := statespace.GoalName(goal)
	return strings.ReplaceAll(name, ",", ".")
}

// TableFileName is the file name of the distance table for goal, e.g.
// "3x3-last.tbl" or "3x3-1.2.3.4.0.5.6.7.8.tbl".
func TableFileName(goal statespace.Board) string {
	return goal.Shape().String() + "-" + GoalSlug(goal) + ".tbl"
}

// PDBFileName is the file name of the pattern database of the given tiles
// for goal, e.g. "4x4-last-pdb-1.2.5.6.9.10.pdb".
func PDBFileName(goal statespace.Board, pattern []int) string {
	parts := make([]string, len(pattern))
	for i, t := range pattern {
		parts[i] = strconv.Itoa(t)
	}
	return goal.Shape().String() + "-" + GoalSlug(goal) + "-pdb-" + strings.Join(parts, ".") + ".pdb"
}

// NotFoundError says no table exists for a goal and how to build one.
type NotFoundError struct {
	Goal   statespace.Board
	Looked []string // where the lookup went
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no distance table for %s goal %s (looked in: %s); build it with: go run ./cmd/enumerate -shape %s -goal %s",
		e.Goal.Shape(), statespace.GoalName(e.Goal), strings.Join(e.Looked, ", "), e.Goal.Shape(), statespace.GoalName(e.Goal))
}

// LoadTable returns the distance table for goal and where it came from:
// the file at explicit when that is not empty, else the table embedded in
// the binary, else the one in the cache folder. A file for another shape
// or goal, or a damaged one, is an error, never silently skipped.
func LoadTable(ctx context.Context, explicit string, goal statespace.Board) (*statespace.Table, string, error) {
	if explicit != "" {
		t, err := ReadTable(ctx, explicit, goal)
		return t, explicit, err
	}
	name := TableFileName(goal)
	looked := []string{"embedded"}
	if b, ok := data.Open(name); ok {
		t, err := decodeTable(ctx, bytes.NewReader(b), goal)
		if err != nil {
			return nil, "", fmt.Errorf("embedded %s: %w", name, err)
		}
		return t, "embedded " + name, nil
	}
	dir, err := CacheDir()
	if err != nil {
		return nil, "", err
	}
	path := filepath.Join(dir, name)
	looked = append(looked, path)
	t, err := ReadTable(ctx, path, goal)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", &NotFoundError{Goal: goal, Looked: looked}
	}
	return t, path, err
}

// ReadTable reads the distance table at path and checks that it is for
// goal (any goal when goal is the zero Board).
func ReadTable(ctx context.Context, path string, goal statespace.Board) (*statespace.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := decodeTable(ctx, f, goal)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func decodeTable(ctx context.Context, r interface{ Read([]byte) (int, error) }, goal statespace.Board) (*statespace.Table, error) {
	h, payload, err := tablefile.Read(r)
	if err != nil {
		return nil, err
	}
	if !goal.IsZero() {
		g := make([]uint8, goal.Cells())
		for i := range g {
			g[i] = uint8(goal.Tile(i))
		}
		if err := h.Expect(tablefile.KindDistance, goal.Shape().Rows, goal.Shape().Cols, g, nil); err != nil {
			return nil, err
		}
	}
	return statespace.Decode(ctx, h, payload)
}

// WriteTable writes t atomically to path in the given encoding and
// returns the file's size.
func WriteTable(path string, t *statespace.Table, enc tablefile.Encoding) (int64, error) {
	h, payload, err := t.Encode(enc)
	if err != nil {
		return 0, err
	}
	if err := tablefile.WriteFile(path, h, payload); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}
