// Package clitest holds what the commands' tests share: Help walks a
// command and its subcommands with -h and -help.
package clitest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/cli"
)

// Help runs the command (its body, run) with -h and with -help, alone and
// after each of its subcommands, and fails t unless each exits 0 (as the
// flag package does for -h), writes nothing to standard output, and
// writes usage lines naming the command (and the subcommand) to standard
// error. The command's own -h must name every subcommand. The context is
// cancelled from the start and the cache folder is empty, so a -h taken
// for something else stops rather than runs.
func Help(t *testing.T, command string, run cli.Run, subcommands ...string) {
	t.Helper()
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, sub := range append([]string{""}, subcommands...) {
		for _, h := range []string{"-h", "-help"} {
			args := append(strings.Fields(sub), h)
			var stdout, stderr bytes.Buffer
			err := run(ctx, strings.NewReader(""), &stdout, &stderr, args)
			var report bytes.Buffer
			code := cli.Report(&report, command, err, "interrupted")
			out := stderr.String()
			rest, isUsage := strings.CutPrefix(out, "usage:")
			first, _, _ := strings.Cut(strings.TrimSpace(rest), "\n")
			switch {
			case code != 0:
				t.Errorf("%s %s: exit %d, want 0 (%s)", command, strings.Join(args, " "), code, strings.TrimSpace(report.String()))
			case stdout.Len() > 0:
				t.Errorf("%s %s: wrote %q to standard output, want the usage on standard error", command, strings.Join(args, " "), stdout.String())
			case !isUsage || !strings.HasPrefix(first, command) || !strings.Contains(first, sub):
				t.Errorf("%s %s: standard error does not start with a usage line naming %q:\n%s", command, strings.Join(args, " "), strings.TrimSpace(command+" "+sub), out)
			}
			if sub != "" {
				continue
			}
			for _, s := range subcommands {
				if !strings.Contains(out, s) {
					t.Errorf("%s %s does not name its subcommand %s:\n%s", command, h, s, out)
				}
			}
		}
	}
}

// Names returns the names of subs, for Help (an unnamed default is the
// command alone, which Help walks anyway).
func Names(subs []cli.Subcommand) []string {
	var names []string
	for _, s := range subs {
		if s.Name != "" {
			names = append(names, s.Name)
		}
	}
	return names
}
