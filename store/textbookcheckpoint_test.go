package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

var textbookResults = []TextbookResult{
	{Depth: 20, Board: "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3", Algorithm: "ida:manhattan", Generated: 1234},
	{Depth: 22, Board: "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", Algorithm: "ida:pdb:5-5-5", Stopped: true},
}

func textbookCheckpointFixture(t *testing.T) (string, statespace.Board) {
	t.Helper()
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	path := filepath.Join(t.TempDir(), TextbookCheckpointFile(goal, "run A").Name())
	if err := WriteTextbookCheckpoint(context.Background(), path, goal, "run A", textbookResults); err != nil {
		t.Fatal(err)
	}
	return path, goal
}

// TestTextbookCheckpoint checks that a textbook checkpoint reads back as
// written, that each run has its own file, and the typed errors for a
// damaged file, another run or goal, and a missing file.
func TestTextbookCheckpoint(t *testing.T) {
	path, goal := textbookCheckpointFixture(t)
	got, err := ReadTextbookCheckpoint(path, goal, "run A")
	if err != nil || !reflect.DeepEqual(got, textbookResults) {
		t.Fatalf("read %+v, %v; wrote %+v", got, err, textbookResults)
	}
	if TextbookCheckpointFile(goal, "run A") == TextbookCheckpointFile(goal, "run B") {
		t.Error("two runs share a checkpoint file")
	}
	var mis *CheckpointMismatchError
	if _, err := ReadTextbookCheckpoint(path, goal, "run B"); !errors.As(err, &mis) || mis.Field != "run" {
		t.Errorf("another run: got %v, want a *CheckpointMismatchError", err)
	}
	first := statespace.GoalFirst(goal.Shape())
	if _, err := ReadTextbookCheckpoint(path, first, "run A"); !errors.As(err, &mis) || mis.Field != "goal" {
		t.Errorf("another goal: got %v, want a *CheckpointMismatchError", err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damage := map[string][]byte{
		"flipped byte": func() []byte { b := append([]byte(nil), raw...); b[len(b)/2] ^= 1; return b }(),
		"truncated":    raw[:len(raw)-20],
		"version":      append([]byte("tilespace textbook checkpoint 9\n"), raw[len(textbookCheckpointMagic):]...),
		"not one":      []byte("hello\n"),
		"too big":      append(append([]byte(nil), raw...), make([]byte, MaxTextbookCheckpoint)...),
	}
	for name, b := range damage {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var de *CheckpointDamagedError
		if _, err := ReadTextbookCheckpoint(path, goal, "run A"); !errors.As(err, &de) {
			t.Errorf("%s: got %v, want a *CheckpointDamagedError", name, err)
		}
	}
	if _, err := ReadTextbookCheckpoint(filepath.Join(t.TempDir(), "none"), goal, "run A"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v", err)
	}
}

// FuzzTextbookCheckpoint: any bytes are read as a checkpoint or refused
// as damaged, and one read is written back the same.
func FuzzTextbookCheckpoint(f *testing.F) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	seed, err := os.ReadFile("testdata/textbook.checkpoint")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(textbookCheckpointMagic + "{}\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		rec, err := decodeTextbookCheckpoint(raw, goal.Shape())
		if err != nil {
			return
		}
		path := filepath.Join(t.TempDir(), "c")
		if err := WriteTextbookCheckpoint(context.Background(), path, goal, rec.Run, rec.Results); err != nil {
			t.Fatal(err)
		}
		back, err := ReadTextbookCheckpoint(path, goal, rec.Run)
		if err != nil || len(back) != len(rec.Results) {
			t.Fatalf("read back %d results, %v; wrote %d", len(back), err, len(rec.Results))
		}
	})
}
