package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// FlagSet is a flag.FlagSet with the commands' one convention: a parse
// error is returned as a UsageError and reported once (by Report, not by
// the flag package), -h writes the usage lines and the flags to the
// error writer and ends with flag.ErrHelp (exit 0), and Given tells the
// flags set on the command line.
type FlagSet struct {
	*flag.FlagSet
	usage  string
	stderr io.Writer
	groups []flagGroup
}

// flagGroup is a heading of the usage and the flags under it.
type flagGroup struct {
	heading string
	names   []string
}

// NewFlagSet returns a FlagSet for the command name whose usage lines
// (without "usage: ") -h prints before the flags.
func NewFlagSet(name, usage string, stderr io.Writer) *FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by Report
	return &FlagSet{FlagSet: fs, usage: usage, stderr: stderr}
}

// Parse parses args and returns the arguments that are not flags. With
// interspersed set, flags may also come between and after them ("query
// BOARD -json"); otherwise the first non-flag ends the flags, as in the
// flag package.
func (f *FlagSet) Parse(args []string, interspersed bool) ([]string, error) {
	var rest []string
	for {
		if err := f.FlagSet.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				f.PrintUsage()
				return nil, err
			}
			return nil, UsageError{Err: err}
		}
		if !interspersed || f.NArg() == 0 {
			return append(rest, f.Args()...), nil
		}
		rest = append(rest, f.Arg(0))
		args = f.Args()[1:]
	}
}

// Group lists the named flags under heading in the usage, after the
// flags in no group (under "flags"), in the order of the calls.
func (f *FlagSet) Group(heading string, names ...string) {
	f.groups = append(f.groups, flagGroup{heading, names})
}

// PrintUsage writes the usage lines and the flags, by group, to the
// error writer.
func (f *FlagSet) PrintUsage() {
	fmt.Fprintf(f.stderr, "usage: %s\n", f.usage)
	grouped := map[string]bool{}
	for _, g := range f.groups {
		for _, name := range g.names {
			grouped[name] = true
		}
	}
	var rest []string
	f.VisitAll(func(fl *flag.Flag) {
		if !grouped[fl.Name] {
			rest = append(rest, fl.Name)
		}
	})
	if len(rest) > 0 || len(f.groups) == 0 {
		f.printFlags("flags", rest)
	}
	for _, g := range f.groups {
		f.printFlags(g.heading, g.names)
	}
}

// printFlags writes heading and the named flags, in that order, as the
// flag package does.
func (f *FlagSet) printFlags(heading string, names []string) {
	fmt.Fprintf(f.stderr, "\n%s:\n", heading)
	for _, name := range names {
		fl := f.Lookup(name)
		if fl == nil {
			panic("cli: no flag -" + name + " to group")
		}
		one := flag.NewFlagSet(f.Name(), flag.ContinueOnError)
		one.Var(fl.Value, fl.Name, fl.Usage)
		one.Lookup(name).DefValue = fl.DefValue // the value before parsing
		one.SetOutput(f.stderr)
		one.PrintDefaults()
	}
}

// IsGiven reports whether the named flag was set on the command line.
func (f *FlagSet) IsGiven(name string) bool {
	given := false
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}
