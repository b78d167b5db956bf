package readme

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gridPackages may read a statespace.Shape's Rows and Cols: the model
// itself, the container that writes them in its header, and the drawing
// code. Everyone else asks the shape (Coords, Cell, Distance, Neighbor,
// Stride, Lines, Dims), so that a board of another geometry is an edit of
// the model, not of the house.
var gridPackages = map[string]bool{
	"statespace":      true,
	"tablefile":       true,
	"report":          true,
	"report/boardgif": true,
}

// TestGridStaysInTheModel type-checks every non-test Go file of the module
// (go/types, on the export data go list -export gives) and fails on a read
// of statespace.Shape's Rows or Cols outside gridPackages.
func TestGridStaysInTheModel(t *testing.T) {
	pkgs, imp := exportedPackages(t)
	checked := 0
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, strings.TrimSuffix(module, "/"))
		if !ok || p.Standard || len(p.GoFiles)+len(p.CgoFiles) == 0 {
			continue
		}
		rel = strings.TrimPrefix(rel, "/")
		if gridPackages[rel] {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		for _, at := range shapeFieldReads(t, fset, imp, p.ImportPath, files) {
			t.Errorf("%s/%s reads a statespace.Shape's field outside the model: ask the shape (Coords, Cell, Distance, Neighbor, Stride, Lines, Dims)", rel, at)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d packages checked", checked)
	}
}

// TestGridCheckSeesAPlantedRead runs the check of TestGridStaysInTheModel on
// a planted file: its reads of Rows and Cols (direct, through a pointer and
// through an embedded Shape) are found, and a struct of its own with those
// field names and the shape's methods are not.
func TestGridCheckSeesAPlantedRead(t *testing.T) {
	_, imp := exportedPackages(t)
	const src = `package planted

import "github.com/tilespace/tilespace/statespace"

type own struct{ Rows, Cols int }

type holder struct{ statespace.Shape }

func f(s statespace.Shape, p *statespace.Shape, h holder, o own) int {
	r, c := s.Dims()
	return s.Rows + p.Cols + h.Rows + o.Rows + o.Cols + r + c + s.Stride()
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "planted.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := shapeFieldReads(t, fset, imp, "planted", []*ast.File{f})
	want := []string{"planted.go:11:11: Rows", "planted.go:11:20: Cols", "planted.go:11:29: Rows"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// shapeFieldReads type-checks files as package path and returns, as
// FILE:LINE:COL: FIELD, each selector that reads statespace.Shape's Rows or
// Cols.
func shapeFieldReads(t *testing.T, fset *token.FileSet, imp types.Importer, path string, files []*ast.File) []string {
	t.Helper()
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: imp, FakeImportC: true}
	if _, err := conf.Check(path, fset, files, info); err != nil {
		t.Fatalf("type-checking %s: %v", path, err)
	}
	shape := shapeFields(t, imp)
	var out []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal && shape[s.Obj()] {
				pos := fset.Position(sel.Sel.Pos())
				out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.Filename), pos.Line, pos.Column, sel.Sel.Name))
			}
			return true
		})
	}
	return out
}

// shapeFields returns the objects of statespace.Shape's fields.
func shapeFields(t *testing.T, imp types.Importer) map[types.Object]bool {
	t.Helper()
	pkg, err := imp.Import(module + "statespace")
	if err != nil {
		t.Fatal(err)
	}
	obj := pkg.Scope().Lookup("Shape")
	if obj == nil {
		t.Fatal("statespace has no Shape")
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		t.Fatal("statespace.Shape is not a struct")
	}
	fields := map[types.Object]bool{}
	for i := range st.NumFields() {
		fields[st.Field(i)] = true
	}
	return fields
}

type listedPackage struct {
	ImportPath, Dir, Export string
	Standard                bool
	GoFiles, CgoFiles       []string
}

// exportedPackages lists the module's packages and their dependencies
// with their export data (go list -export -deps), and an importer reading
// that data.
func exportedPackages(t *testing.T) ([]listedPackage, types.Importer) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,Standard,GoFiles,CgoFiles", "./...")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	var pkgs []listedPackage
	export := map[string]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
		export[p.ImportPath] = p.Export
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := export[path]
		if !ok || file == "" {
			return nil, os.ErrNotExist
		}
		return os.Open(file)
	})
	return pkgs, imp
}
