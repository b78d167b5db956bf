package analyze

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// bookValue returns the published figure for a depth and algorithm.
func bookValue(depth int, alg string) (float64, bool) {
	for _, c := range Book {
		if c.Depth == depth && c.Algorithm == alg {
			return c.Nodes, true
		}
	}
	return 0, false
}

// book reports whether the table is the book's: the 8-puzzle.
func (t *Table) book() bool { return t.Goal.Shape() == statespace.Shape{Rows: 3, Cols: 3} }

type cellRecord struct {
	Algorithm    string   `json:"algorithm"`
	Boards       int      `json:"boards"`
	Stopped      int      `json:"stopped"`
	Mean         float64  `json:"mean"`
	Median       float64  `json:"median"`
	Max          uint64   `json:"max"`
	BStar        *float64 `json:"bstar"`
	MeanExpanded float64  `json:"mean_expanded"`
	Book         *float64 `json:"book,omitempty"`
}

type rowRecord struct {
	Shape  string       `json:"shape"`
	Goal   string       `json:"goal"`
	Depth  int          `json:"depth"`
	Boards uint64       `json:"boards"`
	Sample int          `json:"sample"`
	Cells  []cellRecord `json:"algorithms"`
}

// WriteTextbookJSON writes one JSON object per depth: shape, goal, depth,
// boards (at that depth in the space), sample (0: every board searched),
// algorithms (each: algorithm, boards searched, stopped, mean, median,
// max, bstar, mean_expanded, and book, the published mean, where Book has
// one).
func WriteTextbookJSON(w io.Writer, t *Table) error {
	enc := json.NewEncoder(w)
	for _, row := range t.Rows {
		r := rowRecord{Shape: t.Goal.Shape().String(), Goal: statespace.GoalName(t.Goal), Depth: row.Depth, Boards: row.Boards, Sample: t.Sample}
		for _, c := range row.Cells {
			cr := cellRecord{Algorithm: c.Algorithm, Boards: c.Boards, Stopped: c.Stopped, Mean: c.Mean, Median: c.Median, Max: c.Max, MeanExpanded: c.MeanExpanded}
			if !math.IsNaN(c.BStar) && c.Boards > 0 {
				b := c.BStar
				cr.BStar = &b
			}
			if v, ok := bookValue(row.Depth, c.Algorithm); ok && t.book() {
				cr.Book = &v
			}
			r.Cells = append(r.Cells, cr)
		}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// WriteTextbookCSV writes a row per depth and algorithm.
func WriteTextbookCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"shape", "goal", "depth", "boards_at_depth", "algorithm", "boards", "stopped", "mean", "median", "max", "bstar", "mean_expanded"})
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			cw.Write([]string{t.Goal.Shape().String(), statespace.GoalName(t.Goal), strconv.Itoa(row.Depth), u(row.Boards), c.Algorithm,
				strconv.Itoa(c.Boards), strconv.Itoa(c.Stopped), f(c.Mean), f(c.Median), u(c.Max), f(c.BStar), f(c.MeanExpanded)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTextbookText writes the table for people: the mean nodes generated
// and b* by depth (the book's layout), then the median and maximum, then
// the book's published figures beside ours.
func WriteTextbookText(w io.Writer, t *Table) error {
	what := "every board at each depth"
	if t.Sample > 0 {
		what = fmt.Sprintf("%d boards drawn uniformly at each depth (seed %d)", t.Sample, t.Seed)
	}
	fmt.Fprintf(w, "%s, goal %s: %s boards, radius %d; %s; nodes generated\n\n",
		t.Goal.Shape(), statespace.GoalName(t.Goal), textfmt.Commas(t.States), t.Radius, what)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"depth", "boards"}
	head = append(head, t.Algorithms...)
	for _, a := range t.Algorithms {
		head = append(head, "b* "+a)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, row := range t.Rows {
		line := []string{strconv.Itoa(row.Depth), textfmt.Commas(row.Boards)}
		for _, c := range row.Cells {
			line = append(line, mean(c))
		}
		for _, c := range row.Cells {
			line = append(line, bstar(c))
		}
		fmt.Fprintln(tw, strings.Join(line, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nmedian / maximum nodes generated:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "depth\t"+strings.Join(t.Algorithms, "\t")+"\t")
	for _, row := range t.Rows {
		line := []string{strconv.Itoa(row.Depth)}
		for _, c := range row.Cells {
			if c.Boards == 0 {
				line = append(line, "-")
				continue
			}
			line = append(line, median(c.Median)+" / "+textfmt.Commas(c.Max))
		}
		fmt.Fprintln(tw, strings.Join(line, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeStopped(w, t)
	writeBook(w, t)
	return nil
}

func mean(c Cell) string {
	if c.Boards == 0 {
		return "-"
	}
	if c.Mean >= 100 {
		return textfmt.Commas(uint64(math.Round(c.Mean)))
	}
	return strconv.FormatFloat(c.Mean, 'f', 1, 64)
}

// median writes a median, a whole number or one half, with commas.
func median(m float64) string {
	s := textfmt.Commas(uint64(m))
	if m != math.Trunc(m) {
		s += ".5"
	}
	return s
}

func bstar(c Cell) string {
	if c.Boards == 0 || math.IsNaN(c.BStar) {
		return "-"
	}
	return strconv.FormatFloat(c.BStar, 'f', 3, 64)
}

func writeStopped(w io.Writer, t *Table) {
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			if c.Stopped > 0 {
				fmt.Fprintf(w, "depth %d, %s: %d searches reached the memory limit and are left out\n", row.Depth, c.Algorithm, c.Stopped)
			}
		}
	}
}

func writeBook(w io.Writer, t *Table) {
	if !t.book() {
		return
	}
	var lines []string
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			if v, ok := bookValue(row.Depth, c.Algorithm); ok && c.Boards > 0 {
				lines = append(lines, fmt.Sprintf("depth %d, %s: book %s, here %s (b* %s, here %s)", row.Depth, c.Algorithm,
					textfmt.Commas(uint64(v)), mean(c), strconv.FormatFloat(EffectiveBranching(v, row.Depth), 'f', 3, 64), bstar(c)))
			}
		}
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", BookSource)
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
}
