package statespace

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/errkind"
)

// ParseRequest reads what every door sends: the shape from the board,
// else the goal board, else shape=; each fault of its own kind.
func TestParseRequest(t *testing.T) {
	sq3, r24 := Shape{3, 3}, Shape{2, 4}
	for _, c := range []struct {
		board, shape, goal string
		want               Request
		kind               errkind.Kind
	}{
		{"8,6,7,2,5,4,3,0,1", "", "", Request{Board: MustBoard(sq3, 8, 6, 7, 2, 5, 4, 3, 0, 1), Goal: GoalLast(sq3)}, errkind.None},
		{"8,6,7,2,5,4,3,0,1", "3x3", "first", Request{Board: MustBoard(sq3, 8, 6, 7, 2, 5, 4, 3, 0, 1), Goal: GoalFirst(sq3)}, errkind.None},
		{"1,2,3,4,5,6,7,0,8", "", "1,2,3,4,5,6,7,8,0", Request{Board: MustBoard(sq3, 1, 2, 3, 4, 5, 6, 7, 0, 8), Goal: GoalLast(sq3)}, errkind.None},
		{"1,2,3,4,5,6,0,7", "", "1,2,3,4,5,6,7,0", Request{}, errkind.Goal}, // 2x4 or 4x2
		{"12345607", "2x4", "", Request{Board: MustBoard(r24, 1, 2, 3, 4, 5, 6, 0, 7), Goal: GoalLast(r24)}, errkind.None},
		{"", "2x4", "FIRST", Request{Goal: GoalFirst(r24)}, errkind.None},
		{"", "", "0,1,2,3,4,5,6,7,8", Request{Goal: GoalFirst(sq3)}, errkind.None},
		{"", "", "", Request{}, errkind.Shape},
		{"", "3by3", "", Request{}, errkind.Shape},
		{"", "1x1", "", Request{}, errkind.Shape},
		{"1,2,3", "", "", Request{}, errkind.Board},
		{"8,6,7,2,5,4,3,0,1", "2x4", "", Request{}, errkind.Board},
		{"8,6,7,2,5,4,3,0,1", "", "middle", Request{}, errkind.Goal},
		{"8,6,7,2,5,4,3,0,1", "3x3", "1,2,3,0", Request{}, errkind.Goal},
		{"", "3x3", "1,1,2,3,4,5,6,7,8", Request{}, errkind.Goal},
		// The parity is the resolver's to say: an unsolvable board is read.
		{"2,1,3,4,5,6,7,8,0", "", "", Request{Board: MustBoard(sq3, 2, 1, 3, 4, 5, 6, 7, 8, 0), Goal: GoalLast(sq3)}, errkind.None},
	} {
		r, err := ParseRequest(c.board, c.shape, c.goal)
		if k := errkind.Of(err); k != c.kind || (err != nil) != (c.kind != errkind.None) {
			t.Errorf("ParseRequest(%q, %q, %q): %v, of kind %q, want kind %q", c.board, c.shape, c.goal, err, k, c.kind)
			continue
		}
		if err != nil {
			continue
		}
		if r.Board != c.want.Board || r.Goal != c.want.Goal || r.Space == nil || r.Space.Goal() != r.Goal {
			t.Errorf("ParseRequest(%q, %q, %q) = %v, %v, want %v, %v", c.board, c.shape, c.goal, r.Board, r.Goal, c.want.Board, c.want.Goal)
		}
	}
}

func FuzzParseRequest(f *testing.F) {
	f.Add("8,6,7,2,5,4,3,0,1", "", "")
	f.Add("1,2,3,4,5,6,0,7", "2x4", "first")
	f.Add("", "", "0,1,2,3,4,5,6,7,8")
	f.Add("x", "3by3", "middle")
	f.Fuzz(func(t *testing.T, board, shape, goal string) {
		r, err := ParseRequest(board, shape, goal)
		if err != nil {
			if k := errkind.Of(err); k != errkind.Board && k != errkind.Goal && k != errkind.Shape {
				t.Fatalf("ParseRequest(%q, %q, %q): %v of kind %q", board, shape, goal, err, k)
			}
			return
		}
		if r.Space == nil || r.Space.Goal() != r.Goal || (!r.Board.IsZero() && r.Board.Shape() != r.Goal.Shape()) {
			t.Fatalf("ParseRequest(%q, %q, %q) = %v toward %v", board, shape, goal, r.Board, r.Goal)
		}
		// Rows as wide as the board, of the shape named: the same goal;
		// ParseRows reads shape and goal alike.
		if !r.Board.IsZero() && strings.TrimSpace(shape) != "" {
			rows, err := ParseRows(r.Board.Cells(), shape, goal)
			if err != nil || rows.Goal != r.Goal {
				t.Fatalf("ParseRows(%d, %q, %q) = %v, %v; ParseRequest's goal %v", r.Board.Cells(), shape, goal, rows.Goal, err, r.Goal)
			}
		}
	})
}

// ParseRows infers the shape of an array's rows from their width when
// neither shape nor goal names one, and refuses rows of another width.
func TestParseRows(t *testing.T) {
	sq3, sq4, r23 := Shape{3, 3}, Shape{4, 4}, Shape{2, 3}
	for _, c := range []struct {
		cells       int
		shape, goal string
		want        Board
		kind        errkind.Kind
	}{
		{9, "", "", GoalLast(sq3), errkind.None},
		{16, "", "first", GoalFirst(sq4), errkind.None},
		{6, "2x3", "", GoalLast(r23), errkind.None},
		{6, "", "1,2,3/4,5,0", GoalLast(r23), errkind.None},
		{12, "", "", Board{}, errkind.Shape},
		{7, "", "", Board{}, errkind.Shape},
		{9, "3x4", "", Board{}, errkind.Board},
		{9, "", "1,2,3/4,5,0", Board{}, errkind.Board},
		{9, "", "middle", Board{}, errkind.Goal},
		{9, "3by3", "", Board{}, errkind.Shape},
	} {
		r, err := ParseRows(c.cells, c.shape, c.goal)
		if k := errkind.Of(err); k != c.kind {
			t.Errorf("%d %q %q: error %v (kind %v), want kind %v", c.cells, c.shape, c.goal, err, k, c.kind)
			continue
		}
		if err == nil && (r.Goal != c.want || r.Space == nil || r.Board != (Board{})) {
			t.Errorf("%d %q %q: %+v, want goal %v", c.cells, c.shape, c.goal, r, c.want)
		}
	}
}
