// Package readme runs the README's examples as tests, so that the README
// cannot show what the commands no longer print.
//
// An example lives once, as a file in a testscript archive
// (cmd/NAME/testdata/script/*.txtar) whose text is the README's block
// exactly: lines starting with "$ " are command lines as a reader types
// them ("$ go run ./cmd/query 8,6,7,2,5,4,3,0,1", pipes and redirections
// allowed), each followed by what it prints, stdout and stderr
// interleaved as on a terminal, and a blank line before the next command.
// The script's "example" command (commands) runs each command line in a
// shell with the commands installed on PATH ("go run ./cmd/query"
// becomes "query") and compares what it prints with the text: every
// character exactly, except the spans that -vary patterns match (timings,
// sizes that vary), the cache folder (written /home/you/.cache/tilespace
// in the README), and lines holding only "…", which stand for any number
// of lines. The README test (readme_test.go) checks that every such block
// of README.md and docs/*.md equals one of these files, and rewrites the
// README from them with -update; a plain block that runs a command
// without being such an example is refused (commands to type go in a
// block marked sh). Two more tests keep the documents honest: every link
// between them names a file and a heading that exist (links_test.go), and
// no file of the repository speaks of how it was made instead of the
// software (history_test.go).
package readme

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// cacheShown is how the README writes the tilespace cache folder.
const cacheShown = "/home/you/.cache/tilespace"

// envLong is the variable that lets the long examples run in full.
const envLong = "TILESPACE_LONG"

// command is one command line of an example and what it prints.
type command struct {
	Line   string // without the "$ "
	Output string // every line ends with "\n"
}

// parse splits an example's text into its commands.
func parse(text string) ([]command, error) {
	if !strings.HasPrefix(text, "$ ") {
		return nil, errors.New(`an example starts with a command line, "$ …"`)
	}
	var cmds []command
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "$ ") {
			if n := len(cmds); n > 0 {
				// The blank line before a command separates it from the
				// one before.
				if out := cmds[n-1].Output; strings.HasSuffix(out, "\n\n") || out == "\n" {
					cmds[n-1].Output = out[:len(out)-1]
				}
			}
			cmds = append(cmds, command{Line: strings.TrimSuffix(line[2:], "\n")})
			continue
		}
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		cmds[len(cmds)-1].Output += line
	}
	last := &cmds[len(cmds)-1]
	for strings.HasSuffix(last.Output, "\n\n") {
		last.Output = strings.TrimSuffix(last.Output, "\n") // the archive's blank lines
	}
	if last.Output == "\n" {
		last.Output = ""
	}
	return cmds, nil
}

// runsCmd turns "go run ./cmd/NAME" into the installed command NAME.
var runsCmd = regexp.MustCompile(`go run \./cmd/([a-z-]+)`)

// pattern turns an expected output into a regular expression: vary's
// matches and lines of "…" become patterns, everything else is literal.
func pattern(want string, vary []*regexp.Regexp) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(`\A`)
	for _, line := range strings.SplitAfter(want, "\n") {
		if line == "" {
			continue
		}
		if strings.TrimSpace(line) == "…" {
			b.WriteString(`(?:.*\n)*?`)
			continue
		}
		for line != "" {
			start, end, pat := len(line), len(line), ""
			for _, re := range vary {
				if loc := re.FindStringIndex(line); loc != nil && loc[1] > loc[0] && loc[0] < start {
					start, end, pat = loc[0], loc[1], re.String()
				}
			}
			b.WriteString(regexp.QuoteMeta(line[:start]))
			if pat != "" {
				b.WriteString("(?:" + pat + ")")
			}
			line = line[end:]
		}
	}
	b.WriteString(`\z`)
	return regexp.Compile(b.String())
}

// match reports how got differs from want, nil when it does not.
func match(want, got string, vary []*regexp.Regexp) error {
	re, err := pattern(want, vary)
	if err != nil {
		return err
	}
	if re.MatchString(got) {
		return nil
	}
	// Point at the first line that differs, for people.
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if strings.TrimSpace(wl[i]) == "…" {
			break
		}
		if lre, err := pattern(wl[i]+"\n", vary); err == nil && !lre.MatchString(gl[i]+"\n") {
			return fmt.Errorf("line %d differs:\n  want %q\n  got  %q\nwhole output:\n%s", i+1, wl[i], gl[i], got)
		}
	}
	return fmt.Errorf("the output differs from the example:\nwant:\n%s\ngot:\n%s", want, got)
}

// commands returns the script commands the examples need:
//
//	example [-vary REGEXP]... [-status N,N,…] [-long DURATION] FILE
//
// runs FILE's commands in order in the script's folder and compares
// their output with FILE's. -status gives the exit status of each command
// (default 0 for all). -long marks an example that takes long: unless
// $TILESPACE_LONG is set, each command is stopped after DURATION and what
// it printed by then must be a beginning of the example's output, whole
// lines matched as above (so the format is still checked).
func commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){"example": example}
}

func example(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("example does not take !: give the exit statuses with -status")
	}
	var vary []*regexp.Regexp
	var statuses []int
	var long time.Duration
	for len(args) > 1 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-vary":
			vary = append(vary, regexp.MustCompile(args[1]))
		case "-status":
			for _, s := range strings.Split(args[1], ",") {
				n, err := strconv.Atoi(s)
				ts.Check(err)
				statuses = append(statuses, n)
			}
		case "-long":
			d, err := time.ParseDuration(args[1])
			ts.Check(err)
			long = d
		default:
			ts.Fatalf("example: unknown flag %s", args[0])
		}
		args = args[2:]
	}
	if len(args) != 1 {
		ts.Fatalf("usage: example [-vary REGEXP]... [-status N,…] [-long DURATION] FILE")
	}
	text := ts.ReadFile(args[0])
	cmds, err := parse(text)
	ts.Check(err)
	if statuses == nil {
		statuses = make([]int, len(cmds))
	}
	if len(statuses) != len(cmds) {
		ts.Fatalf("example %s: %d commands, %d exit statuses", args[0], len(cmds), len(statuses))
	}
	quick := long > 0 && os.Getenv(envLong) == ""
	for i, c := range cmds {
		got, status, cut := run(ts, c.Line, long, quick)
		got = strings.ReplaceAll(got, ts.Getenv("TILESPACE_CACHE"), cacheShown)
		ts.Logf("$ %s\n%s", c.Line, got)
		if cut {
			if err := matchBeginning(c.Output, got, vary); err != nil {
				ts.Fatalf("example %s, command %d (stopped after %s; TILESPACE_LONG=1 runs it whole): %v", args[0], i+1, long, err)
			}
			continue
		}
		if status != statuses[i] {
			ts.Fatalf("example %s: $ %s: exit status %d, want %d", args[0], c.Line, status, statuses[i])
		}
		if err := match(c.Output, got, vary); err != nil {
			ts.Fatalf("example %s: $ %s: %v", args[0], c.Line, err)
		}
	}
}

// run runs line in a shell in the script's folder, stdout and stderr on
// one pipe as on a terminal, and returns what it printed and its exit
// status; with quick it stops the command after long, and cut is true
// when it had to.
func run(ts *testscript.TestScript, line string, long time.Duration, quick bool) (out string, status int, cut bool) {
	ctx := context.Background()
	if quick {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, long)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", runsCmd.ReplaceAllString(line, "$1"))
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = env(ts)
	inGroup(cmd)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return buf.String(), -1, true
	case errors.As(err, &exit):
		return buf.String(), exit.ExitCode(), false
	case err != nil:
		ts.Fatalf("$ %s: %v", line, err)
	}
	return buf.String(), 0, false
}

// env is the script's environment for a command line.
func env(ts *testscript.TestScript) []string {
	vars := os.Environ()
	for _, name := range []string{"PATH", "HOME", "TMPDIR", "WORK", "TILESPACE_CACHE"} {
		vars = append(vars, name+"="+ts.Getenv(name))
	}
	return vars
}

// matchBeginning checks that the whole lines of got match a beginning of
// want.
func matchBeginning(want, got string, vary []*regexp.Regexp) error {
	lines := strings.SplitAfter(got, "\n")
	if !strings.HasSuffix(got, "\n") {
		lines = lines[:len(lines)-1] // a line being written when stopped
	}
	whole := strings.Join(lines, "")
	if whole == "" {
		return nil
	}
	for _, prefix := range prefixes(want) {
		if p, err := pattern(prefix, vary); err == nil && p.MatchString(whole) {
			return nil
		}
	}
	return fmt.Errorf("what it printed is not a beginning of the example:\nwant:\n%s\ngot:\n%s", want, whole)
}

// prefixes returns want's beginnings of whole lines, longest first (a
// "…" line at the end of one covers a command stopped in the lines it
// elides).
func prefixes(want string) []string {
	lines := strings.SplitAfter(want, "\n")
	var out []string
	for n := len(lines); n > 0; n-- {
		out = append(out, strings.Join(lines[:n], ""))
	}
	return out
}

// setup prepares a script's environment: a cache folder of its own and
// root's data folder (the reference files the examples read) at
// $WORK/data.
func setup(root string) func(env *testscript.Env) error {
	return func(e *testscript.Env) error {
		e.Setenv("TILESPACE_CACHE", filepath.Join(e.WorkDir, "cache"))
		abs, err := filepath.Abs(filepath.Join(root, "data"))
		if err != nil {
			return err
		}
		return os.Symlink(abs, filepath.Join(e.WorkDir, "data"))
	}
}

// Params returns the testscript parameters of the scripts in dir (a
// command's testdata/script), root being the module's folder.
func Params(dir, root string) testscript.Params {
	return testscript.Params{Dir: dir, Setup: setup(root), Cmds: commands(), RequireUniqueNames: true,
		Condition: func(cond string) (bool, error) {
			if cond == "long" { // [long]: TILESPACE_LONG=1 asks for the long examples
				return os.Getenv(envLong) != "", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		}}
}
