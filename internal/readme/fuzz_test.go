package readme

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fuzzTargets is the committed list of the repository's fuzz targets, one
// "folder Name" a line (the folder from the repository's root, nested
// modules included), each checked to run at least 1,000 executions in
// 30 s on one core (go test -run x -fuzz Name -fuzztime 30s -parallel 1
// ./folder).
const fuzzTargets = "testdata/fuzz-targets.txt"

// TestFuzzTargetsListed finds every func Fuzz… in every _test.go file of
// the repository (go/parser, nested modules such as beam and serve/e2e
// included) and checks it against the committed list, so that a new
// target is not forgotten when the targets are run and measured, and a
// list entry whose target is gone is dropped.
func TestFuzzTargetsListed(t *testing.T) {
	var found []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && fn.Recv == nil && isFuzzName(fn.Name.Name) && fn.Type.Params.NumFields() == 1 {
				found = append(found, filepath.ToSlash(rel)+" "+fn.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	data, err := os.ReadFile(fuzzTargets)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			listed = append(listed, l)
		}
	}
	slices.Sort(listed)
	for _, f := range found {
		if !slices.Contains(listed, f) {
			t.Errorf("fuzz target %s is not in internal/readme/%s", f, fuzzTargets)
		}
	}
	for _, l := range listed {
		if !slices.Contains(found, l) {
			t.Errorf("internal/readme/%s lists %s, which no _test.go file defines", fuzzTargets, l)
		}
	}
	if len(found) == 0 {
		t.Error("no fuzz target found: the walk looked in the wrong place")
	}
}

// isFuzzName reports whether name is a fuzz target's, as go test reads it:
// "Fuzz" and then nothing or a character that is not a lower-case letter.
func isFuzzName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Fuzz")
	return ok && (rest == "" || !('a' <= rest[0] && rest[0] <= 'z'))
}

// TestNestedFuzzTargetsDocumented checks that CONTRIBUTING.md says how to
// fuzz the targets of a nested module (one with its own go.mod, such as
// beam), whose instrumented build takes minutes on a cold cache: every
// such target is named, and for each of their modules the guide gives the
// one-execution build to run first, from the module's folder.
func TestNestedFuzzTargetsDocumented(t *testing.T) {
	data, err := os.ReadFile(fuzzTargets)
	if err != nil {
		t.Fatal(err)
	}
	guide, err := os.ReadFile(filepath.Join(root, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	nested := 0
	for _, l := range strings.Split(string(data), "\n") {
		folder, name, ok := strings.Cut(strings.TrimSpace(l), " ")
		if !ok || strings.HasPrefix(folder, "#") {
			continue
		}
		module := nestedModule(folder)
		if module == "" {
			continue
		}
		nested++
		rel, err := filepath.Rel(module, folder)
		if err != nil {
			t.Fatal(err)
		}
		warm := "cd " + module + " && go test -run x -fuzz '"
		if !strings.Contains(string(guide), name) || !strings.Contains(string(guide), warm) ||
			!strings.Contains(string(guide), "-fuzztime 1x ./"+filepath.ToSlash(rel)) {
			t.Errorf("CONTRIBUTING.md does not say how to fuzz %s %s in the nested module %s (its build first: %s…$' -fuzztime 1x ./%s)",
				folder, name, module, warm, rel)
		}
	}
	if nested == 0 {
		t.Error("no fuzz target of a nested module listed: beam's are expected")
	}
}

// nestedModule returns the folder (from the repository's root) of the
// nested module holding folder, or "" when the root's module holds it.
func nestedModule(folder string) string {
	for dir := folder; dir != "." && dir != "/" && dir != ""; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(root, dir, "go.mod")); err == nil {
			return filepath.ToSlash(dir)
		}
	}
	return ""
}
