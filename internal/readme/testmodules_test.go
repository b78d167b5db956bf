package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// README.md names the modules go test ./... needs beyond those the
// commands are built from (go install ./cmd/...): what a first test run
// downloads that a build did not.
func TestREADMENamesTestModules(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, tests, ok := strings.Cut(string(readme), "\n## Tests\n")
	if !ok {
		t.Fatal("README.md has no section Tests")
	}
	tests, _, _ = strings.Cut(tests, "\n## ")
	modules := func(args ...string) []string {
		t.Helper()
		cmd := exec.Command("go", append([]string{"list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}"}, args...)...)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", args, err)
		}
		mods := strings.Fields(string(out))
		slices.Sort(mods)
		return slices.Compact(mods)
	}
	built := modules("./cmd/...")
	var testOnly []string
	for _, m := range modules("-test", "./...") {
		if !slices.Contains(built, m) {
			testOnly = append(testOnly, m)
		}
	}
	if len(testOnly) == 0 {
		t.Fatal("go list finds no module the tests need beyond the commands'")
	}
	for _, m := range testOnly {
		if !strings.Contains(tests, "`"+m+"`") {
			t.Errorf("README.md's Tests section does not name `%s`, which go test ./... needs beyond the commands' modules", m)
		}
	}
}
