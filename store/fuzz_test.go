package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
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
		tab, err := readTableFrom(context.Background(), bytes.NewReader(b), statespace.Board{})
		if err != nil {
			return
		}
		if tab.Space().Size() > 2_000_000 {
			t.Skip("a large table; Verify would be slow")
		}
		full, err := tab.Loaded()
		if err != nil {
			t.Fatalf("a table of %d boards is lazy: %v", tab.Space().Size(), err)
		}
		if err := full.Verify(); err != nil {
			t.Fatalf("loaded a wrong table: %v", err)
		}
	})
}

// The broken fixtures in testdata (version 1 files, which must still
// read) fail to load, each for its own reason, told apart by type.
func TestBrokenTableFixtures(t *testing.T) {
	var fe *tablefile.FormatError
	var te *table.DamageError
	cases := map[string]func(error) bool{
		"2x3-last.tbl":                  func(err error) bool { return err == nil },
		"broken-truncated.tbl":          func(err error) bool { return errors.Is(err, tablefile.ErrTruncated) },
		"broken-payload-checksum.tbl":   func(err error) bool { return errors.Is(err, tablefile.ErrChecksum) },
		"broken-header-checksum.tbl":    func(err error) bool { return errors.Is(err, tablefile.ErrChecksum) },
		"broken-magic.tbl":              func(err error) bool { return errors.As(err, &fe) && fe.Field == "magic" },
		"broken-wrong-goal-payload.tbl": func(err error) bool { return errors.As(err, &te) },
		"broken-counts.tbl":             func(err error) bool { return errors.As(err, &te) },
	}
	for name, ok := range cases {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		_, err = readTableFrom(context.Background(), bytes.NewReader(b), statespace.Board{})
		if !ok(err) {
			t.Errorf("%s: error %v (%T), not the expected kind", name, err, err)
		}
	}
}
