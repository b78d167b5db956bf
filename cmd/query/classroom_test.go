package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/store"
)

func runQuery(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := report(&errb, run(context.Background(), strings.NewReader(""), &out, &errb, args))
	return out.String(), errb.String(), code
}

// -coms writes output.txt with the published COMS 4701 counts
// (data/reference/coms4701.tsv, seed 004).
func TestCOMS(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(store.EnvCache, t.TempDir())
	cases := []struct {
		method, board string
		want          []string
	}{
		{"bfs", "1,2,5,3,4,0,6,7,8", []string{"path_to_goal: ['Up', 'Left', 'Left']", "cost_of_path: 3", "nodes_expanded: 10", "search_depth: 3", "max_search_depth: 4"}},
		{"dfs", "1,2,5,3,4,0,6,7,8", []string{"cost_of_path: 3", "nodes_expanded: 181437", "search_depth: 3", "max_search_depth: 66125"}},
		{"ast", "3,1,2,0,4,5,6,7,8", []string{"path_to_goal: ['Up']", "cost_of_path: 1", "nodes_expanded: 1", "search_depth: 1", "max_search_depth: 1"}},
	}
	for i, c := range cases {
		stdout, stderr, code := runQuery(t, "-coms", c.method, c.board)
		if code != 0 {
			t.Fatalf("case %d: exit %d: %s", i, code, stderr)
		}
		file, err := os.ReadFile("output.txt")
		if err != nil {
			t.Fatal(err)
		}
		if string(file) != stdout {
			t.Errorf("case %d: stdout and output.txt differ", i)
		}
		lines := strings.Split(strings.TrimSuffix(string(file), "\n"), "\n")
		if len(lines) != 7 || !strings.HasPrefix(lines[5], "running_time: ") || !strings.HasPrefix(lines[6], "max_ram_usage: ") {
			t.Errorf("case %d: not the seven-line format:\n%s", i, file)
		}
		for _, w := range c.want {
			if !strings.Contains(string(file), w+"\n") {
				t.Errorf("case %d: output.txt lacks %q:\n%s", i, w, file)
			}
		}
	}
}

// -compare -json: every optimal algorithm's path has the table's length
// (21 for the notebook's Medium board, from the embedded table).
func TestCompareJSON(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	stdout, stderr, code := runQuery(t, "-compare", "-json", "1,2,5,3,4,0,6,7,8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `"BFS"`) || !strings.Contains(stdout, `"IDA* (Manhattan)"`) || !json.Valid([]byte(stdout)) {
		t.Fatalf("not a comparison in JSON:\n%s", stdout)
	}
}

func TestExplainDFSAndGreedy(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	stdout, stderr, code := runQuery(t, "-explain-dfs", "1,2,5,3,4,0,6,7,8")
	if code != 0 || !strings.Contains(stdout, "The shortest solution is 21 moves") {
		t.Fatalf("explain: exit %d: %s%s", code, stdout, stderr)
	}
	stdout, stderr, code = runQuery(t, "-greedy-stats", "-n", "20", "-k", "10,50", "-seed", "3", "-json")
	if code != 0 || !json.Valid([]byte(stdout)) {
		t.Fatalf("greedy: exit %d: %s%s", code, stdout, stderr)
	}
	again, _, _ := runQuery(t, "-greedy-stats", "-n", "20", "-k", "10,50", "-seed", "3", "-json")
	if stdout != again {
		t.Errorf("the same seed gave different statistics")
	}
}

func TestClassroomUsage(t *testing.T) {
	cases := [][]string{
		{"-coms", "xyz", "1,2,5,3,4,0,6,7,8"},
		{"-coms", "bfs"},
		{"-compare", "1,2,5,3,4,0,6,7,8", "8,6,7,2,5,4,3,0,1"},
		{"-compare", "-explain-dfs", "1,2,5,3,4,0,6,7,8"},
		{"-greedy-stats", "1,2,5,3,4,0,6,7,8"},
		{"-n", "5", "1,2,5,3,4,0,6,7,8"},
		{"-greedy-stats", "-k", "10,x"},
		{"-coms", "bfs", "-json", "1,2,5,3,4,0,6,7,8"},
	}
	for i, args := range cases {
		if _, stderr, code := runQuery(t, args...); code != 2 {
			t.Errorf("case %d %v: exit %d, want 2 (%s)", i, args, code, stderr)
		}
	}
	// A bad board is a plain error with the parser's words.
	if _, stderr, code := runQuery(t, "-compare", "1,2,5,3,4,0,6,7,7"); code != 1 || !strings.Contains(stderr, "tile 7 appears twice") {
		t.Errorf("bad board: exit %d: %s", code, stderr)
	}
}
