package statespace

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

var sq = Shape{3, 3}

var parseCases = []struct {
	text  string
	shape Shape
	want  string // the board written with commas, or "" when an error is expected
	err   string // a fragment of the error
}{
	{"1,2,5,3,4,0,6,7,8", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"1 2 5 3 4 0 6 7 8", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"125340678", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"1 2 5 / 3 4 _ / 6 7 8", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"1 2 5\n3 4 _\n6 7 8\n", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"125/34_/678", Shape{}, "1,2,5,3,4,0,6,7,8", ""},
	{"  8, 6, 7, 2, 5, 4, 3, _, 1 ", sq, "8,6,7,2,5,4,3,0,1", ""},
	{"1 2 3 4 / 5 6 7 0", Shape{}, "1,2,3,4,5,6,7,0", ""},
	{"1,2,3,4,5,6,7,0", Shape{2, 4}, "1,2,3,4,5,6,7,0", ""},
	{"12340", Shape{}, "", "5 tiles"},
	{"1,2,3,4,5,6,7,0", Shape{}, "", "give the shape (2x4 or 4x2)"},
	{"1,2,0", Shape{}, "", "3 tiles: no board has that many cells"},
	{"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", Shape{}, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", ""},
	{"1,2,3,4,5,6,7,8", sq, "", "expected 9 tiles for a 3x3 board, got 8"},
	{"1,2,3,4,5,6,7,8,0,9", sq, "", "expected 9 tiles"},
	{"1,2,3,4,5,6,7,9,0", sq, "", "tile 9 is out of range: a 3x3 board has tiles 0..8 (position 8)"},
	{"1,2,3,4,5,6,7,7,0", sq, "", "tile 7 appears twice (positions 7 and 8); tile 8 is missing"},
	{"1,2,3,4,_,6,7,8,0", sq, "", "the blank appears twice (positions 5 and 9); tile 5 is missing"},
	{"1,2,3,4,x,6,7,8,0", sq, "", `"x" is not a tile number (position 5)`},
	{"1,2,3,4,-5,6,7,8,0", sq, "", "tile -5 is out of range"},
	{"1 2 3 / 4 5 / 6 7 8 0", Shape{}, "", "row 2 has 2 tiles, row 1 has 3"},
	{"1 2 3 / 4 5 6 / 7 8 0", Shape{2, 4}, "", "the rows make a 3x3 board, want 2x4"},
	{"", sq, "", "empty board"},
	{"board", Shape{}, "", `"board" is not a tile number (position 1)`},
	{" / \n", sq, "", "empty board"},
	{"1,2,3", Shape{1, 3}, "", "at least 2 rows"},
	{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 0", Shape{1, 17}, "", "at least 2 rows"},
	// Digits run together are single tiles only when the whole text is
	// written that way.
	{"123,4,5,6,7,8,0", Shape{}, "", "7 tiles"},
	{"123,4,5,6,7,8,0,9,10", sq, "", "tile 123 is out of range: a 3x3 board has tiles 0..8 (position 1)"},
	{"867,254,3_1", Shape{}, "", `"3_1" is not a tile number (position 3)`},
	{"5,1,6,7,99999999999999999999999,8,4,0,2", Shape{}, "", "tile 99999999999999999999999 is out of range: a 3x3 board has tiles 0..8 (position 5)"},
	{"12/30", Shape{}, "1,2,3,0", ""},
	{"\uFEFF8,6,7,2,5,4,3,0,1", Shape{}, "8,6,7,2,5,4,3,0,1", ""},
	{"\uFEFF867254301", Shape{}, "8,6,7,2,5,4,3,0,1", ""},
	// An empty field is named where it is, not counted away.
	{"8,6,7,2,5,4,3,,1", Shape{}, "", `position 8 is empty (between "3" and "1"): every cell needs a tile; write the blank as 0 or _`},
	{"1,2,3,4,5,6,7,8,,0", Shape{}, "", `position 9 is empty (between "8" and "0")`},
	{",1,2,3,4,5,6,7,8,0", sq, "", `position 1 is empty (before "1")`},
	{"1,2,3,4,5,6,7,8,", Shape{}, "", `position 9 is empty (after "8", at the end)`},
	{"1, 2, 3 / 4, , 5 / 6, 7, 8", Shape{}, "", `position 5 is empty (between "4" and "5")`},
	{"1;2;3;4;5;6;7;;0", Shape{}, "", `position 8 is empty (between "7" and "0")`},
}

func TestParse(t *testing.T) {
	for i, c := range parseCases {
		b, err := Parse(c.text, c.shape)
		switch {
		case c.want != "" && err != nil:
			t.Errorf("case %d %q: %v", i, c.text, err)
		case c.want != "" && b.String() != c.want:
			t.Errorf("case %d %q: got %s, want %s", i, c.text, b, c.want)
		case c.want == "" && err == nil:
			t.Errorf("case %d %q: got %s, want an error containing %q", i, c.text, b, c.err)
		case c.want == "" && !strings.Contains(err.Error(), c.err):
			t.Errorf("case %d %q: error %q, want it to contain %q", i, c.text, err, c.err)
		}
	}
}

func TestGrid(t *testing.T) {
	b := MustBoard(sq, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	if got, want := b.Grid(), "8 6 7\n2 5 4\n3 _ 1\n"; got != want {
		t.Errorf("Grid:\n%s\nwant\n%s", got, want)
	}
	b4 := GoalFirst(Shape{4, 4})
	if got := strings.Split(b4.Grid(), "\n")[0]; got != " _  1  2  3" {
		t.Errorf("4x4 Grid first row %q", got)
	}
	again, err := Parse(b.Grid(), Shape{})
	if err != nil || again != b {
		t.Errorf("Parse(Grid()) = %s, %v", again, err)
	}
}

func TestApply(t *testing.T) {
	b := MustBoard(sq, 1, 2, 5, 3, 4, 0, 6, 7, 8)
	if got := b.LegalMoves(); got.String() != "Up Down Left" {
		t.Errorf("legal moves %s", got)
	}
	if _, ok := b.Apply(Right); ok {
		t.Error("Right from the right edge is legal")
	}
	// COMS 4701 example: Up, Left, Left solves it for goal 0..8.
	end, bad := b.ApplyAll([]Move{Up, Left, Left})
	if bad != -1 || end != GoalFirst(sq) {
		t.Errorf("Up Left Left gives %s (illegal at %d)", end, bad)
	}
	if tile := b.SlidingTile(Up); tile != 5 {
		t.Errorf("Up slides tile %d, want 5", tile)
	}
	for _, m := range Moves {
		if c, ok := b.Apply(m); ok {
			if back, _ := c.Apply(m.Opposite()); back != b {
				t.Errorf("%s then %s does not return", m, m.Opposite())
			}
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, m := range Moves {
		for _, text := range []string{m.String(), strings.ToLower(m.String()), m.String()[:1]} {
			if got, err := ParseMove(text); err != nil || got != m {
				t.Errorf("ParseMove(%q) = %v, %v", text, got, err)
			}
		}
	}
	if _, err := ParseMove("Sideways"); err == nil {
		t.Error("ParseMove accepts Sideways")
	}
}

// TestMoveLetters checks the one-letter form reads back every move
// sequence of up to three moves, each letter its move's initial, and
// names the first letter that is not a move.
func TestMoveLetters(t *testing.T) {
	seqs := [][]Move{{}}
	for range 3 {
		for _, s := range seqs {
			for _, m := range Moves {
				seqs = append(seqs, append(slices.Clone(s), m))
			}
		}
	}
	for _, s := range seqs {
		text := MoveLetters(s)
		back, err := ParseMoveLetters(text)
		if err != nil || !slices.Equal(back, s) || len(text) != len(s) {
			t.Fatalf("%v: %q reads back as %v, %v", s, text, back, err)
		}
		for i, m := range s {
			if text[i] != m.String()[0] {
				t.Fatalf("%v written %q", s, text)
			}
		}
	}
	if _, err := ParseMoveLetters("UDxL"); err == nil || !strings.Contains(err.Error(), "move 3") {
		t.Errorf("ParseMoveLetters(UDxL): %v, want an error naming move 3", err)
	}
}

func TestUnsolvable(t *testing.T) {
	cases := []struct {
		shape Shape
		goal  string
		board string
		want  []string
	}{
		// The notebook's "Easy" preset is unsolvable for its own goal.
		{sq, "last", "2 8 3 1 6 4 7 0 5", []string{"unsolvable for goal last", "11 inversions", "odd width"}},
		{sq, "first", "1,0,2,3,4,5,6,7,8", nil},
		{sq, "first", "1,2,0,3,4,5,6,7,8", nil},
		{sq, "first", "2,1,0,3,4,5,6,7,8", []string{"unsolvable for goal first", "1 inversion relative"}},
		// 4x4: the goals last and first are in different classes.
		{Shape{4, 4}, "last", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", []string{"unsolvable for goal last", "0 inversions", "row 1, 3 rows from the goal blank's row 4", "0 + 3 = 3 is odd", "; solvable for goal first"}},
		// Sam Loyd's 14-15 puzzle.
		{Shape{4, 4}, "last", "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", []string{"unsolvable for goal last", "1 inversion relative", "row 4, 0 rows", "1 + 0 = 1 is odd", "; solvable for goal first"}},
		{Shape{2, 2}, "last", "0,1,2,3", []string{"solvable for goal first"}},
	}
	for i, c := range cases {
		goal, err := ParseGoal(c.goal, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Parse(c.board, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		err = MustSpace(goal).Check(b)
		if c.want == nil {
			if err != nil {
				t.Errorf("case %d: %v", i, err)
			}
			continue
		}
		var ue *UnsolvableError
		if !errors.As(err, &ue) {
			t.Errorf("case %d: got %v, want an UnsolvableError", i, err)
			continue
		}
		for _, frag := range c.want {
			if !strings.Contains(err.Error(), frag) {
				t.Errorf("case %d: %q lacks %q", i, err, frag)
			}
		}
	}
}

// inversions agrees with a direct count for the goal last, where the
// goal's order is 1..n-1.
func TestInversionsClassic(t *testing.T) {
	sp := MustSpace(GoalLast(sq))
	for r := uint64(0); r < sp.Size(); r += 101 {
		b := sp.Unrank(r)
		var tiles []int
		for _, v := range b.Tiles() {
			if v != 0 {
				tiles = append(tiles, v)
			}
		}
		want := 0
		for i := range tiles {
			for j := i + 1; j < len(tiles); j++ {
				if tiles[i] > tiles[j] {
					want++
				}
			}
		}
		if got := sp.inversions(b); got != want {
			t.Fatalf("%s: %d inversions, want %d", b, got, want)
		}
		if want%2 != 0 {
			t.Fatalf("%s: reachable with odd inversions", b)
		}
	}
}

func TestShape(t *testing.T) {
	for _, bad := range []string{"3", "3x", "x3", "1x9", "5x6", "6x5", "axb", "26x1"} {
		if _, err := ParseShape(bad); err == nil {
			t.Errorf("ParseShape(%q) accepted", bad)
		}
	}
	if s, err := ParseShape(" 2X5 "); err != nil || s != (Shape{2, 5}) {
		t.Errorf("ParseShape(2X5) = %v, %v", s, err)
	}
}

// FuzzParse: Parse never panics; what it accepts is a permutation that
// reads back the same from its String and Grid forms.
func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.text, c.shape.Rows, c.shape.Cols)
	}
	f.Fuzz(func(t *testing.T, text string, rows, cols int) {
		sh := Shape{rows, cols}
		b, err := Parse(text, sh)
		if err != nil {
			return
		}
		if sh != (Shape{}) && b.Shape() != sh {
			t.Fatalf("Parse(%q, %v) gave a %v board", text, sh, b.Shape())
		}
		if again, err := Parse(b.String(), b.Shape()); err != nil || again != b {
			t.Fatalf("String round trip of %q: %v, %v", text, again, err)
		}
		if again, err := Parse(b.Grid(), Shape{}); err != nil || again != b {
			t.Fatalf("Grid round trip of %q: %v, %v", text, again, err)
		}
	})
}

func TestBytesRoundTrip(t *testing.T) {
	for _, b := range []Board{GoalLast(Shape{3, 3}), GoalFirst(Shape{4, 4}), MustBoard(Shape{2, 3}, 4, 5, 0, 1, 2, 3)} {
		got, err := BoardFromBytes(b.Shape(), b.Bytes())
		if err != nil || got != b {
			t.Errorf("%s: got %s, %v", b, got, err)
		}
	}
	if _, err := BoardFromBytes(Shape{2, 2}, []byte{1, 2, 3, 3}); err == nil || !strings.Contains(err.Error(), "tile 3 appears twice") {
		t.Errorf("duplicate tile: %v", err)
	}
}

// TestParseGoalName: a word that is no goal name lists the names and the
// tile-list form, with an example that parses as a goal of the shape.
func TestParseGoalName(t *testing.T) {
	for _, c := range []struct {
		shape Shape
		want  []string
	}{
		{Shape{}, []string{`unknown goal "middle"`, "last (the blank in the last cell (on 3x3): 1,2,3,4,5,6,7,8,0)", "first (the blank in the first cell: 0,1,2,3,4,5,6,7,8)", "such as 1,2,3,4,0,5,6,7,8"}},
		{Shape{2, 4}, []string{"last (the blank in the last cell: 1,2,3,4,5,6,7,0)", "such as 1,2,3,4,5,6,0,7"}},
	} {
		_, err := ParseGoal("middle", c.shape)
		var ge *GoalNameError
		if !errors.As(err, &ge) || ge.Name != "middle" {
			t.Fatalf("%v: got %v, want a GoalNameError", c.shape, err)
		}
		for _, frag := range c.want {
			if !strings.Contains(err.Error(), frag) {
				t.Errorf("%v: %q lacks %q", c.shape, err, frag)
			}
		}
		sh := c.shape
		if sh == (Shape{}) {
			sh = Shape{3, 3}
		}
		if _, err := ParseGoal(blankInMiddle(sh).String(), sh); err != nil {
			t.Errorf("the example goal %s does not parse: %v", blankInMiddle(sh), err)
		}
	}
	// Tile lists still get the parser's message.
	if _, err := ParseGoal("1,2,3,4,5,6,7,8,8", sq); err == nil || !strings.Contains(err.Error(), "goal: tile 8 appears twice") {
		t.Errorf("duplicate tile: %v", err)
	}
}
