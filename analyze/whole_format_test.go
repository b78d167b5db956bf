package analyze

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// The JSON and CSV records and the text table carry the WholePrediction's
// figures, each bound's row its bound, means, standard error and ratios.
func TestWholeRecords(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	p, err := PredictWhole(context.Background(), WholeConfig{Goal: goal, Heuristic: "manhattan", Random: 60, Seed: 5, MinBound: 12, MaxBound: 16})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteWholeJSON(&buf, p); err != nil {
		t.Fatal(err)
	}
	var r wholeRecord
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Shape != "3x3" || r.Dist != DistExact || r.Engine != "solver" || !r.CDP || r.Every || r.Boards != 60 || r.MeanH != p.MeanH || len(r.Bounds) != 5 {
		t.Fatalf("JSON %+v\nfrom %+v", r, p)
	}
	for i, b := range p.Bounds {
		want := wholeBoundRecord{b.Bound, b.Within, b.Measured, b.StdErr, b.Largest, b.Predicted, b.Predicted / b.Measured, b.PredictedCDP, b.PredictedCDP / b.Measured}
		if r.Bounds[i] != want {
			t.Errorf("JSON bound %+v, want %+v", r.Bounds[i], want)
		}
	}
	buf.Reset()
	if err := WriteWholeCSV(&buf, p); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(p.Bounds)+1 || strings.Join(rows[0][5:9], ",") != "bound,within,measured,stderr" {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	buf.Reset()
	if err := WriteWholeText(&buf, p); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	table := lines[len(lines)-len(p.Bounds):]
	for i, b := range p.Bounds {
		row := rows[i+1]
		var got []float64
		for _, k := range []int{7, 8, 10, 11, 12, 13} {
			x, _ := strconv.ParseFloat(row[k], 64)
			got = append(got, x)
		}
		want := []float64{b.Measured, b.StdErr, b.Predicted, b.Predicted / b.Measured, b.PredictedCDP, b.PredictedCDP / b.Measured}
		for k := range got {
			if !near(got[k], want[k]) {
				t.Errorf("CSV row %v: column %d is %v, want %v", row, k, got[k], want[k])
			}
		}
		fields := strings.Fields(table[i])
		if len(fields) != 9 || fields[0] != strconv.Itoa(b.Bound) || fields[2] != strconv.FormatFloat(b.Measured, 'f', 1, 64) ||
			fields[3] != strconv.FormatFloat(b.StdErr, 'f', 1, 64) || fields[6] != strconv.FormatFloat(b.Predicted/b.Measured, 'f', 3, 64) {
			t.Errorf("text row %q for %+v", table[i], b)
		}
	}
}
