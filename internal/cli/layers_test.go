package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The packages below the commands return facts; only the commands (and
// this package, next to them) spell a command line: no other non-test Go
// file, in any module of the repository, holds "go run ./cmd".
func TestNoCommandLinesBelowCmd(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	read := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != ".",
				rel == "cmd", rel == "internal/cli", strings.HasSuffix(rel, "/cmd"),
				rel == "internal/readme": // it runs the README's "$ go run ./cmd/…" lines
				return filepath.SkipDir // beam/cmd is beam's commands
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		read++
		if strings.Contains(string(b), "go run ./cmd") {
			t.Errorf("%s spells a command line (go run ./cmd…): return the facts in a typed error and let internal/cli name the command", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 50 {
		t.Fatalf("read %d Go files, want the whole repository", read)
	}
}
