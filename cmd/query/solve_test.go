package main

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// heuristic555 is how answers name 5-5-5 for goal first: its tiles, and
// the reflection the goal allows.
const heuristic555 = "pdb 1,2,3,6,7/4,5,8,9,12/10,11,13,14,15+reflection"

// korf returns Korf's 100 instances (Korf 1985, with their published
// optimal lengths; data/reference) whose length is at most maxLen.
func korf(t *testing.T, maxLen int) (boards []string, lengths []int) {
	t.Helper()
	for _, in := range reference.Korf100() {
		if in.Optimal <= maxLen {
			boards = append(boards, in.Board)
			lengths = append(lengths, in.Optimal)
		}
	}
	return boards, lengths
}

// query -shape 4x4 solves Korf's instances optimally with IDA* on the
// pattern databases in the cache folder: here the 5-5-5 ones, built first
// because they take a second. Every path replays to the goal with the
// published length.
func TestSolve4x4(t *testing.T) {
	_, goal := cacheWith555(t)
	boards, lengths := korf(t, 50)
	if len(boards) < 5 {
		t.Fatalf("only %d short instances", len(boards))
	}
	in := strings.Join(boards, "\n") + "\n"
	var out, errb strings.Builder
	code := report(&errb, run(context.Background(), strings.NewReader(in), &out, &errb, []string{"-shape", "4x4", "-goal", "first", "-json"}))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "solved "+strconv.Itoa(len(boards))+" boards by search") {
		t.Errorf("no totals on stderr: %s", errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(boards) {
		t.Fatalf("%d records for %d boards", len(lines), len(boards))
	}
	for i, line := range lines {
		checkRecord(t, i, line, boards[i], lengths[i], goal)
	}
	// Plain lines have the same eight columns with and without -path:
	// board, distance, optimal moves (?), path, nodes, seconds, heuristic.
	for _, withPath := range []bool{false, true} {
		checkPlainLines(t, boards[:3], lengths, withPath)
	}

	// -all-moves in CSV: the nodes and seconds columns, and the one optimal
	// first move of that board (Left; Up leaves tiles 1, 4 and 5 one move
	// from home each, so a Manhattan distance of 3).
	var csvOut, csvErr strings.Builder
	code = report(&csvErr, run(context.Background(), strings.NewReader(""), &csvOut, &csvErr,
		[]string{"-shape", "4x4", "-goal", "first", "-csv", "-all-moves", "4,1,2,3,5,0,6,7,8,9,10,11,12,13,14,15"}))
	rows := strings.Split(strings.TrimSpace(csvOut.String()), "\n")
	if code != 0 || len(rows) != 2 || rows[0] != "board,distance,optimal_moves,path,nodes,seconds,heuristic,generated,error" ||
		!strings.HasPrefix(rows[1], `"4,1,2,3,5,0,6,7,8,9,10,11,12,13,14,15",2,Left,Left Up,`) {
		t.Errorf("CSV with -all-moves: exit %d\n%s%s", code, csvOut.String(), csvErr.String())
	}
}

// checkRecord checks the JSON record of Korf instance i: no optimal moves
// without -all-moves, the search's counts, the heuristic, and a path that
// replays to the goal with the published length.
func checkRecord(t *testing.T, i int, line, board string, length int, goal statespace.Board) {
	t.Helper()
	var rec map[string]any
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	if _, ok := rec["optimal_moves"]; ok {
		t.Errorf("instance %d: optimal_moves without -all-moves", i)
	}
	if rec["nodes"] == nil || rec["seconds"] == nil {
		t.Errorf("instance %d: no nodes or seconds: %s", i, line)
	}
	if rec["heuristic"] != heuristic555 {
		t.Errorf("instance %d: heuristic %v, want %s", i, rec["heuristic"], heuristic555)
	}
	b, err := statespace.Parse(board, statespace.Shape{Rows: 4, Cols: 4})
	if err != nil {
		t.Fatal(err)
	}
	var path []statespace.Move
	for _, name := range rec["path"].([]any) {
		m, err := statespace.ParseMove(name.(string))
		if err != nil {
			t.Fatal(err)
		}
		path = append(path, m)
	}
	end, bad := b.ApplyAll(path)
	if bad >= 0 || end != goal || len(path) != length || int(rec["distance"].(float64)) != length {
		t.Errorf("instance %d: %d moves reach %s (illegal at %d), published %d", i, len(path), end, bad, length)
	}
}

// checkPlainLines checks the plain lines of boards solved by search: the
// same eight columns with and without -path (board, distance, optimal
// moves "?", path, nodes, seconds, heuristic, generated).
func checkPlainLines(t *testing.T, boards []string, lengths []int, withPath bool) {
	t.Helper()
	args := []string{"-shape", "4x4", "-goal", "first"}
	if withPath {
		args = append(args, "-path")
	}
	var out, errb strings.Builder
	if code := report(&errb, run(context.Background(), strings.NewReader(strings.Join(boards, "\n")), &out, &errb, args)); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) != 8 || cols[0] != boards[i] || cols[1] != strconv.Itoa(lengths[i]) || cols[2] != "?" || cols[6] != heuristic555 {
			t.Fatalf("%v: line %d: %q", args, i+1, cols)
		}
		if n, err := strconv.Atoi(cols[4]); err != nil || n <= 0 {
			t.Errorf("%v: line %d: nodes %q", args, i+1, cols[4])
		} else if g, err := strconv.Atoi(cols[7]); err != nil || g < n {
			t.Errorf("%v: line %d: %q generated, fewer than the %d expanded", args, i+1, cols[7], n)
		}
		if _, err := strconv.ParseFloat(cols[5], 64); err != nil {
			t.Errorf("%v: line %d: seconds %q", args, i+1, cols[5])
		}
		if moves := len(strings.Fields(cols[3])); withPath != (moves == lengths[i]) || !withPath && moves != 0 {
			t.Errorf("%v: line %d: path column %q", args, i+1, cols[3])
		}
	}
	if !strings.Contains(errb.String(), "by search on "+heuristic555) {
		t.Errorf("%v: stderr does not name the heuristic: %s", args, errb.String())
	}
}

// cacheWith555 makes the test's cache folder ($TILESPACE_CACHE) and builds
// into it the 5-5-5 pattern databases of the 15-puzzle's goal first (a
// second), which it returns.
func cacheWith555(t *testing.T) (string, statespace.Board) {
	t.Helper()
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	part, err := pdb.Preset("5-5-5", goal)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := generate.PDBs(context.Background(), goal, part, cache, false, nil); err != nil {
		t.Fatal(err)
	}
	return cache, goal
}
