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
// than of the software: the tracker's numbered tasks and the stretches of
// time they were done in, and the course documents by their file numbers.
// The words are spelled here with a character class ([i]) so that this
// file, checked like every other, does not use them itself.
var history = regexp.MustCompile(`(?i)\b(?:` + strings.Join([]string{
	`[i]ssues? \d`,         // a numbered task
	`the [i]ssue(?:'s)?\b`, // a task named in prose
	`[s]essions?\b`,        // a stretch of work
	`work [i]tems?\b`,
	`work [p]eriods?\b`,
	`seed 0\d\d\b`, // a course document by its file number
	`seed0\d\d`,    // the same in an identifier
}, "|") + `)`)

// TestNoHistory: no source, script or document of the repository speaks
// of how it was made; each speaks of the software.
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
	// The samples are spelled from parts, as the pattern is.
	task, stretch, item, period := "i"+"ssue", "s"+"ession", "work "+"item", "work "+"period"
	for _, s := range []string{"as " + task + " 20 states them", "the " + task + " asks for", "measured in " + stretch + " 3",
		"(seed " + "003)", "Seed" + "003Moves", "by " + item, "a " + period} {
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
