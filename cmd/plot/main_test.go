package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/store"
)

// quickNames is every figure -quick makes on 3x3 with the default PDB
// partition (tiles 1–4 and 5–8).
var quickNames = []string{
	"depth-histogram", "depth-histogram-log", "layer-ratio", "solution-strip",
	"heuristic-manhattan", "heuristic-linear-conflict", "heuristic-pdb-1.2.3.4-5.6.7.8",
	"scaling-nodes", "scaling-time", "scaling-frontier", "dfs-blowup", "dfs-walk", "greedy-climber",
	"textbook-nodes", "textbook-bstar", "prediction-ida", "dbsize", "textbook-4x4",
}

func runPlot(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var o, e bytes.Buffer
	err = run(context.Background(), nil, &o, &e, args)
	return o.String(), e.String(), err
}

func TestQuickWritesTheWholeSet(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	dir := t.TempDir()
	out, _, err := runPlot(t, "-quick", "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	// 16 × 10 cm at 150 dpi: 6.30 × 3.94 inches, 945 × 591 pixels.
	wantW, wantH := int(math.Round(16/2.54*150)), int(math.Round(10/2.54*150))
	for i, name := range quickNames {
		f, err := os.Open(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("case %d (%s): %v", i, name, err)
		} else if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
			t.Errorf("case %d (%s): %d×%d, want %d×%d", i, name, b.Dx(), b.Dy(), wantW, wantH)
		}
		svg, err := os.ReadFile(filepath.Join(dir, name+".svg"))
		if err != nil || !bytes.Contains(svg, []byte("<svg")) {
			t.Errorf("case %d (%s): svg: %v", i, name, err)
		}
		c, err := os.ReadFile(filepath.Join(dir, name+".csv"))
		if err != nil {
			t.Errorf("case %d (%s): %v", i, name, err)
			continue
		}
		rows, err := csv.NewReader(bytes.NewReader(c)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Errorf("case %d (%s): CSV with %d rows: %v", i, name, len(rows), err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3*len(quickNames) {
		t.Errorf("%d files, want %d", len(entries), 3*len(quickNames))
	}
	if !strings.Contains(out, "wrote 18 figures (54 files)") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestSameSeedSameFigures(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	args := []string{"-quick", "-only", "dfs-blowup,depth-histogram,greedy-climber", "-formats", "png,csv"}
	for _, dir := range []string{a, b} {
		if _, _, err := runPlot(t, append(args, "-out", dir, "-seed", "4")...); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := runPlot(t, append(args, "-out", c, "-seed", "5")...); err != nil {
		t.Fatal(err)
	}
	for i, f := range []string{"dfs-blowup.csv", "dfs-blowup.png", "depth-histogram.png", "greedy-climber.csv"} {
		x, _ := os.ReadFile(filepath.Join(a, f))
		y, _ := os.ReadFile(filepath.Join(b, f))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("case %d: %s differs between two runs with seed 4", i, f)
		}
	}
	// Another seed draws other boards (the climber mixes 80 boards).
	x, _ := os.ReadFile(filepath.Join(a, "greedy-climber.csv"))
	z, _ := os.ReadFile(filepath.Join(c, "greedy-climber.csv"))
	if bytes.Equal(x, z) {
		t.Error("seeds 4 and 5 gave the same climber data")
	}
}

func TestUsageErrors(t *testing.T) {
	cases := [][]string{
		{"-only", "depth-histogram,nonsense"},
		{"-shape", "3by3"},
		{"-goal", "1,2,3"},
		{"-formats", "png,gif"},
		{"-formats", ""},
		{"-n", "0"},
		{"-mix", "10,x"},
		{"-board", "1,2,3,4,5,6,7,8,8"},
		{"-width", "-3"},
		{"-dpi", "5"},
		{"stray"},
		{"-no-such-flag"},
		{"-quick", "-shape", "4x4"},
		// Flags for figures -only does not draw would be ignored.
		{"-only", "depth-histogram", "-mix", "10", "-max-show", "3"},
		{"-only", "depth-histogram,layer-ratio", "-n", "3"},
		{"-only", "greedy-climber", "-board", "1,2,3,4,5,6,7,0,8"},
		{"-only", "heuristic-manhattan", "-pdb", "1,2,3,4/5,6,7,8"},
	}
	for i, args := range cases {
		dir := t.TempDir()
		_, stderr, err := runPlot(t, append(args, "-out", dir)...)
		var u usageError
		if !errors.As(err, &u) {
			t.Errorf("case %d %v: error %v, want a usage error", i, args, err)
		}
		if strings.Contains(stderr, "Usage of") || strings.Contains(stderr, u.Error()) {
			t.Errorf("case %d %v: the error is reported before main reports it: %q", i, args, stderr)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("case %d: files written: %v", i, entries)
		}
	}
}

// A board the goal cannot reach (the notebook's "Easy" preset) fails the
// figures that need its path, by name, and leaves their files unwritten,
// while the others are still made.
func TestFigureErrorsNameTheFigure(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	dir := t.TempDir()
	out, _, err := runPlot(t, "-quick", "-only", "solution-strip,dfs-walk,layer-ratio", "-board", "2,8,3,1,6,4,7,0,5", "-out", dir)
	var u usageError
	if err == nil || errors.As(err, &u) || !strings.Contains(err.Error(), "solution-strip") || !strings.Contains(err.Error(), "dfs-walk") {
		t.Fatalf("error %v; want a non-usage error naming both figures", err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "layer-ratio.csv layer-ratio.png layer-ratio.svg" {
		t.Errorf("files %v, want only layer-ratio's", names)
	}
	if !strings.Contains(out, "wrote 1 figure (3 files)") {
		t.Errorf("stdout %q", out)
	}
}

func TestJSONListsFiles(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	dir := t.TempDir()
	out, _, err := runPlot(t, "-only", "layer-ratio,heuristic-pdb", "-formats", "csv", "-json", "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Figure string
		Paths  []string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if len(got) != 2 || got[0].Figure != "layer-ratio" || got[1].Figure != "heuristic-pdb-1.2.3.4-5.6.7.8" ||
		got[0].Paths[0] != filepath.Join(dir, "layer-ratio.csv") {
		t.Errorf("%+v", got)
	}
}

// The figures depend on the flags alone: a 12-cell table in the cache
// folder (here a damaged one) is not read unless -shapes names its shape,
// and a shape named without a table is an error naming the command that
// builds it.
func TestShapesComeFromTheFlag(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	if err := os.WriteFile(filepath.Join(cache, "3x4-last.tbl"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	_, stderr, err := runPlot(t, "-quick", "-only", "depth-histogram", "-formats", "csv", "-out", dir)
	if err != nil || stderr != "" {
		t.Fatalf("default shapes: error %v, stderr %q", err, stderr)
	}
	rows := readCSV(t, filepath.Join(dir, "depth-histogram.csv"))
	shapes := map[string]bool{}
	for _, r := range rows[1:] {
		if strings.HasPrefix(r[0], "Shapes") {
			shapes[r[1]] = true
		}
	}
	if len(shapes) != 4 || !shapes["2x3"] || !shapes["2x4"] || !shapes["3x3"] || !shapes["2x5"] {
		t.Errorf("shapes compared by default: %v, want 2x3, 2x4, 3x3, 2x5", shapes)
	}
	_, _, err = runPlot(t, "-quick", "-only", "depth-histogram", "-formats", "csv", "-out", dir, "-shapes", "2x3,2x6")
	if err == nil || !strings.Contains(err.Error(), "2x6") {
		t.Fatalf("-shapes 2x6 without its table: %v", err)
	}
	var e bytes.Buffer
	if status := cliReport(&e, err); status != 1 || !strings.Contains(e.String(), "go run ./cmd/enumerate -shape 2x6 -goal last") {
		t.Errorf("exit %d, %q: want 1 and the command that builds 2x6", status, e.String())
	}
	if _, _, err := runPlot(t, "-shapes", "4x4"); err == nil {
		t.Error("-shapes 4x4 accepted")
	}
	// -shapes tunes the depth figures only.
	if _, _, err := runPlot(t, "-only", "solution-strip", "-shapes", "2x3"); err == nil || !strings.Contains(err.Error(), "-shapes applies to depth-histogram") {
		t.Errorf("-shapes with -only solution-strip: %v", err)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func cliReport(w *bytes.Buffer, err error) int { return cli.Report(w, "plot", err, "") }
