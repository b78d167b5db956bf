// Command apisurface measures the width of packages: the exported names of
// each package named (top-level declarations plus exported methods, as
// go/ast reads them, tests left out), the exported methods of a named type,
// the types with an Error method and every function longer than a bound
// anywhere under the module root (nested modules included).
//
//	go run ./internal/apisurface [-type pkg.Type] [-lines 80] PKGDIR...
//
// It reads source text only, so it measures a tree that does not build too.
// docs/internals.md states its figures; this package's test fails when
// they drift.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	typ := flag.String("type", "", "also count the exported methods of this type, as DIR.Type (e.g. resolve.Resolver)")
	lines := flag.Int("lines", 80, "list the functions longer than this many lines")
	flag.Parse()
	for _, dir := range flag.Args() {
		names, err := exported(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "apisurface:", err)
			os.Exit(1)
		}
		fmt.Printf("%-24s %4d exported names\n", dir, len(names))
	}
	if *typ != "" {
		dir, name, ok := strings.Cut(*typ, ".")
		if !ok {
			fmt.Fprintln(os.Stderr, "apisurface: -type wants DIR.Type")
			os.Exit(2)
		}
		names, err := exported(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "apisurface:", err)
			os.Exit(1)
		}
		var methods []string
		for _, n := range names {
			if strings.HasPrefix(n, name+".") {
				methods = append(methods, strings.TrimPrefix(n, name+"."))
			}
		}
		fmt.Printf("%s: %d exported methods: %s\n", *typ, len(methods), strings.Join(methods, ", "))
	}
	tree, err := walk(".", *lines)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apisurface:", err)
		os.Exit(1)
	}
	long := tree.long
	fmt.Printf("types with an Error method: %d\n", len(tree.errorTypes))
	fmt.Printf("functions over %d lines: %d\n", *lines, len(long))
	for _, l := range long {
		fmt.Println("  " + l)
	}
}

// exported lists the exported top-level names and the exported methods
// (as Type.Method) of the non-test Go files in dir.
func exported(dir string) ([]string, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					names = append(names, d.Name.Name)
				} else if recv := receiver(d.Recv.List[0].Type); ast.IsExported(recv) {
					names = append(names, recv+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Go files", dir)
	}
	sort.Strings(names)
	return names, nil
}

func receiver(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiver(e.X)
	case *ast.IndexExpr:
		return receiver(e.X)
	case *ast.IndexListExpr:
		return receiver(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// treeMeasures are the measures of every non-test Go file under a root.
type treeMeasures struct {
	long       []string // FILE:FUNC LINES, each function over the bound
	errorTypes []string // DIR.Type, each type with an Error() string method
}

// walk measures the non-test Go files under root: the functions whose
// declaration spans more than n lines, and the types with an Error method.
func walk(root string, n int) (treeMeasures, error) {
	var m treeMeasures
	errs := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range file.Decls {
			f, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			span := fset.Position(f.End()).Line - fset.Position(f.Pos()).Line + 1
			if span > n {
				m.long = append(m.long, fmt.Sprintf("%s:%s %d", path, f.Name.Name, span))
			}
			if isErrorMethod(f) {
				errs[filepath.Dir(path)+"."+receiver(f.Recv.List[0].Type)] = true
			}
		}
		return nil
	})
	for t := range errs {
		m.errorTypes = append(m.errorTypes, t)
	}
	sort.Strings(m.errorTypes)
	return m, err
}

// isErrorMethod reports whether f is a method Error() string.
func isErrorMethod(f *ast.FuncDecl) bool {
	if f.Recv == nil || f.Name.Name != "Error" || f.Type.Params.NumFields() != 0 || f.Type.Results.NumFields() != 1 {
		return false
	}
	id, ok := f.Type.Results.List[0].Type.(*ast.Ident)
	return ok && id.Name == "string"
}
