package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/tilespace/tilespace/"

// TestArchitectureImports checks docs/ARCHITECTURE.md's table of imports
// against go list: every package of the module (the kernels of internal/
// left out, as the table says; the tests' helpers of internal/testkit in)
// has a row, and each row names
// exactly the module's packages it imports.
func TestArchitectureImports(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := importRows(t, string(doc))
	native, wasm := goListImports(t, nil), goListImports(t, []string{"GOOS=js", "GOARCH=wasm"})
	for pkg, imports := range native {
		if strings.HasPrefix(pkg, "internal/") && !strings.HasPrefix(pkg, "internal/testkit/") || pkg == "cmd" {
			continue // cmd holds only the test of the mains' length
		}
		want, ok := rows[pkg]
		if !ok {
			t.Errorf("docs/ARCHITECTURE.md has no row for %s (it imports %v)", pkg, imports)
			continue
		}
		got := imports
		if want.wasm {
			got = wasm[pkg]
		}
		if !slices.Equal(got, want.imports) {
			t.Errorf("docs/ARCHITECTURE.md: %s imports %v, go list says %v", pkg, want.imports, got)
		}
	}
	for pkg := range rows {
		if _, ok := native[pkg]; !ok {
			t.Errorf("docs/ARCHITECTURE.md has a row for %s, which is not a package of the module", pkg)
		}
	}
}

type importRow struct {
	imports []string
	wasm    bool // the row is for GOOS=js GOARCH=wasm
}

// importRows reads the "| package | imports |" table: its rows by package
// (a row may name several), the imports sorted. Rows of other modules
// ("own module") are left out.
func importRows(t *testing.T, doc string) map[string]importRow {
	t.Helper()
	_, table, ok := strings.Cut(doc, "| package | imports |\n|---|---|\n")
	if !ok {
		t.Fatal("docs/ARCHITECTURE.md has no table of imports")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	names := regexp.MustCompile("`([^`]+)`")
	rows := map[string]importRow{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 2 {
			t.Fatalf("docs/ARCHITECTURE.md: a row of the imports table is not two cells: %q", line)
		}
		head, list := cells[0], strings.TrimSpace(cells[1])
		if strings.Contains(head, "own module") {
			continue
		}
		var imports []string
		if list != "nothing of ours" {
			list, _, _ = strings.Cut(list, " (")
			for _, p := range strings.Split(list, ",") {
				imports = append(imports, strings.TrimSpace(p))
			}
		}
		slices.Sort(imports)
		for _, m := range names.FindAllStringSubmatch(head, -1) {
			rows[m[1]] = importRow{imports, strings.Contains(head, "GOOS=js")}
		}
	}
	return rows
}

// goListImports returns, for each package of the module (with env added
// to the go command's), the module's packages it imports, internal/ left
// out and sorted.
func goListImports(t *testing.T, env []string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			continue
		}
		var own []string
		for _, imp := range fields[1:] {
			if p, ok := strings.CutPrefix(imp, module); ok && !strings.HasPrefix(p, "internal/") {
				own = append(own, p)
			}
		}
		slices.Sort(own)
		pkgs[pkg] = own
	}
	return pkgs
}

// TestNoImportRunsUp checks the floors go list cannot see in the table of
// imports: a kernel of internal/ (every package there but internal/testkit
// and this package's tests) imports only other kernels; the tests'
// helpers in internal/testkit are imported by tests only (test files, and
// each other); and only commands import cmd/internal.
func TestNoImportRunsUp(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	kernels := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			continue
		}
		kernel := strings.HasPrefix(pkg, "internal/") && !strings.HasPrefix(pkg, "internal/testkit/")
		if kernel {
			kernels++
		}
		for _, imp := range fields[1:] {
			p, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if msg := runsUp(pkg, p); msg != "" {
				t.Errorf("%s imports %s: %s", pkg, p, msg)
			}
		}
	}
	if kernels < 8 {
		t.Fatalf("go list shows %d kernels under internal/", kernels)
	}
}

// runsUp says why pkg's import of imp (both relative to the module, from
// a non-test file) runs up a floor of the house, or "" when it does not.
func runsUp(pkg, imp string) string {
	kernel := func(p string) bool {
		return strings.HasPrefix(p, "internal/") && !strings.HasPrefix(p, "internal/testkit/")
	}
	switch {
	case kernel(pkg) && !kernel(imp):
		return "a kernel of internal/ imports only other kernels"
	case strings.HasPrefix(imp, "internal/testkit/") && !strings.HasPrefix(pkg, "internal/testkit/"):
		return "the tests' helpers are for test files"
	case strings.HasPrefix(imp, "cmd/internal/") && !strings.HasPrefix(pkg, "cmd/"):
		return "only commands import cmd/internal"
	}
	return ""
}

func TestRunsUpFindsPlantedImports(t *testing.T) {
	for _, c := range []struct {
		pkg, imp string
		up       bool
	}{
		{"internal/perm", "statespace", true},
		{"internal/progress", "internal/testkit/fixture", true},
		{"internal/progress", "internal/textfmt", false},
		{"pdb", "internal/testkit/fixture", true},
		{"internal/testkit/forged", "internal/testkit/fixture", false},
		{"internal/testkit/forged", "store", false},
		{"serve", "cmd/internal/cli", true},
		{"cmd/query", "cmd/internal/cli", false},
		{"statespace", "internal/perm", false},
	} {
		if got := runsUp(c.pkg, c.imp) != ""; got != c.up {
			t.Errorf("runsUp(%s, %s) = %v, want %v", c.pkg, c.imp, got, c.up)
		}
	}
}
