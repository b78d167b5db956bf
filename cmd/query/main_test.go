package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// The golden files hold whole runs: stdout, stderr and the exit status.
// They guard the formats; the numbers in them are checked independently
// by package resolve's tests (a breadth-first search oracle, OEIS A089473).
var goldenCases = []struct {
	name  string
	args  []string
	stdin string // a file in testdata
}{
	{"one", []string{"8,6,7,2,5,4,3,0,1"}, ""},
	{"one-tiles", []string{"-tile-moves", "6,4,7,8,5,0,3,2,1"}, ""},
	{"one-goal", []string{"1,2,3,4,5,6,7,8,0"}, ""},
	{"one-2x4", []string{"-shape", "2x4", "0,7,2,1,4,3,6,5"}, ""}, // the 2x4 antipode
	{"random-2x3", []string{"random", "-shape", "2x3", "-depth", "21", "2"}, ""},
	{"one-goal-first", []string{"-goal", "first", "1,2,0/3,4,5/6,7,8"}, ""},
	{"one-unsolvable", []string{"8,6,7,2,5,4,1,0,3"}, ""},
	{"one-unsolvable-2x4", []string{"-shape", "2x4", "1,2,3,4,5,7,6,0"}, ""},
	{"one-malformed", []string{"1,2,3,4,5,6,7,8,9"}, ""},
	// Sam Loyd's 14-15 board: unsolvable for goal last, whatever solves 4x4.
	{"one-4x4-unsolvable", []string{"1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0"}, ""},
	{"args", []string{"8,6,7,2,5,4,3,0,1", "1,2,3,4,5,6,0,7,8", "1,2,3"}, ""},
	{"batch", nil, "boards.txt"},
	{"batch-dash", []string{"-"}, "boards.txt"},
	{"batch-path", []string{"-path"}, "boards.txt"},
	{"batch-json", []string{"-json"}, "boards.txt"},
	{"batch-json-tiles", []string{"-json", "-tile-moves"}, "boards.txt"},
	{"batch-csv", []string{"-csv"}, "boards.txt"},
	{"batch-tiles", []string{"-tile-moves", "-path", "-in", "testdata/boards.txt"}, ""},
	{"one-json", []string{"-json", "1,2,3,4,5,6,0,7,8"}, ""},
	{"tsv-field", []string{"-field", "2", "-in", "testdata/boards.tsv"}, ""},
	{"tsv-field-csv", []string{"-csv", "-field", "2"}, "boards.tsv"},
	{"random", []string{"random", "-depth", "20", "-seed", "3", "5"}, ""},
	{"random-json", []string{"random", "3", "-json", "-shape", "2x3", "-goal", "first"}, ""},
	{"random-31", []string{"random", "-depth", "31", "3"}, ""},
	{"usage-json-csv", []string{"-json", "-csv", "8,6,7,2,5,4,3,0,1"}, ""},
	{"usage-random-boards", []string{"random", "3", "8,6,7,2,5,4,3,0,1"}, ""},
	{"usage-shape", []string{"-shape", "1x9", "8,6,7,2,5,4,3,0,1"}, ""},
	{"usage-flag", []string{"-nonsense"}, ""},
}

// runCase runs the command in-process and writes what it printed and
// its exit status as one text.
func runCase(t *testing.T, args []string, stdin string) string {
	t.Helper()
	in := &bytes.Buffer{}
	if stdin != "" {
		b, err := os.ReadFile(filepath.Join("testdata", stdin))
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
	}
	var stdout, stderr bytes.Buffer
	code := report(&stderr, run(context.Background(), in, &stdout, &stderr, args))
	var s strings.Builder
	s.WriteString(strings.Join(append([]string{"$ query"}, args...), " "))
	if stdin != "" {
		fmt.Fprintf(&s, " < %s", stdin)
	}
	fmt.Fprintf(&s, "\n--- stdout\n%s--- stderr\n%s--- exit %d\n", stdout.String(), stderr.String(), code)
	return s.String()
}

func TestGolden(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	for i, tc := range goldenCases {
		got := runCase(t, tc.args, tc.stdin)
		path := filepath.Join("testdata", tc.name+".golden")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("case %d (%s): %v (run go test -update)", i, tc.name, err)
		}
		if got != string(want) {
			t.Errorf("case %d (%s): output differs from %s:\n%s", i, tc.name, path, got)
		}
	}
}

// TestEmptyFolder runs the 8-puzzle lookup from an empty folder with an
// empty cache: the embedded table serves.
func TestEmptyFolder(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	t.Chdir(t.TempDir())
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), nil, &stdout, &stderr, []string{"8,6,7,2,5,4,3,0,1"})
	// OEIS A089473: 8,6,7/2,5,4/3,_,1 is 31 moves from the goal.
	if err != nil || !strings.Contains(stdout.String(), "distance       31 moves") || stderr.Len() != 0 {
		t.Errorf("error %v, stderr %q, stdout:\n%s", err, stderr.String(), stdout.String())
	}
}

func TestExitStatus(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	for i, tc := range []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"8,6,7,2,5,4,3,0,1"}, "", 0},
		{[]string{"-json"}, "8,6,7,2,5,4,3,0,1\n", 0},
		{[]string{"-json"}, "8,6,7,2,5,4,3,0,1\nnonsense\n", 1},
		{[]string{"-shape", "3x4", "1,2,3,4,5,6,7,8,9,10,0,11"}, "", 0}, // no 3x4 table in an empty cache: search
		{[]string{"-in", "testdata/missing.txt"}, "", 1},
		{[]string{"-table", "testdata/missing.tbl", "8,6,7,2,5,4,3,0,1"}, "", 1},
		{[]string{"-nonsense"}, "", 2},
		{[]string{"-field", "-1"}, "", 2},
		{[]string{"-field", "0"}, "", 2}, // columns count from 1; 0 would read the whole line silently
		{[]string{"-goal", "middle", "8,6,7,2,5,4,3,0,1"}, "", 2},
		{[]string{"-depth", "3"}, "", 2},
		{[]string{"random", "-3"}, "", 2},
		{[]string{"random", "-seed", "3", "0"}, "", 2},
		{[]string{"random", "-depth", "-2", "2"}, "", 2},
		{[]string{"random", "x"}, "", 2},
		{[]string{"random"}, "", 2},
		{[]string{"random", "-h"}, "", 0},
		{[]string{"-in", "x", "8,6,7,2,5,4,3,0,1"}, "", 2},
		{[]string{"-", "8,6,7,2,5,4,3,0,1"}, "", 2},
		{[]string{"-h"}, "", 0},
	} {
		var stdout, stderr bytes.Buffer
		code := report(&stderr, run(context.Background(), strings.NewReader(tc.stdin), &stdout, &stderr, tc.args))
		if code != tc.code {
			t.Errorf("case %d: %v: exit %d, want %d; stderr %q", i, tc.args, code, tc.code, stderr.String())
		}
	}
}

// TestFlagsAnywhere checks flags after the board work as before it.
func TestFlagsAnywhere(t *testing.T) {
	a := runCase(t, []string{"-json", "8,6,7,2,5,4,3,0,1"}, "")
	b := runCase(t, []string{"8,6,7,2,5,4,3,0,1", "-json"}, "")
	if a[strings.Index(a, "\n"):] != b[strings.Index(b, "\n"):] {
		t.Errorf("outputs differ:\n%s\n%s", a, b)
	}
}

// TestTableFlag reads a table file for 2x3 goal first: the shape comes
// from the file. 1,2,_/3,4,5 is two moves from _,1,2/3,4,5 (the blank
// goes Left twice), and nothing else reaches it in fewer.
func TestTableFlag(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t.tbl")
	if _, err := store.WriteTable(context.Background(), path, tab, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err = run(context.Background(), nil, &stdout, &stderr, []string{"-table", path, "-json", "1,2,0,3,4,5"})
	want := `{"board":"1,2,0,3,4,5","distance":2,"optimal_moves":["Left"],"path":["Left","Left"],"heuristic":"table"}` + "\n"
	if err != nil || stdout.String() != want || stderr.Len() != 0 {
		t.Errorf("error %v, stderr %q, stdout %q", err, stderr.String(), stdout.String())
	}
	stdout.Reset()
	err = run(context.Background(), nil, &stdout, &stderr, []string{"random", "-table", path, "-depth", "2", "2"})
	if err != nil || strings.Count(stdout.String(), "\t2\t") != 2 {
		t.Errorf("random from the table: %v, %q", err, stdout.String())
	}
}
