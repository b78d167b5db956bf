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

// The JSON and CSV records carry the Prediction's figures: the JSON
// object's totals, ratios and sources, and a CSV row per iteration with
// its bound, means and ratios.
func TestPredictionRecords(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	p, err := Predict(context.Background(), PredictConfig{Goal: goal, Heuristic: "pdb:1,2,3,4/5,6,7,8", Dist: DistDatabases, Random: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePredictionJSON(&buf, p); err != nil {
		t.Fatal(err)
	}
	var r predictionRecord
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Dist != DistDatabases || r.DistHow != p.DistHow || r.Engine != "solver" || r.CondSamples != 0 || r.Boards != 40 ||
		r.Measured != p.Measured || r.Predicted != p.Predicted || r.Ratio != p.Predicted/p.Measured ||
		r.CDP != p.PredictedCDP || r.RatioCDP != p.PredictedCDP/p.Measured || len(r.Iterations) != len(p.Iterations) {
		t.Errorf("JSON %+v\nfrom %+v", r, p)
	}
	buf.Reset()
	if err := WritePredictionCSV(&buf, p); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(p.Iterations)+1 || strings.Join(rows[0][4:6], ",") != "dist,bound" {
		t.Fatalf("%d rows, header %v, for %d iterations", len(rows), rows[0], len(p.Iterations))
	}
	for i, it := range p.Iterations {
		row := rows[i+1]
		measured, _ := strconv.ParseFloat(row[8], 64)
		predicted, _ := strconv.ParseFloat(row[9], 64)
		if row[4] != DistDatabases || row[5] != strconv.Itoa(it.Bound) || !near(measured, it.Measured) || !near(predicted, it.Predicted) {
			t.Errorf("row %v for iteration %+v", row, it)
		}
	}
}

// near allows the CSV's rounding.
func near(a, b float64) bool { return a == b || (b != 0 && (a-b)/b < 1e-5 && (b-a)/b < 1e-5) }
