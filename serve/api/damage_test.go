package api

import (
	"context"
	"github.com/tilespace/tilespace/pdb"
	"net/url"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/forged"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// markExplain stands for the command's remedies (cli.Explain).
func markExplain(err error) string { return err.Error() + "; check it" }

// wantDamage checks that every target answers 500 with the damage and
// the remedy in its message.
func wantDamage(t *testing.T, s *Server, targets []string, says ...string) {
	t.Helper()
	for _, target := range targets {
		status, body := s.Do(context.Background(), target)
		msg := string(body)
		if status != StatusInternalServerError || !strings.Contains(msg, "; check it") {
			t.Errorf("%s: %d %s, want 500 with the remedy", target, status, msg)
		}
		for _, w := range says {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %d %s, want it to say %q", target, status, msg, w)
			}
		}
	}
}

// Pattern databases with an entry forged (two entries swapped: counts and
// checksums sound) are refused by the page as the command line refuses
// them: /api/board, /api/gif and /api/compare answer 500 with the file
// and the remedy where the solver's own path shows the forgery, and
// /api/compare also where only a shorter path of another search does,
// never a reference its own rows beat ("excess_moves" below zero).
func TestForgedDatabasesRefused(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	for _, onPath := range []bool{true, false} {
		f := forged.Write(t, t.TempDir(), goal, "1,2,3,4/5,6,7,8/9,10,11", 30, 1, onPath)
		part, err := pdb.ParsePartition(f.Partition, goal)
		if err != nil {
			t.Fatal(err)
		}
		s := newTestAPI(t, Config{Explain: markExplain}, resolve.Config{PDBDir: f.Dir, Partition: part})
		b := url.QueryEscape(f.Board.String())
		compare := "/api/compare?shape=3x4&algs=astar-manhattan,idastar&b=" + b
		if onPath {
			wantDamage(t, s, []string{"/api/board?shape=3x4&b=" + b, "/api/gif?shape=3x4&b=" + b, compare}, f.File+" is damaged")
		} else {
			wantDamage(t, s, []string{compare}, "are damaged", "found a path of")
		}
	}
}

// A damaged file on the server is 500 with its remedy on every route
// that meets it, the same status whether resolving the goal, a lookup or
// a search found it: a table file whose checksum fails, which the page
// may not rebuild in memory here.
func TestDamagedTableSameStatusEveryRoute(t *testing.T) {
	dir := t.TempDir()
	path, _ := forged.DamagedTable(t, dir, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	s := newTestAPI(t, Config{Explain: markExplain}, resolve.Config{Cache: store.NewCache(dir), BuildLimit: 1})
	b := "1,2,3,4,5,6,0,7"
	wantDamage(t, s, []string{"/api/board?shape=2x4&b=" + b, "/api/compare?shape=2x4&b=" + b, "/api/gif?shape=2x4&b=" + b,
		"/api/random?shape=2x4&depth=3", "/api/watch?shape=2x4&alg=bfs&b=" + b}, path+" is damaged")
}
