package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

func solveCheckpointFixture(t testing.TB) (path string, goal, board statespace.Board, cp solver.Checkpoint) {
	t.Helper()
	sh := statespace.Shape{Rows: 4, Cols: 4}
	goal = statespace.GoalFirst(sh)
	board = fixture.MustParse(t, "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3")
	cp = solver.Checkpoint{Board: board, Goal: goal, Heuristic: "pdb 5-5-5", Bound: 44, Iterations: 3, Nodes: 12345,
		Generated: 23456, Elapsed: 1500 * time.Millisecond, Split: 5, Tasks: 130, IterationNodes: []uint64{100, 2000, 10245},
		Heavy: []string{"ULDRU", "ULDRULDR"},
		Done:  []solver.Subtree{{Index: 0, Nodes: 10, Generated: 20, Next: 46}, {Index: 7, Nodes: 1, Generated: 2, Next: 48}}}
	path = filepath.Join(t.TempDir(), SolveCheckpointFile(goal, board, "pdb 5-5-5").Name())
	if err := WriteSolveCheckpoint(context.Background(), path, &cp); err != nil {
		t.Fatal(err)
	}
	return path, goal, board, cp
}

// TestSolveCheckpointRoundTrip checks that a search checkpoint reads back
// as written.
func TestSolveCheckpointRoundTrip(t *testing.T) {
	path, goal, board, cp := solveCheckpointFixture(t)
	got, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, cp) {
		t.Fatalf("read %+v, wrote %+v", got, cp)
	}
}

// endedCheckpoint is the fixture's search ended: its path (the store
// keeps it as letters, whatever its moves) and its totals.
func endedCheckpoint(cp solver.Checkpoint) solver.Checkpoint {
	cp.Split, cp.Tasks, cp.Done, cp.Bound = 0, 0, nil, 8
	cp.Path = []statespace.Move{statespace.Up, statespace.Left, statespace.Down, statespace.Right,
		statespace.Right, statespace.Up, statespace.Left, statespace.Down}
	return cp
}

// TestSolveCheckpointEnded checks that the checkpoint of an ended search
// reads back with its path, an empty path (the goal's) included, and that
// a path of other letters, or longer than a search goes, is damage, as a
// heavy subtree's is.
func TestSolveCheckpointEnded(t *testing.T) {
	path, goal, board, cp := solveCheckpointFixture(t)
	for _, end := range []solver.Checkpoint{endedCheckpoint(cp), func() solver.Checkpoint {
		c := endedCheckpoint(cp)
		c.Path, c.Bound = []statespace.Move{}, 0
		return c
	}()} {
		if err := WriteSolveCheckpoint(context.Background(), path, &end); err != nil {
			t.Fatal(err)
		}
		got, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, end) {
			t.Fatalf("read %+v, wrote %+v", got, end)
		}
	}
	for name, letters := range map[string]string{
		"a letter not a move": "ULDX",
		"too long":            strings.Repeat("UD", solver.MaxBound),
	} {
		rec := solveRecord{Shape: "4x4", Goal: goal.String(), Board: board.String(), Heuristic: "pdb 5-5-5", Done: [][4]int64{}, Heavy: []string{letters}}
		if err := writeSealed(context.Background(), path, solveCheckpointMagic, rec); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5"); !strings.Contains(fmt.Sprint(err), "heavy subtree") {
			t.Errorf("%s as a heavy subtree: got %v, want a damaged checkpoint naming it", name, err)
		}
		rec = solveRecord{Shape: "4x4", Goal: goal.String(), Board: board.String(), Heuristic: "pdb 5-5-5", Done: [][4]int64{}, Path: &letters}
		if err := writeSealed(context.Background(), path, solveCheckpointMagic, rec); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5")
		var de *CheckpointDamagedError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), "solution") {
			t.Errorf("%s: got %v, want a *CheckpointDamagedError naming the solution", name, err)
		}
	}
}

// TestSolveCheckpointWithoutIterationNodes checks that a checkpoint
// written before the iterations' nodes were kept (the fixture's, as the
// writer then wrote it) reads with none and everything else.
func TestSolveCheckpointWithoutIterationNodes(t *testing.T) {
	_, goal, board, cp := solveCheckpointFixture(t)
	got, err := ReadSolveCheckpoint(filepath.Join("testdata", "solve-without-iteration-nodes.checkpoint"), goal, board, "pdb 5-5-5")
	if err != nil {
		t.Fatal(err)
	}
	cp.IterationNodes, cp.Heavy = nil, nil
	if !reflect.DeepEqual(got, cp) {
		t.Fatalf("read %+v, want %+v", got, cp)
	}
}

// TestSolveCheckpointRefused checks the typed errors for a damaged file,
// another version, and a checkpoint of another board, goal or heuristic.
func TestSolveCheckpointRefused(t *testing.T) {
	path, goal, board, _ := solveCheckpointFixture(t)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := fixture.MustParse(t, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
	var mis *CheckpointMismatchError
	for _, c := range []struct {
		goal, board statespace.Board
		heuristic   string
		field       string
	}{
		{goal, other, "pdb 5-5-5", "board"},
		{goal, board, "pdb 6-6-3", "heuristic"},
		{statespace.GoalLast(goal.Shape()), board, "pdb 5-5-5", "goal"},
	} {
		_, err := ReadSolveCheckpoint(path, c.goal, c.board, c.heuristic)
		if !errors.As(err, &mis) || mis.Field != c.field {
			t.Errorf("other %s: got %v, want a *CheckpointMismatchError", c.field, err)
		}
	}
	damage := map[string][]byte{
		"flipped byte": func() []byte { b := append([]byte(nil), raw...); b[len(b)/2] ^= 1; return b }(),
		"truncated":    raw[:len(raw)-20],
		"version":      append([]byte("tilespace solve checkpoint 9\n"), raw[len(solveCheckpointMagic):]...),
		"not one":      []byte("hello\n"),
	}
	for name, b := range damage {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5")
		var de *CheckpointDamagedError
		if !errors.As(err, &de) {
			t.Errorf("%s: got %v, want a *CheckpointDamagedError", name, err)
		}
	}
	if _, err := ReadSolveCheckpoint(filepath.Join(t.TempDir(), "none"), goal, board, "x"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v", err)
	}
}

// FuzzReadSolveCheckpoint: any bytes at a search checkpoint's path are
// refused with a *CheckpointDamagedError or a *CheckpointMismatchError,
// or read as a checkpoint that writes back and reads again the same,
// never a panic. Seeds: the fixture with the iterations' nodes, its
// search ended, the file written without them (testdata), and pieces of
// them.
func FuzzReadSolveCheckpoint(f *testing.F) {
	seedPath, goal, board, cp := solveCheckpointFixture(f)
	endPath := filepath.Join(filepath.Dir(seedPath), "ended.checkpoint")
	end := endedCheckpoint(cp)
	if err := WriteSolveCheckpoint(context.Background(), endPath, &end); err != nil {
		f.Fatal(err)
	}
	for _, p := range []string{seedPath, endPath, filepath.Join("testdata", "solve-without-iteration-nodes.checkpoint")} {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
		f.Add(raw[:len(raw)/2])
	}
	f.Add([]byte(solveCheckpointMagic))
	f.Fuzz(func(t *testing.T, raw []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "c.checkpoint")
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		cp, err := ReadSolveCheckpoint(path, goal, board, "pdb 5-5-5")
		var de *CheckpointDamagedError
		var me *CheckpointMismatchError
		switch {
		case errors.As(err, &de) || errors.As(err, &me):
			return
		case err != nil:
			t.Fatalf("untyped error %v", err)
		}
		again := filepath.Join(dir, "again.checkpoint")
		if err := WriteSolveCheckpoint(context.Background(), again, &cp); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSolveCheckpoint(again, goal, board, "pdb 5-5-5")
		if err != nil || !reflect.DeepEqual(back, cp) {
			t.Fatalf("read %+v, written back and read %+v, %v", cp, back, err)
		}
	})
}
