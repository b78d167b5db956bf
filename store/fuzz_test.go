package store

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// FuzzReadTable: any bytes either fail to load or give a table that
// passes Verify — never a panic, never a wrong table. Seeds are the files
// in testdata: a valid 2x3 table and damaged copies of it.
func FuzzReadTable(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.tbl")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := decodeTable(context.Background(), bytes.NewReader(b), statespace.Board{})
		if err != nil {
			return
		}
		if tab.States() > 2_000_000 {
			t.Skip("a large table; Verify would be slow")
		}
		if err := tab.Verify(); err != nil {
			t.Fatalf("loaded a wrong table: %v", err)
		}
	})
}

// The broken fixtures in testdata fail to load, each for its own reason.
func TestBrokenTableFixtures(t *testing.T) {
	cases := map[string]string{
		"2x3-last.tbl":                  "",
		"broken-truncated.tbl":          "truncated",
		"broken-payload-checksum.tbl":   "CRC check failed",
		"broken-header-checksum.tbl":    "checksum",
		"broken-magic.tbl":              "magic",
		"broken-wrong-goal-payload.tbl": "disagrees",
		"broken-counts.tbl":             "header says",
	}
	for name, want := range cases {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		_, err = decodeTable(context.Background(), bytes.NewReader(b), statespace.Board{})
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case want != "" && (err == nil || !bytes.Contains([]byte(err.Error()), []byte(want))):
			t.Errorf("%s: error %v, want one mentioning %q", name, err, want)
		}
	}
}
