package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// EnvCache names the environment variable that overrides the cache folder.
const EnvCache = "TILESPACE_CACHE"

// File names one of the files the store keeps for a goal: a distance
// table, a pattern database, a search's checkpoint, an export, or the
// working folder of a distributed search. Its name is the same in every
// folder (Name); a Cache says where it is.
type File struct{ name string }

// TableFile is goal's distance table, e.g. "3x3-last.tbl" or
// "3x3-1.2.3.4.0.5.6.7.8.tbl".
func TableFile(goal statespace.Board) File {
	return File{goal.Shape().String() + "-" + goalSlug(goal) + ".tbl"}
}

// PDBFile is the pattern database of the tiles (ascending) for goal, e.g.
// "4x4-last-pdb-1.2.5.6.9.10.pdb".
func PDBFile(goal statespace.Board, tiles []int) File { return File{pdbFileName(goal, tiles, false)} }

// ZeroAwarePDBFile is the zero-aware pattern database of tiles for goal,
// e.g. "5x5-first-zpdb-1.2.5.6.7.12.pdb".
func ZeroAwarePDBFile(goal statespace.Board, tiles []int) File {
	return File{pdbFileName(goal, tiles, true)}
}

// pdbFileOf names the file of database p: ZeroAwarePDBFile for a
// zero-aware one, else PDBFile.
func pdbFileOf(p *pdb.PDB) File { return File{pdbFileName(p.Goal(), p.Tiles(), p.ZeroAware())} }

// CheckpointFile is the checkpoint of a resumable search for goal's
// table, e.g. "2x7-last.tbl.checkpoint".
func CheckpointFile(goal statespace.Board) File { return File{TableFile(goal).name + ".checkpoint"} }

// NPYFile is goal's distances exported for NumPy, e.g. "3x4-last.npy".
func NPYFile(goal statespace.Board) File {
	return File{goal.Shape().String() + "-" + goalSlug(goal) + ".npy"}
}

// BeamWorkFile is the folder of a distributed search's intermediate files
// for goal's table, e.g. "beam-2x7-last".
func BeamWorkFile(goal statespace.Board) File {
	return File{"beam-" + goal.Shape().String() + "-" + goalSlug(goal)}
}

// Name returns the file's name, the same in every folder.
func (f File) Name() string { return f.name }

// Cache is a folder of generated files, each under the store's name for
// it: the cache folder (DefaultCache, which the commands call and hand
// down), or any folder a command writes to or reads from. It is a small
// value; the folder need not exist until a write makes it. The zero Cache
// has no folder: it holds nothing, and writing to it fails with an error
// that says so (the page's engine in a browser, which has no files).
type Cache struct{ dir string }

// NewCache returns the cache in folder dir.
func NewCache(dir string) Cache { return Cache{dir: dir} }

// DefaultCache returns the cache folder generated files live in:
// $TILESPACE_CACHE if set, else "tilespace" under os.UserCacheDir(). The
// first call for a folder in a process sweeps it (see sweepCache), so every
// command that opens the cache removes what killed writers left there.
// Only the commands call it: every package below takes the Cache it is
// handed.
func DefaultCache() (Cache, error) {
	if d := os.Getenv(EnvCache); d != "" {
		sweepOnce(d)
		return Cache{dir: d}, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return Cache{}, noCache(err)
	}
	dir := filepath.Join(d, "tilespace")
	sweepOnce(dir)
	return Cache{dir: dir}, nil
}

// noCache says there is no cache folder (the platform has no user cache
// folder and $TILESPACE_CACHE is not set, or the zero Cache), wrapping the
// cause: no caller tells it from other failures to read or write.
func noCache(err error) error {
	return fmt.Errorf("store: no cache folder (set %s): %w", EnvCache, err)
}

// Dir returns the cache's folder.
func (c Cache) Dir() string { return c.dir }

// Path returns where f is in the cache.
func (c Cache) Path(f File) string { return filepath.Join(c.dir, f.name) }

// IsZero reports whether c is the zero Cache, which has no folder.
func (c Cache) IsZero() bool { return c.dir == "" }

// Has reports whether the cache holds f as a regular file. It does not
// read it: a damaged file counts.
func (c Cache) Has(f File) bool {
	if c.dir == "" {
		return false
	}
	st, err := os.Stat(c.Path(f))
	return err == nil && st.Mode().IsRegular()
}

// readTable reads goal's distance table from the cache (see the function
// readTable); a missing file is an error matching os.ErrNotExist.
func (c Cache) readTable(ctx context.Context, goal statespace.Board) (table.Interface, error) {
	if c.dir == "" {
		return nil, noCache(os.ErrNotExist)
	}
	return ReadTable(ctx, c.Path(TableFile(goal)), goal)
}

// WriteTable writes t into the cache in the given encoding (see the
// function WriteTable), making the folder if need be, and returns the
// file's path and size.
func (c Cache) WriteTable(ctx context.Context, t *table.Table, enc tablefile.Encoding) (string, int64, error) {
	path := c.Path(TableFile(t.Space().Goal()))
	if err := c.mkdir(); err != nil {
		return "", 0, err
	}
	size, err := WriteTable(ctx, path, t, enc)
	return path, size, err
}

// WriteMod4Table writes the mod4-bit table of goal into the cache (see
// the function WriteMod4Table), making the folder if need be, and returns
// the file's path and size.
func (c Cache) WriteMod4Table(ctx context.Context, goal statespace.Board, counts []uint64, payload io.ReaderAt) (string, int64, error) {
	path := c.Path(TableFile(goal))
	if err := c.mkdir(); err != nil {
		return "", 0, err
	}
	size, err := WriteMod4Table(ctx, path, goal, counts, payload)
	return path, size, err
}

// WritePDB writes p into the cache (see the function WritePDB), making
// the folder if need be, and returns the file's path and size.
func (c Cache) WritePDB(ctx context.Context, p *pdb.PDB) (string, int64, error) {
	path := c.Path(pdbFileOf(p))
	if err := c.mkdir(); err != nil {
		return "", 0, err
	}
	size, err := WritePDB(ctx, path, p)
	return path, size, err
}

// WritePDBs writes every database of a into the cache, each atomically,
// and returns their paths.
func (c Cache) WritePDBs(ctx context.Context, a *pdb.Additive) ([]string, error) {
	var paths []string
	for _, p := range a.PDBs() {
		path, _, err := c.WritePDB(ctx, p)
		if err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

func (c Cache) mkdir() error {
	if c.dir == "" {
		return noCache(errors.New("the zero Cache has no folder"))
	}
	return os.MkdirAll(c.dir, 0o755)
}
