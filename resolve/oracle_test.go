package resolve

import (
	"context"
	"errors"
	"testing"

	"github.com/tilespace/tilespace/internal/longtest"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// The test oracle: a plain breadth-first search over boards kept as byte
// arrays, with its own move rules, independent of statespace's ranker,
// its tables and its Board.Apply.

type cells [statespace.MaxCells]byte

type bfsSpace struct {
	rows, cols int
	goal       cells
	dist       map[cells]int
}

// moveNames in statespace's generation order; a move names where the
// blank goes.
var moveNames = [4]string{"Up", "Down", "Left", "Right"}

// step moves the blank of c (at cell blank) by the named move.
func (s *bfsSpace) step(c cells, blank int, move string) (cells, int, bool) {
	r, col := blank/s.cols, blank%s.cols
	switch move {
	case "Up":
		r--
	case "Down":
		r++
	case "Left":
		col--
	case "Right":
		col++
	}
	if r < 0 || r >= s.rows || col < 0 || col >= s.cols {
		return c, blank, false
	}
	to := r*s.cols + col
	c[blank], c[to] = c[to], 0
	return c, to, true
}

func blankOf(c cells, n int) int {
	for i := range n {
		if c[i] == 0 {
			return i
		}
	}
	panic("no blank")
}

func newBFS(rows, cols int, goal []int) *bfsSpace {
	s := &bfsSpace{rows: rows, cols: cols, dist: map[cells]int{}}
	for i, t := range goal {
		s.goal[i] = byte(t)
	}
	s.dist[s.goal] = 0
	queue := []cells{s.goal}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		blank := blankOf(c, rows*cols)
		for _, m := range moveNames {
			if next, _, ok := s.step(c, blank, m); ok {
				if _, seen := s.dist[next]; !seen {
					s.dist[next] = s.dist[c] + 1
					queue = append(queue, next)
				}
			}
		}
	}
	return s
}

func (s *bfsSpace) board(tb testing.TB, c cells) statespace.Board {
	tiles := make([]int, s.rows*s.cols)
	for i := range tiles {
		tiles[i] = int(c[i])
	}
	b, err := statespace.NewBoard(statespace.Shape{Rows: s.rows, Cols: s.cols}, tiles)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func cellsOf(b statespace.Board) cells {
	var c cells
	for i := range b.Cells() {
		c[i] = byte(b.Tile(i))
	}
	return c
}

// check compares an answer with the oracle: the distance, the set of
// optimal moves (every move to a neighbour one step closer), and the
// path, replayed with the oracle's own moves, which must reach the goal
// in exactly the stated number of moves through ever closer boards.
func (s *bfsSpace) check(t *testing.T, c cells, a Answer, withPath bool) {
	t.Helper()
	d, ok := s.dist[c]
	if !ok {
		t.Fatalf("%v is not in the oracle's space", c)
	}
	if a.Distance != d {
		t.Fatalf("board %s: distance %d, the BFS says %d", a.Board, a.Distance, d)
	}
	blank := blankOf(c, s.rows*s.cols)
	var want []string
	for _, m := range moveNames {
		if next, _, ok := s.step(c, blank, m); ok && s.dist[next] == d-1 {
			want = append(want, m)
		}
	}
	var got []string
	for _, m := range a.Optimal.Moves() {
		got = append(got, m.String())
	}
	if !equalStrings(got, want) {
		t.Fatalf("board %s: optimal moves %v, the BFS says %v", a.Board, got, want)
	}
	if !withPath {
		return
	}
	if len(a.Path) != d {
		t.Fatalf("board %s: path of %d moves for distance %d", a.Board, len(a.Path), d)
	}
	cur := c
	for i, m := range a.Path {
		next, nb, ok := s.step(cur, blank, m.String())
		if !ok {
			t.Fatalf("board %s: path move %d (%s) leaves the board", a.Board, i+1, m)
		}
		if s.dist[next] != d-i-1 {
			t.Fatalf("board %s: path move %d (%s) reaches distance %d, want %d", a.Board, i+1, m, s.dist[next], d-i-1)
		}
		cur, blank = next, nb
	}
	if cur != s.goal {
		t.Fatalf("board %s: path ends at %v, not the goal", a.Board, cur)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

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
		res, err := NewResolver(ctx, Config{Shape: tc.shape, Goal: tc.goal})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		oracle := newBFS(tc.shape.Rows, tc.shape.Cols, tc.tiles)
		k := 0
		for c := range oracle.dist {
			k++
			if !longtest.Enabled() && k%13 != 0 {
				continue
			}
			withPath := k%2 == 0 || len(oracle.dist) < 100_000
			a, err := res.Answer(ctx, oracle.board(t, c), withPath)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			oracle.check(t, c, a, withPath)
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
		res, err := NewResolver(ctx, Config{Shape: tc.shape, Goal: tc.goal})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		oracle := newBFS(tc.shape.Rows, tc.shape.Cols, tc.tiles)
		k := 0
		for c := range oracle.dist {
			if k++; k > 200 {
				break
			}
			n := tc.shape.Cells()
			x, y := (blankOf(c, n)+1)%n, (blankOf(c, n)+2)%n
			c[x], c[y] = c[y], c[x]
			if _, ok := oracle.dist[c]; ok {
				t.Fatalf("case %d: the oracle reaches %v", i, c)
			}
			a, err := res.Answer(ctx, oracle.board(t, c), true)
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
	oracle := newBFS(3, 3, []int{1, 2, 3, 4, 5, 6, 7, 8, 0})
	var at31 []string
	for c, d := range oracle.dist {
		if d == 31 {
			at31 = append(at31, oracle.board(t, c).String())
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
		a, err := res.Answer(ctx, b, true)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if a.Distance != 31 {
			t.Errorf("case %d: %s at %d, OEIS A089473 says 31", i, text, a.Distance)
		}
		oracle.check(t, cellsOf(b), a, true)
	}
}

// TestPathIsTablePath checks that the oracle's own path walk gives
// Table.Path's path.
func TestPathIsTablePath(t *testing.T) {
	o, boards := sampleBoards(t, 500)
	for i, b := range boards {
		a, err := o.Answer(context.Background(), b, true)
		if err != nil {
			t.Fatal(err)
		}
		want, err := o.Table.Path(b)
		if err != nil {
			t.Fatal(err)
		}
		if statespace.JoinMoves(a.Path, " ") != statespace.JoinMoves(want, " ") {
			t.Fatalf("case %d: %s: path %v, Table.Path %v", i, b, a.Path, want)
		}
		if _, want, err := o.Table.LookupMoves(b); err != nil || a.Optimal != want {
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
		oracle := newBFS(tc.rows, tc.cols, goal)
		var far []cells
		radius := 0
		for c, d := range oracle.dist {
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
		res, err := NewResolver(ctx, Config{Shape: statespace.Shape{Rows: tc.rows, Cols: tc.cols}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range far {
			a, err := res.Answer(ctx, oracle.board(t, c), true)
			if err != nil || a.Distance != tc.radius {
				t.Errorf("case %d: %v at %d (%v), published radius %d", i, c[:n], a.Distance, err, tc.radius)
			}
		}
	}
}
