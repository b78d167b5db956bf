package atomicfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// dirEntries lists the names in dir, so tests can see leftover temp files.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteSuccess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "deeper", "table.tsp")
	want := []byte("hello, tables")
	err := Write(context.Background(), path, func(w io.Writer) error {
		_, err := w.Write(want)
		return err
	})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("contents = %q, want %q", got, want)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", fi.Mode().Perm())
	}
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && di.Mode().Perm()&^0o755 != 0 {
		t.Errorf("parent dir mode = %v, want at most 0755", di.Mode().Perm())
	}
	if names := dirEntries(t, filepath.Dir(path)); len(names) != 1 {
		t.Errorf("directory holds %q, want only table.tsp", names)
	}
}

func TestWriteFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.tsp")
	boom := errors.New("boom")
	err := Write(context.Background(), path, func(w io.Writer) error {
		// Write more than the buffer so some bytes reach the temp file.
		if _, err := w.Write(make([]byte, 3*bufferSize)); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Write error = %v, want %v", err, boom)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Stat after failed write: %v, want not-exist", err)
	}
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Errorf("directory holds %q after failed write, want nothing", names)
	}
}

func TestWritePanicLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.tsp")
	func() {
		defer func() {
			if recover() == nil {
				t.Error("expected the panic to propagate")
			}
		}()
		Write(context.Background(), path, func(w io.Writer) error { panic("oops") })
	}()
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Errorf("directory holds %q after panic, want nothing", names)
	}
}

func TestWriteReplacesOnlyOnSuccess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.tsp")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}

	err := Write(context.Background(), path, func(w io.Writer) error {
		io.WriteString(w, "partial new")
		return errors.New("fail")
	})
	if err == nil {
		t.Fatal("Write succeeded, want error")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("after failed write contents = %q, want %q", got, "old")
	}

	err = Write(context.Background(), path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("after successful write contents = %q, want %q", got, "new")
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %q, want only table.tsp", names)
	}
}

func TestWriteRelativePath(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := Write(context.Background(), "plain.txt", func(w io.Writer) error {
		_, err := io.WriteString(w, "x")
		return err
	}); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if got, _ := os.ReadFile("plain.txt"); string(got) != "x" {
		t.Errorf("contents = %q, want %q", got, "x")
	}
}

// A cancel while the data is being written, or after it was written but
// before the rename, leaves no file and no temporary.
func TestWriteCanceled(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.tbl")
	ctx, cancel := context.WithCancel(context.Background())
	err := Write(ctx, path, func(w io.Writer) error {
		_, err := w.Write([]byte("all of it"))
		cancel() // a Ctrl-C after the last byte
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Errorf("left %v", names)
	}
	if err := Write(ctx, path, func(io.Writer) error { t.Fatal("write ran after cancel"); return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled before: %v", err)
	}
}
