// Package cmd_test checks what holds for every command: each main is
// thin, so no function in cmd/ or beam/cmd/ (tests included) is longer
// than maxFuncLines lines; the work lives in the packages below.
package cmd_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest function cmd/ may hold, counted from the
// line of func to the line of its closing brace.
const maxFuncLines = 80

// longFunctions returns "file:line: name is N lines" for every function
// declared in f that is longer than max lines.
func longFunctions(fset *token.FileSet, f *ast.File, max int) []string {
	var long []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		if n := end.Line - start.Line + 1; n > max {
			long = append(long, fmt.Sprintf("%s:%d: %s is %d lines", start.Filename, start.Line, fd.Name.Name, n))
		}
	}
	return long
}

// cmdDirs are the folders of commands, relative to cmd/: the core
// module's and the beam module's (beam-enumerate), which the same rule
// holds for.
var cmdDirs = []string{".", filepath.Join("..", "beam", "cmd")}

// TestFunctionLength parses every .go file under cmdDirs and fails on
// each function over maxFuncLines lines.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range cmdDirs {
		files := 0
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			files++
			for _, long := range longFunctions(fset, f, maxFuncLines) {
				t.Errorf("%s; at most %d: move the work into a package, or split it", long, maxFuncLines)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// Every command's main.go at least: a walk that found nothing
		// would pass without checking anything.
		if files < 2 {
			t.Errorf("only %d Go files found under %s", files, dir)
		}
	}
}

// longFunctions counts from func to the closing brace, methods too: a
// function of exactly max lines passes, one more line fails.
func TestLongFunctions(t *testing.T) {
	body := func(name string, lines int) string {
		// "func name() {", lines-2 statements, "}"
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	src := "package p\n\ntype T struct{}\n\n" + body("ok", 80) + body("long", 81) +
		strings.Replace(body("method", 90), "func method", "func (T) method", 1)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := longFunctions(fset, f, 80)
	want := []string{"p.go:85: long is 81 lines", "p.go:166: method is 90 lines"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
