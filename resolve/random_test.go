package resolve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// drawn is what Random gave: the boards in order, each with its answer or
// nil.
type drawn struct {
	boards  []statespace.Board
	answers []*Answer
}

var eightGoal = statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})

// draw draws as the commands do: with goal's oracle when it has a table
// at hand, notes on res's log.
func draw(ctx context.Context, res *Resolver, goal statespace.Board, n, depth int, seed uint64) (drawn, error) {
	var d drawn
	var o Oracle
	if res.HasTable(goal) {
		var err error
		if o, err = res.Oracle(ctx, goal, Need{}); err != nil {
			return d, err
		}
	}
	err := Random(ctx, goal, o, Draw{N: n, Depth: depth, Seed: seed, Want: Want{Path: true}, Log: res.cfg.Log}, func(b statespace.Board, a *Answer) error {
		d.boards = append(d.boards, b)
		d.answers = append(d.answers, a)
		return nil
	})
	return d, err
}

func (d drawn) String() string {
	var s []string
	for _, b := range d.boards {
		s = append(s, b.String())
	}
	return strings.Join(s, "\n")
}

func TestRandom(t *testing.T) {
	oracle := fixture.LastBFS()
	ctx := context.Background()
	for i, tc := range []struct {
		n, depth int
		seed     uint64
	}{{50, 20, 1}, {2, 31, 5}, {40, -1, 1}, {12, 1, 3}} {
		var notes bytes.Buffer
		res, err := NewResolver(ctx, Config{Log: &notes})
		if err != nil {
			t.Fatal(err)
		}
		got, err := draw(ctx, res, eightGoal, tc.n, tc.depth, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := draw(ctx, res, eightGoal, tc.n, tc.depth, tc.seed)
		if got.String() != again.String() {
			t.Errorf("case %d: the same seed gave other boards", i)
		}
		other, _ := draw(ctx, res, eightGoal, tc.n, tc.depth, tc.seed+1)
		// At distance 31 there are only two boards (OEIS A089473), and
		// only two at distance 1, so only larger draws must differ.
		if tc.depth != 31 && tc.depth != 1 && got.String() == other.String() {
			t.Errorf("case %d: seeds %d and %d gave the same boards", i, tc.seed, tc.seed+1)
		}
		if len(got.boards) != tc.n {
			t.Fatalf("case %d: %d boards", i, len(got.boards))
		}
		seen := map[statespace.Board]bool{}
		for k, b := range got.boards {
			if d := oracle.Dist[fixture.CellsOf(b)]; tc.depth >= 0 && d != tc.depth {
				t.Errorf("case %d: %s is at %d, want %d", i, b, d, tc.depth)
			}
			a := got.answers[k]
			if a == nil || a.Board != b {
				t.Fatalf("case %d: %s without its answer", i, b)
			}
			oracle.Check(t, b, a.Distance, a.Optimal, a.Path, true)
			seen[b] = true
		}
		// The 8-puzzle has 2 boards at distance 1 and 2 at 31 (OEIS
		// A089473): draws beyond them repeat, and a note says so.
		distinct := tc.n
		if tc.depth == 1 || tc.depth == 31 {
			distinct = 2
		}
		if len(seen) != distinct || (distinct < tc.n) != (notes.Len() != 0) {
			t.Errorf("case %d: %d distinct boards, want %d; notes %q", i, len(seen), distinct, notes.String())
		}
	}
}

func TestRandomDepthTooLarge(t *testing.T) {
	ctx := context.Background()
	t.Setenv(store.EnvCache, t.TempDir())
	res, _ := NewResolver(ctx, Config{})
	_, err := draw(ctx, res, eightGoal, 1, 32, 1)
	if err == nil || !strings.Contains(err.Error(), "radius of 3x3 goal last is 31") {
		t.Errorf("depth 32: %v", err)
	}
	// A 12-cell shape without its table says it can be built; the
	// 15-puzzle's cannot.
	for _, tc := range []struct {
		shape     statespace.Shape
		buildable bool
	}{{statespace.Shape{Rows: 2, Cols: 6}, true}, {statespace.Shape{Rows: 4, Cols: 4}, false}} {
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = draw(ctx, res, statespace.GoalLast(tc.shape), 1, 3, 1)
		var nd *NoDepthTableError
		if !errors.As(err, &nd) || nd.Goal != statespace.GoalLast(tc.shape) || nd.Buildable != tc.buildable ||
			!strings.Contains(err.Error(), "boards at a given distance need the distance table") {
			t.Errorf("%s boards at a depth without the table: %v", tc.shape, err)
		}
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
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatal(err)
		}
		gb, _ := statespace.ParseGoal(goal, sh)
		boards := func(seed uint64) []string {
			d, err := draw(ctx, res, gb, 2000, -1, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range d.answers {
				if a != nil {
					t.Fatalf("goal %s: %s came with an answer", goal, a.Board)
				}
			}
			return strings.Split(d.String(), "\n")
		}
		lines := boards(3)
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
		if again := boards(3); strings.Join(again, "\n") != strings.Join(lines, "\n") {
			t.Errorf("goal %s: the same seed drew other boards", goal)
		}
		_, err = draw(ctx, res, gb, 1, 10, 1)
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
	var log bytes.Buffer
	res, err := NewResolver(ctx, Config{Cache: store.NewCache(cache), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.HasTable(goal) {
		t.Fatal("HasTable with an empty cache")
	}
	d, err := draw(ctx, res, goal, 3, -1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.boards) != 3 || slices.ContainsFunc(d.answers, func(a *Answer) bool { return a != nil }) || log.Len() != 0 {
		t.Errorf("2x6 without a table: %d boards %v, log %q; want 3 boards only and no notes", len(d.boards), d.answers, log.String())
	}
	path := cache + "/" + store.TableFile(goal).Name()
	if err := os.WriteFile(path, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = NewResolver(ctx, Config{Cache: store.NewCache(cache), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if !res.HasTable(goal) {
		t.Fatal("HasTable misses the cached 2x6 table")
	}
	_, err = draw(ctx, res, goal, 3, 5, 1)
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
		res, err := NewResolver(ctx, Config{Log: io.Discard})
		if err != nil {
			t.Fatal(err)
		}
		for _, depth := range []int{-1, 3} {
			d, err := draw(ctx, res, statespace.GoalLast(sh), 3, depth, 1)
			if depth >= 0 && sh.Cells() > 10 {
				if err == nil || !strings.Contains(err.Error(), "distance table") {
					t.Errorf("%s at depth %d without a table: %v", sh, depth, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s depth %d: %v", sh, depth, err)
			}
			if len(d.boards) != 3 {
				t.Fatalf("%s depth %d: %d boards", sh, depth, len(d.boards))
			}
			for k, b := range d.boards {
				if err := sp.Check(b); err != nil {
					t.Fatalf("%s: drew %s: %v", sh, b, err)
				}
				a := d.answers[k]
				if sh.Cells() <= 10 && (a == nil || a.Board != b) {
					t.Errorf("%s: %s without its answer", sh, b)
				}
				if depth >= 0 && (a == nil || a.Distance != depth) {
					t.Errorf("%s at depth %d: %s, answer %v", sh, depth, b, a)
				}
			}
		}
	}
}
