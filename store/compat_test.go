package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// The files of testdata/old were written by the code before the codec
// moved into store (testdata/old/README.md says how): pattern databases
// of version 1 (pdb.Write) and version 2 (store.WritePDB), tables of
// version 1 and 2. Today's readers must give what they held.
func TestOldFilesRead(t *testing.T) {
	ctx := context.Background()
	r23 := statespace.Shape{Rows: 2, Cols: 3}
	last, first := statespace.GoalLast(r23), statespace.GoalFirst(r23)
	for _, c := range []struct {
		goal  statespace.Board
		tiles []int
	}{{last, []int{1, 2, 4}}, {first, []int{1, 2, 3, 4, 5}}} {
		want, err := pdb.Build(ctx, c.goal, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{"v1-", "v2-"} {
			path := filepath.Join("testdata", "old", v+PDBFile(c.goal, c.tiles).Name())
			got, err := ReadPDB(path, c.goal, c.tiles)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			if !slices.Equal(got.Values(), want.Values()) || !slices.Equal(got.Counts(), want.Counts()) {
				t.Errorf("%s: the values differ from a fresh build", path)
			}
		}
	}
	want := enumerate(t, last)
	for _, name := range []string{"v1-mod4-", "v2-mod4-", "v2-bytes-"} {
		path := filepath.Join("testdata", "old", name+TableFile(last).Name())
		got, err := ReadTable(ctx, path, last)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		full, err := got.Loaded()
		if err != nil || !slices.Equal(full.Distances(), want.Distances()) || !slices.Equal(got.Counts(), want.Counts()) {
			t.Errorf("%s: the distances differ from a fresh enumeration", path)
		}
	}
	// And they are what their names say: the versions both exist.
	versions := map[byte]int{}
	paths, _ := filepath.Glob(filepath.Join("testdata", "old", "v*"))
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Base(path)[1] - '0'; b[8] != want {
			t.Errorf("%s is version %d", path, b[8])
		}
		versions[b[8]]++
	}
	if len(paths) != 7 || versions[1] != 3 || versions[2] != 4 {
		t.Errorf("%d old files, by version %v; want 7: 3 of version 1, 4 of version 2", len(paths), versions)
	}
}

// WritePDB writes the one format: version 2, raw storage, a byte per
// entry, which ReadPDB maps and uses in place; a database whose values
// fit in nibbles is no exception.
func TestPDBOneFormat(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	p, err := pdb.Build(ctx, goal, []int{1, 2, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Max() >= 16 {
		t.Fatalf("max %d: the test wants a database that fits in nibbles", p.Max())
	}
	path, _, err := NewCache(t.TempDir()).WritePDB(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b[8] != 2 || b[11] != byte(tablefile.EncodingBytes) || b[16] != byte(tablefile.StorageRaw) {
		t.Errorf("version %d, encoding %d, storage %d; want 2, bytes, raw", b[8], b[11], b[16])
	}
	f, err := tablefile.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !f.Mapped() && canMapHere(t) {
		t.Error("the database is not memory-mapped")
	}
}

// canMapHere reports whether tablefile maps raw files on this platform
// (its own test files tell).
func canMapHere(t *testing.T) bool {
	f, err := tablefile.Open(filepath.Join("..", "tablefile", "testdata", "valid-v2-raw.tsp"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return f.Mapped()
}

// readPDBBytes reads a database from a whole file's bytes, as ReadPDB
// does for files it does not map.
func readPDBBytes(data []byte) (*pdb.PDB, error) {
	h, payload, err := tablefile.Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return decodePDB(h, payload, true)
}

// TestPDBv1Seeds reads the version-1 files of testdata/pdb-v1, written
// by pdb's seed generator before the codec moved here: valid ones in both
// encodings, and containers whose contents are not a consistent database.
// Each name says what a reader must make of it.
func TestPDBv1Seeds(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "pdb-v1", "*.pdb"))
	if len(paths) != 8 {
		t.Fatalf("%d seed files in testdata/pdb-v1, want 8", len(paths))
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		p, err := readPDBBytes(data)
		var de *PDBDecodeError
		switch {
		case strings.HasPrefix(name, "valid-"):
			if err != nil {
				t.Errorf("%s: %v", name, err)
			} else if p.Distance(p.Goal()) != 0 {
				t.Errorf("%s: goal has %d", name, p.Distance(p.Goal()))
			}
		case strings.HasPrefix(name, "truncated"):
			if !errors.Is(err, tablefile.ErrTruncated) {
				t.Errorf("%s: %v, want truncation", name, err)
			}
		case strings.HasPrefix(name, "bad-") || strings.HasPrefix(name, "distance-"):
			if !errors.As(err, &de) {
				t.Errorf("%s: %v (%T), want a *PDBDecodeError", name, err, err)
			} else {
				t.Logf("%s: %v", name, err)
			}
		default:
			t.Errorf("%s: unexpected seed name", name)
		}
	}
}

// FuzzReadPDB feeds arbitrary bytes to the database reader. It must never
// panic, every failure must be typed, and whatever it accepts must survive
// the one writer's format and a second read unchanged.
func FuzzReadPDB(f *testing.F) {
	for _, pattern := range []string{"pdb-v1/*.pdb", "old/*.pdb", "zero/*.pdb"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", pattern))
		if len(paths) == 0 {
			f.Fatalf("no seeds in testdata/%s", pattern)
		}
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := readPDBBytes(data)
		if err != nil {
			var fe *tablefile.FormatError
			var ue *tablefile.UnsupportedError
			var de *PDBDecodeError
			if !errors.As(err, &fe) && !errors.As(err, &ue) && !errors.As(err, &de) {
				t.Fatalf("untyped error %v (%T)", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := tablefile.WriteV2(&buf, PDBHeader(p), bytes.NewReader(p.Values()), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
			t.Fatalf("writing a database the reader accepted: %v", err)
		}
		q, err := readPDBBytes(buf.Bytes())
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		if q.Goal() != p.Goal() || !slices.Equal(q.Tiles(), p.Tiles()) || !bytes.Equal(q.Values(), p.Values()) {
			t.Fatal("round trip changed the database")
		}
	})
}
