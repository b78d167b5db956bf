// Command classroom writes the reports on the classroom searches (package
// classroom), one subcommand each with its own flags:
//
//	classroom coms bfs|dfs|ast BOARD      COMS 4701: goal 0,1,…,8, writes output.txt
//	classroom compare [flags] BOARD       every search algorithm side by side
//	classroom explain-dfs [flags] BOARD   why depth-first search blows up on BOARD
//	classroom grade -method M -board BOARD output.txt
//	classroom grade -run CMD [flags] DIR...
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
// for each k, and climb back greedily. grade grades a COMS 4701
// output.txt item by item against the reference counts and the exact
// distance (package classroom/grade), or with -run runs each submission
// folder's program on the assignment's test cases, each run in a bubblewrap
// box of its own, and writes a CSV row per run and item and a total per
// submission, or Gradescope's results.json (package classroom/submissions). "classroom COMMAND -h" lists a
// command's flags. Usage errors exit 2, other errors 1, Ctrl-C 130.
package main

import (
	"context"
	"io"

	"github.com/tilespace/tilespace/cmd/internal/cli"
)

func main() { cli.Main("classroom", run, "interrupted") }

var usagef = cli.Usagef

// commands are its jobs, one subcommand each.
var commands = []cli.Subcommand{
	{Command: "classroom", Name: "coms", Args: "bfs|dfs|ast BOARD", Summary: "COMS 4701: solve BOARD toward 0,1,…,8, write output.txt", Run: runCOMS},
	{Command: "classroom", Name: "compare", Args: "[flags] BOARD", Summary: "run every search algorithm on BOARD, side by side", Run: runCompare},
	{Command: "classroom", Name: "explain-dfs", Args: "[flags] BOARD", Summary: "explain why depth-first search blows up on BOARD", Run: runExplainDFS},
	{Command: "classroom", Name: "grade", Args: "[flags] output.txt", Summary: "COMS 4701: grade output.txt against exact truth; -run CMD DIR... a class's programs", Run: runGrade},
	{Command: "classroom", Name: "greedy-stats", Args: "[flags]", Summary: "the climber report's greedy climber statistics, by mixing moves", Run: runGreedyStats},
}

func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	return cli.RunSubcommand(ctx, commands, stdout, stderr, args)
}

// oneBoard returns the one board of a command that takes one.
func oneBoard(name string, rest []string) (string, error) {
	if len(rest) != 1 || rest[0] == "-" {
		return "", usagef("%s takes exactly one board", name)
	}
	return rest[0], nil
}
