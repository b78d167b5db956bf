package suite

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func TestSelected(t *testing.T) {
	cases := []struct {
		only []string
		name string
		want bool
	}{
		{nil, "scaling-time", true},
		{[]string{"scaling-time"}, "scaling-time", true},
		{[]string{"scaling-time"}, "scaling-nodes", false},
		{[]string{"heuristic-pdb"}, "heuristic-pdb-1.2.3.4-5.6.7.8", true},
		{[]string{"heuristic-pdb-1.2.3.4-5.6.7.8"}, "heuristic-pdb-1.2.3.4-5.6.7.8", true},
		{[]string{"heuristic-pdb-1.2.3.4-5.6.7.8"}, "heuristic-pdb-1.2-3.4.5.6.7.8", false},
		{[]string{" layer-ratio ", ""}, "layer-ratio", true},
	}
	for i, c := range cases {
		want, err := Selected(c.only)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got := want(c.name); got != c.want {
			t.Errorf("case %d: Selected(%q)(%q) = %v, want %v", i, c.only, c.name, got, c.want)
		}
	}
	if _, err := Selected([]string{"depth-histogram", "histogram"}); err == nil || !strings.Contains(err.Error(), `"histogram"`) {
		t.Errorf("unknown name: %v", err)
	}
}

// On 2x4 (20,160 states, enumerated in memory) the table figures work
// without any file, and a partition that is not one of the board's tiles
// fails only its own figure.
func TestRunOnAnotherShape(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	o := quick(t)
	o.Out = t.TempDir()
	o.Shape = statespace.Shape{Rows: 2, Cols: 4}
	o.Goal = statespace.GoalFirst(o.Shape)
	o.Formats = []string{"csv"}
	o.PDB = []string{"1,2,3/4,5,6,7", "1,2,3/4,5,6,9"}
	o.Only = []string{"heuristic-pdb", "solution-strip", "depth-histogram"}
	written, err := Run(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "1,2,3/4,5,6,9") {
		t.Errorf("error %v; want the bad partition named", err)
	}
	var names []string
	for _, w := range written {
		names = append(names, w.Figure)
	}
	if got := strings.Join(names, " "); got != "depth-histogram solution-strip heuristic-pdb-1.2.3-4.5.6.7" {
		t.Errorf("wrote %s", got)
	}
	f, err := os.Open(filepath.Join(o.Out, "depth-histogram.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// 2x4 has no centre cell, so the goal panel shows the corner and edge
	// goals; 2x4's radius is 36 with one state there (reference README).
	series := map[string]bool{}
	radius := map[string]string{}
	for _, r := range rows[1:] {
		series[r[0]+"|"+r[1]] = true
		radius[r[1]] = r[2] + ":" + r[3]
	}
	wantSeries := []string{"2x4, by where the goal's blank is|blank in a corner", "2x4, by where the goal's blank is|blank on an edge",
		"Shapes, blank-last goal|2x4", "Shapes, blank-last goal|2x3", "Shapes, blank-last goal|3x3", "Shapes, blank-last goal|2x5"}
	for _, s := range wantSeries {
		if !series[s] {
			t.Errorf("no series %q", s)
		}
	}
	if len(series) != len(wantSeries) || radius["2x4"] != "36:1" {
		t.Errorf("series %v, 2x4 ends at %s", series, radius["2x4"])
	}
}

// A PDB file in the cache folder is read rather than rebuilt: a damaged one
// is reported with its path.
func TestPDBFilesComeFromTheCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	o := quick(t)
	o.Out = t.TempDir()
	o.Formats = []string{"csv"}
	o.Only = []string{"heuristic-pdb"}
	path := filepath.Join(cache, store.PDBFile(o.Goal, []int{1, 2, 3, 4}).Name())
	if err := os.WriteFile(path, []byte("not a pattern database"), 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := Run(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), path) || len(written) != 0 {
		t.Errorf("wrote %v, error %v; want an error naming %s", written, err, path)
	}
}

// A shape without a table is refused before any figure is tried, and the
// refusal does not advise an enumeration that would refuse too.
func TestRunRefusesShapesWithoutATable(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	o := quick(t)
	o.Out = t.TempDir()
	o.Shape = statespace.Shape{Rows: 4, Cols: 4}
	o.Goal = statespace.GoalLast(o.Shape)
	written, err := Run(context.Background(), o)
	if err == nil || len(written) != 0 || strings.Contains(err.Error(), "enumerate") || !strings.Contains(err.Error(), "10,461,394,944,000") {
		t.Errorf("wrote %v, error %v", written, err)
	}
	for _, sh := range []statespace.Shape{{Rows: 3, Cols: 3}, {Rows: 3, Cols: 4}, {Rows: 2, Cols: 6}} {
		if err := CheckShape(sh); err != nil {
			t.Errorf("%s: %v", sh, err)
		}
	}
}

// The PDB heat map says in its title and caption that the estimate takes
// the reflection (tiles 1–4 and 5–8 on 3x3, goal last: symmetric about the
// diagonal), and the Manhattan one does not.
func TestPDBCaptionNamesTheReflection(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	o := quick(t)
	o.Out = t.TempDir()
	o.Formats = []string{"svg"}
	o.Only = []string{"heuristic-pdb", "heuristic-manhattan"}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	pdbSVG, err := os.ReadFile(filepath.Join(o.Out, "heuristic-pdb-1.2.3.4-5.6.7.8.svg"))
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(o.Out, "heuristic-manhattan.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pdbSVG), "with reflection") || !strings.Contains(string(pdbSVG), "main diagonal") {
		t.Error("the PDB heat map does not say that it takes the reflection")
	}
	if strings.Contains(string(md), "reflection") {
		t.Error("the Manhattan heat map speaks of a reflection")
	}
}

// quick is Defaults(true) with a resolver on the cache folder the test
// set ($TILESPACE_CACHE), as cmd/plot makes one.
func quick(t testing.TB) Options {
	t.Helper()
	o := Defaults(true)
	cache := store.NewCache(os.Getenv(store.EnvCache))
	res, err := resolve.NewResolver(context.Background(), resolve.Config{Cache: cache, ReadOnlyCache: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(res.Close)
	o.Resolver, o.Cache = res, cache
	return o
}
