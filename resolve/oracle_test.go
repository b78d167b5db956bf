package resolve

import (
	"context"
	"errors"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

var answerCases = []struct {
	shape statespace.Shape
	goal  string
	tiles []int // the goal's tiles, for the oracle
}{
	{statespace.Shape{Rows: 3, Cols: 3}, "last", []int{1, 2, 3, 4, 5, 6, 7, 8, 0}},  // embedded
	{statespace.Shape{Rows: 3, Cols: 3}, "first", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}}, // embedded
	{statespace.Shape{Rows: 3, Cols: 3}, "1,2,3,4,0,5,6,7,8", []int{1, 2, 3, 4, 0, 5, 6, 7, 8}},
	{statespace.Shape{Rows: 2, Cols: 4}, "last", []int{1, 2, 3, 4, 5, 6, 7, 0}},
	{statespace.Shape{Rows: 4, Cols: 2}, "first", []int{0, 1, 2, 3, 4, 5, 6, 7}},
	{statespace.Shape{Rows: 2, Cols: 3}, "last", []int{1, 2, 3, 4, 5, 0}},
	{statespace.Shape{Rows: 2, Cols: 2}, "first", []int{0, 1, 2, 3}},
}

// TestAnswersMatchBFS checks every board of each space (every 13th in
// -short mode) against the independent breadth-first search.
func TestAnswersMatchBFS(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	for i, tc := range answerCases {
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		oracle := fixture.NewBFS(tc.shape.Rows, tc.shape.Cols, tc.tiles)
		k := 0
		for c := range oracle.Dist {
			k++
			if !longtest.Enabled() && k%13 != 0 {
				continue
			}
			withPath := k%2 == 0 || len(oracle.Dist) < 100_000
			b := oracle.Board(t, c)
			a, err := res.Answer(ctx, goalFor(t, tc.shape, tc.goal, b), b, Want{Path: withPath})
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			oracle.Check(t, a.Board, a.Distance, a.Optimal, a.Path, withPath)
		}
	}
}

// TestUnsolvable swaps two tiles of reachable boards, which changes the
// permutation's parity and so leaves the space: the answer is an
// *UnsolvableError, never a distance.
func TestUnsolvable(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	for i, tc := range answerCases {
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		oracle := fixture.NewBFS(tc.shape.Rows, tc.shape.Cols, tc.tiles)
		k := 0
		for c := range oracle.Dist {
			if k++; k > 200 {
				break
			}
			n := tc.shape.Cells()
			x, y := (fixture.BlankOf(c, n)+1)%n, (fixture.BlankOf(c, n)+2)%n
			c[x], c[y] = c[y], c[x]
			if _, ok := oracle.Dist[c]; ok {
				t.Fatalf("case %d: the oracle reaches %v", i, c)
			}
			b := oracle.Board(t, c)
			a, err := res.Answer(ctx, goalFor(t, tc.shape, tc.goal, b), b, Want{Path: true})
			var u *statespace.UnsolvableError
			if !errors.As(err, &u) || a.Distance != -1 || a.Path != nil {
				t.Fatalf("case %d: board %v: answer %+v, error %v; want an UnsolvableError", i, c, a, err)
			}
		}
	}
}

// TestPublished31 checks the two boards 31 moves from 1,2,3/4,5,6/7,8,_,
// the 8-puzzle's radius: OEIS A089473 (example), also in
// data/reference/README.md; the independent BFS agrees there are
// exactly these two.
func TestPublished31(t *testing.T) {
	ctx := context.Background()
	res, err := NewResolver(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	oracle := fixture.NewBFS(3, 3, []int{1, 2, 3, 4, 5, 6, 7, 8, 0})
	var at31 []string
	for c, d := range oracle.Dist {
		if d == 31 {
			at31 = append(at31, oracle.Board(t, c).String())
		}
	}
	if len(at31) != 2 {
		t.Errorf("the BFS finds %d boards at 31, OEIS A089473 says 2", len(at31))
	}
	for i, text := range []string{"8,6,7,2,5,4,3,0,1", "6,4,7,8,5,0,3,2,1"} {
		b, err := statespace.Parse(text, statespace.Shape{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := res.Answer(ctx, statespace.GoalLast(b.Shape()), b, Want{Path: true})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if a.Distance != 31 {
			t.Errorf("case %d: %s at %d, OEIS A089473 says 31", i, text, a.Distance)
		}
		oracle.Check(t, b, a.Distance, a.Optimal, a.Path, true)
	}
}

// TestPathIsTablePath checks that the oracle's own path walk gives
// Table.Path's path.
func TestPathIsTablePath(t *testing.T) {
	o, boards := sampleBoards(t, 500)
	for i, b := range boards {
		a, err := o.Answer(context.Background(), b, Want{Path: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := o.Table().Path(b)
		if err != nil {
			t.Fatal(err)
		}
		if statespace.JoinMoves(a.Path, " ") != statespace.JoinMoves(want, " ") {
			t.Fatalf("case %d: %s: path %v, Table.Path %v", i, b, a.Path, want)
		}
		if _, want, err := o.Table().LookupMoves(b); err != nil || a.Optimal != want {
			t.Fatalf("case %d: %s: optimal %v, Table.LookupMoves %v (%v)", i, b, a.Optimal, want, err)
		}
	}
}

// TestPublishedRadii checks the radius and the number of boards at it for
// the small shapes with the blank's goal in a corner, as published in
// OEIS A089473 (3x3), A090034-A090036 (2x2, 2x3, 2x4), copied into
// data/reference/distributions.tsv: the independent BFS must agree, and
// query must give each of those boards the radius as its distance.
func TestPublishedRadii(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	for i, tc := range []struct {
		rows, cols, radius, count int
	}{{2, 2, 6, 1}, {2, 3, 21, 1}, {2, 4, 36, 1}, {3, 3, 31, 2}} {
		n := tc.rows * tc.cols
		goal := make([]int, n)
		for k := range n - 1 {
			goal[k] = k + 1
		}
		oracle := fixture.NewBFS(tc.rows, tc.cols, goal)
		var far []fixture.Cells
		radius := 0
		for c, d := range oracle.Dist {
			if d > radius {
				radius, far = d, nil
			}
			if d == radius {
				far = append(far, c)
			}
		}
		if radius != tc.radius || len(far) != tc.count {
			t.Errorf("case %d: the BFS finds radius %d with %d boards, published %d with %d", i, radius, len(far), tc.radius, tc.count)
		}
		res, err := NewResolver(ctx, Config{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range far {
			a, err := res.Answer(ctx, statespace.GoalLast(statespace.Shape{Rows: tc.rows, Cols: tc.cols}), oracle.Board(t, c), Want{Path: true})
			if err != nil || a.Distance != tc.radius {
				t.Errorf("case %d: %v at %d (%v), published radius %d", i, c[:n], a.Distance, err, tc.radius)
			}
		}
	}
}
