package resolve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func randomLines(t *testing.T, n, depth int, seed uint64) ([]string, string) {
	t.Helper()
	ctx := context.Background()
	res, err := NewResolver(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := res.For(ctx, sampleShape)
	if err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	rw := NewRecordWriter(&out, &errw, Options{Path: true})
	if err := Random(ctx, o, o.Goal(), n, depth, seed, rw); err != nil {
		t.Fatal(err)
	}
	rw.Flush()
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), errw.String()
}

func TestRandom(t *testing.T) {
	oracle := lastOracle()
	for i, tc := range []struct {
		n, depth int
		seed     uint64
	}{{50, 20, 1}, {2, 31, 5}, {40, -1, 1}, {12, 1, 3}} {
		lines, notes := randomLines(t, tc.n, tc.depth, tc.seed)
		again, _ := randomLines(t, tc.n, tc.depth, tc.seed)
		if strings.Join(lines, "\n") != strings.Join(again, "\n") {
			t.Errorf("case %d: the same seed gave other boards", i)
		}
		other, _ := randomLines(t, tc.n, tc.depth, tc.seed+1)
		// At distance 31 there are only two boards (OEIS A089473), and
		// only two at distance 1, so only larger draws must differ.
		if tc.depth != 31 && tc.depth != 1 && strings.Join(lines, "\n") == strings.Join(other, "\n") {
			t.Errorf("case %d: seeds %d and %d gave the same boards", i, tc.seed, tc.seed+1)
		}
		if len(lines) != tc.n {
			t.Fatalf("case %d: %d lines", i, len(lines))
		}
		seen := map[string]bool{}
		for _, line := range lines {
			f := strings.Split(line, "\t")
			if d := oracle.dist[cellsOf(mustParse(t, f[0]))]; tc.depth >= 0 && d != tc.depth {
				t.Errorf("case %d: %s is at %d, want %d", i, f[0], d, tc.depth)
			}
			d, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			checkRecord(t, f[0], d, splitMoves(f[2]), splitMoves(f[3]), true, false)
			seen[f[0]] = true
		}
		// The 8-puzzle has 2 boards at distance 1 and 2 at 31 (OEIS
		// A089473): draws beyond them repeat, and a note says so.
		distinct := tc.n
		if tc.depth == 1 || tc.depth == 31 {
			distinct = 2
		}
		if len(seen) != distinct || (distinct < tc.n) != (notes != "") {
			t.Errorf("case %d: %d distinct boards, want %d; notes %q", i, len(seen), distinct, notes)
		}
	}
}

func TestRandomDepthTooLarge(t *testing.T) {
	ctx := context.Background()
	res, _ := NewResolver(ctx, Config{})
	o, err := res.For(ctx, sampleShape)
	if err != nil {
		t.Fatal(err)
	}
	err = Random(ctx, o, o.Goal(), 1, 32, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	if err == nil || !strings.Contains(err.Error(), "radius of 3x3 goal last is 31") {
		t.Errorf("depth 32: %v", err)
	}
	err = Random(ctx, fakeOracle{}, fakeOracle{}.Goal(), 1, 3, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	if err == nil || !strings.Contains(err.Error(), "boards at a given distance need the distance table") {
		t.Errorf("random boards at a depth without a table: %v", err)
	}
	// A 12-cell shape without its table says it can be built.
	twelve := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 6})
	err = Random(ctx, nil, twelve, 1, 3, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	var nd *NoDepthTableError
	if !errors.As(err, &nd) || nd.Goal != twelve || !nd.Buildable {
		t.Errorf("2x6 boards at a depth without the table: %v", err)
	}
}

// Random 15-puzzle boards: drawn without a table or a
// search, distinct, solvable, the same for the same seed, and in JSON
// without a distance.
func TestRandomWithoutTable(t *testing.T) {
	ctx := context.Background()
	t.Setenv(store.EnvCache, t.TempDir())
	sh := statespace.Shape{Rows: 4, Cols: 4}
	for _, goal := range []string{"last", "first"} {
		res, err := NewResolver(ctx, Config{Shape: sh, Goal: goal})
		if err != nil {
			t.Fatal(err)
		}
		draw := func(seed uint64, f Format) []string {
			var out bytes.Buffer
			rw := NewRecordWriter(&out, io.Discard, Options{Format: f})
			if err := res.Random(ctx, 2000, -1, seed, rw); err != nil {
				t.Fatal(err)
			}
			rw.Flush()
			return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		}
		lines := draw(3, Plain)
		g, _ := statespace.ParseGoal(goal, sh)
		sp := statespace.MustSpace(g)
		seen := map[string]bool{}
		var blankCells [16]int
		for _, l := range lines {
			b, err := statespace.Parse(l, sh)
			if err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			if err := sp.Check(b); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			if seen[l] {
				t.Fatalf("%s drawn twice", l)
			}
			seen[l] = true
			blankCells[b.Blank()]++
		}
		// Uniform draws put the blank on each of the 16 cells about 125
		// times in 2,000; each count is far from 0 and from 2,000.
		for c, n := range blankCells {
			if n < 60 || n > 200 {
				t.Errorf("goal %s: the blank was on cell %d in %d of 2,000 boards", goal, c, n)
			}
		}
		if again := draw(3, Plain); strings.Join(again, "\n") != strings.Join(lines, "\n") {
			t.Errorf("goal %s: the same seed drew other boards", goal)
		}
		js := draw(3, JSON)
		if js[0] != `{"board":"`+lines[0]+`"}` {
			t.Errorf("goal %s: JSON record %s", goal, js[0])
		}
		var out bytes.Buffer
		err = res.Random(ctx, 1, 10, 1, NewRecordWriter(&out, io.Discard, Options{}))
		if err == nil || !strings.Contains(err.Error(), "need the distance table of 4x4") {
			t.Errorf("goal %s: -depth without a table: %v", goal, err)
		}
	}
	if entries, _ := os.ReadDir(os.Getenv(store.EnvCache)); len(entries) != 0 {
		t.Errorf("drawing boards wrote %d files to the cache", len(entries))
	}
}

// A 12-cell shape draws boards only, without a search's notes, until its
// table is in the cache; then HasTable says so and Random reads it (here a
// file that is not a table, whose error proves it was read).
func TestRandomTwelveCells(t *testing.T) {
	ctx := context.Background()
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	sh := statespace.Shape{Rows: 2, Cols: 6}
	goal := statespace.GoalLast(sh)
	var log, out bytes.Buffer
	res, err := NewResolver(ctx, Config{Cache: store.NewCache(cache), Shape: sh, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.HasTable(goal) {
		t.Fatal("HasTable with an empty cache")
	}
	rw := NewRecordWriter(&out, io.Discard, Options{})
	if err := res.Random(ctx, 3, -1, 1, rw); err != nil {
		t.Fatal(err)
	}
	rw.Flush()
	if n := strings.Count(out.String(), "\n"); n != 3 || strings.Contains(out.String(), "\t") || log.Len() != 0 {
		t.Errorf("2x6 without a table: %d lines %q, log %q; want 3 boards only and no notes", n, out.String(), log.String())
	}
	path := cache + "/" + store.TableFile(goal).Name()
	if err := os.WriteFile(path, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = NewResolver(ctx, Config{Cache: store.NewCache(cache), Shape: sh, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if !res.HasTable(goal) {
		t.Fatal("HasTable misses the cached 2x6 table")
	}
	err = res.Random(ctx, 3, 5, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("2x6 with a damaged cached table: %v, want an error naming %s", err, path)
	}
}

// Random draws on every shape from 2x2 to 5x5 and the long ones of 21
// cells and more (whose boards are too many to rank, which once made it
// fail): answers where a table is built, boards only elsewhere, and boards
// at a distance where a table exists and an error where none does.
func TestRandomEveryShape(t *testing.T) {
	ctx := context.Background()
	t.Setenv(store.EnvCache, t.TempDir())
	shapes := fixture.DrawShapes()
	for _, sh := range shapes {
		sp := statespace.MustSpace(statespace.GoalLast(sh))
		res, err := NewResolver(ctx, Config{Shape: sh, Log: io.Discard})
		if err != nil {
			t.Fatal(err)
		}
		for _, depth := range []int{-1, 3} {
			var out bytes.Buffer
			rw := NewRecordWriter(&out, io.Discard, Options{Format: JSON})
			err := res.Random(ctx, 3, depth, 1, rw)
			rw.Flush()
			if depth >= 0 && sh.Cells() > 10 {
				if err == nil || !strings.Contains(err.Error(), "distance table") {
					t.Errorf("%s at depth %d without a table: %v", sh, depth, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s depth %d: %v", sh, depth, err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != 3 {
				t.Fatalf("%s depth %d: %d lines %q", sh, depth, len(lines), out.String())
			}
			for _, line := range lines {
				var rec struct {
					Board    string
					Distance *int
				}
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatalf("%s: %q: %v", sh, line, err)
				}
				b, err := statespace.Parse(rec.Board, sh)
				if err == nil {
					err = sp.Check(b)
				}
				if err != nil {
					t.Fatalf("%s: drew %q: %v", sh, rec.Board, err)
				}
				if depth >= 0 && (rec.Distance == nil || *rec.Distance != depth) {
					t.Errorf("%s at depth %d: %q", sh, depth, line)
				}
			}
		}
	}
}
