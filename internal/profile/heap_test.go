package profile

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestHeapAtPeak checks that a profile is written while a large block is
// live (before the last sample at the end), and that it is a heap
// profile.
func TestHeapAtPeak(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heap.pprof")
	stop := HeapAtPeak(context.Background(), path, time.Millisecond)
	block := make([]byte, 64<<20)
	for i := range block {
		block[i] = byte(i)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no profile written while the run went on")
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	_ = block[len(block)-1]
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no profile written: %v", err)
	}
	defer f.Close()
	// A profile is a gzipped protocol buffer whose string table names its
	// sample types: a heap profile's include inuse_space.
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("the profile is not gzipped: %v", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("the profile is truncated: %v", err)
	}
	if !bytes.Contains(raw, []byte("inuse_space")) {
		t.Errorf("the profile (%d bytes) is not a heap profile", len(raw))
	}
}
