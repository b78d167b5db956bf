package submissions

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/classroom/grade"
)

// FuzzReadBoards reads any bytes as a file of boards without panicking:
// either an error or at most MaxBoards 3x3 boards, each written back as a
// line that reads again to the same board. Seeds: testdata/fuzz/FuzzReadBoards.
func FuzzReadBoards(f *testing.F) {
	f.Add([]byte("# the teacher's boards\n8,6,7,2,5,4,3,0,1\n\n6,4,7,8,5,0,3,2,1  # hard\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, err := ReadBoards(bytes.NewReader(data), "boards.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "boards.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(boards) > MaxBoards {
			t.Fatalf("%d boards", len(boards))
		}
		var text strings.Builder
		for _, b := range boards {
			if b.Shape() != grade.Shape {
				t.Fatalf("board %s is %s", b, b.Shape())
			}
			text.WriteString(b.String() + "\n")
		}
		again, err := ReadBoards(strings.NewReader(text.String()), "again")
		if err != nil || len(again) != len(boards) {
			t.Fatalf("the boards written back read as %v, %v", again, err)
		}
		for i := range boards {
			if again[i] != boards[i] {
				t.Fatalf("board %d: %s, then %s", i, boards[i], again[i])
			}
		}
	})
}

// TestReadBoardsBounds: too many boards, too many bytes and a bad line
// are refused, each named.
func TestReadBoardsBounds(t *testing.T) {
	for _, c := range []struct{ text, says string }{
		{strings.Repeat("1,2,5,3,4,0,6,7,8\n", MaxBoards+1), "more than 1000 boards"},
		{strings.Repeat("#", MaxBoardsFile+1), "more than 1048576 bytes"},
		{"1,2,5,3,4,0,6,7,8\n1,2,3\n", "boards.txt:2: "},
	} {
		_, err := ReadBoards(strings.NewReader(c.text), "boards.txt")
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%.20q…: %v, want an error saying %q", c.text, err, c.says)
		}
	}
	boards, err := ReadBoards(strings.NewReader(strings.Join(HandoutBoards, "\n")), "handout")
	if err != nil || len(boards) != 2 || boards[1].String() != HandoutBoards[1] {
		t.Errorf("the handout's boards read as %v, %v", boards, err)
	}
}
