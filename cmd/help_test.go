package cmd_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every command's tests walk it with -h and -help (clitest.Help), so a
// flag named -h, which would hide the usage, cannot come back unnoticed;
// a command with subcommands declares them in one table of
// cli.Subcommand, dispatched by cli.RunSubcommand, and its walk takes
// every name of that table (clitest.Names), so none is left out.
func TestEveryCommandWalksHelp(t *testing.T) {
	mains, err := filepath.Glob("*/main.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no commands found: %v", err)
	}
	for _, m := range mains {
		dir := filepath.Dir(m)
		main, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		subcommands := strings.Contains(string(main), "cli.RunSubcommand(")
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		walks, walksTable := false, false
		for _, f := range tests {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			call := regexp.MustCompile(`clitest\.Help\(t, "` + dir + `", \w+(, clitest\.Names\(commands(\(nil\))?\)\.\.\.)?\)`).FindSubmatch(b)
			walks = walks || call != nil
			walksTable = walksTable || call != nil && len(call[1]) > 0
		}
		switch {
		case !walks:
			t.Errorf("cmd/%s: no test calls clitest.Help(t, %q, …)", dir, dir)
		case subcommands && !walksTable:
			t.Errorf("cmd/%s: its help test walks subcommands other than its table's: clitest.Help(t, %q, run, clitest.Names(commands)...)", dir, dir)
		}
	}
}

// The first argument names a subcommand in cli.RunSubcommand only: a
// command comparing it by hand would be a second way, with its own help
// and errors.
func TestOneWayToDispatch(t *testing.T) {
	byHand := regexp.MustCompile(`args\[0\] *(==|!=)|switch args\[0\]`)
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == filepath.Join("internal", "cli", "subcommand.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if loc := byHand.FindIndex(b); loc != nil {
			t.Errorf("%s: %q compares the first argument with a subcommand's name; declare the subcommands as cli.Subcommand and run them with cli.RunSubcommand", path, b[loc[0]:loc[1]])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
