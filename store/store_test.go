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

	"github.com/tilespace/tilespace/data"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

var sq = statespace.Shape{Rows: 3, Cols: 3}

func enumerate(t testing.TB, goal statespace.Board) *table.Table {
	t.Helper()
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// The committed tables equal a fresh enumeration, byte for byte in their
// raw payloads and in every header field. Regenerate them with
// `go generate ./data`.
func TestEmbeddedTablesAreFresh(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(sq), statespace.GoalFirst(sq)} {
		name := TableFile(goal).Name()
		raw, ok := data.Open(name)
		if !ok {
			t.Fatalf("%s is not embedded", name)
		}
		h, payload, err := tablefile.Read(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tab := enumerate(t, goal)
		wantH := TableHeader(goal, tab.Counts(), h.Encoding)
		wantPayload := tab.Mod4Payload()
		if h.Encoding == tablefile.EncodingBytes {
			wantPayload = tab.Distances()
		}
		if !bytes.Equal(payload, wantPayload) {
			t.Errorf("%s: payload differs from a fresh enumeration", name)
		}
		if h.Rows != wantH.Rows || h.Cols != wantH.Cols || !bytes.Equal(h.Goal, wantH.Goal) || h.Entries != wantH.Entries || len(h.Counts) != len(wantH.Counts) {
			t.Errorf("%s: header %+v, fresh %+v", name, h, wantH)
		}
		if len(raw) > 24576 {
			t.Errorf("%s: %d bytes, the goal is at most 24,576", name, len(raw))
		}
	}
}

func TestLoadTableOrder(t *testing.T) {
	ctx := context.Background()
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)

	// Embedded first for the 3x3 goals.
	if _, from, err := defaultCache(t).LoadTable(ctx, statespace.GoalLast(sq)); err != nil || !strings.HasPrefix(from, "embedded") {
		t.Fatalf("3x3 last: from %q, %v", from, err)
	}

	// Not found: the error names the goal and where it looked.
	g24 := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
	_, _, err := defaultCache(t).LoadTable(ctx, g24)
	var nf *NotFoundError
	if !errors.As(err, &nf) || nf.Goal != g24 || !slices.Equal(nf.Looked, []string{"embedded", filepath.Join(cache, "2x4-first.tbl")}) {
		t.Fatalf("missing table: %v", err)
	}

	// The cache folder next.
	tab := enumerate(t, g24)
	path := filepath.Join(cache, TableFile(g24).Name())
	if _, err := WriteTable(context.Background(), path, tab, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	got, from, err := defaultCache(t).LoadTable(ctx, g24)
	if err != nil || from != path || got.Radius() != 36 {
		t.Fatalf("cached 2x4: from %q, %v", from, err)
	}

	// A file of one's own must match the goal.
	if _, err := ReadTable(ctx, path, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})); err == nil || !strings.Contains(err.Error(), "goal") {
		t.Fatalf("a file for another goal: %v", err)
	}
	if _, err := ReadTable(ctx, path, g24); err != nil {
		t.Fatalf("a file of one's own: %v", err)
	}
}

// A damaged cached file is an error, never skipped or used.
func TestDamagedCacheFile(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	g := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	path := filepath.Join(cache, TableFile(g).Name())
	if _, err := WriteTable(context.Background(), path, enumerate(t, g), tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:len(b)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = defaultCache(t).LoadTable(context.Background(), g)
	if !errors.Is(err, tablefile.ErrTruncated) || !strings.Contains(err.Error(), path) {
		t.Fatalf("truncated cache file: %v", err)
	}
}

func TestRoundTripEncodings(t *testing.T) {
	dir := t.TempDir()
	for _, sh := range []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 4, Cols: 2}} {
		for _, enc := range []tablefile.Encoding{tablefile.EncodingMod4Bit, tablefile.EncodingBytes} {
			g := statespace.GoalFirst(sh)
			want := enumerate(t, g)
			path := filepath.Join(dir, enc.String()+TableFile(g).Name())
			if _, err := WriteTable(context.Background(), path, want, enc); err != nil {
				t.Fatal(err)
			}
			got, err := ReadTable(context.Background(), path, g)
			if err != nil {
				t.Fatalf("%s %s: %v", sh, enc, err)
			}
			for r := uint64(0); r < want.States(); r++ {
				if d, err := got.Lookup(want.Space().Unrank(r)); err != nil || d != want.DistanceAt(r) {
					t.Fatalf("%s %s: rank %d reads %d (%v), want %d", sh, enc, r, d, err, want.DistanceAt(r))
				}
			}
		}
	}
}

func TestNames(t *testing.T) {
	cases := []struct {
		goal statespace.Board
		want string
	}{
		{statespace.GoalLast(sq), "3x3-last.tbl"},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5}), "2x5-first.tbl"},
		{statespace.MustBoard(sq, 1, 2, 3, 4, 0, 5, 6, 7, 8), "3x3-1.2.3.4.0.5.6.7.8.tbl"},
	}
	for i, c := range cases {
		if got := TableFile(c.goal).Name(); got != c.want {
			t.Errorf("case %d: %s, want %s", i, got, c.want)
		}
	}
	if got := PDBFile(statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), []int{1, 2, 5, 6, 9, 10}).Name(); got != "4x4-last-pdb-1.2.5.6.9.10.pdb" {
		t.Errorf("PDB name %s", got)
	}
}

func BenchmarkLoadEmbedded(b *testing.B) {
	ctx := context.Background()
	g := statespace.GoalLast(sq)
	for b.Loop() {
		if _, _, err := (Cache{}).LoadTable(ctx, g); err != nil {
			b.Fatal(err)
		}
	}
}
