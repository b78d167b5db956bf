// Command classroom writes the reports on the classroom searches (package
// classroom), one subcommand each with its own flags:
//
//	classroom coms bfs|dfs|ast BOARD      COMS 4701: goal 0,1,…,8, writes output.txt
//	classroom compare [flags] BOARD       every search algorithm side by side
//	classroom explain-dfs [flags] BOARD   why depth-first search blows up on BOARD
//	classroom greedy-stats [flags]        the climber report's greedy climber statistics
//
// coms solves the board as homework 1 of COMS 4701 asks (python puzzle.py
// bfs BOARD): toward 0,1,…,8, with the assignment's semantics, writing
// output.txt in the current folder in its seven-line format and the same
// lines on stdout; it takes no flags, since the assignment fixes the goal,
// the shape and the format. compare runs BFS, DFS, IDDFS, UCS, A*
// (misplaced, Manhattan, linear conflict, exact), IDA*, greedy and the gain
// climber on BOARD, with the exact distance from the table (on shapes
// without one, the 15-puzzle, from IDA* on pattern databases, which -pdb-dir
// and -pdb choose). explain-dfs tells, in words and numbers, why DFS blows
// up on BOARD; it needs the exact table of the board's shape. greedy-stats
// repeats the climber report's experiment: mix the goal with k random moves, N boards
// for each k, and climb back greedily. "classroom COMMAND -h" lists a
// command's flags. Usage errors exit 2, other errors 1, Ctrl-C 130.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tilespace/tilespace/cmd/internal/cli"
)

func main() { cli.Main("classroom", run, "interrupted") }

var usagef = cli.Usagef

// A command is one report.
type command struct {
	name, args, summary string
	run                 func(ctx context.Context, c command, stdout, stderr io.Writer, args []string) error
}

var commands = []command{
	{"coms", "bfs|dfs|ast BOARD", "COMS 4701: solve BOARD toward 0,1,…,8, write output.txt", runCOMS},
	{"compare", "[flags] BOARD", "run every search algorithm on BOARD, side by side", runCompare},
	{"explain-dfs", "[flags] BOARD", "explain why depth-first search blows up on BOARD", runExplainDFS},
	{"greedy-stats", "[flags]", "the climber report's greedy climber statistics, by mixing moves", runGreedyStats},
}

func names() string {
	var n []string
	for _, c := range commands {
		n = append(n, c.name)
	}
	return strings.Join(n[:len(n)-1], ", ") + " or " + n[len(n)-1]
}

func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	if len(args) == 0 {
		return usagef("want a command: %s", names())
	}
	if slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]) {
		fmt.Fprintln(stderr, "usage:")
		for _, c := range commands {
			fmt.Fprintf(stderr, "  classroom %-30s %s\n", c.name+" "+c.args, c.summary)
		}
		fmt.Fprintln(stderr, "\nclassroom COMMAND -h lists the flags of COMMAND.")
		return flag.ErrHelp
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, c, stdout, stderr, args[1:])
		}
	}
	return usagef("unknown command %q: want %s", args[0], names())
}

// flags returns the command's flag set, its usage line for -h.
func (c command) flags(stderr io.Writer) *cli.FlagSet {
	return cli.NewFlagSet("classroom "+c.name, "classroom "+c.name+" "+c.args, stderr)
}

// oneBoard returns the one board of a command that takes one.
func oneBoard(name string, rest []string) (string, error) {
	if len(rest) != 1 || rest[0] == "-" {
		return "", usagef("%s takes exactly one board", name)
	}
	return rest[0], nil
}
