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
