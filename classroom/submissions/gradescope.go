package submissions

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tilespace/tilespace/classroom/grade"
)

// GradescopeResults is Gradescope's results.json for one submission, as
// its autograder specification names the fields: the score, the
// execution time in seconds, an output for the student, and a test per
// run.
type GradescopeResults struct {
	Score         float64          `json:"score"`
	ExecutionTime int              `json:"execution_time"`
	Output        string           `json:"output"`
	Tests         []GradescopeTest `json:"tests"`
}

// GradescopeTest is one test run: its name (the method and the board),
// its score of its max_score, each item's verdict in its output, and its
// visibility ("visible": the student sees it at once).
type GradescopeTest struct {
	Name       string  `json:"name"`
	Score      float64 `json:"score"`
	MaxScore   float64 `json:"max_score"`
	Output     string  `json:"output"`
	Visibility string  `json:"visibility"`
}

// Gradescope returns the results.json of a submission's results, which
// took elapsed.
func Gradescope(results []Result, elapsed time.Duration) GradescopeResults {
	g := GradescopeResults{ExecutionTime: int(elapsed.Round(time.Second) / time.Second), Tests: []GradescopeTest{}}
	var points float64
	for _, r := range results {
		var out strings.Builder
		fmt.Fprintf(&out, "%s on %s: %s\n", r.Report.Method, r.Report.Board, r.Outcome)
		for _, it := range r.Report.Items {
			fmt.Fprintf(&out, "%s: %s, %.2f", it.Name, it.Verdict, it.Points)
			if it.Message != "" {
				fmt.Fprintf(&out, ": %s", it.Message)
			}
			out.WriteByte('\n')
		}
		for _, n := range r.Report.Notes {
			fmt.Fprintf(&out, "note: %s\n", n)
		}
		g.Tests = append(g.Tests, GradescopeTest{Name: r.Report.Method + " on " + r.Report.Board, Score: r.Report.Score,
			MaxScore: r.Report.Points, Output: out.String(), Visibility: "visible"})
		g.Score += r.Report.Score
		points += r.Report.Points
	}
	g.Output = fmt.Sprintf("%.2f of %.2f points on %d test runs, each of %d items of %.2f points, graded against exact truth.",
		g.Score, points, len(results), len(grade.Items), grade.PointsPerItem)
	return g
}

// WriteJSON writes g as results.json.
func (g GradescopeResults) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(g)
}
