package store

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// zeros is a payload of n bytes, all zero, read without allocating it.
type zeros int64

func (z zeros) ReadAt(p []byte, off int64) (int, error) {
	clear(p)
	return len(p), nil
}

// A checksummed but inconsistent 12-cell table (the published counts
// over bits that are all zero) is refused when it is opened: the boards of
// each distance mod 4, recounted from the bits, disagree with the counts.
// The error names the file and its goal (for the rebuild command).
func TestForged12CellTableRefused(t *testing.T) {
	sh := statespace.Shape{Rows: 3, Cols: 4}
	goal := statespace.GoalLast(sh)
	ref, ok := reference.FindDistribution("3x4", "corner")
	if !ok {
		t.Fatal("no published 3x4 distribution")
	}
	path := filepath.Join(t.TempDir(), TableFile(goal).Name())
	sp := statespace.MustSpace(goal)
	if _, err := WriteMod4Table(context.Background(), path, goal, ref.Counts, zeros((sp.Size()+7)/8)); err != nil {
		t.Fatal(err)
	}
	_, err := ReadTable(context.Background(), path, goal)
	var te *table.DamageError
	var ce *table.CodeCountsError
	var de *DamagedError
	if !errors.As(err, &te) || !errors.As(err, &ce) || !errors.As(err, &de) || !strings.Contains(err.Error(), path) || de.Goal != goal {
		t.Fatalf("all-zero bits under the published counts: %v, want a *table.CodeCountsError in a *TableError naming %s and its goal (for the rebuild command)", err, path)
	}
	if ce.Residue != 0 || ce.Stored != sp.Size()/2 {
		t.Errorf("%+v: every board with the blank on an even cell has stored code 0, %d of them", ce, sp.Size()/2)
	}
}

// A FIFO at a table's path (explicit or in the cache) is refused at once
// with tablefile.ErrNotRegular; reading it would block forever.
func TestFIFOTableRefused(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	path := filepath.Join(cache, TableFile(goal).Name())
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	done := make(chan error, 2)
	go func() {
		_, _, err := defaultCache(t).LoadTable(context.Background(), goal)
		done <- err
		_, err = ReadTable(context.Background(), path, statespace.Board{})
		done <- err
	}()
	for range 2 {
		select {
		case err := <-done:
			if !errors.Is(err, tablefile.ErrNotRegular) || !strings.Contains(err.Error(), path) {
				t.Errorf("FIFO: %v, want ErrNotRegular naming %s", err, path)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("reading a FIFO table blocked")
		}
	}
}

// A damaged cache file is a *DamagedError that names the file and its
// goal (the commands name the rebuild command), and reaches the cause.
func TestDamagedErrorNamesRebuild(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(EnvCache, cache)
	g := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
	path := filepath.Join(cache, TableFile(g).Name())
	tab := enumerate(t, g)
	payload := tab.Mod4Payload()
	payload[100] ^= 8 // a wrong bit with a valid checksum
	if _, err := WriteMod4Table(context.Background(), path, g, tab.Counts(), byteReader(payload)); err != nil {
		t.Fatal(err)
	}
	_, _, err := defaultCache(t).LoadTable(context.Background(), g)
	var de *DamagedError
	var te *table.DamageError
	if !errors.As(err, &de) || !errors.As(err, &te) || de.Path != path || de.Goal != g {
		t.Fatalf("forged 2x4 cache file: %v", err)
	}
	// The message says what is wrong once, without the packages' prefixes.
	if want := path + " is damaged: the stored bit of board"; !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "table:") {
		t.Errorf("message %q, want it to start %q", err, want)
	}
}

// A table written raw, as the 12-cell ones are, is mapped and its lazy
// lookups answer like the full table.
func TestMappedTableAnswers(t *testing.T) {
	sh := statespace.Shape{Rows: 2, Cols: 5}
	goal := statespace.GoalLast(sh)
	full := enumerate(t, goal)
	path := filepath.Join(t.TempDir(), "t.tbl")
	h := TableHeader(goal, full.Counts(), tablefile.EncodingMod4Bit)
	if err := tablefile.WriteFileV2(context.Background(), path, h, byteReader(full.Mod4Payload()), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
		t.Fatal(err)
	}
	f, err := tablefile.Open(path)
	if err != nil || !f.Mapped() {
		t.Fatalf("open: %v", err)
	}
	lazy, err := table.NewMod4(context.Background(), goal, full.Counts(), fileBits{f, goal})
	if err != nil {
		t.Fatal(err)
	}
	sp := full.Space()
	for r := uint64(0); r < sp.Size(); r += 997 {
		b := sp.Unrank(r)
		d, set, err := lazy.LookupMoves(b)
		wd, want, werr := full.LookupMoves(b)
		if err != nil || werr != nil || d != wd || set != want {
			t.Fatalf("board %s: %d %v %v, want %d %v %v", b, d, set, err, wd, want, werr)
		}
	}
}
