package store

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// TestFixtures checks the valid table fixture in testdata, a version-1
// file an older build wrote (the damaged copies beside it are
// TestBrokenTableFixtures'): it reads back as a fresh enumeration, every
// board's distance and the counts.
func TestFixtures(t *testing.T) {
	g := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	want := enumerate(t, g)
	got, err := ReadTable(context.Background(), filepath.Join("testdata", "2x3-last.tbl"), g)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Counts(), want.Counts()) {
		t.Errorf("counts %v, want %v", got.Counts(), want.Counts())
	}
	for r := uint64(0); r < want.States(); r++ {
		b := want.Space().Unrank(r)
		if d := fixture.Dist(t, got, b); d != want.DistanceAt(r) {
			t.Fatalf("%s: %d, a fresh enumeration says %d", b, d, want.DistanceAt(r))
		}
	}
}

// defaultCache is the cache folder as the commands find it
// ($TILESPACE_CACHE, which the tests set).
func defaultCache(t testing.TB) Cache {
	t.Helper()
	c, err := DefaultCache()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pdbDirs are the folders the commands look for pattern databases in:
// explicit (a -pdb-dir), then the cache folder.
func pdbDirs(t testing.TB, explicit string) []string {
	var dirs []string
	if explicit != "" {
		dirs = append(dirs, explicit)
	}
	if c := defaultCache(t); c.Dir() != explicit {
		dirs = append(dirs, c.Dir())
	}
	return dirs
}
