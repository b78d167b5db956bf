package store

import (
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

var sq4 = statespace.Shape{Rows: 4, Cols: 4}

// TestPDBRoundTrip writes and reads back small databases and checks that
// a file for another pattern or goal is refused.
func TestPDBRoundTrip(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(sq)
	p, err := pdb.Build(context.Background(), goal, []int{1, 2, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, PDBFile(goal, []int{1, 2, 3, 4}).Name())
	if _, err := WritePDB(context.Background(), path, p); err != nil {
		t.Fatal(err)
	}
	q, err := ReadPDB(path, goal, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Values(), q.Values()) || !slices.Equal(p.Counts(), q.Counts()) {
		t.Error("values changed on the way through the file")
	}
	var me *tablefile.MismatchError
	if _, err := ReadPDB(path, goal, []int{1, 2, 3, 5}); !errors.As(err, &me) || me.Field != "pattern" {
		t.Errorf("other pattern: %v", err)
	}
	if _, err := ReadPDB(path, statespace.GoalFirst(sq), []int{1, 2, 3, 4}); !errors.As(err, &me) || me.Field != "goal" {
		t.Errorf("other goal: %v", err)
	}
}

// TestZeroAwarePDBFiles writes zero-aware databases under their names
// and reads them back, finds their partition before the plain one of the
// same patterns, and refuses a plain file under a zero-aware name as
// damaged.
func TestZeroAwarePDBFiles(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(sq)
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	zpart := part
	zpart.ZeroAware = true
	zero, err := pdb.BuildPartition(context.Background(), goal, zpart, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCache(dir)
	for _, a := range []*pdb.Additive{plain, zero} {
		for _, p := range a.PDBs() {
			path, _, err := c.WritePDB(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			want := PDBFile(goal, p.Tiles()).Name()
			if p.ZeroAware() {
				want = ZeroAwarePDBFile(goal, p.Tiles()).Name()
			}
			if filepath.Base(path) != want {
				t.Errorf("written to %s, want %s", filepath.Base(path), want)
			}
		}
	}
	found, err := partitionsIn(dir, goal)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || !found[0].Partition.ZeroAware || found[1].Partition.ZeroAware {
		t.Fatalf("found %+v, want the zero-aware partition, then the plain one", found)
	}
	got, _, err := LoadBestPDBs(context.Background(), pdbDirs(t, dir), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range got.PDBs() {
		if !p.ZeroAware() || !slices.Equal(p.Values(), zero.PDBs()[i].Values()) {
			t.Errorf("pattern %d: read back zero-aware %v, values equal %v", i, p.ZeroAware(), slices.Equal(p.Values(), zero.PDBs()[i].Values()))
		}
	}
	// A plain file renamed as zero-aware.
	if err := os.Rename(filepath.Join(dir, PDBFile(goal, []int{1, 2, 3, 4}).Name()), filepath.Join(dir, ZeroAwarePDBFile(goal, []int{1, 2, 3, 4}).Name())); err != nil {
		t.Fatal(err)
	}
	var de *PDBDamagedError
	if _, _, err := LoadPartition(context.Background(), pdbDirs(t, dir), goal, zpart, nil); !errors.As(err, &de) || !strings.Contains(err.Error(), "zero-aware") {
		t.Errorf("a plain file under a zero-aware name: %v", err)
	}
}

// touch creates empty files named for part's patterns in dir.
func touch(t *testing.T, dir string, goal statespace.Board, name string) {
	t.Helper()
	part, err := pdb.Preset(name, goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, pat := range part.Patterns {
		if err := os.WriteFile(filepath.Join(dir, PDBFile(goal, pat).Name()), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBestPartition checks the preference 7-8, 6-6-3, 5-5-5 over complete
// sets of files, the lookup order explicit folder then cache, and that a
// damaged file is an error rather than skipped.
func TestBestPartition(t *testing.T) {
	cache, explicit := t.TempDir(), t.TempDir()
	t.Setenv(EnvCache, cache)
	goal := statespace.GoalLast(sq4)

	_, err := bestPartition(pdbDirs(t, ""), goal)
	var nf *PDBNotFoundError
	if !errors.As(err, &nf) || nf.Goal != goal || nf.Partition != "" || !slices.Equal(nf.Looked, []string{cache}) || !strings.Contains(err.Error(), "no complete partition") {
		t.Fatalf("empty cache: %v", err)
	}

	// 5-5-5 built for real (small), in the cache.
	part, _ := pdb.Preset("5-5-5", goal)
	add, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range add.PDBs() {
		if _, err := WritePDB(context.Background(), filepath.Join(cache, PDBFile(goal, p.Tiles()).Name()), p); err != nil {
			t.Fatal(err)
		}
	}
	if best, err := bestPartition(pdbDirs(t, ""), goal); err != nil || best.Partition.Name != "5-5-5" {
		t.Fatalf("with 5-5-5: %v, %v", best.Partition.Name, err)
	}
	a, files, err := LoadBestPDBs(context.Background(), pdbDirs(t, explicit), goal, nil)
	if err != nil || a.Partition().Name != "5-5-5" || len(files) != 3 || filepath.Dir(files[0]) != cache {
		t.Fatalf("LoadBestPDBs: %v %v", files, err)
	}
	b := statespace.MustBoard(sq4, 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)
	if a.Distance(b) != add.Distance(b) {
		t.Errorf("loaded %d, built %d", a.Distance(b), add.Distance(b))
	}

	// 6-6-3 incomplete in the cache: still 5-5-5.
	touch(t, cache, goal, "6-6-3")
	p663, _ := pdb.Preset("6-6-3", goal)
	os.Remove(filepath.Join(cache, PDBFile(goal, p663.Patterns[2]).Name()))
	if best, _ := bestPartition(pdbDirs(t, ""), goal); best.Partition.Name != "5-5-5" {
		t.Errorf("incomplete 6-6-3: chose %s", best.Partition.Name)
	}
	// A complete 6-6-3 in the explicit folder takes precedence.
	touch(t, explicit, goal, "6-6-3")
	if best, _ := bestPartition(pdbDirs(t, explicit), goal); best.Partition.Name != "6-6-3" || best.Dir != explicit {
		t.Errorf("6-6-3 in the explicit folder: chose %s in %s", best.Partition.Name, best.Dir)
	}
	path, err := FindPDB(pdbDirs(t, explicit), goal, p663.Patterns[0])
	if err != nil || filepath.Dir(path) != explicit {
		t.Errorf("FindPDB prefers the explicit folder: %s, %v", path, err)
	}
	// The empty (damaged) 6-6-3 files are an error, not skipped.
	if _, _, err := LoadBestPDBs(context.Background(), pdbDirs(t, explicit), goal, nil); err == nil {
		t.Error("empty 6-6-3 files were accepted")
	}
	touch(t, cache, goal, "7-8")
	if best, _ := bestPartition(pdbDirs(t, ""), goal); best.Partition.Name != "7-8" {
		t.Errorf("with 7-8: chose %s", best.Partition.Name)
	}
	// The explicit folder wins even over a stronger partition in the cache.
	if best, _ := bestPartition(pdbDirs(t, explicit), goal); best.Partition.Name != "6-6-3" {
		t.Errorf("explicit 6-6-3 against 7-8 in the cache: chose %s", best.Partition.Name)
	}
	// A missing custom partition names its files and itself.
	custom, _ := pdb.ParsePartition("1,2,3,4,5,6,7/8,9,10,11,12,13,14,15", goal)
	_, _, err = LoadPartition(context.Background(), pdbDirs(t, ""), goal, custom, nil)
	if !errors.As(err, &nf) || len(nf.Missing) != 2 || nf.Partition != "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15" {
		t.Errorf("custom: %v", err)
	}
	// Goals without databases have no best partition.
	if _, err := bestPartition(pdbDirs(t, ""), statespace.GoalLast(sq)); !errors.As(err, &nf) {
		t.Errorf("3x3: %v", err)
	}
}

// TestFindPartitions checks that custom partitions are assembled from the
// files of one folder, for their own goal only, strongest first, and that
// stray names and incomplete sets are left out.
func TestFindPartitions(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.MustBoard(sq4, 1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
	for _, p := range []string{"1,2,3,4,5,6,7/8,9,10,11,12,13,14,15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"} {
		part, err := pdb.ParsePartition(p, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, pat := range part.Patterns {
			if err := os.WriteFile(filepath.Join(dir, PDBFile(goal, pat).Name()), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Noise: another goal's file, a pattern without its partners, names
	// that are not the store's, and a folder under a database's name.
	for _, name := range []string{"4x4-last-pdb-1.2.3.pdb", "4x4-1.2.3.4.5.0.6.7.8.9.10.11.12.13.14.15-pdb-1.2.pdb",
		"4x4-1.2.3.4.5.0.6.7.8.9.10.11.12.13.14.15-pdb-2.1.pdb", "4x4-1.2.3.4.5.0.6.7.8.9.10.11.12.13.14.15-pdb-x.pdb", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "4x4-1.2.3.4.5.0.6.7.8.9.10.11.12.13.14.15-pdb-3.pdb"), 0o755)
	found, err := partitionsIn(dir, goal)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		got = append(got, f.Partition.String())
		for i, file := range f.Files {
			if file != filepath.Join(dir, PDBFile(goal, f.Partition.Patterns[i]).Name()) {
				t.Errorf("%s: file %d is %s", f.Partition, i, file)
			}
		}
	}
	want := []string{"1,2,3,4,5,6,7/8,9,10,11,12,13,14,15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"}
	if !slices.Equal(got, want) {
		t.Errorf("found %q, want %q (strongest first)", got, want)
	}
	if found, err := partitionsIn(filepath.Join(dir, "none"), goal); err != nil || len(found) != 0 {
		t.Errorf("missing folder: %v, %v", found, err)
	}
}

// A damaged database file is a *PDBDamagedError naming the file, its goal
// and its partition (what the command that rebuilds it needs), whether the
// set is chosen or found as the best.
func TestDamagedPDBNamesRebuild(t *testing.T) {
	for _, inCache := range []bool{true, false} {
		cache, dir := t.TempDir(), t.TempDir()
		t.Setenv(EnvCache, cache)
		explicit := dir
		if inCache {
			dir, explicit = cache, ""
		}
		goal := statespace.GoalLast(sq)
		part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, tiles := range part.Patterns {
			p, err := pdb.Build(context.Background(), goal, tiles, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := WritePDB(context.Background(), filepath.Join(dir, PDBFile(goal, tiles).Name()), p); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, PDBFile(goal, part.Patterns[1]).Name())
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 0xff
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err1 := LoadPartition(context.Background(), pdbDirs(t, explicit), goal, part, nil)
		_, _, err2 := LoadBestPDBs(context.Background(), pdbDirs(t, explicit), goal, nil)
		for _, err := range []error{err1, err2} {
			var de *PDBDamagedError
			var fe *tablefile.FormatError
			if !errors.As(err, &de) || !errors.As(err, &fe) || de.Path != path || de.Goal != goal || de.Partition.Label() != "1,2,3,4/5,6,7,8" {
				t.Errorf("in cache %v: %v, want a *PDBDamagedError of %s, partition 1,2,3,4/5,6,7,8", inCache, err, path)
			}
			if want := path + " is damaged: payload block 0 checksum mismatch"; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q, want it to start %q", err, want)
			}
		}
	}
}

// TestFindMaximum: a folder holding the eight zero-aware databases of
// 6-6-6-6x4 offers the maximum first, then Korf & Felner's 6-6-6-6 (a
// preset) before the other three partitions its databases make; with one
// file gone the maximum is not offered.
func TestFindMaximum(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	part, err := pdb.Preset("6-6-6-6x4", goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, pat := range part.Patterns {
		if err := os.WriteFile(filepath.Join(dir, ZeroAwarePDBFile(goal, pat).Name()), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := partitionsIn(dir, goal)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 5 || found[0].Partition.Name != "6-6-6-6x4" || !found[0].Partition.ZeroAware || len(found[0].Files) != 8 || found[1].Partition.Name != "6-6-6-6" {
		var got []string
		for _, f := range found {
			got = append(got, f.Partition.Label())
		}
		t.Fatalf("found %q", got)
	}
	for i, file := range found[0].Files {
		if file != filepath.Join(dir, ZeroAwarePDBFile(goal, part.Patterns[i]).Name()) {
			t.Errorf("file %d is %s", i, file)
		}
	}
	os.Remove(found[0].Files[3])
	found, err = partitionsIn(dir, goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		if f.Partition.Groups != nil {
			t.Errorf("%s offered with a database missing", f.Partition.Label())
		}
	}
}
