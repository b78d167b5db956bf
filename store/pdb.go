package store

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// PDBNotFoundError says the pattern databases of a partition (or of any
// partition, when Partition is empty) are missing for a goal, and where
// the lookup went; the commands (cmd/internal/cli) name the one that builds
// them.
type PDBNotFoundError struct {
	Goal      statespace.Board
	Partition string   // the partition's label; empty when any would do
	ZeroAware bool     // the zero-aware databases of Partition are missing
	Missing   []string // file names not found
	Looked    []string // folders searched, in order
}

// Kind is errkind.Missing.
func (*PDBNotFoundError) Kind() errkind.Kind { return errkind.Missing }

func (e *PDBNotFoundError) Error() string {
	what := "partition " + e.Partition
	if e.Partition == "" {
		what = "no complete partition"
	}
	var where []string
	if len(e.Missing) > 0 {
		where = append(where, "missing "+strings.Join(e.Missing, ", "))
	}
	where = append(where, "looked in: "+strings.Join(e.Looked, ", "))
	return fmt.Sprintf("no pattern databases for %s goal %s, %s (%s)",
		e.Goal.Shape(), statespace.GoalName(e.Goal), what, strings.Join(where, "; "))
}

// PDBDamagedError says a pattern database file is damaged (a checksum
// mismatch, a truncation, contents that are not a database) and which
// partition it belongs to. errors.As reaches the cause (a
// *tablefile.FormatError or a *PDBDecodeError).
type PDBDamagedError struct {
	Path      string
	Goal      statespace.Board
	Partition pdb.Partition
	Err       error
}

// Kind is errkind.Damaged.
func (*PDBDamagedError) Kind() errkind.Kind { return errkind.Damaged }

func (e *PDBDamagedError) Error() string {
	return fmt.Sprintf("%s is damaged: %s", e.Path, damage(e.Err))
}

func (e *PDBDamagedError) Unwrap() error { return e.Err }

// FindPDB returns the path of the pattern database of tiles for goal: the
// first of dirs that holds its file (PDBFile). It returns a
// *PDBNotFoundError when none does.
func FindPDB(dirs []string, goal statespace.Board, tiles []int) (string, error) {
	name := PDBFile(goal, tiles).Name()
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
// pattern is a *tablefile.MismatchError. A version-2 file with raw
// storage (what WritePDB writes) is memory-mapped and used in place after
// its block checksums are checked: the mapping stays for the life of the
// process, and loading a 7-8 database from the page cache takes a
// fraction of a second. Other files are read whole and decoded.
func ReadPDB(path string, goal statespace.Board, tiles []int) (*pdb.PDB, error) {
	pattern := make([]uint8, len(tiles))
	for i, t := range tiles {
		pattern[i] = uint8(t)
	}
	rows, cols := goal.Shape().Dims()
	f, ferr := tablefile.Open(path)
	if ferr == nil && f.Mapped() && f.Header.Encoding == tablefile.EncodingBytes {
		if err := f.Header.Expect(tablefile.KindPDB, rows, cols, goal.Bytes(), pattern); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		payload, err := f.Payload()
		if err != nil {
			f.Close()
			return nil, err
		}
		p, err := decodePDB(f.Header, payload, false)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return p, nil // f stays open: p's values are its mapping
	}
	if ferr == nil {
		f.Close()
	}
	// Read whole and decode (version 1, zstd blocks), with the errors
	// tablefile.ReadFile gives.
	h, payload, err := tablefile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := h.Expect(tablefile.KindPDB, rows, cols, goal.Bytes(), pattern); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := decodePDB(h, payload, true)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// WritePDB writes p atomically to path, as a version-2 file with one raw
// byte per entry that ReadPDB maps and uses in place, and returns the
// file's size: the one format pattern databases are written in. It stops
// between blocks when ctx is done, leaving no file.
func WritePDB(ctx context.Context, path string, p *pdb.PDB) (int64, error) {
	if p.Packed() {
		// The file format holds a byte an entry; a packed database is
		// the same values held in memory only.
		return 0, fmt.Errorf("store: %s: a packed database is not written; write the one it was packed from", path)
	}
	if err := tablefile.WriteFileV2(ctx, path, PDBHeader(p), bytes.NewReader(p.Values()), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// LoadPartition reads the databases of every pattern of part for goal,
// each from the first of dirs that has it, packed as they are read when
// part is held packed (pdb.Partition.HeldPacked), and combines them into
// the additive heuristic (with the diagonal reflection where valid). It
// also returns the files read. When files are missing it returns a
// *PDBNotFoundError naming all of them; a damaged or mismatched file is an
// error, never skipped: a value that no database has (pdb.PackError) too.
//
// progress, if not nil, is called with done 0 before the first file is
// read and after each one with the number read (a set held packed takes
// minutes to read).
func LoadPartition(ctx context.Context, dirs []string, goal statespace.Board, part pdb.Partition, progress LoadProgress) (*pdb.Additive, []string, error) {
	if err := part.Validate(goal.Shape()); err != nil {
		return nil, nil, err
	}
	paths, missing := locate(dirs, goal, part)
	if len(missing) > 0 {
		return nil, nil, &PDBNotFoundError{Goal: goal, Partition: part.Label(), ZeroAware: part.ZeroAware, Missing: missing, Looked: dirs}
	}
	a, err := readPartition(ctx, goal, part, paths, progress)
	return a, paths, err
}

// LoadProgress receives the files of a set of databases read so far, of
// total (see LoadPartition).
type LoadProgress func(part pdb.Partition, done, total int)

// locate finds each pattern's file in the first folder that has it.
func locate(dirs []string, goal statespace.Board, part pdb.Partition) (paths, missing []string) {
	for _, pat := range part.Patterns {
		name := pdbFileName(goal, pat, part.ZeroAware)
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

// foundPartition is a complete set of pattern databases found in one folder.
type foundPartition struct {
	Partition pdb.Partition
	Dir       string
	Files     []string // one per pattern, in the partition's order
}

// maxCovers bounds the partitions partitionsIn assembles from one folder.
const maxCovers = 256

// partitionsIn returns every partition of goal's tiles whose pattern
// databases all lie in dir under the store's names (PDBFile, or
// ZeroAwarePDBFile for a zero-aware partition, whose databases are
// all zero-aware): the presets (a preset maximum too) and any custom
// partition, strongest first — the most entries in all (so zero-aware
// ones before plain ones of the same patterns, and a maximum before the
// partitions it is made of), then presets, then the fewest patterns. Files are not read; a folder
// that does not exist (or is not a folder) holds none.
func partitionsIn(dir string, goal statespace.Board) ([]foundPartition, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	dirEntries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var found []foundPartition
	for _, zero := range []bool{true, false} {
		found = append(found, findPartitions(dir, goal, dirEntries, zero)...)
		found = append(found, maximumsIn(dir, goal, zero)...)
	}
	n := goal.Cells()
	slices.SortStableFunc(found, func(a, b foundPartition) int {
		if c := cmp.Compare(totalEntries(b.Partition, n), totalEntries(a.Partition, n)); c != 0 {
			return c
		}
		if an, bn := a.Partition.Name != "", b.Partition.Name != ""; an != bn {
			if an {
				return -1 // presets before custom partitions of the same size
			}
			return 1
		}
		return cmp.Compare(len(a.Partition.Patterns), len(b.Partition.Patterns))
	})
	return found, nil
}

// maximumsIn returns the preset maximums of goal (6-6-6-6x4) whose
// databases of one kind all lie in dir: the covers findPartitions makes
// are single partitions.
func maximumsIn(dir string, goal statespace.Board, zero bool) []foundPartition {
	var found []foundPartition
	for _, name := range pdb.PresetsFor(goal.Shape()) {
		part, err := pdb.Preset(name, goal)
		if err != nil || part.Groups == nil {
			continue
		}
		part.ZeroAware = zero
		f := foundPartition{Partition: part, Dir: dir}
		for _, pat := range part.Patterns {
			path := filepath.Join(dir, pdbFileName(goal, pat, zero))
			if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
				f.Files = nil
				break
			}
			f.Files = append(f.Files, path)
		}
		if f.Files != nil {
			found = append(found, f)
		}
	}
	return found
}

// findPartitions is partitionsIn for one kind of database.
func findPartitions(dir string, goal statespace.Board, dirEntries []os.DirEntry, zero bool) []foundPartition {
	prefix := pdbPrefix(goal, zero)
	n := goal.Cells()
	var patterns [][]int
	for _, e := range dirEntries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		rest, ok = strings.CutSuffix(rest, ".pdb")
		if !ok {
			continue
		}
		tiles, ok := parseTiles(rest, n)
		if !ok || pdbFileName(goal, tiles, zero) != name {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || !st.Mode().IsRegular() {
			continue
		}
		patterns = append(patterns, tiles)
	}
	var found []foundPartition
	var chosen [][]int
	var cover func(covered uint32)
	cover = func(covered uint32) {
		if len(found) >= maxCovers {
			return
		}
		t := 1
		for t < n && covered&(1<<t) != 0 {
			t++
		}
		if t == n {
			part := pdb.Partition{Patterns: slices.Clone(chosen)}
			part, err := pdb.ParsePartition(part.String(), goal) // names presets
			if err != nil {
				return
			}
			part.ZeroAware = zero
			f := foundPartition{Partition: part, Dir: dir}
			for _, pat := range part.Patterns {
				f.Files = append(f.Files, filepath.Join(dir, pdbFileName(goal, pat, zero)))
			}
			found = append(found, f)
			return
		}
		for _, pat := range patterns {
			if pat[0] != t {
				continue // each cover is made once: by its patterns' lowest tiles
			}
			var m uint32
			for _, x := range pat {
				m |= 1 << x
			}
			if m&covered != 0 {
				continue
			}
			chosen = append(chosen, pat)
			cover(covered | m)
			chosen = chosen[:len(chosen)-1]
		}
	}
	cover(0)
	return found
}

// totalEntries is the number of entries of a partition's databases: its
// strength, roughly (larger patterns see more of the interactions).
func totalEntries(p pdb.Partition, cells int) uint64 {
	var sum uint64
	for _, pat := range p.Patterns {
		sum += pdb.Entries(cells, len(pat), p.ZeroAware)
	}
	return sum
}

// parseTiles reads the tiles of a file name, "1.2.5.6", ascending and
// within 1..n−1.
func parseTiles(s string, n int) ([]int, bool) {
	var tiles []int
	for _, f := range strings.Split(s, ".") {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 || t >= n || len(tiles) > 0 && t <= tiles[len(tiles)-1] {
			return nil, false
		}
		tiles = append(tiles, t)
	}
	return tiles, len(tiles) > 0
}

// bestPartition returns the strongest partition found for goal (see
// partitionsIn) in the first of dirs that holds a complete one. It
// returns a *PDBNotFoundError when no folder holds one.
func bestPartition(dirs []string, goal statespace.Board) (foundPartition, error) {
	for _, dir := range dirs {
		found, err := partitionsIn(dir, goal)
		if err != nil {
			return foundPartition{}, err
		}
		if len(found) > 0 {
			return found[0], nil
		}
	}
	return foundPartition{}, &PDBNotFoundError{Goal: goal, Looked: dirs}
}

// LoadBestPDBs loads the strongest partition found for goal in the first of
// dirs that holds a complete one (presets and custom ones) and returns the
// heuristic and the files read.
func LoadBestPDBs(ctx context.Context, dirs []string, goal statespace.Board, progress LoadProgress) (*pdb.Additive, []string, error) {
	f, err := bestPartition(dirs, goal)
	if err != nil {
		return nil, nil, err
	}
	a, err := readPartition(ctx, goal, f.Partition, f.Files, progress)
	return a, f.Files, err
}

// readPartition reads the databases of part from paths, packed when part
// is held packed (pdb.Partition.HeldPacked), and combines them.
func readPartition(ctx context.Context, goal statespace.Board, part pdb.Partition, paths []string, progress LoadProgress) (*pdb.Additive, error) {
	pdbs := make([]*pdb.PDB, len(paths))
	if progress != nil {
		progress(part, 0, len(paths))
	}
	var packed []*pdb.PDB
	if part.HeldPacked() {
		packed = make([]*pdb.PDB, len(paths))
	}
	for i, path := range paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if pdbs[i], err = ReadPDB(path, goal, part.Patterns[i]); err != nil {
			var fe *tablefile.FormatError
			var de *PDBDecodeError
			if errors.As(err, &fe) || errors.As(err, &de) {
				return nil, &PDBDamagedError{Path: path, Goal: goal, Partition: part, Err: err}
			}
			return nil, err
		}
		// A plain file under a zero-aware name, or the other way round,
		// is damaged: its entries are not the ones its name promises.
		if pdbs[i].Entries() != pdb.Entries(goal.Cells(), len(part.Patterns[i]), part.ZeroAware) {
			err := &PDBDecodeError{Msg: fmt.Sprintf("%d entries: the file is zero-aware %v, its name says %v", pdbs[i].Entries(), pdbs[i].ZeroAware(), part.ZeroAware)}
			return nil, &PDBDamagedError{Path: path, Goal: goal, Partition: part, Err: err}
		}
		// Packed as read, while the file is in the page cache: a second
		// pass would read it from disk again.
		if packed != nil {
			q, err := pdb.Pack(ctx, pdbs[i])
			var pe *pdb.PackError
			switch {
			case errors.As(err, &pe) && pe.Damaged:
				return nil, &PDBDamagedError{Path: path, Goal: goal, Partition: part, Err: err}
			case errors.As(err, &pe):
				packed = nil // a value that does not pack: all stay as read
			case err != nil:
				return nil, err
			default:
				packed[i] = q
			}
		}
		if progress != nil {
			progress(part, i+1, len(paths))
		}
	}
	if packed != nil {
		pdbs = packed
	}
	return pdb.NewAdditive(goal, part, pdbs)
}
