package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"codeberg.org/sbinet/npyio"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// bigTable gives the published distribution, Enumerate's antipodes, and
// a file the store reads back to the same distances.
func TestBigTable(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	var mu sync.Mutex
	maxLevel := -1
	progress := func(level int, _, _ uint64) { // from the workers
		mu.Lock()
		maxLevel = max(maxLevel, level)
		mu.Unlock()
	}
	r, err := bigTable(context.Background(), goal, dir, bigOptions{Workers: 2, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	// The progress tells the level being expanded: the last is the radius.
	if maxLevel != r.Radius {
		t.Errorf("progress told levels up to %d, want the radius %d", maxLevel, r.Radius)
	}
	ref, _ := reference.FindDistribution("2x5", "corner")
	if fmt.Sprint(r.Counts) != fmt.Sprint(ref.Counts) || r.Radius != ref.Radius {
		t.Fatalf("counts %v, published %v", r.Counts, ref.Counts)
	}
	full, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	var ants []string
	for _, b := range full.Antipodes() {
		ants = append(ants, b.String())
	}
	if fmt.Sprint(r.Antipodes) != fmt.Sprint(ants) {
		t.Errorf("antipodes %v, want %v", r.Antipodes, ants)
	}
	got, err := store.ReadTable(context.Background(), r.File, goal)
	if err != nil {
		t.Fatal(err)
	}
	for rank := uint64(0); rank < full.States(); rank += 101 {
		b := full.Space().Unrank(rank)
		if d := fixture.Dist(t, got, b); d != full.DistanceAt(rank) {
			t.Fatalf("rank %d: %d, want %d", rank, d, full.DistanceAt(rank))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, store.CheckpointFile(goal).Name())); !os.IsNotExist(err) {
		t.Errorf("checkpoint left behind: %v", err)
	}
}

// -all -big adds every 12-cell board for both goals, each big enough for
// the 2-bit search, none twice.
func TestBigGoals(t *testing.T) {
	seen := map[statespace.Board]bool{}
	for _, g := range BigGoals() {
		if n := statespace.MustSpace(g).Size(); n != 239_500_800 || n < bigTableStates {
			t.Errorf("%s: %d states", g, n)
		}
		seen[g] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d distinct goals, want 8", len(seen))
	}
}

// rewrite writes goal's table with the given payload and counts, with
// fresh checksums: damage the container cannot see.
func rewrite(t *testing.T, path string, goal statespace.Board, counts []uint64, payload []byte) {
	t.Helper()
	h := store.TableHeader(goal, counts, tablefile.EncodingMod4Bit)
	if err := tablefile.WriteFileV2(context.Background(), path, h, strings.NewReader(string(payload)), tablefile.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
}

// -verify catches every flipped bit of a sampled set, each in a file
// whose checksums were recomputed, and names the flipped board; the
// sound file verifies. (A check of neighbours alone misses a third.)
func TestVerifyCatchesFlips(t *testing.T) {
	ctx := context.Background()
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})} {
		sp := statespace.MustSpace(goal)
		full, err := table.Enumerate(ctx, sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), store.TableFile(goal).Name())
		payload := full.Mod4Payload()
		rewrite(t, path, goal, full.Counts(), payload)
		if r, err := verifyTable(ctx, path, 2); err != nil || !r.ok() {
			t.Fatalf("sound file: %+v, %v", r, err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for range 40 {
			rank := rng.Uint64N(sp.Size())
			bad := append([]byte(nil), payload...)
			bad[rank/8] ^= 1 << (rank % 8)
			rewrite(t, path, goal, full.Counts(), bad)
			r, err := verifyTable(ctx, path, 2)
			if err != nil {
				t.Fatal(err)
			}
			if r.ok() || !strings.Contains(r.Difference, fmt.Sprintf("rank %d ", rank)) {
				t.Fatalf("flip at rank %d: %q", rank, r.Difference)
			}
		}
		counts := full.Counts()
		counts[3]++
		counts[4]--
		rewrite(t, path, goal, counts, payload)
		if r, err := verifyTable(ctx, path, 2); err != nil || r.ok() {
			t.Errorf("wrong counts: %+v, %v", r, err)
		}
	}
}

// -verify checks a table stored one byte a board exactly.
func TestVerifyBytes(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	full, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	dist := full.Distances()
	dist[77] += 2 // same parity and bit pattern games: only an exact check sees it
	path := filepath.Join(t.TempDir(), "t.tbl")
	h := store.TableHeader(goal, full.Counts(), tablefile.EncodingBytes)
	if err := tablefile.WriteFileV2(context.Background(), path, h, strings.NewReader(string(dist)), tablefile.WriteOptions{Storage: tablefile.StorageZstd}); err != nil {
		t.Fatal(err)
	}
	r, err := verifyTable(context.Background(), path, 1)
	if err != nil || r.ok() || !strings.Contains(r.Difference, "rank 77 ") {
		t.Errorf("%+v, %v", r, err)
	}
}

// The exported .npy array holds every distance in rank order.
func TestExportNPY(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3})
	path := filepath.Join(t.TempDir(), store.NPYFile(goal).Name())
	size, err := ExportNPY(context.Background(), goal, path, 2)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if st, _ := f.Stat(); st.Size() != size {
		t.Errorf("reported %d bytes, the file has %d", size, st.Size())
	}
	var got []uint8
	if err := npyio.Read(f, &got); err != nil {
		t.Fatal(err)
	}
	full, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(full.Distances()) {
		t.Error("the .npy array differs from the table")
	}
	if _, err := ExportNPY(context.Background(), statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 7}), path, 1); err == nil {
		t.Error("exported a 2x7 table")
	}
}

// BenchmarkLookup12Cell is a lookup with optimal moves on the 3x4 table
// as query reads it (copied onto huge pages), over uniformly random
// boards, once the file is open. Building the table takes seconds: only
// with TILESPACE_LONG=1; TILESPACE_TABLE_3X4 names a built one to use.
func BenchmarkLookup12Cell(b *testing.B) {
	longtest.Skip(b, "builds the 3x4 table first")
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	path := os.Getenv("TILESPACE_TABLE_3X4")
	if path == "" {
		r, err := bigTable(context.Background(), goal, b.TempDir(), bigOptions{})
		if err != nil {
			b.Fatal(err)
		}
		path = r.File
	}
	tab, err := store.ReadTable(context.Background(), path, goal)
	if err != nil {
		b.Fatal(err)
	}
	sp := tab.Space()
	rng := rand.New(rand.NewPCG(7, 8))
	boards := make([]statespace.Board, 1<<16)
	for i := range boards {
		boards[i] = sp.Unrank(rng.Uint64N(sp.Size()))
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if _, _, err := tab.LookupMoves(boards[i&(len(boards)-1)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// Test2x7Table checks a built 2x7 table (TILESPACE_TABLE_2X7 names it;
// building one takes most of an hour and 11 GB): its counts are OEIS
// A346736, its radius 108 with one board there, and lookups on the mapped
// file give the antipode's distance and a path of that length.
func Test2x7Table(t *testing.T) {
	longtest.Skip(t, "reads a built 2x7 table")
	path := os.Getenv("TILESPACE_TABLE_2X7")
	if path == "" {
		t.Skip("set TILESPACE_TABLE_2X7 to a 2x7 table built by enumerate -shape 2x7")
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 7})
	tab, err := store.ReadTable(context.Background(), path, goal)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := reference.FindDistribution("2x7", "corner")
	if fmt.Sprint(tab.Counts()) != fmt.Sprint(ref.Counts) || tab.Radius() != 108 || tab.Counts()[108] != 1 {
		t.Fatalf("counts %v, published %v", tab.Counts(), ref.Counts)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	sp := tab.Space()
	for range 20 {
		b := sp.Unrank(rng.Uint64N(sp.Size()))
		d, set, err := tab.LookupMoves(b)
		if err != nil || set == 0 || d <= 0 || d > 108 {
			t.Fatalf("board %s: %d %v %v", b, d, set, err)
		}
		p, err := tab.Path(b)
		if err != nil || len(p) != d {
			t.Fatalf("board %s: path of %d moves, distance %d: %v", b, len(p), d, err)
		}
		if end, bad := b.ApplyAll(p); bad >= 0 || end != goal {
			t.Fatalf("board %s: the path does not reach the goal", b)
		}
	}
}
