package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func deepText(t *testing.T, cfg analyze.DeepConfig, rows []analyze.DeepRow) string {
	t.Helper()
	var b bytes.Buffer
	if err := analyze.WriteDeepText(&b, cfg, rows); err != nil {
		t.Fatal(err)
	}
	if err := analyze.WriteDeepJSON(&b, cfg, rows); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDeepResume interrupts a textbook run after k searches, at several
// k, resumes it from its checkpoint and checks that the resumed run runs
// only the searches the interrupted one did not and prints what a run never interrupted prints;
// the checkpoint is gone once a run ends.
func TestDeepResume(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	cfg := analyze.DeepConfig{Goal: goal, Depths: []int{12, 14, 16}, N: 3, Seed: 1, BFSDepth: 20,
		Algorithms: []string{"ida:manhattan", "ida:linear-conflict", "ida:pdb:1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"}}
	total := len(cfg.Depths) * cfg.N * len(cfg.Algorithms)
	rows, err := deepRows(context.Background(), cfg, false, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := deepText(t, cfg, rows)
	cache, err := store.DefaultCache()
	if err != nil {
		t.Fatal(err)
	}
	path := cache.Path(store.TextbookCheckpointFile(goal, deepRunKey(cfg)))
	for _, k := range []int{1, total / 2, total - 1} {
		ctx, cancel := context.WithCancel(context.Background())
		stopped := cfg
		searched := 0
		stopped.Record = func(analyze.DeepResult) error {
			if searched++; searched == k {
				cancel()
			}
			return nil
		}
		_, err := deepRows(ctx, stopped, false, "", io.Discard)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("k=%d: the interrupted run returned %v", k, err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("k=%d: no checkpoint: %v", k, err)
		}
		resumed := cfg
		searched = 0
		resumed.Record = func(analyze.DeepResult) error { searched++; return nil }
		rows, err := deepRows(context.Background(), resumed, true, "", io.Discard)
		if err != nil {
			t.Fatalf("k=%d: resumed: %v", k, err)
		}
		if got := deepText(t, cfg, rows); got != want {
			t.Errorf("k=%d: the resumed run printed\n%s\nthe run never interrupted\n%s", k, got, want)
		}
		if searched != total-k {
			t.Errorf("k=%d: the resumed run searched %d boards, want %d of %d", k, searched, total-k, total)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("k=%d: the checkpoint outlived the run: %v", k, err)
		}
	}
}

// TestDeepResumeDamaged: a damaged checkpoint is reported with its path,
// not trusted, and a run of other parameters does not read it.
func TestDeepResumeDamaged(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	cfg := analyze.DeepConfig{Goal: goal, Depths: []int{12}, N: 2, Seed: 1, BFSDepth: 20, Algorithms: []string{"ida:manhattan"}}
	cache, err := store.DefaultCache()
	if err != nil {
		t.Fatal(err)
	}
	path := cache.Path(store.TextbookCheckpointFile(goal, deepRunKey(cfg)))
	if err := os.MkdirAll(cache.Dir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("tilespace textbook checkpoint 1\n{}\n00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var de *store.CheckpointDamagedError
	if _, err := deepRows(context.Background(), cfg, true, "", io.Discard); !errors.As(err, &de) || de.Path != path {
		t.Fatalf("got %v, want a *store.CheckpointDamagedError of %s", err, path)
	}
	other := cfg
	other.Seed = 2
	if _, err := deepRows(context.Background(), other, true, "", io.Discard); err != nil {
		t.Fatalf("another run read the damaged checkpoint: %v", err)
	}
}
