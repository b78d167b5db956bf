package readme

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the README's examples from the scripts")

// root is the module's folder.
const root = "../.."

// scriptExamples returns every example of the commands' scripts by its
// first line, and the script holding each.
func scriptExamples(t *testing.T) (map[string]string, map[string]string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(root, "cmd", "*", "testdata", "script", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	texts, where := map[string]string{}, map[string]string{}
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			text := string(f.Data)
			if !isExample(text) {
				continue
			}
			first := firstLine(text)
			if other, dup := where[first]; dup {
				t.Errorf("%s and %s both hold an example starting %q", other, p, first)
			}
			texts[first], where[first] = trimBlankEnd(text), p+": "+f.Name
		}
	}
	return texts, where
}

// trimBlankEnd leaves text ending in one newline.
func trimBlankEnd(text string) string { return strings.TrimRight(text, "\n") + "\n" }

// fence matches a fenced block: its language ("" for none) is group 1,
// its text group 2. Blocks with a language ("sh": commands to type, "text",
// "python") are not examples.
var fence = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$")

// TestREADMEExamples: every "$ go run ./cmd/…" block of README.md and
// docs/*.md is, character for character, an example a script runs, and
// every script's example is shown; -update rewrites the blocks from the
// scripts.
func TestREADMEExamples(t *testing.T) {
	texts, where := scriptExamples(t)
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)
	shown := map[string]bool{}
	for _, doc := range docs {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		out := fence.ReplaceAllStringFunc(text, func(block string) string {
			m := fence.FindStringSubmatch(block)
			lang, body := m[1], m[2]
			if lang != "" {
				return block
			}
			if !isExample(body) {
				if strings.Contains(body, "go run ./cmd/") {
					t.Errorf("%s: a block runs a command but is no example (an example starts \"$ go run ./cmd/…\" and shows the output; commands to type without their output go in a block marked sh):\n%s", doc, body)
				}
				return block
			}
			first := firstLine(body)
			want, ok := texts[first]
			shown[first] = true
			switch {
			case !ok:
				t.Errorf("%s: no script runs the example %q: add it to cmd/NAME/testdata/script", doc, first)
			case body != want && *update:
				return "```\n" + want + "```"
			case body != want:
				t.Errorf("%s: the example %q differs from %s (go test ./internal/readme -update rewrites it):\n%s", doc, first, where[first], diff(want, body))
			}
			return block
		})
		if *update && out != text {
			if err := os.WriteFile(doc, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var unshown []string
	for first := range texts {
		if !shown[first] {
			unshown = append(unshown, where[first])
		}
	}
	sort.Strings(unshown)
	for _, w := range unshown {
		t.Errorf("%s: an example no document shows", w)
	}
}

// diff names the first line where got and want part.
func diff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  script: " + w + "\n  doc:    " + g
		}
	}
	return ""
}

// The matcher: literal text exactly, -vary spans and "…" lines by pattern.
func TestMatch(t *testing.T) {
	vary := []*regexp.Regexp{regexp.MustCompile(` +[0-9.]+ (?:µs|ms|s)`)}
	want := "BFS  30.9 ms  optimal\n…\nend\n"
	for _, c := range []struct {
		got string
		ok  bool
	}{
		{"BFS  30.9 ms  optimal\nend\n", true},
		{"BFS   1.2 s  optimal\nx\ny\nend\n", true},   // the time and the elided lines vary
		{"BFS  30.9 ms  optimal.\nend\n", false},      // one character off
		{"BFS  30.9 ms  optimal\nend\nmore\n", false}, // a line too many at the end
		{"BFS 30.9 ms optimal\nend\n", false},         // spacing outside the pattern is exact
	} {
		if err := match(want, c.got, vary); (err == nil) != c.ok {
			t.Errorf("match(%q): %v, want ok %v", c.got, err, c.ok)
		}
	}
	if err := matchBeginning("a\nb\nc\n", "a\nb\nc-partial", nil); err != nil {
		t.Errorf("a beginning: %v", err)
	}
	if err := matchBeginning("a\nb\nc\n", "a\nx\n", nil); err == nil {
		t.Error("a wrong line passed as a beginning")
	}
}

// parse splits an example into its command lines and their output, the
// blank line before a command belonging to neither.
func TestParse(t *testing.T) {
	cmds, err := parse("$ go run ./cmd/query a\nout a\n\n$ go run ./cmd/query b\n$ printf 'x' | go run ./cmd/query c\nout c\n\n\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []command{{"go run ./cmd/query a", "out a\n"}, {"go run ./cmd/query b", ""}, {"printf 'x' | go run ./cmd/query c", "out c\n"}}
	if len(cmds) != len(want) {
		t.Fatalf("got %q", cmds)
	}
	for i := range want {
		if cmds[i] != want[i] {
			t.Errorf("command %d: %q, want %q", i, cmds[i], want[i])
		}
	}
	if _, err := parse("out\n$ go run ./cmd/query\n"); err == nil {
		t.Error("an example without a command line first")
	}
}

// isExample reports whether text is an example: it starts with a command
// line that runs one of the module's commands.
func isExample(text string) bool {
	return strings.HasPrefix(text, "$ ") && strings.Contains(firstLine(text), "go run ./cmd/")
}

func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}
