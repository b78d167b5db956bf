package serve

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// A write cut short (here by a cancelled context) leaves no folder, not
// even a temporary one beside it, and an existing folder as it was.
func TestWriteStaticFailureLeavesNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	_, err := WriteStatic(ctx, dir)
	var se *StaticError
	if !errors.As(err, &se) || se.Dir != dir || !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteStatic = %v, want a StaticError for %s wrapping context.Canceled", err, dir)
	}
	if got := names(t, parent); len(got) != 0 {
		t.Errorf("after a failed write the parent holds %v, want nothing", got)
	}
	old := t.TempDir()
	if err := os.WriteFile(filepath.Join(old, "index.html"), []byte("old page"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteStatic(ctx, old); !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteStatic into an existing folder = %v, want context.Canceled", err)
	}
	if got := names(t, old); !slices.Equal(got, []string{"index.html"}) {
		t.Errorf("the folder holds %v, want only the old index.html", got)
	}
	if b, _ := os.ReadFile(filepath.Join(old, "index.html")); string(b) != "old page" {
		t.Errorf("index.html = %q, want the old page kept", b)
	}
}

// WriteStatic writes every file of the copy whole (the page's and the
// embedded engine), into a new folder or over an existing one, and leaves
// no temporary file or folder behind.
func TestWriteStaticWritesWholeFolder(t *testing.T) {
	want, err := StaticFiles()
	if err != nil {
		t.Fatal(err)
	}
	page, _ := staticFiles.ReadFile("static/index.html")
	engine, _ := engineFiles.ReadFile("engine/tilespace.wasm.gz")
	if !bytes.Equal(want["index.html"], page) || !bytes.Equal(want["tilespace.wasm.gz"], engine) {
		t.Fatal("StaticFiles does not hold the embedded page and engine")
	}
	for _, existing := range []bool{false, true} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "site")
		if existing {
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("old page"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sizes, err := WriteStatic(context.Background(), dir)
		if err != nil {
			t.Fatalf("existing=%v: %v", existing, err)
		}
		if got := names(t, parent); !slices.Equal(got, []string{"site"}) {
			t.Errorf("existing=%v: the parent holds %v, want only site", existing, got)
		}
		got := names(t, dir)
		for _, name := range []string{"index.html", "app.js", "style.css", "worker.js", "wasm_exec.js", "tilespace.wasm.gz"} {
			if !slices.Contains(got, name) {
				t.Errorf("existing=%v: %s missing from %v", existing, name, got)
			}
		}
		if len(got) != len(want) {
			t.Errorf("existing=%v: the folder holds %v, want the %d files of StaticFiles", existing, got, len(want))
		}
		for _, name := range got {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !bytes.Equal(b, want[name]) || int64(len(b)) != sizes[name] {
				t.Errorf("existing=%v: %s is %d bytes (%v), not StaticFiles' %d; WriteStatic says %d", existing, name, len(b), err, len(want[name]), sizes[name])
			}
		}
		if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o755 {
			t.Errorf("existing=%v: the folder's mode is %v (%v), want 0755", existing, info.Mode().Perm(), err)
		}
		if n := unpackedLen(t, want["tilespace.wasm.gz"]); sizes[UnpackedWasm] != n {
			t.Errorf("existing=%v: unpacked engine %d bytes, want %d", existing, sizes[UnpackedWasm], n)
		}
	}
}
