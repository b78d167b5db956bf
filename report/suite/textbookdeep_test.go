package suite

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// TestTextbookDeepFromJSON: the textbook-4x4 figure drawn from a table
// analyze textbook -json wrote has a CSV row per depth and algorithm
// with the table's figures, b* of the quartiles as
// analyze.EffectiveBranching gives them, and preset databases by name.
func TestTextbookDeepFromJSON(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	src := filepath.Join("..", "..", "analyze", "testdata", "textbook-4x4.json")
	o := quick(t)
	o.Out, o.Formats, o.Only, o.TextbookDeepJSON = t.TempDir(), []string{"csv"}, []string{"textbook-4x4"}, src
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(o.Out, "textbook-4x4.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	tab, err := analyze.ReadDeepJSON(in)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, r := range rows[1:] {
		got[r[0]+" "+r[1]] = r
	}
	// The table's databases are 5-5-5's, which the legend names so.
	five, err := pdb.Preset("5-5-5", statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, row := range tab.Rows {
		for _, c := range row.Cells {
			n++
			label := c.Algorithm
			if label == "ida:pdb:"+five.String() {
				label = "ida:pdb:5-5-5"
			}
			r := got[label+" "+strconv.Itoa(row.Depth)]
			want := []string{label, strconv.Itoa(row.Depth), strconv.Itoa(c.Boards), strconv.Itoa(c.Stopped), g(c.Mean), g(c.Q1), g(c.Median), g(c.Q3), g(c.BStar),
				g(analyze.EffectiveBranching(c.Q1, row.Depth)), g(analyze.EffectiveBranching(c.Q3, row.Depth))}
			if len(r) != len(want) {
				t.Fatalf("depth %d %s: row %v, want %v", row.Depth, c.Algorithm, r, want)
			}
			for i := range want {
				if r[i] != want[i] {
					t.Errorf("depth %d %s: column %s %s, want %s", row.Depth, c.Algorithm, rows[0][i], r[i], want[i])
				}
			}
		}
	}
	if n == 0 || len(rows) != n+1 {
		t.Errorf("%d rows for %d cells", len(rows)-1, n)
	}
}
