package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/store"
)

func runClassroom(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := report(&errb, run(context.Background(), strings.NewReader(""), &out, &errb, args))
	return out.String(), errb.String(), code
}

// coms writes output.txt with the published COMS 4701 counts
// (data/reference/coms4701.tsv).
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
		stdout, stderr, code := runClassroom(t, "coms", c.method, c.board)
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

// compare -json: every optimal algorithm's path has the table's length
// (21 for the notebook's Medium board, from the embedded table).
func TestCompareJSON(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	stdout, stderr, code := runClassroom(t, "compare", "-json", "1,2,5,3,4,0,6,7,8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `"BFS"`) || !strings.Contains(stdout, `"IDA* (Manhattan)"`) || !json.Valid([]byte(stdout)) {
		t.Fatalf("not a comparison in JSON:\n%s", stdout)
	}
}

func TestExplainDFSAndGreedy(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	stdout, stderr, code := runClassroom(t, "explain-dfs", "1,2,5,3,4,0,6,7,8")
	if code != 0 || !strings.Contains(stdout, "The shortest solution is 21 moves") {
		t.Fatalf("explain: exit %d: %s%s", code, stdout, stderr)
	}
	stdout, stderr, code = runClassroom(t, "greedy-stats", "-n", "20", "-k", "10,50", "-seed", "3", "-json")
	if code != 0 || !json.Valid([]byte(stdout)) {
		t.Fatalf("greedy: exit %d: %s%s", code, stdout, stderr)
	}
	again, _, _ := runClassroom(t, "greedy-stats", "-n", "20", "-k", "10,50", "-seed", "3", "-json")
	if stdout != again {
		t.Errorf("the same seed gave different statistics")
	}
}

func TestClassroomUsage(t *testing.T) {
	cases := [][]string{
		{},
		{"nonsense"},
		{"-coms", "bfs", "1,2,5,3,4,0,6,7,8"},
		{"coms", "xyz", "1,2,5,3,4,0,6,7,8"},
		{"coms", "bfs"},
		{"coms"},
		{"coms", "bfs", "1,2,5,3,4,0,6,7,8", "1,2,5,3,4,0,6,7,8"},
		{"compare"},
		{"compare", "1,2,5,3,4,0,6,7,8", "8,6,7,2,5,4,3,0,1"},
		{"compare", "-explain-dfs", "1,2,5,3,4,0,6,7,8"},
		{"compare", "-limit", "0", "1,2,5,3,4,0,6,7,8"},
		{"compare", "-algs", "bfs,dijkstra", "1,2,5,3,4,0,6,7,8"},
		{"explain-dfs", "-limit", "5", "1,2,5,3,4,0,6,7,8"},
		{"explain-dfs", "-pdb", "6-6-3", "1,2,5,3,4,0,6,7,8"},
		{"greedy-stats", "1,2,5,3,4,0,6,7,8"},
		{"greedy-stats", "-k", "10,x"},
		{"coms", "bfs", "-json", "1,2,5,3,4,0,6,7,8"},
	}
	for i, args := range cases {
		if _, stderr, code := runClassroom(t, args...); code != 2 {
			t.Errorf("case %d %v: exit %d, want 2 (%s)", i, args, code, stderr)
		}
	}
	// A bad board is a plain error with the parser's words.
	if _, stderr, code := runClassroom(t, "compare", "1,2,5,3,4,0,6,7,7"); code != 1 || !strings.Contains(stderr, "tile 7 appears twice") {
		t.Errorf("bad board: exit %d: %s", code, stderr)
	}
}

// The command classroom greedy-stats -k 1000 -n 2000 -json
// reports overall.solve_rate within 0.03 of the climber report's 84% by default and
// within 0.04 of its 30% with -score matched.
func TestGreedyStatsClimberReport(t *testing.T) {
	longtest.Skip(t, "4,000 climbs; classroom's fast test checks 400")
	t.Setenv(store.EnvCache, t.TempDir())
	for _, c := range []struct {
		args      []string
		want, tol float64
	}{{nil, 0.84, 0.03}, {[]string{"-score", "matched"}, 0.30, 0.04}} {
		stdout, stderr, code := runClassroom(t, append([]string{"greedy-stats", "-k", "1000", "-n", "2000", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		var out struct {
			Overall struct {
				Boards    int     `json:"boards"`
				SolveRate float64 `json:"solve_rate"`
			} `json:"overall"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		if out.Overall.Boards != 2000 || out.Overall.SolveRate < c.want-c.tol || out.Overall.SolveRate > c.want+c.tol {
			t.Errorf("%v: %d boards, solve rate %v; want %v ± %v", c.args, out.Overall.Boards, out.Overall.SolveRate, c.want, c.tol)
		}
	}
}

// Flags a classroom report would ignore are refused (exit 2) rather than
// dropped without a word.
func TestClassroomIgnoredFlagsRefused(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	cases := [][]string{
		{"coms", "-goal", "last", "bfs", "1,2,5,3,4,0,6,7,8"},
		{"coms", "bfs", "-shape", "3x3", "1,2,5,3,4,0,6,7,8"},
		{"coms", "bfs", "-tile-moves", "1,2,5,3,4,0,6,7,8"},
		{"compare", "-path", "1,2,5,3,4,0,6,7,8"},
		{"compare", "-pdb-dir", ".", "1,2,5,3,4,0,6,7,8"}, // a 3x3 board has its table
		{"compare", "-pdb", "1,2,3,4/5,6,7,8", "1,2,5,3,4,0,6,7,8"},
		{"explain-dfs", "-path", "1,2,5,3,4,0,6,7,8"},
		{"explain-dfs", "-seed", "3", "1,2,5,3,4,0,6,7,8"},
		{"greedy-stats", "-n", "0"},
		{"greedy-stats", "-n", "-3"},
		{"greedy-stats", "-k", ""},
		{"greedy-stats", "-score", "blank"},
		{"greedy-stats", "-stuck", "never"},
		{"greedy-stats", "-pdb", "6-6-3"},
		{"compare", "-score", "matched", "1,2,5,3,4,0,6,7,8"},
		{"explain-dfs", "-stuck", "stop", "1,2,5,3,4,0,6,7,8"},
	}
	for i, args := range cases {
		if stdout, stderr, code := runClassroom(t, args...); code != 2 || stdout != "" {
			t.Errorf("case %d %v: exit %d, stdout %q, want exit 2 and nothing (%s)", i, args, code, stdout, stderr)
		}
	}
	// -goal and -shape are honoured by greedy-stats: toward "first" the
	// k=0 boards are that goal.
	stdout, stderr, code := runClassroom(t, "greedy-stats", "-goal", "first", "-n", "3", "-k", "0", "-stuck", "stop", "-score", "matched", "-json")
	if code != 0 || !strings.Contains(stdout, `"goal": "0,1,2,3,4,5,6,7,8"`) || !strings.Contains(stdout, `"score": "matched"`) || !strings.Contains(stdout, `"stuck": "stop"`) {
		t.Errorf("greedy-stats -goal first: exit %d:\n%s%s", code, stdout, stderr)
	}
}

// compare takes its reference from the solver when the board's shape has
// no table: this 4x4 board is 2 moves from goal first (Left, Up), and its
// Manhattan distance is 2. -pdb chooses the 5-5-5 databases, which the
// resolver builds into the empty cache first (a second).
func TestCompare4x4(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	stdout, stderr, code := runClassroom(t, "compare", "-shape", "4x4", "-goal", "first", "-pdb", "5-5-5", "-json", "4,1,2,3,5,0,6,7,8,9,10,11,12,13,14,15")
	if code != 0 || !strings.Contains(stdout, `"optimal_distance": 2,`) {
		t.Errorf("compare on 4x4: exit %d, %s%s", code, stdout, stderr)
	}
	stdout, stderr, code = runClassroom(t, "compare", "-shape", "4x4", "-goal", "first", "-pdb", "5-5-5", "4,1,2,3,5,0,6,7,8,9,10,11,12,13,14,15")
	if want := "Optimal distance (from IDA* on pdb 1,2,3,6,7/4,5,8,9,12/10,11,13,14,15+reflection): 2 moves"; code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("compare on 4x4 (text): exit %d, want %q in:\n%s%s", code, want, stdout, stderr)
	}
}

// -h, help and COMMAND -h exit 0 and list the commands or the flags.
func TestHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-h"}, "classroom greedy-stats [flags]"},
		{[]string{"help"}, "classroom coms bfs|dfs|ast BOARD"},
		{[]string{"compare", "-h"}, "-pdb-dir"},
		{[]string{"greedy-stats", "-h"}, "-stuck"},
		{[]string{"coms", "-h"}, "usage: classroom coms bfs|dfs|ast BOARD"},
	} {
		stdout, stderr, code := runClassroom(t, tc.args...)
		if code != 0 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 0 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// The notes the resolver writes (a table missing, a search instead) carry
// classroom's name, not another command's.
func TestNotesCarryTheCommandsName(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	_, stderr, code := runClassroom(t, "compare", "-shape", "3x4", "1,2,3,4,5,6,7,8,9,10,0,11")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) < 2 || !strings.Contains(stderr, "no distance table for 3x4 goal last") {
		t.Fatalf("stderr %q: want the notes of a missing table", stderr)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "classroom: ") {
			t.Errorf("a line without classroom's name: %q", l)
		}
	}
}
