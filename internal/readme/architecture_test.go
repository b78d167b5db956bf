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
// against go list: every package of the module (internal/ left out, as
// the table says) has a row, and each row names
// exactly the module's packages it imports.
func TestArchitectureImports(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := importRows(t, string(doc))
	native, wasm := goListImports(t, nil), goListImports(t, []string{"GOOS=js", "GOARCH=wasm"})
	for pkg, imports := range native {
		if strings.HasPrefix(pkg, "internal/") || pkg == "cmd" {
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
