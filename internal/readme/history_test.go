package readme

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// history matches words that speak of how the software was made rather
// than of the software: numbered work items and the periods they were
// worked in, and the course documents by their file numbers. This file,
// which must name them, is the one file not checked.
var history = regexp.MustCompile(`(?i)\b(?:` + strings.Join([]string{
	`issues? \d`,         // "issue 19"
	`the issue(?:'s)?\b`, // "the issue asks for"
	`sessions?\b`,        // "session 3"
	`work items?\b`,
	`work periods?\b`,
	`seed 0\d\d\b`, // "seed 003", a course document by its number
	`seed0\d\d`,    // the same in an identifier
}, "|") + `)`)

// TestNoHistory: no source, script or document of the repository speaks
// of past work items or work periods; each speaks of the software.
func TestNoHistory(t *testing.T) {
	exts := map[string]bool{".go": true, ".md": true, ".txtar": true, ".js": true, ".html": true, ".css": true,
		".py": true, ".sh": true, ".tsv": true, ".txt": true, ".mod": true, ".yml": true, ".yaml": true, "": true}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "node_modules" || name == "fuzz" {
				return filepath.SkipDir
			}
			return nil
		}
		if self, _ := filepath.Abs("history_test.go"); path == filepath.Join(root, "internal", "readme", "history_test.go") || path == self {
			return nil
		}
		if !exts[filepath.Ext(path)] || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			return err // binary files hold no prose
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for n := 1; sc.Scan(); n++ {
			if m := history.FindString(sc.Text()); m != "" {
				t.Errorf("%s:%d speaks of %q: say what the software does instead", path, n, m)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The pattern catches what it is for and lets ordinary words be.
func TestHistoryPattern(t *testing.T) {
	for _, s := range []string{"as issue 20 states them", "the issue asks for", "measured in session 3",
		"(seed 003)", "Seed003Moves", "by work item", "a work period"} {
		if !history.MatchString(s) {
			t.Errorf("%q passes", s)
		}
	}
	for _, s := range []string{"tissue", "a certificate issued", "-seed 7", "the seed field", "seeds travel as strings",
		"Seeds: the corpus", "The seeds are a few short lines", "query random -seed S"} {
		if history.MatchString(s) {
			t.Errorf("%q is caught", s)
		}
	}
}
