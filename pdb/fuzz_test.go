package pdb

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

var update = flag.Bool("update", false, "rewrite the seed files in testdata")

// seedFiles builds the PDB files in testdata: valid ones in both
// encodings and valid containers whose contents are not a consistent
// pattern database. Each name says what a reader must make of it.
func seedFiles(t testing.TB) map[string][]byte {
	ctx := context.Background()
	r23 := statespace.Shape{Rows: 2, Cols: 3}
	nib, err := Build(ctx, statespace.GoalLast(r23), []int{1, 2, 4}, nil) // max < 16: nibbles
	if err != nil {
		t.Fatal(err)
	}
	byt, err := Build(ctx, statespace.GoalFirst(r23), []int{1, 2, 3, 4, 5}, nil) // max 21: bytes
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	put := func(name string, h tablefile.Header, payload []byte) {
		var buf bytes.Buffer
		if err := tablefile.Write(&buf, h, payload); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		files[name] = buf.Bytes()
	}
	h, p := nib.Encode()
	put("valid-nibbles.pdb", h, p)
	files["truncated.pdb"] = files["valid-nibbles.pdb"][:len(files["valid-nibbles.pdb"])-5]
	h, p = byt.Encode()
	put("valid-bytes.pdb", h, p)

	// Counts that disagree with the values (still summing to Entries).
	h, p = nib.Encode()
	h.Counts[1]--
	h.Counts[2]++
	put("bad-counts.pdb", h, p)
	// The goal's placement not at 0: swap it with a placement at 1.
	h, p = byt.Encode()
	p = slices.Clone(p)
	goalRank := rankOfGoal(byt)
	one := slices.Index(p, 1)
	p[goalRank], p[one] = p[one], p[goalRank]
	put("bad-goal-value.pdb", h, p)
	// Entries that are not n!/(n−k)!.
	h, p = nib.Encode()
	h.Entries--
	h.Counts[len(h.Counts)-1]--
	p = p[:(h.Entries+1)/2]
	put("bad-entries.pdb", h, p)
	// A distance table is not a pattern database.
	h, p = nib.Encode()
	h.Kind, h.Pattern = tablefile.KindDistance, nil
	put("distance-table.pdb", h, p)
	// An encoding pattern databases do not use.
	h, _ = nib.Encode()
	h.Encoding = tablefile.EncodingMod3
	p = make([]byte, (h.Entries+3)/4)
	put("bad-encoding.pdb", h, p)
	return files
}

func rankOfGoal(p *PDB) int {
	var cells [16]uint8
	for i, t := range p.tiles {
		cells[i] = uint8(p.goal.Find(t))
	}
	return int(perm.Rank(p.n, cells[:len(p.tiles)]))
}

// TestSeeds checks that the seed files read as their names say (and
// rewrites them with -update).
func TestSeeds(t *testing.T) {
	if *update {
		for name, data := range seedFiles(t) {
			if err := os.WriteFile(filepath.Join("testdata", name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.pdb"))
	if len(paths) < 8 {
		t.Fatalf("%d seed files in testdata, want 8 (run go test -run TestSeeds -update)", len(paths))
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		p, err := Read(bytes.NewReader(data))
		var de *DecodeError
		var fe *tablefile.FormatError
		switch {
		case strings.HasPrefix(name, "valid-"):
			if err != nil {
				t.Errorf("%s: %v", name, err)
			} else if p.Distance(p.goal) != 0 {
				t.Errorf("%s: goal has %d", name, p.Distance(p.goal))
			}
		case strings.HasPrefix(name, "truncated"):
			if !errors.Is(err, tablefile.ErrTruncated) {
				t.Errorf("%s: %v, want truncation", name, err)
			}
		case strings.HasPrefix(name, "bad-") || strings.HasPrefix(name, "distance-"):
			if !errors.As(err, &de) {
				t.Errorf("%s: %v (%T), want a *DecodeError", name, err, err)
			} else {
				t.Logf("%s: %v", name, err)
			}
		default:
			_ = fe
			t.Errorf("%s: unexpected seed name", name)
		}
	}
}

// FuzzRead feeds arbitrary bytes to Read. It must never panic, every
// failure must be typed, and whatever Read accepts must survive Write and
// Read unchanged.
func FuzzRead(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.pdb"))
	if len(paths) == 0 {
		f.Fatal("no seeds in testdata")
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Read(bytes.NewReader(data))
		if err != nil {
			var fe *tablefile.FormatError
			var ue *tablefile.UnsupportedError
			var de *DecodeError
			if !errors.As(err, &fe) && !errors.As(err, &ue) && !errors.As(err, &de) {
				t.Fatalf("untyped error %v (%T)", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := p.Write(&buf); err != nil {
			t.Fatalf("Write of a database Read accepted: %v", err)
		}
		q, err := Read(&buf)
		if err != nil {
			t.Fatalf("re-Read: %v", err)
		}
		if q.goal != p.goal || !slices.Equal(q.tiles, p.tiles) || !bytes.Equal(q.values, p.values) {
			t.Fatal("round trip changed the database")
		}
	})
}
