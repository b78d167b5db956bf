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

// PrintUsage writes the usage lines and the flags to the error writer.
func (f *FlagSet) PrintUsage() {
	fmt.Fprintf(f.stderr, "usage: %s\n\nflags:\n", f.usage)
	f.SetOutput(f.stderr)
	f.PrintDefaults()
	f.SetOutput(io.Discard)
}

// IsGiven reports whether the named flag was set on the command line.
func (f *FlagSet) IsGiven(name string) bool {
	given := false
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}
