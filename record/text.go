package record

import (
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// reportWidth is the width the text report wraps at.
const reportWidth = 78

// WriteReport writes, for people, what query knows about one board: the
// board as a grid, its distance, every optimal first move, and the
// optimal solution in a.Path as moves and as the boards it passes
// through, side by side. With tile set moves are named by the tile that
// slides (see Writer).
func WriteReport(w io.Writer, goal statespace.Board, a resolve.Answer, tile bool) error {
	var s strings.Builder
	b := a.Board
	fmt.Fprintf(&s, "board %s (%s), goal %s", b, b.Shape(), statespace.GoalName(goal))
	if name := statespace.GoalName(goal); name == "last" || name == "first" {
		fmt.Fprintf(&s, " (%s)", goal)
	}
	s.WriteString("\n\n")
	for _, line := range gridLines(b) {
		s.WriteString("  " + line + "\n")
	}
	s.WriteString("\n")
	if a.Distance == 0 {
		s.WriteString("distance       0: this is the goal\n")
		_, err := io.WriteString(w, s.String())
		return err
	}
	fmt.Fprintf(&s, "distance       %d %s\n", a.Distance, textfmt.Plural(a.Distance, "move", "moves"))
	var names []string
	for _, m := range a.Optimal.Moves() {
		names = append(names, moveName(b, m, tile))
	}
	legal := b.LegalMoves().Len()
	if a.Search != nil && a.Search.OptimalUnknown {
		s.WriteString("optimal moves  not searched for (finding every one takes one more search per move)\n")
	} else {
		fmt.Fprintf(&s, "optimal moves  %s  (%d of the %d legal moves %s one step closer)\n",
			strings.Join(names, " "), len(names), legal, textfmt.Plural(len(names), "leads", "lead"))
	}
	if a.Search != nil {
		fmt.Fprintf(&s, "search         IDA* on %s: %s %s expanded, %s generated, in %.3f s\n", a.Heuristic, textfmt.Commas(a.Search.Nodes),
			textfmt.Plural(int(min(a.Search.Nodes, 2)), "node", "nodes"), textfmt.Commas(a.Search.Generated), a.Search.Elapsed.Seconds())
	}
	names = names[:0]
	steps := []statespace.Board{b}
	for _, m := range a.Path {
		names = append(names, moveName(steps[len(steps)-1], m, tile))
		next, _ := steps[len(steps)-1].Apply(m)
		steps = append(steps, next)
	}
	writeWrapped(&s, "solution       ", names)
	s.WriteString("\n")
	writeStrip(&s, steps, names)
	_, err := io.WriteString(w, s.String())
	return err
}

func gridLines(b statespace.Board) []string {
	return strings.Split(strings.TrimSuffix(b.Grid(), "\n"), "\n")
}

// writeWrapped writes prefix and words separated by spaces, wrapping at
// reportWidth with continuation lines indented like the first.
func writeWrapped(s *strings.Builder, prefix string, words []string) {
	indent := strings.Repeat(" ", len(prefix))
	col := len(prefix)
	s.WriteString(prefix)
	for i, word := range words {
		if i > 0 {
			if col+1+len(word) > reportWidth {
				s.WriteString("\n" + indent)
				col = len(indent)
			} else {
				s.WriteByte(' ')
				col++
			}
		}
		s.WriteString(word)
		col += len(word)
	}
	s.WriteByte('\n')
}

// writeStrip writes the boards of a solution side by side, each under
// its step number and the move that reached it, as many to a row as fit.
func writeStrip(s *strings.Builder, steps []statespace.Board, moves []string) {
	labels := make([]string, len(steps))
	labels[0] = "start"
	width := len(labels[0])
	for i, m := range moves {
		labels[i+1] = fmt.Sprintf("%d %s", i+1, m)
		width = max(width, len(labels[i+1]))
	}
	grids := make([][]string, len(steps))
	for i, b := range steps {
		grids[i] = gridLines(b)
		width = max(width, len(grids[i][0]))
	}
	const gap = 3
	perRow := max(1, (reportWidth-2+gap)/(width+gap))
	for start := 0; start < len(steps); start += perRow {
		end := min(start+perRow, len(steps))
		if start > 0 {
			s.WriteByte('\n')
		}
		rows := append([]string{""}, make([]string, len(grids[0]))...)
		for i := start; i < end; i++ {
			cells := append([]string{labels[i]}, grids[i]...)
			for r, c := range cells {
				if i > start {
					rows[r] += strings.Repeat(" ", gap)
				}
				if i < end-1 {
					c += strings.Repeat(" ", width-len(c))
				}
				rows[r] += c
			}
		}
		for _, r := range rows {
			s.WriteString("  " + strings.TrimRight(r, " ") + "\n")
		}
	}
}
