package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/store"
)

// failReader fails the test when read: usage errors come first.
type failReader struct{ t *testing.T }

func (r failReader) Read([]byte) (int, error) {
	r.t.Error("stdin was read before the usage error")
	return 0, os.ErrClosed
}

// TestIgnoredFlagsRefused checks that flags that would be ignored are
// usage errors (exit 2) named in the message, before any input is read.
func TestIgnoredFlagsRefused(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	dir := t.TempDir()
	for i, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-pdb-dir", dir, "8,6,7,2,5,4,3,0,1"}, "-pdb-dir applies to boards solved by search; 3x3 boards"},
		{[]string{"-pdb-dir", dir, "-shape", "3x3"}, "-pdb-dir applies to boards solved by search"},
		{[]string{"-all-moves", "8,6,7,2,5,4,3,0,1", "1,2,3,4,5,6,7,0,8"}, "-all-moves applies to boards solved by search"},
		{[]string{"-all-moves", "-pdb", "1,2,3,4/5,6,7,8", "-shape", "3x3"}, "-all-moves and -pdb apply"},
		{[]string{"-pdb-dir", filepath.Join(dir, "none"), "-shape", "4x4"}, "-pdb-dir"},
		{[]string{"-pdb", "1,2,3/4,5", "-shape", "4x4"}, "-pdb: pdb: partition"},
		{[]string{"-goal", "lasst"}, "-goal lasst"},
		{[]string{"-goal", "1,2,3,4,5,6,7,8,9", "-json"}, "-goal 1,2,3,4,5,6,7,8,9"},
		{[]string{"-shape", "4x4", "-goal", "1,2,3,4,0,5,6,7,8"}, "-goal"},
		{[]string{"-coms", "bfs", "-goal", "last", "1,2,5,3,4,0,6,7,8"}, "-goal does not apply to -coms"},
		{[]string{"-coms", "bfs", "-shape", "3x3", "1,2,5,3,4,0,6,7,8"}, "-shape does not apply to -coms"},
		{[]string{"-coms", "bfs", "-tile-moves", "1,2,5,3,4,0,6,7,8"}, "-tile-moves does not apply to -coms"},
		{[]string{"-compare", "-path", "1,2,5,3,4,0,6,7,8"}, "-path does not apply to -compare"},
		{[]string{"-explain-dfs", "-all-moves", "1,2,5,3,4,0,6,7,8"}, "-all-moves does not apply to -explain-dfs"},
		{[]string{"-random", "3", "-in", "x"}, "-in does not apply to -random"},
		{[]string{"-random", "3", "-pdb-dir", dir}, "-pdb-dir does not apply to -random"},
		{[]string{"-depth", "3"}, "-depth goes with -random"},
		{[]string{"-seed", "3"}, "-seed goes with -greedy-stats or -random"},
		{[]string{"-n", "3"}, "-n goes with -greedy-stats"},
		{[]string{"-random", "3", "-greedy-stats"}, "-greedy-stats and -random exclude each other"},
		{[]string{"-random", "3", "-shape", "4x4", "-path"}, "-path applies to -random boards with answers; 4x4 boards have no distance table"},
		{[]string{"-random", "3", "-shape", "4x4", "-tile-moves"}, "-tile-moves applies to -random boards with answers"},
		{[]string{"-random", "3", "-shape", "3x5", "-depth", "5"}, "-depth applies to -random boards with answers; 3x5 boards"},
		{[]string{"-random", "3", "-shape", "2x6", "-depth", "5"}, "-depth applies to -random boards with answers; 2x6 boards"},
	} {
		var stdout, stderr bytes.Buffer
		code := report(&stderr, run(context.Background(), failReader{t}, &stdout, &stderr, tc.args))
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("case %d: %v: exit %d, stderr %q; want 2 and %q", i, tc.args, code, stderr.String(), tc.want)
		}
	}
}
