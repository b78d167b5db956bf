package search

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// The optimized BFS and DFS agree with a plain implementation of the
// assignment's pseudo-code on every counter: on the published boards and a
// random 3x3 board, on every board of 2x3 and 3x2, and on random 2x4
// boards, for several goals.
func TestCOMSMatchesPlainImplementation(t *testing.T) {
	type job struct {
		start, goal statespace.Board
	}
	var jobs []job
	for _, s := range []string{"1,2,5,3,4,0,6,7,8", "3,1,2,0,4,5,6,7,8"} {
		jobs = append(jobs, job{mustParse(t, s), comsGoal()})
	}
	jobs = append(jobs, job{tableFor(t, comsGoal()).Sample(newRand(4701), -1, 1)[0], comsGoal()})
	for _, goal := range []statespace.Board{statespace.GoalLast(sh23), statespace.GoalFirst(sh32)} {
		tb := tableFor(t, goal)
		for r := uint64(0); r < tb.States(); r++ {
			jobs = append(jobs, job{tb.Space().Unrank(r), goal})
		}
	}
	for _, goal := range []statespace.Board{statespace.GoalLast(sh24), statespace.MustBoard(sh24, 5, 1, 7, 3, 0, 2, 6, 4)} {
		for _, b := range tableFor(t, goal).Sample(newRand(24), -1, 5) {
			jobs = append(jobs, job{b, goal})
		}
	}
	for i, j := range jobs {
		for _, lifo := range []bool{false, true} {
			if lifo && i < 2 {
				continue // the published DFS counts are checked in TestCOMSPublishedCounts
			}
			want := plainCOMS(j.start, j.goal, lifo)
			p := Problem{Start: j.start, Goal: j.goal}
			got := must(BFS(bg, p))
			if lifo {
				got = must(DFS(bg, p))
			}
			checkAgainstPlain(t, i, got, want)
		}
	}
}

func checkAgainstPlain(t *testing.T, i int, got Result, want plainResult) {
	t.Helper()
	if got.Found != want.found || strings.Join(moveNames(got.Path), " ") != strings.Join(want.path, " ") ||
		got.Expanded != int64(want.expanded) || got.SearchDepth != want.searchDepth ||
		got.MaxSearchDepth != want.maxDepth || got.MaxFrontier != int64(want.maxFrontier) {
		t.Errorf("case %d %s: found %v, %d moves, expanded %d, depth %d, max depth %d, max frontier %d; plain: %v, %d, %d, %d, %d, %d",
			i, got.Algorithm, got.Found, len(got.Path), got.Expanded, got.SearchDepth, got.MaxSearchDepth, got.MaxFrontier,
			want.found, len(want.path), want.expanded, want.searchDepth, want.maxDepth, want.maxFrontier)
	}
}

// The DFS path length that classroom.ExplainDFS reports; 13,439 is
// recomputed here, not copied: the plain COMS-style DFS toward "last".
func TestExplainDFSPathLengthIndependent(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	if r := plainCOMS(mustParse(t, "1,2,5,3,4,0,6,7,8"), goal, true); len(r.path) != 13439 {
		t.Errorf("plain DFS path %d moves", len(r.path))
	}
}
