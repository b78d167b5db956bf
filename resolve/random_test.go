package resolve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
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
	return drawAs(ctx, res, goal, Draw{N: n, Depth: depth, Seed: seed, Want: Want{Path: true}})
}

// drawAs is draw with every field of a Draw.
func drawAs(ctx context.Context, res *Resolver, goal statespace.Board, dr Draw) (drawn, error) {
	var d drawn
	var o Oracle
	if res.HasTable(goal) {
		var err error
		if o, err = res.Oracle(ctx, goal, Need{}); err != nil {
			return d, err
		}
	}
	err := Random(ctx, goal, o, dr, func(b statespace.Board, a *Answer) error {
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
		distinct bool
	}{{50, 20, 1, false}, {50, 20, 1, true}, {6, 31, 5, false}, {2, 31, 5, true}, {40, -1, 1, false}, {40, -1, 1, true}, {12, 1, 3, false}} {
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatal(err)
		}
		dr := Draw{N: tc.n, Depth: tc.depth, Seed: tc.seed, Distinct: tc.distinct, Want: Want{Path: true}}
		got, err := drawAs(ctx, res, eightGoal, dr)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := drawAs(ctx, res, eightGoal, dr)
		if got.String() != again.String() {
			t.Errorf("case %d: the same seed gave other boards", i)
		}
		dr.Seed++
		other, _ := drawAs(ctx, res, eightGoal, dr)
		if tc.n > 20 && got.String() == other.String() {
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
		// A089473): independent draws of 6 or 12 of them repeat.
		if tc.distinct && len(seen) != tc.n {
			t.Errorf("case %d: %d distinct boards of %d drawn without replacement", i, len(seen), tc.n)
		}
		if tc.depth == 1 || tc.depth == 31 {
			if len(seen) > 2 {
				t.Errorf("case %d: %d boards at distance %d, which has 2", i, len(seen), tc.depth)
			}
		}
	}
}

// More distinct boards than there are is refused, at a distance and in
// all, with or without a table.
func TestRandomTooFew(t *testing.T) {
	ctx := context.Background()
	t.Setenv(store.EnvCache, t.TempDir())
	res, err := NewResolver(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		goal        statespace.Board
		n, depth    int
		count, have int
	}{{eightGoal, 3, 31, 2, 0}, {eightGoal, 181441, -1, 181440, 0}, {statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 6}), 239500801, -1, 239500800, 0}} {
		_, err := drawAs(ctx, res, tc.goal, Draw{N: tc.n, Depth: tc.depth, Seed: 1, Distinct: true})
		var few *table.TooFewError
		if !errors.As(err, &few) || few.Count != uint64(tc.count) || few.Asked != uint64(tc.n) {
			t.Errorf("%d distinct boards of %s at %d: %v", tc.n, tc.goal.Shape(), tc.depth, err)
		}
	}
}

// Independent draws are uniform over the boards and come in no order: a
// chi-square test on the ranks of 2x3 boards drawn with and without a
// table, and on where the blank is in 3x3 boards drawn without
// replacement; and a permutation of all 3x3 boards is not sorted.
func TestRandomUniform(t *testing.T) {
	ctx := context.Background()
	t.Setenv(store.EnvCache, t.TempDir())
	res, err := NewResolver(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	small := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	sp := statespace.MustSpace(small)
	for _, distinct := range []bool{false, true} {
		n := 100 * int(sp.Size())
		if distinct {
			n = int(sp.Size())
		}
		d, err := drawAs(ctx, res, small, Draw{N: n, Depth: -1, Seed: 11, Distinct: distinct})
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]float64, sp.Size())
		ascents := 0
		for k, b := range d.boards {
			counts[sp.Rank(b)]++
			if k > 0 && sp.Rank(b) > sp.Rank(d.boards[k-1]) {
				ascents++
			}
		}
		if distinct {
			for r, c := range counts {
				if c != 1 {
					t.Fatalf("all 360 distinct 2x3 boards: rank %d drawn %v times", r, c)
				}
			}
		} else if chi, limit := chiSquare(counts), chiLimit(len(counts)-1); chi > limit {
			t.Errorf("2x3, %d independent boards: chi-square %.1f over %d ranks exceeds %.1f", n, chi, len(counts), limit)
		}
		// In a random order about half the steps go up.
		if share := float64(ascents) / float64(n-1); share < 0.42 || share > 0.58 {
			t.Errorf("2x3 (distinct %v): %.3f of the steps go up the ranks", distinct, share)
		}
	}
	d, err := drawAs(ctx, res, eightGoal, Draw{N: 181440, Depth: -1, Seed: 3, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	// Every board once; the first 20,160 (a ninth) have the blank on each
	// cell about 2,240 times, not all on cell 0 as in rank order.
	cells := make([]float64, 9)
	seen := map[statespace.Board]bool{}
	for k, b := range d.boards {
		seen[b] = true
		if k < 20160 {
			cells[b.Blank()]++
		}
	}
	if len(seen) != 181440 {
		t.Errorf("181,440 distinct 3x3 boards: %d", len(seen))
	}
	if chi, limit := chiSquare(cells), chiLimit(8); chi > limit {
		t.Errorf("the first 20,160 of every 3x3 board: blank cells %v, chi-square %.1f exceeds %.1f", cells, chi, limit)
	}
}

// chiSquare is Pearson's statistic of counts against equal expectations.
func chiSquare(counts []float64) float64 {
	var sum float64
	for _, c := range counts {
		sum += c
	}
	e := sum / float64(len(counts))
	var chi float64
	for _, c := range counts {
		chi += (c - e) * (c - e) / e
	}
	return chi
}

// chiLimit is the chi-square value of df degrees of freedom exceeded with
// probability 1e-6 (Wilson-Hilferty): a fixed seed gives a fixed draw, so
// the test fails only if the draw is not uniform.
func chiLimit(df int) float64 {
	const z = 4.753 // the standard normal's 1 - 1e-6 quantile
	k := float64(df)
	c := 1 - 2/(9*k) + z*math.Sqrt(2/(9*k))
	return k * c * c * c
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
			d, err := drawAs(ctx, res, gb, Draw{N: 2000, Depth: -1, Seed: seed, Distinct: true})
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
