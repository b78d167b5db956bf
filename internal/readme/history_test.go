package readme

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
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
// of how it was made; each speaks of the software. The files checked are
// those git knows (tracked, or new and not ignored), so a venv or a build
// folder inside the clone is not read.
func TestNoHistory(t *testing.T) {
	exts := map[string]bool{".go": true, ".md": true, ".txtar": true, ".js": true, ".html": true, ".css": true,
		".py": true, ".sh": true, ".tsv": true, ".txt": true, ".mod": true, ".yml": true, ".yaml": true, "": true}
	files, err := repoFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if !exts[filepath.Ext(path)] {
			continue
		}
		if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() {
			continue // deleted in the work tree, or a link
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			continue // binary files hold no prose
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for n := 1; sc.Scan(); n++ {
			if m := history.FindString(sc.Text()); m != "" {
				t.Errorf("%s:%d speaks of %q: say what the software does instead", path, n, m)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
}

// repoFiles returns the paths of the files of the repository at root: the
// ones git tracks or would add (git ls-files), or, outside a git clone,
// every file below root but .git, node_modules and fuzz folders.
func repoFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		var files []string
		for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
			if name != "" {
				files = append(files, filepath.Join(root, filepath.FromSlash(name)))
			}
		}
		return files, nil
	}
	var files []string
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
		files = append(files, path)
		return nil
	})
	return files, err
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
