package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/forged"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// query on pattern databases with an entry forged (two entries swapped:
// counts and checksums sound) refuses a board whose answer's path shows
// the forgery, with or without -path and with -json: exit 1, no answer,
// the file named as damaged and the command that re-derives it.
func TestForgedDatabasesRefused(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	f := forged.Write(t, t.TempDir(), statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}), "1,2,3,4/5,6,7,8/9,10,11", 30, 1, true)
	for _, extra := range [][]string{nil, {"-path"}, {"-json"}, {"-path", "-all-moves"}} {
		args := append([]string{"-shape", "3x4", "-pdb-dir", f.Dir, "-pdb", f.Partition}, extra...)
		args = append(args, f.Board.String())
		var stdout, stderr bytes.Buffer
		code := report(&stderr, run(context.Background(), strings.NewReader(""), &stdout, &stderr, args))
		out, msg := stdout.String(), stderr.String()
		said := msg // the failure: on stderr, or the JSON record's "error"
		if slices.Contains(extra, "-json") {
			said = out
		} else if out != "" {
			t.Errorf("query %s: stdout %q", strings.Join(args, " "), out)
		}
		if code != 1 || strings.Contains(out, `"distance"`) ||
			!strings.Contains(said, f.File+" is damaged") || !strings.Contains(said, "go run ./cmd/enumerate verify "+f.File) {
			t.Errorf("query %s (distance %d, the forgery gives %d): exit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(args, " "), f.Distance, f.Wrong, code, out, msg)
		}
	}
}
