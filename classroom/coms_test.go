package classroom

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// comsCases are the published expected outputs of COMS 4701 homework 1
// (data/reference/coms4701.tsv): goal 0,1,…,8; running time and RAM are not fixed.
var comsCases = []struct {
	method, board                               string
	path                                        string // "" when not published
	cost, expanded, searchDepth, maxSearchDepth int
}{
	{"bfs", "1,2,5,3,4,0,6,7,8", "['Up', 'Left', 'Left']", 3, 10, 3, 4},
	{"dfs", "1,2,5,3,4,0,6,7,8", "['Up', 'Left', 'Left']", 3, 181437, 3, 66125},
	{"bfs", "3,1,2,0,4,5,6,7,8", "", 1, 1, 1, 1},
	{"dfs", "3,1,2,0,4,5,6,7,8", "", 1, 1, 1, 1},
	{"ast", "3,1,2,0,4,5,6,7,8", "", 1, 1, 1, 1},
}

var comsLine = regexp.MustCompile(`^(running_time|max_ram_usage): \d+\.\d{8}$`)

func TestCOMSPublishedCounts(t *testing.T) {
	for i, c := range comsCases {
		run, err := RunCOMS(bg, c.method, fixture.MustParse(t, c.board), search.Limits{})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		var out bytes.Buffer
		if err := WriteCOMS(&out, run.Result, run.MaxRSSBytes); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 7 {
			t.Fatalf("case %d: %d lines, want 7:\n%s", i, len(lines), out.String())
		}
		want := []string{
			"path_to_goal: " + c.path,
			"cost_of_path: " + itoaTest(c.cost),
			"nodes_expanded: " + itoaTest(c.expanded),
			"search_depth: " + itoaTest(c.searchDepth),
			"max_search_depth: " + itoaTest(c.maxSearchDepth),
		}
		for j, w := range want {
			if j == 0 && c.path == "" {
				if !strings.HasPrefix(lines[0], "path_to_goal: ['") {
					t.Errorf("case %d: %q", i, lines[0])
				}
				continue
			}
			if lines[j] != w {
				t.Errorf("case %d (%s %s): line %d = %q, want %q", i, c.method, c.board, j+1, lines[j], w)
			}
		}
		for _, l := range lines[5:] {
			if !comsLine.MatchString(l) {
				t.Errorf("case %d: line %q does not match %s", i, l, comsLine)
			}
		}
	}
}

// The format of the two measured lines, checked on fixed values: the
// reference's example prints 0.00188088 s and 0.078125 MiB (81,920 bytes).
func TestWriteCOMSMeasurements(t *testing.T) {
	r := search.Result{Found: true, Path: nil, Elapsed: 1880880}
	var out bytes.Buffer
	if err := WriteCOMS(&out, r, 81920); err != nil {
		t.Fatal(err)
	}
	want := "path_to_goal: []\ncost_of_path: 0\nnodes_expanded: 0\nsearch_depth: 0\nmax_search_depth: 0\nrunning_time: 0.00188088\nmax_ram_usage: 0.07812500\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if err := WriteCOMS(&out, search.Result{Algorithm: "DFS"}, 0); err == nil {
		t.Error("WriteCOMS wrote a result that found nothing")
	}
}

func TestRunCOMSErrors(t *testing.T) {
	if _, err := RunCOMS(bg, "ucs", fixture.MustParse(t, "1,2,5,3,4,0,6,7,8"), search.Limits{}); err == nil {
		t.Error("method ucs accepted")
	}
	// Two tiles swapped: odd inversions against 0,1,…,8, unsolvable.
	if _, err := RunCOMS(bg, "bfs", fixture.MustParse(t, "1,0,2,3,4,5,6,8,7"), search.Limits{}); err == nil || !strings.Contains(err.Error(), "inversion") {
		t.Errorf("unsolvable board: err = %v, want the parity explanation", err)
	}
}

// The A* of the COMS mode is optimal: its path length is the exact
// distance from the table for the assignment's goal.
func TestCOMSAStarOptimal(t *testing.T) {
	tb := fixture.TableFor(t, fixture.ComsGoal())
	for d := 0; d <= tb.Radius(); d += 3 {
		for _, b := range tb.Sample(fixture.NewRand(uint64(d)), d, 2) {
			run, err := RunCOMS(bg, "ast", b, search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(run.Result.Path) != d {
				t.Errorf("ast %s: %d moves, table says %d", b, len(run.Result.Path), d)
			}
			fixture.Replay(t, "ast", b, fixture.ComsGoal(), run.Result.Path)
		}
	}
}

// envRSSChild makes the test binary run one COMS DFS and print the
// growth of its peak RSS (TestCOMSRSSInChild).
const envRSSChild = "TILESPACE_COMS_RSS_CHILD"

// A DFS over 181,437 boards holds megabytes, and max_ram_usage shows them
// even when the program was started by a larger one (go run starts it
// from the go command, whose peak getrusage's ru_maxrss inherits): the
// parent here holds 256 MiB when it starts the child.
func TestCOMSRSSInChild(t *testing.T) {
	if os.Getenv(envRSSChild) != "" {
		b, err := statespace.Parse("1,2,5,3,4,0,6,7,8", statespace.Shape{Rows: 3, Cols: 3})
		if err != nil {
			t.Fatal(err)
		}
		run, err := RunCOMS(context.Background(), "dfs", b, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("grew %d bytes\n", run.MaxRSSBytes)
		return
	}
	if _, ok := maxRSS(); !ok {
		t.Skip("this platform reports no peak resident set size")
	}
	ballast := make([]byte, 256<<20)
	for i := range ballast {
		ballast[i] = 1 // resident
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCOMSRSSInChild$")
	cmd.Env = append(os.Environ(), envRSSChild+"=1")
	out, err := cmd.CombinedOutput()
	runtime.KeepAlive(ballast)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var grew int64
	if _, err := fmt.Sscanf(string(out), "grew %d bytes", &grew); err != nil {
		t.Fatalf("child printed %q", out)
	}
	// The visited set alone holds 181,437 boards of 8 bytes and more.
	if grew < 4<<20 || grew > 200<<20 {
		t.Errorf("DFS over 181,437 boards: the peak RSS grew %d bytes; want megabytes, and less than the parent holds", grew)
	}
}
