package cli

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The packages below the commands return facts; only the commands (and
// this package, next to them) spell a command line: no other non-test Go
// file, in any module of the repository, holds "go run ./cmd". Likewise
// only the commands (and python/engine, the Python package's library) find
// the cache folder (store.DefaultCache, which reads the environment); every
// package below takes the store.Cache handed in.
func TestNoCommandLinesBelowCmd(t *testing.T) {
	root := filepath.Join("..", "..", "..")
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
				rel == "cmd", strings.HasSuffix(rel, "/cmd"),
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
			t.Errorf("%s spells a command line (go run ./cmd…): return the facts in a typed error and let cmd/internal/cli name the command", rel)
		}
		// The commands find the cache folder and hand it down; so does
		// the Python package's library, the command of that door.
		if strings.Contains(string(b), "DefaultCache()") && rel != "store/cache.go" && rel != "python/engine/main.go" {
			t.Errorf("%s calls store.DefaultCache: take the store.Cache the command hands down", rel)
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

// Where an answer came from is its oracle's Source to say: no Go file
// of the repository, commands included, asserts an oracle's type; nor
// does a Go file outside the tests assert a distance table's.
func TestNoOracleAssertions(t *testing.T) {
	read := 0
	err := filepath.WalkDir(filepath.Join("..", "..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && d.Name() != "." && d.Name() != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		read++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if oracleAssertion.Match(b) {
			t.Errorf("%s asserts an oracle's type: ask its Source", path)
		}
		if !strings.HasSuffix(path, "_test.go") && tableAssertion.Match(b) {
			t.Errorf("%s asserts a distance table's type: ask the table.Interface (its Loaded for the bytes)", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 100 {
		t.Fatalf("read %d Go files, want the whole repository", read)
	}
}

// Remedies are phrased in one place: no Go file of the commands, the
// beam module's included, but package cmdline's spells the command that
// builds, rebuilds or checks a file (this package's remedies, the static
// copy's engine and beam-ida take them from it).
func TestRemediesInOnePlace(t *testing.T) {
	read := 0
	walk := func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		read++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "go run ./cmd/enumerate") && filepath.ToSlash(path) != "../../cmdline/cmdline.go" {
			t.Errorf("%s names the build command: return a typed error and let Remedy name it", path)
		}
		return nil
	}
	for _, dir := range []string{filepath.Join("..", ".."), filepath.Join("..", "..", "..", "beam", "cmd")} {
		if err := filepath.WalkDir(dir, walk); err != nil {
			t.Fatal(err)
		}
	}
	if read < 10 {
		t.Fatalf("read %d Go files of the commands", read)
	}
}

// oracleAssertion is a type assertion to one of query's oracles.
var oracleAssertion = regexp.MustCompile(`\.\(\*?(query\.)?(TableOracle|SolverOracle|SearchOracle|tableOracle|searcher)\)`)

// tableAssertion is a type assertion to one of the distance tables behind
// table.Interface.
var tableAssertion = regexp.MustCompile(`\.\(\*(table\.)?(Table|Lazy)\)`)

// Arrows point down: no package outside cmd/ imports the commands'
// helpers (the Go tool refuses it anyway, for a module's cmd/internal),
// and the floor of the house, statespace and tablefile, imports nothing
// of the module but its floor-1 tools (internal/perm, internal/atomicfile,
// internal/errkind)
// and, outside the standard library, only bitset and zstd.
func TestArrowsPointDown(t *testing.T) {
	const module = "github.com/tilespace/tilespace/"
	list := func(args ...string) []string {
		t.Helper()
		out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
		if err != nil {
			t.Fatalf("go list %v: %v", args, err)
		}
		return strings.Fields(string(out))
	}
	pkgs := list("-f", "{{.ImportPath}}:{{join .Imports \",\"}}:{{join .TestImports \",\"}}:{{join .XTestImports \",\"}}", module+"...")
	if len(pkgs) < 20 {
		t.Fatalf("go list: %d packages, want the whole module", len(pkgs))
	}
	for _, line := range pkgs {
		pkg, imports, _ := strings.Cut(line, ":")
		if strings.HasPrefix(pkg, module+"cmd/") {
			continue
		}
		for _, imp := range strings.FieldsFunc(imports, func(r rune) bool { return r == ',' || r == ':' }) {
			if strings.HasPrefix(imp, module+"cmd/") {
				t.Errorf("%s imports %s: the commands' helpers are for the commands", pkg, imp)
			}
		}
	}
	floor1 := map[string]bool{module + "internal/perm": true, module + "internal/atomicfile": true, module + "internal/errkind": true}
	deps := list("-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", module+"statespace", module+"tablefile")
	if len(deps) < 3 {
		t.Fatalf("go list -deps: %v, want statespace, tablefile and their imports", deps)
	}
	for _, dep := range deps {
		switch {
		case dep == module+"statespace", dep == module+"tablefile", floor1[dep],
			strings.HasPrefix(dep, "github.com/bits-and-blooms/bitset"),
			dep == "github.com/klauspost/compress", strings.HasPrefix(dep, "github.com/klauspost/compress/"):
		default:
			t.Errorf("statespace or tablefile depends on %s", dep)
		}
	}
}
