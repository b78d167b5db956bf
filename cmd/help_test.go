package cmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command's tests walk it with -h and -help (clitest.Help), so a
// flag named -h, which would hide the usage, cannot come back unnoticed.
func TestEveryCommandWalksHelp(t *testing.T) {
	mains, err := filepath.Glob("*/main.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no commands found: %v", err)
	}
	for _, m := range mains {
		dir := filepath.Dir(m)
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		walks := false
		for _, f := range tests {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			walks = walks || strings.Contains(string(b), "clitest.Help(t, \""+dir+"\"")
		}
		if !walks {
			t.Errorf("cmd/%s: no test calls clitest.Help(t, %q, …)", dir, dir)
		}
	}
}
