package twobit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// FuzzReadCheckpoint: any bytes at the checkpoint's path are refused with
// a *CheckpointError or give a checkpoint whose done codes match its
// counts, never a panic. Seeds: a real checkpoint of 2x3 and pieces of it.
func FuzzReadCheckpoint(f *testing.F) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}))
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.checkpoint")
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Search(ctx, sp, Options{Checkpoint: path, CheckpointEvery: time.Nanosecond,
		OnLevel: func(l Level) {
			if l.Depth == 10 {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		f.Fatal(err)
	}
	seed, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add(seed[:60])
	f.Add([]byte(checkpointMagic))
	// One file, kept open, rewritten in place for every input (see
	// tablefile's FuzzOpen: a folder or a truncating write per input
	// stalled the fuzzer in its minimizer).
	p := filepath.Join(dir, "c")
	w, err := os.Create(p)
	if err != nil {
		f.Fatal(err)
	}
	defer w.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := w.WriteAt(data, 0); err != nil {
			t.Fatal(err)
		}
		if err := w.Truncate(int64(len(data))); err != nil {
			t.Fatal(err)
		}
		cp, err := readCheckpoint(p, sp)
		if err != nil {
			var ce *CheckpointError
			if !errors.As(err, &ce) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if len(cp.counts) == 0 || len(cp.codes) != int((sp.Size()+perWord-1)/perWord) {
			t.Fatalf("accepted a checkpoint of %d levels, %d words", len(cp.counts), len(cp.codes))
		}
	})
}
