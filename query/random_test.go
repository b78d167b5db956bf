package query

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
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
	if err := Random(ctx, o, n, depth, seed, rw); err != nil {
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
	err = Random(ctx, o, 1, 32, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	if err == nil || !strings.Contains(err.Error(), "radius of 3x3 goal last is 31") {
		t.Errorf("depth 32: %v", err)
	}
	g4 := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	err = Random(ctx, NewSearchOracle(g4, pdb.NewManhattan(g4), "manhattan", false), 1, 3, 1, NewRecordWriter(io.Discard, io.Discard, Options{}))
	if err == nil {
		t.Error("random boards without a table")
	}
}
