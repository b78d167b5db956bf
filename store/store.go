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
	"sync"

	"github.com/tilespace/tilespace/data"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/statespace"
)

// EnvCache names the environment variable that overrides the cache folder.
const EnvCache = "TILESPACE_CACHE"

// CacheDir returns the folder generated files live in: $TILESPACE_CACHE if
// set, else "tilespace" under os.UserCacheDir(). The first call for a
// folder in a process sweeps it (SweepCache), so every command that opens
// the cache removes what killed writers left there.
func CacheDir() (string, error) {
	d := os.Getenv(EnvCache)
	if d == "" {
		u, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("store: no cache folder (set %s): %w", EnvCache, err)
		}
		d = filepath.Join(u, "tilespace")
	}
	if _, done := swept.LoadOrStore(filepath.Clean(d), true); !done {
		SweepCache(d)
	}
	return d, nil
}

// swept holds the folders CacheDir has swept in this process.
var swept sync.Map

// SweepCache removes the temporary files in the cache folder dir that no
// live writer holds: those of a writer killed (SIGKILL, a power cut)
// between creating and renaming them. A live writer's files stay, in
// whatever process, container or PID namespace it runs
// (atomicfile.RemoveStale judges by the lock each writer holds). It is
// best effort and returns nothing: a file it cannot judge is left.
func SweepCache(dir string) { atomicfile.RemoveStale(dir) }

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
	return fmt.Sprintf("no distance table for %s goal %s (looked in: %s); build it with: %s",
		e.Goal.Shape(), statespace.GoalName(e.Goal), strings.Join(e.Looked, ", "), RebuildCommand(e.Goal))
}

// RebuildCommand is the command that builds the distance table of goal
// into the cache folder.
func RebuildCommand(goal statespace.Board) string {
	return fmt.Sprintf("go run ./cmd/enumerate -shape %s -goal %s", goal.Shape(), statespace.GoalName(goal))
}

// DamagedError says a table file is damaged or inconsistent (a checksum
// mismatch, a truncation, stored bits that are not a distance table) and
// names the command that rebuilds it. errors.As reaches the cause (a
// *tablefile.FormatError or a *statespace.TableError).
type DamagedError struct {
	Path string
	Goal statespace.Board
	Err  error
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("%s is damaged: %s; rebuild it with: %s", e.Path, strings.TrimPrefix(e.Err.Error(), "tablefile: "), RebuildCommand(e.Goal))
}

func (e *DamagedError) Unwrap() error { return e.Err }

// LoadTable returns the distance table for goal and where it came from:
// the file at explicit when that is not empty, else the table embedded in
// the binary, else the one in the cache folder. A file for another shape
// or goal is an error, a damaged one a *DamagedError; neither is silently
// skipped. Anything but a regular file at the path (a FIFO, a device) is
// refused before it is read.
func LoadTable(ctx context.Context, explicit string, goal statespace.Board) (*statespace.Table, string, error) {
	if explicit != "" {
		t, err := ReadTable(ctx, explicit, goal)
		return t, explicit, err
	}
	name := TableFileName(goal)
	looked := []string{"embedded"}
	if b, ok := data.Open(name); ok {
		t, err := readTableFrom(ctx, bytes.NewReader(b), goal, statespace.Origin{Source: "embedded " + name})
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
