package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// pythonWithNumPy returns a python3 that imports numpy, or "".
func pythonWithNumPy() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if path, err := exec.LookPath(p); err == nil && exec.Command(path, "-c", "import numpy").Run() == nil {
			return path
		}
	}
	return ""
}

// The Python function of docs/python.md, run on an exported table, gives
// query's distance for every sampled board.
func TestPythonDocsAgainstQuery(t *testing.T) {
	py := pythonWithNumPy()
	if py == "" {
		t.Skip("no python3 with numpy installed (apt-get install python3-numpy); the docs/python.md check did not run")
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "python.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The block of the ranking function (the guide's other blocks use the
	// package, tested by python/tests).
	var m [][]byte
	for _, b := range regexp.MustCompile("(?s)```python\n(.*?)```").FindAllSubmatch(doc, -1) {
		if strings.Contains(string(b[1]), "def rank(") {
			m = b
		}
	}
	if m == nil {
		t.Fatal("docs/python.md has no python block defining rank")
	}
	// The functions only: the example's own file and print are the docs'.
	code := string(m[1])
	code = code[:strings.Index(code, "# The 3x4 table")]
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5})} {
		dir := t.TempDir()
		t.Setenv(store.EnvCache, dir)
		path := filepath.Join(dir, store.NPYFile(goal).Name())
		if _, err := generate.ExportNPY(context.Background(), goal, path, 2); err != nil {
			t.Fatal(err)
		}
		res, err := resolve.NewResolver(context.Background(), resolve.Config{})
		if err != nil {
			t.Fatal(err)
		}
		sp := statespace.MustSpace(goal)
		rng := rand.New(rand.NewPCG(9, 10))
		var script strings.Builder
		script.WriteString(code)
		fmt.Fprintf(&script, "table = np.load(%q, mmap_mode=\"r\")\ngoal = %s\n", path, pyList(goal))
		var want []string
		for range 200 {
			b := sp.Unrank(rng.Uint64N(sp.Size()))
			a, err := res.Answer(context.Background(), goal, b, resolve.Want{})
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, fmt.Sprint(a.Distance))
			fmt.Fprintf(&script, "print(distance(table, %s, goal))\n", pyList(b))
		}
		out, err := exec.Command(py, "-c", script.String()).CombinedOutput()
		if err != nil {
			t.Fatalf("python: %v\n%s", err, out)
		}
		if got := strings.Fields(string(out)); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: python gives %v,\nquery %v", sp.Shape(), got, want)
		}
	}
}

func pyList(b statespace.Board) string {
	return "[" + strings.ReplaceAll(b.String(), ",", ", ") + "]"
}
