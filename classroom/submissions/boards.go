package submissions

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/classroom/grade"
	"github.com/tilespace/tilespace/statespace"
)

// HandoutBoards are the assignment's two listed test boards, each run with
// the three methods.
var HandoutBoards = []string{"3,1,2,0,4,5,6,7,8", "1,2,5,3,4,0,6,7,8"}

// The bounds of a file of boards.
const (
	MaxBoards     = 1000    // boards listed
	MaxBoardsFile = 1 << 20 // bytes read
)

// ReadBoards reads a teacher's file of 8-puzzle boards: one a line, as
// puzzle.py takes them, "#" starting a comment, blank lines skipped. An
// error names the line (name:N) and what is wrong; a file of more than
// MaxBoards boards or MaxBoardsFile bytes is refused.
func ReadBoards(r io.Reader, name string) ([]statespace.Board, error) {
	var boards []statespace.Board
	lr := &io.LimitedReader{R: r, N: MaxBoardsFile + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(nil, MaxBoardsFile+2) // any line of what is read
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		b, err := statespace.Parse(line, grade.Shape)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if boards = append(boards, b); len(boards) > MaxBoards {
			return nil, fmt.Errorf("%s: more than %d boards", name, MaxBoards)
		}
	}
	switch {
	case sc.Err() != nil:
		return nil, fmt.Errorf("%s: %w", name, sc.Err())
	case lr.N <= 0:
		return nil, fmt.Errorf("%s: more than %d bytes", name, MaxBoardsFile)
	}
	return boards, nil
}
