package record

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// readReport reads WriteReport's text back: the distance, the optimal
// moves, the solution and the boards of the strip.
func readReport(t *testing.T, text string, shape statespace.Shape) (dist int, optimal, solution []string, strip [][]int, labels []string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		switch {
		case len(f) >= 2 && f[0] == "distance":
			d, err := strconv.Atoi(strings.TrimSuffix(f[1], ":"))
			if err != nil {
				t.Fatalf("line %q: %v", lines[i], err)
			}
			dist = d
		case len(f) >= 2 && f[0] == "optimal":
			for _, w := range f[2:] {
				if strings.HasPrefix(w, "(") {
					break
				}
				optimal = append(optimal, w)
			}
		case len(f) >= 1 && f[0] == "solution":
			solution = append(solution, f[1:]...)
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "      ") {
				i++
				solution = append(solution, strings.Fields(lines[i])...)
			}
		case len(f) >= 1 && f[0] == "start":
			// The strip: blocks of a label line and one line per row.
			for ; i < len(lines) && lines[i] != ""; i += shape.Rows + 2 {
				lab := strings.Fields(lines[i])
				var boards [][]int
				for r := 1; r <= shape.Rows; r++ {
					cells := strings.Fields(lines[i+r])
					for k, c := range cells {
						if k/shape.Cols >= len(boards) {
							boards = append(boards, nil)
						}
						tile := 0
						if c != "_" {
							tile, _ = strconv.Atoi(c)
						}
						boards[k/shape.Cols] = append(boards[k/shape.Cols], tile)
					}
				}
				strip = append(strip, boards...)
				for k := 0; k < len(lab); k++ {
					if lab[k] == "start" {
						labels = append(labels, "start")
						continue
					}
					labels = append(labels, lab[k]+" "+lab[k+1])
					k++
				}
				if i+shape.Rows+1 >= len(lines) {
					break
				}
			}
			return
		}
	}
	return
}

func TestReport(t *testing.T) {
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, sample := sampleBoards(t, 6)
	boards := append([]statespace.Board{fixture.MustParse(t, "8,6,7,2,5,4,3,0,1"), fixture.MustParse(t, "6,4,7,8,5,0,3,2,1"),
		fixture.MustParse(t, "1,2,3,4,5,6,7,8,0")}, sample...)
	for i, b := range boards {
		for _, tile := range []bool{false, true} {
			a, err := res.Answer(ctx, statespace.GoalLast(b.Shape()), b, resolve.Want{Path: true})
			if err != nil {
				t.Fatal(err)
			}
			var s strings.Builder
			if err := WriteReport(&s, statespace.GoalLast(sampleShape), a, tile); err != nil {
				t.Fatal(err)
			}
			text := s.String()
			if !strings.HasPrefix(text, "board "+b.String()+" (3x3), goal last") || !strings.Contains(text, b.Grid()[:5]) {
				t.Fatalf("case %d: report starts\n%s", i, text)
			}
			dist, optimal, solution, strip, labels := readReport(t, text, sampleShape)
			fixture.CheckRecord(t, b.String(), dist, optimal, solution, true, tile)
			if dist == 0 {
				if len(strip) != 0 || !strings.Contains(text, "this is the goal") {
					t.Errorf("case %d: goal report\n%s", i, text)
				}
				continue
			}
			// The strip shows the boards the solution passes through,
			// replayed here with the oracle's own moves.
			moves := fixture.ParseMoves(t, b, solution, tile, true)
			if len(strip) != dist+1 || len(labels) != dist+1 {
				t.Fatalf("case %d: %d boards and %d labels in the strip for distance %d\n%s", i, len(strip), len(labels), dist, text)
			}
			cur := fixture.CellsOf(b)
			oracle := fixture.LastBFS()
			blank := fixture.BlankOf(cur, 9)
			for k, tiles := range strip {
				if k > 0 {
					cur, blank, _ = oracle.Step(cur, blank, moves[k-1].String())
					if want := strconv.Itoa(k) + " " + solution[k-1]; labels[k] != want {
						t.Errorf("case %d: label %q, want %q", i, labels[k], want)
					}
				}
				for c, tile := range tiles {
					if byte(tile) != cur[c] {
						t.Fatalf("case %d: strip board %d is %v, want %v\n%s", i, k, tiles, cur[:9], text)
					}
				}
			}
		}
	}
}
