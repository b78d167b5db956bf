package main

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/forged"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// classroom compare on forged pattern databases (two entries swapped:
// counts and checksums sound) refuses them instead of printing a
// reference the searches beat: when the solver's own path shows the
// forgery, naming that file; when only a shorter path of another search
// does, naming every file of the partition. Exit 1, nothing on stdout,
// the command that re-derives the files.
func TestCompareRefusesForgedDatabases(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	for _, onPath := range []bool{true, false} {
		f := forged.Write(t, t.TempDir(), goal, "1,2,3,4/5,6,7,8/9,10,11", 30, 1, onPath)
		for _, asJSON := range []bool{false, true} {
			args := []string{"compare", "-shape", "3x4", "-pdb-dir", f.Dir, "-pdb", f.Partition, "-algs", "astar-manhattan,idastar"}
			if asJSON {
				args = append(args, "-json")
			}
			args = append(args, f.Board.String())
			out, msg, code := runClassroom(t, args...)
			want := []string{"go run ./cmd/enumerate verify " + f.File}
			if onPath {
				want = append(want, f.File+" is damaged")
			} else {
				want = append(want, "are damaged", "found a path of", "go run ./cmd/enumerate verify "+f.Dir)
			}
			for _, w := range want {
				if !strings.Contains(msg, w) {
					t.Errorf("classroom %s (distance %d, the forgery gives %d): exit %d, stderr lacks %q\n--- stdout\n%s--- stderr\n%s",
						strings.Join(args, " "), f.Distance, f.Wrong, code, w, out, msg)
				}
			}
			if code != 1 || out != "" {
				t.Errorf("classroom %s: exit %d, stdout %q", strings.Join(args, " "), code, out)
			}
		}
	}
}
