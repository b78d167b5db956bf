package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/tilespace/tilespace/internal/exitstatus"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

func runArgs(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), &stdout, &stderr, flag.NewFlagSet("beam-ida", flag.ContinueOnError), args, nil)
	return stdout.String(), stderr.String(), err
}

// -json prints the local solver's path and counts, and a second run
// resumes every iteration from its record.
func TestJSONEqualsSolver(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	dbs := t.TempDir()
	a := write555(t, goal, dbs)
	s, err := solver.New(a)
	if err != nil {
		t.Fatal(err)
	}
	const text = "4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10" // Korf's instance 42, 42 moves
	b, err := statespace.Parse(text, goal.Shape())
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.Solve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	results := t.TempDir()
	for run := range 2 {
		stdout, _, err := runArgs(t, "-pdb", "5-5-5", "-board", text, "-databases", dbs, "-results", results, "-split", "6", "-json")
		if err != nil {
			t.Fatal(err)
		}
		var got report
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%v: %s", err, stdout)
		}
		var path []string
		for _, m := range want.Path {
			path = append(path, m.String())
		}
		if got.Length != 42 || strings.Join(got.Path, " ") != strings.Join(path, " ") || got.Nodes != want.Nodes || got.Generated != want.Generated {
			t.Errorf("run %d: %d moves %v, %d nodes, %d generated; the solver %d moves %v, %d, %d", run+1, got.Length, got.Path, got.Nodes, got.Generated, len(path), path, want.Nodes, want.Generated)
		}
		for _, it := range got.Iterations {
			if it.Subtrees > 0 && it.Resumed != (run == 1) { // an iteration without subtrees runs no pipeline
				t.Errorf("run %d: bound %d resumed %v", run+1, it.Bound, it.Resumed)
			}
		}
	}
}

// Usage errors name what is wrong and exit 2.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-pdb", "5-5-5"}, "no -board"},
		{[]string{"-board", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"}, "no -pdb"},
		{[]string{"-pdb", "5-5-5", "-board", "1,2,3", "-databases", "d", "-results", "r"}, "-board"},
		{[]string{"-pdb", "5-5-5", "-board", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "-split", "0"}, "-split 0"},
		{[]string{"-pdb", "5-5-5", "-board", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "-runner", "dataflow", "-results", "/tmp/x"}, "gs://"},
		{[]string{"-pdb", "5-5-5", "-board", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "-runner", "mine"}, "-runner"},
	} {
		_, _, err := runArgs(t, tc.args...)
		var u exitstatus.UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want a usage error naming %q", tc.args, err, tc.want)
		}
	}
}

// The default results folder is named by the whole search: the same board
// at another -refine gets a folder of its own, and the same command
// again resumes its own.
func TestDefaultResultsBySearch(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	write555(t, statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4}), cache)
	solve := func(args ...string) report {
		t.Helper()
		stdout, stderr, err := runArgs(t, append([]string{"-pdb", "5-5-5", "-board", "4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10", "-split", "6", "-json"}, args...)...)
		if err != nil {
			t.Fatalf("%v: %v: %s", args, err, stderr)
		}
		var r report
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%v: %s", err, stdout)
		}
		return r
	}
	plain, refined, again := solve("-refine", "0"), solve(), solve()
	if plain.Results == refined.Results || again.Results != refined.Results || !strings.HasPrefix(refined.Results, cache) {
		t.Fatalf("results folders %s, %s, %s (cache %s)", plain.Results, refined.Results, again.Results, cache)
	}
	if plain.Nodes != refined.Nodes || again.Nodes != refined.Nodes {
		t.Errorf("nodes %d, %d, %d", plain.Nodes, refined.Nodes, again.Nodes)
	}
	for _, it := range again.Iterations {
		if it.Subtrees > 0 && !it.Resumed {
			t.Errorf("the same command again: bound %d not resumed", it.Bound)
		}
	}
}

// write555 builds the 5-5-5 databases for goal into the folder dir, as a
// cache folder holds them, and returns them.
func write555(t *testing.T, goal statespace.Board, dir string) *pdb.Additive {
	t.Helper()
	part, err := pdb.Preset("5-5-5", goal)
	if err != nil {
		t.Fatal(err)
	}
	a, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.NewCache(dir).WritePDBs(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}
