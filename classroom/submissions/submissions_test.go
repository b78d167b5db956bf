//go:build unix

package submissions

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/classroom/grade"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var bg = context.Background()

// TestMain lets the test binary be a correct submission: "TEST
// fake-submission METHOD BOARD" writes output.txt as classroom coms does.
func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == "fake-submission" {
		os.Exit(fakeSubmission(os.Args[2], os.Args[3]))
	}
	os.Exit(m.Run())
}

func fakeSubmission(method, board string) int {
	b, err := statespace.Parse(board, grade.Shape)
	if err == nil {
		var run classroom.COMSRun
		if run, err = classroom.RunCOMS(bg, method, b, search.Limits{}); err == nil {
			var out bytes.Buffer
			if err = classroom.WriteCOMS(&out, run.Result, run.MaxRSSBytes); err == nil {
				err = os.WriteFile("output.txt", out.Bytes(), 0o644)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func refs(t *testing.T, cases ...string) []grade.Reference {
	t.Helper()
	tab := fixture.TableFor(t, fixture.ComsGoal())
	var out []grade.Reference
	for _, c := range cases {
		method, board, _ := strings.Cut(c, " ")
		ref, err := grade.NewReference(bg, method, fixture.MustParse(t, board), tab)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ref)
	}
	return out
}

func run(t *testing.T, cfg Config, dirs []string) map[string][]Result {
	t.Helper()
	got := map[string][]Result{}
	i := 0
	err := Run(bg, cfg, dirs, func(r Result) error {
		// In order, however many run at once: the folders', then the cases'.
		ref := cfg.Cases[i%len(cfg.Cases)]
		if want := dirs[i/len(cfg.Cases)]; r.Submission != want || r.Report.Method != ref.Method || r.Report.Board != ref.Board.String() {
			t.Errorf("result %d: %s %s %s; want %s %s %s", i, r.Submission, r.Report.Method, r.Report.Board, want, ref.Method, ref.Board)
		}
		i++
		got[filepath.Base(r.Submission)] = append(got[filepath.Base(r.Submission)], r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if n := len(got[filepath.Base(d)]); n != len(cfg.Cases) {
			t.Errorf("%s: %d results, want %d", d, n, len(cfg.Cases))
		}
	}
	return got
}

// needBox skips a test that needs a box where none can be made, except
// under CI (CI=true), where that fails it.
func needBox(t *testing.T) {
	t.Helper()
	if _, err := newBox(bg, DefaultLimits); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI must make boxes: %v", err)
		}
		t.Skip(err)
	}
}

// modes runs a test boxed, and unboxed.
func modes(t *testing.T, test func(t *testing.T, unboxed bool)) {
	t.Run("box", func(t *testing.T) { needBox(t); test(t, false) })
	t.Run("unboxed", func(t *testing.T) { test(t, true) })
}

// TestCorrectSubmission: a program that writes the reference output (a
// copy of the test binary in the submission's folder) scores full marks
// on every case.
func TestCorrectSubmission(t *testing.T) {
	modes(t, func(t *testing.T, unboxed bool) {
		dir := filepath.Join(t.TempDir(), "good")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(self)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "fake"), data, 0o755); err != nil {
			t.Fatal(err)
		}
		lim := DefaultLimits
		lim.CopyBytes = int64(len(data)) + 1<<20
		cfg := Config{Command: []string{"./fake", "fake-submission"}, Limits: lim, Unboxed: unboxed, Jobs: 2,
			Cases: refs(t, "bfs 1,2,5,3,4,0,6,7,8", "dfs 1,2,5,3,4,0,6,7,8", "ast 3,1,2,0,4,5,6,7,8")}
		for _, r := range run(t, cfg, []string{dir})["good"] {
			if r.Report.Score != r.Report.Points || !strings.HasPrefix(r.Outcome, "exit status 0") {
				t.Errorf("%s %s: %.2f of %.2f, %s: %+v", r.Report.Method, r.Report.Board, r.Report.Score, r.Report.Points, r.Outcome, r.Report.Items)
			}
		}
	})
}

// class copies testdata/class and adds what git does not keep well: a
// link out of a folder, an old output.txt, folders nested too deep.
func class(t *testing.T) (string, []string) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("testdata/class")); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(root, "stale")
	if err := os.Symlink("/etc/passwd", filepath.Join(stale, "secret")); err != nil {
		t.Fatal(err)
	}
	old := "path_to_goal: ['Up', 'Left', 'Left']\ncost_of_path: 3\nnodes_expanded: 10\nsearch_depth: 3\nmax_search_depth: 4\nrunning_time: 0.1\nmax_ram_usage: 0.1\n"
	if err := os.WriteFile(filepath.Join(stale, "output.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(root, "deep")
	if err := os.MkdirAll(filepath.Join(deep, strings.Repeat("d/", maxDepth+2)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(deep, "puzzle.sh"), []byte("exit 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		dirs = append(dirs, filepath.Join(root, e.Name()))
	}
	return root, dirs
}

// TestBounded: programs that hang, crash, write a gigabyte, eat memory,
// write nothing or leave a pipe or a link for output.txt are each stopped
// and graded, and none stops the others.
func TestBounded(t *testing.T) { modes(t, testBounded) }

func testBounded(t *testing.T, unboxed bool) {
	_, dirs := class(t)
	lim := Limits{Time: 2 * time.Second, Memory: 64 << 20, FileBytes: 1 << 20, CopyBytes: 1 << 20, CopyFiles: 100}
	cfg := Config{Command: []string{"/bin/sh", "puzzle.sh"}, Limits: lim, Unboxed: unboxed, Jobs: 3,
		Cases: refs(t, "bfs 1,2,5,3,4,0,6,7,8", "ast 3,1,2,0,4,5,6,7,8")}
	got := run(t, cfg, dirs)
	want := map[string]struct {
		runs    grade.Verdict
		outcome string // in the outcome
		message string // in the runs item's message
	}{
		"big":    {grade.OK, "killed for a file over the size limit", ""},
		"crash":  {grade.Wrong, "exit status 3 ", "no output.txt"},
		"deep":   {grade.Wrong, "not run: ", "folders nested deeper than 16"},
		"fifo":   {grade.Wrong, "exit status 0", "not a regular file"},
		"hang":   {grade.Wrong, "time limit", "killed after the time limit"},
		"link":   {grade.Wrong, "exit status 0", "symbolic link, not followed"},
		"memory": {grade.Wrong, "exit status ", "no output.txt"},
		"none":   {grade.Wrong, "exit status 0", "no output.txt"},
		"stale":  {grade.Wrong, "exit status 0", "no output"},
	}
	if len(got) != len(want) {
		t.Errorf("%d submissions graded, want %d", len(got), len(want))
	}
	for name, w := range want {
		for _, r := range got[name] {
			runs := r.Report.Items[len(r.Report.Items)-1]
			if runs.Verdict != w.runs || !strings.Contains(r.Outcome, w.outcome) || !strings.Contains(runs.Message, w.message) {
				t.Errorf("%s: runs %s (%s), outcome %q; want %s, %q, %q", name, runs.Verdict, runs.Message, r.Outcome, w.runs, w.message, w.outcome)
			}
			if want := float64(map[bool]int{true: 1}[w.runs == grade.OK]) * grade.PointsPerItem; r.Report.Score != want {
				t.Errorf("%s: %.2f points, want %.2f", name, r.Report.Score, want)
			}
		}
	}
	if m := got["memory"][0].Outcome; strings.Contains(m, "time limit") {
		t.Errorf("memory: %q; the memory limit should stop it first", m)
	}
	if crash := got["crash"][0].Outcome; !strings.Contains(crash, "ZeroDivisionError") {
		t.Errorf("crash: outcome %q does not end with the program's last line", crash)
	}
	checkNoneLeft(t, "1000.4701")
}

// TestCSV: a row per item of each run, and no cell a spreadsheet takes
// for a formula.
func TestCSV(t *testing.T) {
	ref := refs(t, "bfs 1,2,5,3,4,0,6,7,8")[0]
	r := Result{Submission: "alice", Outcome: "exit status 0", Report: grade.Grade(ref, []byte("=cmd|' /C calc'!A0\ncost_of_path: -3\n"))}
	var b bytes.Buffer
	if err := WriteCSV(&b, CSVHeader); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&b, CSVRows(r)...); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+len(grade.Items) {
		t.Fatalf("%d rows, want %d", len(rows), 1+len(grade.Items))
	}
	for i, row := range rows[1:] {
		if row[0] != "alice" || row[3] != grade.Items[i] || row[1] != "bfs" || row[2] != ref.Board.String() {
			t.Errorf("row %d: %q", i+1, row)
		}
		for _, c := range row {
			if c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
				t.Errorf("row %d: cell %q starts a formula", i+1, c)
			}
		}
	}
	if rows[2][7] != "'-3" {
		t.Errorf("cost_of_path got %q, want '-3", rows[2][7])
	}
}

// TestPythonSubmission runs testdata/python/puzzle.py, an implementation
// of the assignment written from its handout alone, on the handout's test
// cases and boards drawn at random (seeded) at three distances, and
// expects full marks: BFS's and DFS's counts equal to the reference's, on
// every line. It needs python3 (long tests only).
func TestPythonSubmission(t *testing.T) {
	longtest.Skip(t, "python3 runs the assignment on 5 boards")
	tab := fixture.TableFor(t, fixture.ComsGoal())
	cases := []string{"3,1,2,0,4,5,6,7,8", "1,2,5,3,4,0,6,7,8"}
	rng := fixture.NewRand(4701)
	for _, d := range []int{6, 16, 26} {
		b, err := table.DrawOne(bg, tab, rng, d)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, b.String())
	}
	var specs []string
	for _, b := range cases {
		for _, m := range classroom.COMSMethods {
			specs = append(specs, m+" "+b)
		}
	}
	dir, err := filepath.Abs("testdata/python")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Command: []string{"python3", "puzzle.py"}, Limits: DefaultLimits, Cases: refs(t, specs...)}
	for _, r := range run(t, cfg, []string{dir})["python"] {
		if r.Report.Score != r.Report.Points {
			t.Errorf("%s %s: %.2f of %.2f, %s: %+v", r.Report.Method, r.Report.Board, r.Report.Score, r.Report.Points, r.Outcome, r.Report.Items)
		}
		for _, it := range r.Report.Items {
			if it.Verdict == grade.Allowed && r.Report.Method != "ast" {
				t.Errorf("%s %s: %s allowed: %s", r.Report.Method, r.Report.Board, it.Name, it.Message)
			}
		}
	}
}

// TestGradescope: results.json has the fields Gradescope's autograder
// specification names, a test per run, and the runs' total as its score.
func TestGradescope(t *testing.T) {
	refs := refs(t, "bfs 1,2,5,3,4,0,6,7,8", "ast 3,1,2,0,4,5,6,7,8")
	results := []Result{
		{Submission: "s", Outcome: "exit status 0", Report: grade.Grade(refs[0], []byte("path_to_goal: ['Up', 'Left', 'Left']\n"))},
		{Submission: "s", Outcome: "exit status 1", Report: grade.Missing(refs[1], "no output.txt")},
	}
	var b bytes.Buffer
	if err := Gradescope(results, 2400*time.Millisecond).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := results[0].Report.Score + results[1].Report.Score
	if got["score"] != want || got["execution_time"] != 2.0 || got["output"] == "" {
		t.Errorf("score %v (want %v), execution_time %v, output %q", got["score"], want, got["execution_time"], got["output"])
	}
	tests, _ := got["tests"].([]any)
	if len(tests) != 2 {
		t.Fatalf("%d tests, want 2", len(tests))
	}
	for i, x := range tests {
		test := x.(map[string]any)
		for _, k := range []string{"name", "score", "max_score", "output", "visibility"} {
			if _, ok := test[k]; !ok {
				t.Errorf("test %d has no %s", i, k)
			}
		}
		if test["score"] != results[i].Report.Score || test["max_score"] != results[i].Report.Points || test["visibility"] != "visible" {
			t.Errorf("test %d: %v", i, test)
		}
	}
}

// TestNoBox: without bwrap, Run refuses with a *NoBoxError before any
// program runs, and runs unboxed only when told.
func TestNoBox(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "puzzle.sh"), []byte("echo ran > ran.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir()) // no bwrap there
	cfg := Config{Command: []string{"/bin/sh", "puzzle.sh"}, Limits: DefaultLimits, Cases: refs(t, "bfs 1,2,5,3,4,0,6,7,8")}
	runs := 0
	err := Run(bg, cfg, []string{dir}, func(Result) error { runs++; return nil })
	var nb *NoBoxError
	if !errors.As(err, &nb) || !nb.Missing || runs != 0 {
		t.Fatalf("Run without bwrap: %v (%T), %d runs; want a *NoBoxError saying bwrap is missing, no run", err, err, runs)
	}
	cfg.Unboxed = true
	t.Setenv("PATH", path)
	if err := Run(bg, cfg, []string{dir}, func(Result) error { runs++; return nil }); err != nil || runs != 1 {
		t.Fatalf("Run unboxed: %v, %d runs", err, runs)
	}
}
