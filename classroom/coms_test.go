package classroom

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/search"
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
