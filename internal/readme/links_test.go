package readme

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// link matches a Markdown link or image to a file of the repository:
// group 1 the path (empty for the same file), group 2 the anchor.
var link = regexp.MustCompile(`\]\(([^)#:\s]*)(?:#([^)\s]+))?\)`)

// heading matches a Markdown heading; its text is group 1.
var heading = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)

// slug is GitHub's anchor of a heading: lower case, spaces to hyphens,
// punctuation other than hyphens and underscores dropped.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '…' && r != '—' && r != '–':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLinks: every link between the repository's documents names a file
// that exists and, with an anchor, a heading of it, so that moving text
// between the README, the guides and BENCHMARKS.md breaks no reference.
func TestLinks(t *testing.T) {
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, name := range []string{"README.md", "BENCHMARKS.md", "CONTRIBUTING.md", filepath.Join("data", "README.md")} {
		docs = append(docs, filepath.Join(root, name))
	}
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := map[string]bool{}
		text := fence.ReplaceAllString(string(raw), "") // a "# comment" in a block is no heading
		for _, m := range heading.FindAllStringSubmatch(text, -1) {
			a[slug(m[1])] = true
		}
		anchors[path] = a
		return a, nil
	}
	for _, doc := range docs {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		text := fence.ReplaceAllString(string(raw), "")
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := doc
			if m[1] != "" {
				target = filepath.Join(filepath.Dir(doc), m[1])
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link to %s: no such file", doc, m[1])
				continue
			}
			if m[2] == "" || !strings.HasSuffix(target, ".md") {
				continue
			}
			a, err := anchorsOf(target)
			if err != nil {
				t.Fatal(err)
			}
			if !a[m[2]] {
				t.Errorf("%s: link to %s#%s: no such heading", doc, m[1], m[2])
			}
		}
	}
}

func TestSlug(t *testing.T) {
	for h, want := range map[string]string{
		"Big tables: 12 cells and 2x7":  "big-tables-12-cells-and-2x7",
		"The server's hardening":        "the-servers-hardening",
		"Every data file in one run":    "every-data-file-in-one-run",
		"The 15- and 24-puzzle solvers": "the-15--and-24-puzzle-solvers",
	} {
		if got := slug(h); got != want {
			t.Errorf("slug(%q) = %q, want %q", h, got, want)
		}
	}
}
