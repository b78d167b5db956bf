package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A Subcommand is one job of a command that has several, each with flags
// of its own (classroom's reports, analyze's analyses, query's boards and
// random boards). Every command with subcommands declares them in one
// table and dispatches with RunSubcommand.
type Subcommand struct {
	Command, Name, Args, Summary string // Command is the command's own name
	// Default marks the one subcommand (at most one a table) that runs
	// when the arguments name none: when there are none, or they start
	// with a flag, and, when Name is empty (a job with no name, such as
	// query's boards), when they start with an operand. Its -h lists
	// every subcommand above its flags.
	Default bool
	Run     func(ctx context.Context, sub Subcommand, stdout, stderr io.Writer, args []string) error
	listing string // set by RunSubcommand on the default run unnamed: every usage line
}

// helpArgs are the arguments that ask for the usage.
var helpArgs = []string{"-h", "-help", "--help", "help"}

// RunSubcommand runs the one of subs (all of one command) that args[0]
// names, with the rest of args, or the default one (Subcommand.Default)
// with all of args. -h or help lists them on stderr, with the default's
// flags when there is one; a name that is none is a usage error.
func RunSubcommand(ctx context.Context, subs []Subcommand, stdout, stderr io.Writer, args []string) error {
	var def *Subcommand
	for i := range subs {
		if subs[i].Default {
			def = &subs[i]
		}
	}
	if len(args) > 0 {
		for _, s := range subs {
			if s.Name != "" && s.Name == args[0] {
				return s.Run(ctx, s, stdout, stderr, args[1:])
			}
		}
	}
	switch {
	case def != nil && (len(args) == 0 || args[0] == "help" || strings.HasPrefix(args[0], "-") || def.Name == ""):
		s := *def
		s.listing = Listing(subs)
		if len(args) > 0 && args[0] == "help" {
			args = []string{"-h"}
		}
		return s.Run(ctx, s, stdout, stderr, args)
	case len(args) == 0:
		return Usagef("want a command: %s", want(subs))
	case slices.Contains(helpArgs, args[0]):
		fmt.Fprintf(stderr, "usage: %s\n\n%s COMMAND -h lists the flags of COMMAND.\n", Listing(subs), subs[0].Command)
		return flag.ErrHelp
	}
	return Usagef("%w %q: want %s", ErrUnknownCommand, args[0], want(subs))
}

// ErrUnknownCommand is in the usage error of a first argument that names
// no subcommand, for a command to add a hint to.
var ErrUnknownCommand = errors.New("unknown command")

// want names the subcommands, the default one marked.
func want(subs []Subcommand) string {
	var names []string
	for _, s := range subs {
		switch {
		case s.Name == "":
			continue
		case s.Default:
			names = append(names, s.Name+" (the default)")
		default:
			names = append(names, s.Name)
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Listing returns the usage lines of subs, one a subcommand with its
// summary, aligned, each after the first indented as the flag package's
// "usage: " prefix is long; the default's name is in brackets (it may be
// left out).
func Listing(subs []Subcommand) string {
	var lines []string
	width := 0
	for _, s := range subs {
		lines = append(lines, s.line())
		width = max(width, len(s.line()))
	}
	var b strings.Builder
	for i, s := range subs {
		if i > 0 {
			b.WriteString("\n       ")
		}
		fmt.Fprintf(&b, "%-*s  %s", width, lines[i], s.Summary)
	}
	return b.String()
}

// line is the subcommand's usage line, without its summary.
func (s Subcommand) line() string {
	name := s.Name
	if s.Default && name != "" {
		name = "[" + name + "]"
	}
	return strings.Join(slices.DeleteFunc([]string{s.Command, name, s.Args}, func(w string) bool { return w == "" }), " ")
}

// Flags returns the subcommand's flag set, with its usage line for -h
// (the default one run unnamed: every subcommand's line).
func (s Subcommand) Flags(stderr io.Writer) *FlagSet {
	usage := s.line()
	if s.listing != "" {
		usage = s.listing + "\n\n" + s.Command + " COMMAND -h lists the flags of COMMAND; below are those of " + strings.TrimSpace(s.Command+" "+s.Name) + "."
	}
	return NewFlagSet(strings.TrimSpace(s.Command+" "+s.Name), usage, stderr)
}
