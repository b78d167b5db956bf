package cmd_test

import (
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// go install ./cmd/... installs the commands README.md names beside it,
// and nothing else: the static copy's engine (cmd/serve/wasm) builds for
// GOOS=js GOARCH=wasm only.
func TestInstallsTheCommands(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`go install \./cmd/\.\.\. +# installs ([a-z, ]+) into`).FindSubmatch(readme)
	if line == nil {
		t.Fatal("README.md has no line go install ./cmd/... # installs A, B and C into …")
	}
	want := strings.FieldsFunc(strings.ReplaceAll(string(line[1]), " and ", ","), func(r rune) bool { return r == ',' || r == ' ' })
	out, err := exec.Command("go", "list", "-f", `{{if and (eq .Name "main") .GoFiles}}{{.ImportPath}}{{end}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list ./cmd/...: %v", err)
	}
	var got []string
	for _, p := range strings.Fields(string(out)) {
		got = append(got, path.Base(p))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("go install ./cmd/... installs %v; README.md says %v", got, want)
	}
}
