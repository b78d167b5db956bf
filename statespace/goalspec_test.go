package statespace

import (
	"strings"
	"testing"
)

// TestReadGoal checks the goals -goal and -shape say together: a name
// without a shape gives each board's own shape its goal; a name with a
// shape, or a board, fixes the shape.
func TestReadGoal(t *testing.T) {
	sq3, sq4 := Shape{Rows: 3, Cols: 3}, Shape{Rows: 4, Cols: 4}
	for i, tc := range []struct {
		text  string
		shape Shape
		fixed Shape
		on    Shape // a shape to ask For
		want  Board
	}{
		{"last", Shape{}, Shape{}, sq4, GoalLast(sq4)},
		{"", Shape{}, Shape{}, sq3, GoalLast(sq3)},
		{"first", Shape{}, Shape{}, sq4, GoalFirst(sq4)},
		{"First", Shape{}, Shape{}, sq3, GoalFirst(sq3)},
		{"first", sq3, sq3, sq3, GoalFirst(sq3)},
		{"1,2,3/4,0,5", Shape{}, Shape{Rows: 2, Cols: 3}, Shape{Rows: 2, Cols: 3}, mustParse(t, "1,2,3,4,0,5", Shape{Rows: 2, Cols: 3})},
	} {
		g, err := ReadGoal(tc.text, tc.shape)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if g.Shape() != tc.fixed {
			t.Errorf("case %d: shape %s, want %s", i, g.Shape(), tc.fixed)
		}
		got, err := g.For(tc.on)
		if err != nil || got != tc.want {
			t.Errorf("case %d: For(%s) = %s, %v; want %s", i, tc.on, got, err, tc.want)
		}
		if want, _ := ParseGoal(tc.text, tc.on); want != got {
			t.Errorf("case %d: For(%s) = %s, ParseGoal says %s", i, tc.on, got, want)
		}
	}
	fixed, _ := ReadGoal("last", Shape{Rows: 3, Cols: 3})
	if _, err := fixed.For(Shape{Rows: 4, Cols: 4}); err == nil || !strings.Contains(err.Error(), "the board is 4x4, want 3x3") {
		t.Errorf("a 4x4 board for a 3x3 goal: %v", err)
	}
	if _, err := ReadGoal("middle", Shape{}); err == nil {
		t.Error("an unknown goal name read")
	}
	if _, err := (Goal{}).For(Shape{Rows: 1, Cols: 1}); err == nil {
		t.Error("a goal for a 1x1 board")
	}
	if BlankFirst.String() != "first" || (Goal{}).String() != "last" || GoalOf(GoalLast(Shape{Rows: 2, Cols: 2})).String() != "1,2,3,0" {
		t.Errorf("names %q %q", BlankFirst, Goal{})
	}
}

func mustParse(t *testing.T, text string, s Shape) Board {
	t.Helper()
	b, err := Parse(text, s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
