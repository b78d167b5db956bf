package grade

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for people: a line per item with its
// verdict, points and expected value, the first difference under each
// item that differs, the score, and the notes. name is what was graded
// (output.txt's name).
func (r Report) WriteText(w io.Writer, name string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s on %s, %d moves from the goal 0,1,2,3,4,5,6,7,8\n\n", name, r.Method, r.Board, r.Distance)
	fmt.Fprintf(&b, "%-17s %-8s %6s  %s\n", "item", "verdict", "points", "expected")
	for _, it := range r.Items {
		fmt.Fprintf(&b, "%-17s %-8s %6.2f  %s\n", it.Name, it.Verdict, it.Points, shorten(it.Expected))
		if it.Message == "" {
			continue
		}
		where := ""
		if it.Line > 0 {
			where = fmt.Sprintf("line %d: ", it.Line)
		}
		fmt.Fprintf(&b, "%-17s %s%s\n", "", where, it.Message)
	}
	fmt.Fprintf(&b, "\nscore %.2f of %.2f\n", r.Score, r.Points)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one JSON object, for a gradebook.
func (r Report) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}
