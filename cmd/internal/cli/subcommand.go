package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A Subcommand is one job of a command that has several, each with flags
// of its own (classroom's reports, analyze's analyses).
type Subcommand struct {
	Command, Name, Args, Summary string // Command is the command's own name
	Run                          func(ctx context.Context, sub Subcommand, stdout, stderr io.Writer, args []string) error
}

// RunSubcommand runs the one of subs (all of one command) that args[0]
// names, with the rest of args; -h or help lists them on stderr.
func RunSubcommand(ctx context.Context, subs []Subcommand, stdout, stderr io.Writer, args []string) error {
	var names []string
	width := 0
	for _, s := range subs {
		names = append(names, s.Name)
		width = max(width, len(s.Name)+1+len(s.Args))
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	if len(args) == 0 {
		return Usagef("want a command: %s", want)
	}
	if slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]) {
		fmt.Fprintln(stderr, "usage:")
		for _, s := range subs {
			fmt.Fprintf(stderr, "  %s %-*s  %s\n", s.Command, width, s.Name+" "+s.Args, s.Summary)
		}
		fmt.Fprintf(stderr, "\n%s COMMAND -h lists the flags of COMMAND.\n", subs[0].Command)
		return flag.ErrHelp
	}
	for _, s := range subs {
		if s.Name == args[0] {
			return s.Run(ctx, s, stdout, stderr, args[1:])
		}
	}
	return Usagef("unknown command %q: want %s", args[0], want)
}

// Flags returns the subcommand's flag set, with its usage line for -h.
func (s Subcommand) Flags(stderr io.Writer) *FlagSet {
	return NewFlagSet(s.Command+" "+s.Name, s.Command+" "+s.Name+" "+s.Args, stderr)
}
