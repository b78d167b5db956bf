package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
)

// subs is a command with a default named a, a second b, and, with
// unnamed, its default unnamed (taking operands first, as query's boards).
func subs(unnamed bool) []Subcommand {
	run := func(ctx context.Context, s Subcommand, stdout, stderr io.Writer, args []string) error {
		fs := s.Flags(stderr)
		fs.Bool("x", false, "a flag of "+s.Name)
		rest, err := fs.Parse(args, true)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s%q", s.Name, rest)
		return nil
	}
	a := Subcommand{Command: "tool", Name: "a", Args: "[flags]", Summary: "does a", Default: true, Run: run}
	if unnamed {
		a.Name, a.Args = "", "[flags] OPERAND..."
	}
	return []Subcommand{a, {Command: "tool", Name: "b", Args: "[flags] FILE", Summary: "does b", Run: run}}
}

func TestRunSubcommand(t *testing.T) {
	cases := []struct {
		unnamed, noDefault bool
		args               []string
		out                string // stdout, or the error's text
	}{
		{args: nil, out: `a[]`},
		{args: []string{"-x", "op"}, out: `a["op"]`},
		{args: []string{"a", "op"}, out: `a["op"]`},
		{args: []string{"b", "-x", "f"}, out: `b["f"]`},
		{args: []string{"op"}, out: `unknown command "op": want a (the default) or b`},
		{unnamed: true, args: []string{"op", "-x"}, out: `["op"]`},
		{unnamed: true, args: []string{"b", "f"}, out: `b["f"]`},
		{noDefault: true, args: nil, out: `want a command: a or b`},
		{noDefault: true, args: []string{"-x"}, out: `unknown command "-x": want a or b`},
		{noDefault: true, args: []string{"c"}, out: `unknown command "c": want a or b`},
	}
	for i, c := range cases {
		s := subs(c.unnamed)
		s[0].Default = !c.noDefault
		var stdout, stderr bytes.Buffer
		err := RunSubcommand(context.Background(), s, &stdout, &stderr, c.args)
		got := stdout.String()
		var u UsageError
		if err != nil {
			got = err.Error()
			if !errors.As(err, &u) {
				t.Errorf("case %d: %v is no usage error", i, err)
			}
		}
		if got != c.out || stderr.Len() > 0 {
			t.Errorf("case %d %q: got %q, stderr %q, want %q", i, c.args, got, stderr.String(), c.out)
		}
		if strings.HasPrefix(c.out, "unknown") && !errors.Is(err, ErrUnknownCommand) {
			t.Errorf("case %d: %v is not ErrUnknownCommand", i, err)
		}
	}
}

// -h lists every subcommand, with the default's flags when there is one;
// a subcommand's -h shows its own line and flags.
func TestRunSubcommandHelp(t *testing.T) {
	cases := []struct {
		noDefault bool
		args      []string
		want      string
	}{
		{args: []string{"-h"}, want: "usage: tool [a] [flags]     does a\n       tool b [flags] FILE  does b\n\n" +
			"tool COMMAND -h lists the flags of COMMAND; below are those of tool a.\n\nflags:\n  -x\ta flag of a\n"},
		{args: []string{"help"}, want: "usage: tool [a] [flags]     does a\n"},
		{args: []string{"b", "-h"}, want: "usage: tool b [flags] FILE\n\nflags:\n  -x\ta flag of b\n"},
		{noDefault: true, args: []string{"-h"}, want: "usage: tool a [flags]       does a\n       tool b [flags] FILE  does b\n\n" +
			"tool COMMAND -h lists the flags of COMMAND.\n"},
	}
	for i, c := range cases {
		s := subs(false)
		s[0].Default = !c.noDefault
		var stdout, stderr bytes.Buffer
		err := RunSubcommand(context.Background(), s, &stdout, &stderr, c.args)
		if !errors.Is(err, flag.ErrHelp) || stdout.Len() > 0 || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("case %d %q: %v, stdout %q, stderr\n%s\nwant\n%s", i, c.args, err, stdout.String(), stderr.String(), c.want)
		}
	}
}

// Grouped flags come under their headings in the order given, the rest
// under "flags" first, each with its default before parsing.
func TestFlagGroups(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("tool", "tool [flags]", &stderr)
	fs.Int("n", 3, "how many")
	fs.String("out", "x", "where")
	fs.Bool("v", false, "verbose")
	fs.Group("output", "v", "out")
	if _, err := fs.Parse([]string{"-n", "5", "-h"}, true); !errors.Is(err, flag.ErrHelp) {
		t.Fatal(err)
	}
	want := "usage: tool [flags]\n\nflags:\n  -n int\n    \thow many (default 3)\n\noutput:\n  -v\tverbose\n  -out string\n    \twhere (default \"x\")\n"
	if stderr.String() != want {
		t.Errorf("got\n%s\nwant\n%s", stderr.String(), want)
	}
}
