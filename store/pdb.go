package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// PDBNotFoundError says the pattern databases of a partition (or of any
// preset, when Partition is empty) are missing for a goal, and how to
// build them.
type PDBNotFoundError struct {
	Goal      statespace.Board
	Partition string   // the partition's label; empty when any preset would do
	Missing   []string // file names not found
	Looked    []string // folders searched, in order
}

func (e *PDBNotFoundError) Error() string {
	sh, goal := e.Goal.Shape(), statespace.GoalName(e.Goal)
	what, build := "partition "+e.Partition, e.Partition
	if e.Partition == "" {
		what, build = "any preset partition ("+strings.Join(pdb.PresetNames, ", ")+")", "6-6-3"
	}
	var where []string
	if len(e.Missing) > 0 {
		where = append(where, "missing "+strings.Join(e.Missing, ", "))
	}
	where = append(where, "looked in: "+strings.Join(e.Looked, ", "))
	return fmt.Sprintf("no pattern databases for %s goal %s, %s (%s); build them with: go run ./cmd/enumerate -shape %s -goal %s -pdb %s",
		sh, goal, what, strings.Join(where, "; "), sh, goal, build)
}

// PDBDirs returns the folders pattern databases are looked for in, in
// order: explicit (when not empty), then the cache folder.
func PDBDirs(explicit string) ([]string, error) {
	var dirs []string
	if explicit != "" {
		dirs = append(dirs, explicit)
	}
	cache, err := CacheDir()
	if err != nil {
		if len(dirs) > 0 {
			return dirs, nil
		}
		return nil, err
	}
	if cache != explicit {
		dirs = append(dirs, cache)
	}
	return dirs, nil
}

// FindPDB returns the path of the pattern database of tiles for goal: the
// first of PDBDirs(explicit) that holds a file named PDBFileName(goal,
// tiles). It returns a *PDBNotFoundError when none does.
func FindPDB(explicit string, goal statespace.Board, tiles []int) (string, error) {
	dirs, err := PDBDirs(explicit)
	if err != nil {
		return "", err
	}
	name := PDBFileName(goal, tiles)
	for _, dir := range dirs {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err == nil {
			return path, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return "", &PDBNotFoundError{Goal: goal, Partition: strings.Join(intsToStrings(tiles), ","), Missing: []string{name}, Looked: dirs}
}

func intsToStrings(v []int) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = fmt.Sprint(x)
	}
	return out
}

// ReadPDB reads the pattern database at path and checks that it is the
// one of tiles (ascending) for goal; a file for another shape, goal or
// pattern is a *tablefile.MismatchError.
func ReadPDB(path string, goal statespace.Board, tiles []int) (*pdb.PDB, error) {
	h, payload, err := tablefile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pattern := make([]uint8, len(tiles))
	for i, t := range tiles {
		pattern[i] = uint8(t)
	}
	sh := goal.Shape()
	if err := h.Expect(tablefile.KindPDB, sh.Rows, sh.Cols, goalBytes(goal), pattern); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := pdb.Decode(h, payload)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

func goalBytes(g statespace.Board) []uint8 {
	out := make([]uint8, g.Cells())
	for i := range out {
		out[i] = uint8(g.Tile(i))
	}
	return out
}

// WritePDB writes p atomically to path and returns the file's size.
func WritePDB(path string, p *pdb.PDB) (int64, error) {
	h, payload := p.Encode()
	if err := tablefile.WriteFile(path, h, payload); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// LoadPartition reads the databases of every pattern of part for goal,
// each from the first folder of PDBDirs(explicit) that has it, and
// combines them into the additive heuristic (with the diagonal reflection
// where valid). It also returns the files read. When files are missing it
// returns a *PDBNotFoundError naming all of them; a damaged or mismatched
// file is an error, never skipped.
func LoadPartition(ctx context.Context, explicit string, goal statespace.Board, part pdb.Partition) (*pdb.Additive, []string, error) {
	if err := part.Validate(goal.Shape()); err != nil {
		return nil, nil, err
	}
	dirs, err := PDBDirs(explicit)
	if err != nil {
		return nil, nil, err
	}
	paths, missing := locate(dirs, goal, part)
	if len(missing) > 0 {
		return nil, nil, &PDBNotFoundError{Goal: goal, Partition: part.Label(), Missing: missing, Looked: dirs}
	}
	pdbs := make([]*pdb.PDB, len(paths))
	for i, path := range paths {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if pdbs[i], err = ReadPDB(path, goal, part.Patterns[i]); err != nil {
			return nil, nil, err
		}
	}
	a, err := pdb.NewAdditive(goal, part, pdbs)
	return a, paths, err
}

// locate finds each pattern's file in the first folder that has it.
func locate(dirs []string, goal statespace.Board, part pdb.Partition) (paths, missing []string) {
	for _, pat := range part.Patterns {
		name := PDBFileName(goal, pat)
		found := ""
		for _, dir := range dirs {
			path := filepath.Join(dir, name)
			if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
				found = path
				break
			}
		}
		if found == "" {
			missing = append(missing, name)
		}
		paths = append(paths, found)
	}
	return paths, missing
}

// BestPartition returns the strongest preset partition whose files all
// exist for goal in PDBDirs(explicit): 7-8, else 6-6-3, else 5-5-5. It
// returns a *PDBNotFoundError when there is none (always, for goals
// without presets).
func BestPartition(explicit string, goal statespace.Board) (pdb.Partition, error) {
	dirs, err := PDBDirs(explicit)
	if err != nil {
		return pdb.Partition{}, err
	}
	for _, name := range pdb.PresetNames {
		part, err := pdb.Preset(name, goal)
		if err != nil {
			break // no presets for this goal
		}
		if _, missing := locate(dirs, goal, part); len(missing) == 0 {
			return part, nil
		}
	}
	return pdb.Partition{}, &PDBNotFoundError{Goal: goal, Looked: dirs}
}

// LoadBestPDBs loads the strongest preset partition available for goal
// (see BestPartition) and returns the heuristic and the files read.
func LoadBestPDBs(ctx context.Context, explicit string, goal statespace.Board) (*pdb.Additive, []string, error) {
	part, err := BestPartition(explicit, goal)
	if err != nil {
		return nil, nil, err
	}
	return LoadPartition(ctx, explicit, goal, part)
}
