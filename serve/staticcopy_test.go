package serve

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// fakeGo puts on PATH a go command that answers "go env GOROOT" as the
// real one does and, for "go build", either fails or writes engine as its
// -o file, so WriteStatic's writing is tested without a WebAssembly build.
func fakeGo(t *testing.T, buildFails bool, engine string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake go command is a shell script")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	bin := t.TempDir()
	build := `out=""; while [ $# -gt 0 ]; do if [ "$1" = -o ]; then out="$2"; fi; shift; done; printf '%s' "` + engine + `" > "$out"`
	if buildFails {
		build = `echo "fake build failure" >&2; exit 1`
	}
	script := "#!/bin/sh\ncase \"$1\" in\nenv) echo '" + strings.TrimSpace(string(out)) + "';;\nbuild) " + build + ";;\nesac\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

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

// A failed build leaves no folder, not even a temporary one beside it.
func TestWriteStaticFailedBuildLeavesNoFolder(t *testing.T) {
	fakeGo(t, true, "")
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	_, err := WriteStatic(context.Background(), dir)
	var se *StaticError
	if !errors.As(err, &se) || se.Step != "go build" || !strings.Contains(se.Output, "fake build failure") {
		t.Fatalf("WriteStatic = %v, want the go build's StaticError", err)
	}
	if got := names(t, parent); len(got) != 0 {
		t.Errorf("after a failed build the parent holds %v, want nothing", got)
	}
}

// A failed build into an existing folder leaves its files as they were.
func TestWriteStaticFailedBuildKeepsExistingFolder(t *testing.T) {
	fakeGo(t, true, "")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("old page"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteStatic(context.Background(), dir); err == nil {
		t.Fatal("WriteStatic succeeded with a failing build")
	}
	if got := names(t, dir); !slices.Equal(got, []string{"index.html"}) {
		t.Errorf("the folder holds %v, want only the old index.html", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(b) != "old page" {
		t.Errorf("index.html = %q, want the old page kept", b)
	}
}

// A build that succeeds writes every file whole, into a new folder or over
// an existing one, and leaves no temporary file or folder behind.
func TestWriteStaticWritesWholeFolder(t *testing.T) {
	fakeGo(t, false, "ENGINE")
	page, _ := staticFiles.ReadFile("static/index.html")
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
		for _, want := range []string{"index.html", "app.js", "worker.js", "wasm_exec.js", "tilespace.wasm.gz"} {
			if !slices.Contains(got, want) {
				t.Errorf("existing=%v: %s missing from %v", existing, want, got)
			}
		}
		for _, name := range got {
			info, err := os.Stat(filepath.Join(dir, name))
			if err != nil || info.Size() != sizes[name] {
				t.Errorf("existing=%v: %s is %v bytes (%v), WriteStatic says %d", existing, name, info.Size(), err, sizes[name])
			}
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); !bytes.Equal(b, page) {
			t.Errorf("existing=%v: index.html is not the page", existing)
		}
		if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o755 {
			t.Errorf("existing=%v: the folder's mode is %v (%v), want 0755", existing, info.Mode().Perm(), err)
		}
		if sizes[UnpackedWasm] != int64(len("ENGINE")) {
			t.Errorf("existing=%v: unpacked engine %d bytes, want %d", existing, sizes[UnpackedWasm], len("ENGINE"))
		}
	}
}
