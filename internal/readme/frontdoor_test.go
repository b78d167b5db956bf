package readme

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxBenchmarkLines bounds BENCHMARKS.md: today's figures only, the
// history in docs/benchmark-history.md and git.
const maxBenchmarkLines = 500

// TestFrontDoor checks what a newcomer reads first: README.md's first 100
// lines show an example of each of the three jobs (building, looking up,
// drawing), and BENCHMARKS.md stays within maxBenchmarkLines.
func TestFrontDoor(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range frontDoor(string(raw)) {
		t.Error("README.md: " + msg)
	}
	bench, err := os.ReadFile(filepath.Join(root, "BENCHMARKS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(bench), "\n"); n > maxBenchmarkLines {
		t.Errorf("BENCHMARKS.md has %d lines, at most %d: move earlier runs to docs/benchmark-history.md", n, maxBenchmarkLines)
	}
}

// frontDoor says which of the three jobs' examples the first 100 lines of
// readme lack.
func frontDoor(readme string) []string {
	lines := strings.SplitAfter(readme, "\n")
	head := strings.Join(lines[:min(100, len(lines))], "")
	var out []string
	for _, cmd := range []string{"enumerate", "query", "plot"} {
		if !strings.Contains(head, "\n$ go run ./cmd/"+cmd+" ") {
			out = append(out, "no example of "+cmd+" in the first 100 lines")
		}
	}
	return out
}

func TestFrontDoorSeesAMissingJob(t *testing.T) {
	readme := "# x\n```\n$ go run ./cmd/enumerate -all\n```\n```\n$ go run ./cmd/query 1,2,3,0\n```\n" +
		strings.Repeat("text\n", 100) + "```\n$ go run ./cmd/plot -quick\n```\n"
	got := frontDoor(readme)
	if len(got) != 1 || !strings.Contains(got[0], "plot") {
		t.Fatalf("frontDoor = %q, want plot missing", got)
	}
}
