package store

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// Opening the cache folder removes a killed writer's temporary file (no
// process holds its lock) and keeps a live writer's:
// the next command cleans up, not only the next write into the folder.
func TestDefaultCacheSweeps(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvCache, dir)
	started, release, done := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		done <- atomicfile.Write(context.Background(), filepath.Join(dir, "live.tbl"), func(io.Writer) error {
			close(started)
			<-release
			return nil
		})
	}()
	<-started
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 {
		t.Fatalf("the writer's folder: %v, %v", ents, err)
	}
	live := ents[0].Name()
	// What a SIGKILLed writer leaves: a temporary file nobody locks.
	stale := ".3x4-last.checkpoint.tmp-4242-99"
	if err := os.WriteFile(filepath.Join(dir, stale), []byte("partial"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := DefaultCache()
	if err != nil || got.Dir() != dir {
		t.Fatalf("DefaultCache = %q, %v", got.Dir(), err)
	}
	var names []string
	ents, _ = os.ReadDir(dir)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if slices.Contains(names, stale) {
		t.Errorf("opening the cache left the killed writer's %s: %q", stale, names)
	}
	if !slices.Contains(names, live) {
		t.Errorf("opening the cache removed the live writer's %s: %q", live, names)
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("the live write: %v", err)
	}
}
