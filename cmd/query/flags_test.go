package main

import (
	"bytes"
	"context"
	"io"
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
		{[]string{"-pdb-dir", dir, "-pdb", "1,2,3,4/5,6,7,8", "-shape", "3x3"}, "-pdb-dir and -pdb apply"},
		{[]string{"-pdb-dir", filepath.Join(dir, "none"), "-shape", "4x4"}, "-pdb-dir"},
		{[]string{"-pdb", "1,2,3/4,5", "-shape", "4x4"}, "-pdb: pdb: partition"},
		{[]string{"-goal", "lasst"}, "-goal lasst"},
		{[]string{"-goal", "1,2,3,4,5,6,7,8,9", "-json"}, "-goal 1,2,3,4,5,6,7,8,9"},
		{[]string{"-shape", "4x4", "-goal", "1,2,3,4,0,5,6,7,8"}, "-goal"},
		{[]string{"random", "3", "-in", "x"}, "flag provided but not defined: -in"},
		{[]string{"random", "3", "-pdb-dir", dir}, "flag provided but not defined: -pdb-dir"},
		{[]string{"random", "3", "-all-moves"}, "flag provided but not defined: -all-moves"},
		{[]string{"-json", "random", "3"}, "random goes first"},
		{[]string{"random", "3", "-shape", "4x4", "-path"}, "-path applies to random boards with answers; 4x4 boards have no distance table"},
		{[]string{"random", "3", "-shape", "4x4", "-tile-moves"}, "-tile-moves applies to random boards with answers"},
		{[]string{"random", "3", "-shape", "3x5", "-depth", "5"}, "-depth applies to random boards with answers; 3x5 boards"},
		{[]string{"random", "-shape", "2x6", "-depth", "5", "3"}, "-depth applies to random boards with answers; 2x6 boards"},
		{[]string{"random", "-json", "-csv", "3"}, "-json and -csv exclude each other"},
	} {
		var stdout, stderr bytes.Buffer
		code := report(&stderr, run(context.Background(), failReader{t}, &stdout, &stderr, tc.args))
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("case %d: %v: exit %d, stderr %q; want 2 and %q", i, tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestMovedFlagsRefused checks that the flags whose jobs left query (the
// page, the classroom reports, random boards) are refused with exit
// status 2 and one line naming the command that does the job now, before
// any input is read; -depth and -seed are flags of query random itself.
func TestMovedFlagsRefused(t *testing.T) {
	for i, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-serve"}, "-serve moved to its own command: go run ./cmd/serve"},
		{[]string{"-serve", "-addr", "127.0.0.1:0"}, "go run ./cmd/serve"},
		{[]string{"-addr", "127.0.0.1:0"}, "go run ./cmd/serve -addr"},
		{[]string{"-coms", "bfs", "1,2,5,3,4,0,6,7,8"}, "-coms moved to its own command: go run ./cmd/classroom coms"},
		{[]string{"1,2,5,3,4,0,6,7,8", "-compare"}, "go run ./cmd/classroom compare BOARD"},
		{[]string{"--explain-dfs", "1,2,5,3,4,0,6,7,8"}, "go run ./cmd/classroom explain-dfs BOARD"},
		{[]string{"-greedy-stats", "-n", "5"}, "go run ./cmd/classroom greedy-stats"},
		{[]string{"-n", "5", "1,2,5,3,4,0,6,7,8"}, "-n moved to its own command: go run ./cmd/classroom greedy-stats -n N"},
		{[]string{"-k=10,20"}, "go run ./cmd/classroom greedy-stats -k"},
		{[]string{"-score", "matched", "1,2,5,3,4,0,6,7,8"}, "go run ./cmd/classroom greedy-stats -score"},
		{[]string{"-stuck", "stop", "1,2,5,3,4,0,6,7,8"}, "go run ./cmd/classroom greedy-stats -stuck"},
		{[]string{"-random", "3"}, "-random moved to its own command: go run ./cmd/query random"},
		{[]string{"-random", "3", "-depth", "20"}, "go run ./cmd/query random"},
		{[]string{"-depth", "3"}, "-depth moved to its own command: go run ./cmd/query random -depth D N"},
		{[]string{"-seed", "3"}, "go run ./cmd/query random -seed S N"},
		{[]string{"random", "-serve"}, "go run ./cmd/serve"},
		{[]string{"random", "-compare", "3"}, "go run ./cmd/classroom compare"},
	} {
		var stdout, stderr bytes.Buffer
		code := report(&stderr, run(context.Background(), failReader{t}, &stdout, &stderr, tc.args))
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || strings.Count(stderr.String(), "\n") != 1 || stdout.Len() != 0 {
			t.Errorf("case %d: %v: exit %d, stderr %q; want 2 and one line with %q", i, tc.args, code, stderr.String(), tc.want)
		}
	}
	// After "--" nothing is a flag: "-serve" is a (bad) board there.
	if err := moved.Refuse([]string{"--", "-serve"}); err != nil {
		t.Errorf("-serve after --: %v", err)
	}
}

// query alone on a terminal says that it reads boards from stdin and how
// to end; from a pipe or with boards it says nothing of the kind.
func TestStdinNotice(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	defer func(f func(io.Reader) bool) { isTerminal = f }(isTerminal)
	for i, tc := range []struct {
		terminal bool
		args     []string
		notice   bool
	}{
		{true, nil, true},
		{true, []string{"-"}, true},
		{true, []string{"-json"}, true},
		{false, nil, false},
		{true, []string{"1,2,3,4,5,6,7,0,8"}, false},
	} {
		isTerminal = func(io.Reader) bool { return tc.terminal }
		var out, errb bytes.Buffer
		err := run(context.Background(), strings.NewReader("1,2,3,4,5,6,0,7,8\n"), &out, &errb, tc.args)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got := strings.Contains(errb.String(), "query: reading boards from standard input, one a line") && strings.Contains(errb.String(), "end with Ctrl-D")
		if got != tc.notice || tc.notice && strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("case %d: stderr %q, notice wanted: %v", i, errb.String(), tc.notice)
		}
		if out.Len() == 0 {
			t.Errorf("case %d: no answer", i)
		}
	}
}

// The tiles of a board typed unquoted get one usage error showing the
// board as one argument, before stdin is read.
func TestLooseTiles(t *testing.T) {
	for i, tc := range []struct {
		args []string
		want string // "" when not refused as loose tiles
	}{
		{strings.Fields("1 2 3 4 5 6 7 8 0"), "9 arguments that look like the tiles of one board: give a board as one argument, 1,2,3,4,5,6,7,8,0"},
		{strings.Fields("1 2 3 _"), "give a board as one argument, 1,2,3,_"},
		{strings.Fields("1 2 3/4 5 6/7 8 _"), `7 arguments that look like the tiles of one board: give a board as one argument, 1,2,3,4,5,6,7,8,_ (or quoted: "1 2 3/4 5 6/7 8 _")`},
		{strings.Fields("1 2 3 / 4 5 6 / 7 8 _"), `11 arguments that look like the tiles of one board: give a board as one argument, 1,2,3,4,5,6,7,8,_ (or quoted: "1 2 3 / 4 5 6 / 7 8 _")`},
		{strings.Fields("/ /"), ""},
		{strings.Fields("12/3 4,5"), ""},
		{strings.Fields("-json 1 12 3 4 5 6 7 8 9 10 11 0 13 14 15 2"), "16 arguments"},
		{strings.Fields("1,2,3,4,5,6,7,0,8 1,2,3,4,5,6,0,7,8"), ""},
		{strings.Fields("125340678"), ""},
	} {
		var out, errb bytes.Buffer
		err := run(context.Background(), failReader{t}, &out, &errb, tc.args)
		status := report(&errb, err)
		switch {
		case tc.want == "" && strings.Contains(errb.String(), "look like the tiles"):
			t.Errorf("case %d: refused: %s", i, errb.String())
		case tc.want != "" && (status != 2 || !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1):
			t.Errorf("case %d: exit %d, %q; want 2 and one line with %q", i, status, errb.String(), tc.want)
		}
	}
}

// -all-moves promises every optimal first move; a table keeps that promise
// without it, so on tabled boards the flag is accepted and changes
// nothing, in every format.
func TestAllMovesOnTables(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	for _, format := range [][]string{nil, {"-json"}, {"-csv"}} {
		args := append(append([]string{}, format...), "8,6,7,2,5,4,3,0,1", "1,2,3,4,5,6,7,0,8")
		var plain, all, errb bytes.Buffer
		if err := run(context.Background(), strings.NewReader(""), &plain, &errb, args); err != nil {
			t.Fatalf("%v: %v %s", args, err, errb.String())
		}
		if err := run(context.Background(), strings.NewReader(""), &all, &errb, append([]string{"-all-moves"}, args...)); err != nil {
			t.Fatalf("-all-moves %v: %v %s", args, err, errb.String())
		}
		if plain.String() != all.String() || !strings.Contains(plain.String(), "31") {
			t.Errorf("%v: -all-moves changed the output:\n%s\nto\n%s", format, plain.String(), all.String())
		}
	}
}

// Search flags for boards read from stdin, whose shape only their answer
// tells, are refused where a table answers them: a failure record a line
// naming the flags' remedy (the resolver answers from the table; the
// refusal is the command's), exit 1.
func TestSearchFlagsOnTabledLines(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	dir := t.TempDir()
	in := "8,6,7,2,5,4,3,0,1\n1,2,3,4,5,6,7,0,8\n"
	var stdout, stderr bytes.Buffer
	code := report(&stderr, run(context.Background(), strings.NewReader(in), &stdout, &stderr, []string{"-json", "-pdb-dir", dir}))
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	for i, l := range lines {
		if !strings.Contains(l, `"line":`+string(rune('1'+i))) || !strings.Contains(l, "pattern databases apply to boards solved by search") ||
			!strings.Contains(l, "drop -pdb and -pdb-dir") {
			t.Errorf("line %d: %s", i+1, l)
		}
	}
}
