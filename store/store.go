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
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// swept holds the folders DefaultCache has swept in this process.
var swept sync.Map

// sweepCache removes the temporary files in the cache folder dir that no
// live writer holds: those of a writer killed (SIGKILL, a power cut)
// between creating and renaming them. A live writer's files stay, in
// whatever process, container or PID namespace it runs
// (atomicfile.RemoveStale judges by the lock each writer holds). It is
// best effort and returns nothing: a file it cannot judge is left.
func sweepCache(dir string) { atomicfile.RemoveStale(dir) }

// sweepOnce sweeps dir the first time this process opens it.
func sweepOnce(dir string) {
	if _, done := swept.LoadOrStore(filepath.Clean(dir), true); !done {
		sweepCache(dir)
	}
}

// goalSlug names a goal in file names: "last", "first", or its tiles
// joined by dots ("1.2.3.4.0.5.6.7.8").
func goalSlug(goal statespace.Board) string {
	name := statespace.GoalName(goal)
	return strings.ReplaceAll(name, ",", ".")
}

func pdbFileName(goal statespace.Board, pattern []int, zero bool) string {
	parts := make([]string, len(pattern))
	for i, t := range pattern {
		parts[i] = strconv.Itoa(t)
	}
	return pdbPrefix(goal, zero) + strings.Join(parts, ".") + ".pdb"
}

// pdbPrefix is what the names of goal's pattern databases start with.
func pdbPrefix(goal statespace.Board, zero bool) string {
	kind := "-pdb-"
	if zero {
		kind = "-zpdb-"
	}
	return goal.Shape().String() + "-" + goalSlug(goal) + kind
}

// NotFoundError says no table exists for a goal, and where the lookup
// went; the commands (cmd/internal/cli) name the one that builds it.
type NotFoundError struct {
	Goal   statespace.Board
	Looked []string // where the lookup went
}

// Kind is errkind.Missing.
func (*NotFoundError) Kind() errkind.Kind { return errkind.Missing }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no distance table for %s goal %s (looked in: %s)",
		e.Goal.Shape(), statespace.GoalName(e.Goal), strings.Join(e.Looked, ", "))
}

// DamagedError says a table file is damaged or inconsistent (a checksum
// mismatch, a truncation, stored bits that are not a distance table).
// errors.As reaches the cause (a *tablefile.FormatError, a
// *table.DamageError, or a *table.ContradictionError when a
// search's path proved the table wrong).
type DamagedError struct {
	Path string
	Goal statespace.Board
	Err  error
}

// Kind is errkind.Damaged.
func (*DamagedError) Kind() errkind.Kind { return errkind.Damaged }

func (e *DamagedError) Error() string {
	return fmt.Sprintf("%s is damaged: %s", e.Path, damage(e.Err))
}

func (e *DamagedError) Unwrap() error { return e.Err }

// damage says what is wrong with a damaged file: the message of the
// typed cause, without the packages' prefixes and the path the error
// around it names already.
func damage(err error) string {
	if err == nil {
		return "cause unknown"
	}
	var fe *tablefile.FormatError
	var te *table.DamageError
	var ce *table.ContradictionError
	var de *PDBDecodeError
	switch {
	case errors.As(err, &fe):
		return fe.Msg
	case errors.As(err, &ce):
		return strings.TrimPrefix(ce.Error(), "the table is damaged: ")
	case errors.As(err, &te):
		return strings.TrimPrefix(te.Msg, "the table is damaged: ")
	case errors.As(err, &de):
		return de.Msg
	}
	return err.Error()
}

// LoadTable returns goal's distance table and where it came from: the
// table embedded in the binary, else the one in c (a cache without a
// folder, the zero Cache, holds none). A file for another shape or goal
// is an error, a damaged one a *DamagedError, a missing one a
// *NotFoundError saying where the lookup went; none is silently skipped.
// Anything but a regular file at the path (a FIFO, a device) is refused
// before it is read. A table at a path of one's own is ReadTable's.
func (c Cache) LoadTable(ctx context.Context, goal statespace.Board) (table.Interface, string, error) {
	name := TableFile(goal).Name()
	looked := []string{"embedded"}
	if b, ok := data.Open(name); ok {
		t, err := readTableFrom(ctx, bytes.NewReader(b), goal)
		if err != nil {
			return nil, "", fmt.Errorf("embedded %s: %w", name, err)
		}
		// An embedded table cannot be rebuilt: its damage names no goal.
		return table.WithOrigin(t, origin("embedded "+name, statespace.Board{})), "embedded " + name, nil
	}
	if c.dir == "" {
		return nil, "", &NotFoundError{Goal: goal, Looked: looked}
	}
	path := c.Path(TableFile(goal))
	looked = append(looked, path)
	t, err := c.readTable(ctx, goal)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", &NotFoundError{Goal: goal, Looked: looked}
	}
	return t, path, err
}
