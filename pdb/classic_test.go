package pdb_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var (
	classic33 = statespace.Shape{Rows: 3, Cols: 3}
	classic24 = statespace.Shape{Rows: 2, Cols: 4}
)

// Hand-computed values. For 8 6 7 / 2 5 4 / 3 _ 1 against 1 2 3 / 4 5 6 /
// 7 8 _ the tiles 8,6,7,2,5,4,3,1 are 3,2,4,2,0,2,4,4 moves from home
// (Manhattan 21), all but 5 are misplaced (7), and the only linear
// conflict is 5 and 4 in the middle row (4 belongs left of 5): +2.
// For 3 2 1 / 6 5 4 / 7 8 _ each of the top two rows is reversed: tiles 3,
// 1, 6 and 4 are two moves from home (Manhattan 8), and in each row two
// of the three tiles must step out (+4 per row; counting conflicting
// pairs would add 6 per row and overestimate). Column 2 (2 5 8) is in
// order.
var classicCases = []struct {
	board, goal              string
	manhattan, misplaced, lc int
}{
	{"8,6,7,2,5,4,3,0,1", "last", 21, 7, 23},
	{"3,2,1,6,5,4,7,8,0", "last", 8, 4, 16},
	{"1,2,3,4,5,6,7,8,0", "last", 0, 0, 0},
	{"1,2,3,4,5,6,7,0,8", "last", 1, 1, 1},
	// 0 1 2 / 3 4 5 / 6 7 8 against the blank-first goal: every tile is
	// home. The COMS board 1 2 5 / 3 4 _ / 6 7 8: tiles 1,2 one move from
	// home, 5 one; the top row holds 1 and 2 in goal order behind the
	// blank's goal cell: no conflict.
	{"0,1,2,3,4,5,6,7,8", "first", 0, 0, 0},
	{"1,2,5,3,4,0,6,7,8", "first", 3, 3, 3},
	// 2x4, goal 1 2 3 4 / 5 6 7 _: the top row 4 3 2 1 needs three of its
	// four tiles out (+6); Manhattan 3+1+1+3 = 8.
	{"4,3,2,1,5,6,7,0", "last", 8, 4, 14},
	// 2x4, goal 5 1 7 3 / _ 2 6 4: board 1 5 7 3 / 2 _ 6 4 has 1 and 5
	// swapped in the top row (+2) and 2 one cell right of home.
	{"1,5,7,3,2,0,6,4", "5,1,7,3,0,2,6,4", 3, 3, 5},
}

func TestClassicHandComputed(t *testing.T) {
	for i, c := range classicCases {
		b, err := statespace.Parse(c.board, classicShapeOf(c.board))
		if err != nil {
			t.Fatal(err)
		}
		goal, err := statespace.ParseGoal(c.goal, b.Shape())
		if err != nil {
			t.Fatal(err)
		}
		if got := pdb.NewManhattan(goal).Distance(b); got != c.manhattan {
			t.Errorf("case %d: Manhattan(%s) = %d, want %d", i, c.board, got, c.manhattan)
		}
		if got := pdb.NewMisplaced(goal).Distance(b); got != c.misplaced {
			t.Errorf("case %d: misplaced(%s) = %d, want %d", i, c.board, got, c.misplaced)
		}
		if got := pdb.NewLinearConflict(goal).Distance(b); got != c.lc {
			t.Errorf("case %d: linear conflict(%s) = %d, want %d", i, c.board, got, c.lc)
		}
	}
}

func classicShapeOf(board string) statespace.Shape {
	n := 1
	for _, r := range board {
		if r == ',' {
			n++
		}
	}
	if n == 8 {
		return classic24
	}
	return classic33
}

// Over every board of 3x3 (three goals: blank in a corner both ways and in
// the centre) and of 2x4 (three goals), each heuristic is 0 at the goal,
// never exceeds the exact distance, changes by at most 1 per move
// (consistent), and misplaced ≤ Manhattan ≤ linear conflict.
func TestClassicAdmissibleEverywhere(t *testing.T) {
	goals := []statespace.Board{
		statespace.GoalLast(classic33), statespace.GoalFirst(classic33),
		statespace.MustBoard(classic33, 1, 2, 3, 4, 0, 5, 6, 7, 8),
		statespace.GoalLast(classic24), statespace.GoalFirst(classic24),
		statespace.MustBoard(classic24, 5, 1, 7, 3, 0, 2, 6, 4),
	}
	for gi, goal := range goals {
		tb, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
		if err != nil {
			t.Fatal(err)
		}
		md, mis, lc := pdb.NewManhattan(goal), pdb.NewMisplaced(goal), pdb.NewLinearConflict(goal)
		hs := []struct {
			name string
			h    pdb.Heuristic
		}{{"Manhattan", md}, {"misplaced", mis}, {"linear conflict", lc}}
		sp := tb.Space()
		bad := 0
		for r := uint64(0); r < tb.States() && bad < 10; r++ {
			b := sp.Unrank(r)
			d := tb.DistanceAt(r)
			m, mi, l := md.Distance(b), mis.Distance(b), lc.Distance(b)
			if !(mi <= m && m <= l) {
				t.Errorf("goal %d, %s: misplaced %d, Manhattan %d, linear conflict %d out of order", gi, b, mi, m, l)
				bad++
			}
			for _, h := range hs {
				v := h.h.Distance(b)
				if v > d || (d == 0 && v != 0) {
					t.Errorf("goal %d: %s(%s) = %d, exact distance %d", gi, h.name, b, v, d)
					bad++
				}
				for _, mv := range statespace.Moves {
					if c, ok := b.Apply(mv); ok {
						if dv := h.h.Distance(c) - v; dv > 1 || dv < -1 {
							t.Errorf("goal %d: %s changes by %d from %s to %s", gi, h.name, dv, b, c)
							bad++
						}
					}
				}
			}
		}
	}
}

func BenchmarkManhattan(b *testing.B)      { benchClassicHeuristic(b, pdb.NewManhattan) }
func BenchmarkMisplaced(b *testing.B)      { benchClassicHeuristic(b, pdb.NewMisplaced) }
func BenchmarkLinearConflict(b *testing.B) { benchClassicHeuristic(b, pdb.NewLinearConflict) }

func benchClassicHeuristic[H pdb.Heuristic](b *testing.B, mk func(statespace.Board) H) {
	goal := statespace.GoalLast(classic33)
	h := mk(goal)
	sp := statespace.MustSpace(goal)
	boards := make([]statespace.Board, 1024)
	for i := range boards {
		boards[i] = sp.Unrank(uint64(i) * 177)
	}
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += h.Distance(boards[i&1023])
	}
	_ = s
}

// classicLCOracle computes linear conflict the slow way: for each line,
// the fewest of its own tiles to remove (trying every subset) so that the
// rest stand in goal order.
func classicLCOracle(b, goal statespace.Board) int {
	sh := b.Shape()
	home := map[int][2]int{}
	for c := 0; c < goal.Cells(); c++ {
		home[goal.Tile(c)] = [2]int{sh.Row(c), sh.Col(c)}
	}
	d := 0
	for c := 0; c < b.Cells(); c++ {
		if t := b.Tile(c); t != 0 {
			d += classicAbsT(sh.Row(c)-home[t][0]) + classicAbsT(sh.Col(c)-home[t][1])
		}
	}
	fewest := func(pos []int) int { // goal positions along the line, in line order
		best := len(pos)
		for mask := 0; mask < 1<<len(pos); mask++ {
			last, ok, kept := -1, true, 0
			for i, p := range pos {
				if mask&(1<<i) == 0 {
					continue
				}
				kept++
				if p < last {
					ok = false
				}
				last = p
			}
			if ok && len(pos)-kept < best {
				best = len(pos) - kept
			}
		}
		return best
	}
	for r := 0; r < sh.Rows; r++ {
		var pos []int
		for c := 0; c < sh.Cols; c++ {
			if t := b.Tile(r*sh.Cols + c); t != 0 && home[t][0] == r {
				pos = append(pos, home[t][1])
			}
		}
		d += 2 * fewest(pos)
	}
	for c := 0; c < sh.Cols; c++ {
		var pos []int
		for r := 0; r < sh.Rows; r++ {
			if t := b.Tile(r*sh.Cols + c); t != 0 && home[t][1] == c {
				pos = append(pos, home[t][0])
			}
		}
		d += 2 * fewest(pos)
	}
	return d
}

func classicAbsT(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Linear conflict agrees with the subset oracle on random permutations of
// every shape, including lines too long for the lookup tables (2x6, 2x8).
func TestClassicLinearConflictOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 2, Cols: 5}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 3}, {Rows: 2, Cols: 6}, {Rows: 2, Cols: 7}, {Rows: 2, Cols: 8}, {Rows: 8, Cols: 2}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}} {
		n := sh.Cells()
		goals := []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh), statespace.MustBoard(sh, rng.Perm(n)...)}
		for gi, goal := range goals {
			h := pdb.NewLinearConflict(goal)
			for i := 0; i < 300; i++ {
				b := statespace.MustBoard(sh, rng.Perm(n)...)
				if got, want := h.Distance(b), classicLCOracle(b, goal); got != want {
					t.Errorf("%s goal %d, case %d: linear conflict(%s) = %d, oracle %d", sh, gi, i, b, got, want)
				}
			}
			if got := h.Distance(goal); got != 0 {
				t.Errorf("%s goal %d: linear conflict at the goal = %d", sh, gi, got)
			}
		}
	}
}
