package store

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

var update = flag.Bool("update", false, "rewrite the fixture files in testdata")

// TestFixtures regenerates (with -update) or checks the table fixtures:
// a valid 2x3 table and copies damaged in one way each.
func TestFixtures(t *testing.T) {
	g := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	tab := enumerate(t, g)
	h := TableHeader(g, tab.Counts(), tablefile.EncodingMod4Bit)
	payload := fixture.Payload(t, tab)
	var valid bytes.Buffer
	if err := tablefile.Write(&valid, h, payload); err != nil {
		t.Fatal(err)
	}
	v := valid.Bytes()
	flip := func(i int) []byte { c := bytes.Clone(v); c[i] ^= 0x10; return c }
	// A payload from another goal, with a correct checksum: only the
	// check against the BFS catches it.
	other := statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 3}, 2, 1, 3, 4, 5, 0)
	otherPayload := fixture.Payload(t, enumerate(t, statespace.MustBoard(other.Shape(), 1, 2, 3, 4, 0, 5)))
	var wrong bytes.Buffer
	if err := tablefile.Write(&wrong, h, otherPayload); err != nil {
		t.Fatal(err)
	}
	badCounts := h
	badCounts.Counts = append([]uint64(nil), h.Counts...)
	badCounts.Counts[1]++
	badCounts.Counts[2]--
	var counts bytes.Buffer
	if err := tablefile.Write(&counts, badCounts, payload); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"2x3-last.tbl":                  v,
		"broken-truncated.tbl":          v[:len(v)-5],
		"broken-payload-checksum.tbl":   flip(len(v) - 20),
		"broken-header-checksum.tbl":    flip(20),
		"broken-magic.tbl":              flip(0),
		"broken-wrong-goal-payload.tbl": wrong.Bytes(),
		"broken-counts.tbl":             counts.Bytes(),
	}
	for name, b := range files {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./store -run TestFixtures -update)", err)
		}
		if name == "2x3-last.tbl" && !bytes.Equal(got, b) {
			t.Errorf("%s differs from a fresh enumeration", name)
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
