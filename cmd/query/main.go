// Command query answers, for any board, its exact distance from the goal,
// every optimal first move, and an optimal solution: from the distance
// tables (embedded for the 8-puzzle, cached, or built on the fly for
// shapes of up to 10 cells), and for boards too large for a table (the
// 15-puzzle) by IDA* on the pattern databases in the cache folder. Answers
// found by search add the nodes expanded and the seconds taken: two more
// tab-separated fields in plain lines, "nodes" and "seconds" in JSON, and
// nodes,seconds columns in CSV when -shape says the board is that large.
//
// Usage:
//
//	query [flags] BOARD...        one board: a report for people; several: one line each
//	query [flags] [-] < FILE      boards from stdin, one per line
//	query [flags] -in FILE        boards from FILE
//	query [flags] -random N [-depth D] [-seed S]
//	query -coms bfs|dfs|ast BOARD  COMS 4701: goal 0,1,…,8, writes output.txt
//	query -compare BOARD [-json]   every search algorithm side by side
//	query -explain-dfs BOARD [-json]
//	query -greedy-stats [-seed S] [-n N] [-k 10,20,…] [-score S] [-stuck R] [-json]
//
// Flags:
//
//	-shape RxC     board shape (default: from the goal, the table or each board)
//	-goal G        last (default), first, or a board such as 1,2,3,4,0,5,6,7,8
//	-table FILE    use this table file instead of the embedded and cached ones
//	-in FILE       read boards from FILE
//	-field N       take the board from the Nth tab-separated column (1-based)
//	-json          one JSON object per board: board, distance, optimal_moves, path
//	-csv           CSV with the header board,distance,optimal_moves,path,error
//	-path          add the optimal path to plain batch lines
//	-random N      N boards drawn uniformly (from distance D with -depth)
//	-depth D       the distance -random draws from (default: every board)
//	-seed S        the seed of -random (default 1)
//	-tile-moves    name moves by the tile that slides: "5Down" for the blank's Up
//	-all-moves     4x4: find every optimal first move too (one search per move);
//	               without it the optimal moves of a search answer are "?"
//	-pdb-dir DIR   4x4: pattern databases in DIR are preferred to the cache's
//	-coms METHOD   solve BOARD as COMS 4701 asks (bfs, dfs or ast) and write output.txt
//	-compare       run BFS, DFS, IDDFS, UCS, A* (misplaced, Manhattan, linear
//	               conflict, exact), IDA*, greedy and the gain climber on BOARD
//	-explain-dfs   tell, in words and numbers, why DFS blows up on BOARD
//	-greedy-stats  seed 003's greedy climber statistics by mixing moves
//	-n N, -k LIST  boards per mixing length and the mixing lengths of -greedy-stats
//	-score S       -greedy-stats: adjacent (default: 1 a matched square, 0.5 a square
//	               whose tile is next to it) or matched (1 a matched square only)
//	-stuck R       -greedy-stats, when every move leads to a board seen before:
//	               first-legal (default: make the first legal move anyway) or stop
//
// Plain batch lines are tab-separated: the board, its distance, its
// optimal moves (separated by spaces, empty at the goal), and with -path
// the path. Blank lines and lines starting with "#" are skipped. A bad line
// is reported on stderr (plain) or as a record (JSON, CSV), the batch goes
// on, and the exit status is 1. Usage errors exit with 2.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/tilespace/tilespace/internal/textfmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/query"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(report(os.Stderr, err))
}

// report writes err for people and returns the exit status: 0, 2 for a
// usage error, 130 when interrupted, else 1.
func report(stderr io.Writer, err error) int {
	return cli.Report(stderr, "query", err, "interrupted")
}

// solverOracle answers for shapes too large for a distance table (the
// 15-puzzle): IDA* on the best pattern databases in the cache folder,
// built first (6-6-3) when there are none, saying so on stderr.
func solverOracle(stderr io.Writer, pdbDir string, allMoves bool) func(ctx context.Context, goal statespace.Board) (query.Oracle, error) {
	return func(ctx context.Context, goal statespace.Board) (query.Oracle, error) {
		h, _, err := solver.Load(ctx, goal, pdbDir, stderr)
		if err != nil {
			return nil, err
		}
		s, err := solver.New(goal, h)
		if err != nil {
			return nil, err
		}
		return query.NewSolverOracle(s, allMoves), nil
	}
}

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

var usagef = cli.Usagef

type flags struct {
	shape, goal, table, in string
	field, random, depth   int
	seed                   uint64
	json, csv, path, tile  bool
	allMoves               bool
	pdbDir                 string
	goalSet                bool
	boards                 []string

	// the classroom modes (classroom.go)
	coms                        string
	compare, explainDFS, greedy bool
	greedyN                     int
	greedyKs                    string
	greedyScore, greedyStuck    string
}

func parseFlags(stderr io.Writer, args []string) (*flags, error) {
	var f flags
	fs := flag.NewFlagSet("query", flag.ContinueOnError)
	// Parse errors are reported once, by main; -h prints the usage.
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.shape, "shape", "", "board shape `RxC` (default: from -goal, -table or each board)")
	fs.StringVar(&f.goal, "goal", "last", "goal: last, first, or a `board` such as 1,2,3,4,0,5,6,7,8")
	fs.StringVar(&f.table, "table", "", "distance table `file` to use instead of the embedded and cached ones")
	fs.StringVar(&f.in, "in", "", "read boards from `file`, one per line")
	fs.IntVar(&f.field, "field", 0, "take the board from column `N` of tab-separated lines (1-based)")
	fs.BoolVar(&f.json, "json", false, "write one JSON object per board")
	fs.BoolVar(&f.csv, "csv", false, "write CSV with a header")
	fs.BoolVar(&f.path, "path", false, "add the optimal path to plain batch lines")
	fs.IntVar(&f.random, "random", 0, "draw `N` boards uniformly at random: distinct boards while N is at most their number, then repeating; on shapes without a table (the 15-puzzle) boards only, without answers")
	fs.IntVar(&f.depth, "depth", -1, "with -random, draw from the boards at distance `D`; -1 draws from all boards")
	fs.Uint64Var(&f.seed, "seed", query.DefaultSeed, "the `seed` of -random: the same seed draws the same boards")
	fs.BoolVar(&f.tile, "tile-moves", false, "name moves by the tile that slides and its direction (5Down)")
	fs.BoolVar(&f.allMoves, "all-moves", false, "4x4: also find every optimal first move (one more search per move)")
	fs.StringVar(&f.pdbDir, "pdb-dir", "", "4x4: look for pattern databases in `folder` (e.g. enumerate -out DIR) before the cache folder")
	fs.StringVar(&f.coms, "coms", "", "COMS 4701: solve BOARD with `method` bfs, dfs or ast toward 0,1,…,8 and write output.txt")
	fs.BoolVar(&f.compare, "compare", false, "run every search algorithm on BOARD and compare them side by side")
	fs.BoolVar(&f.explainDFS, "explain-dfs", false, "explain why depth-first search blows up on BOARD")
	fs.BoolVar(&f.greedy, "greedy-stats", false, "repeat seed 003's gain-score climber experiment (with -seed, -n, -k)")
	fs.IntVar(&f.greedyN, "n", classroom.DefaultGreedyN, "with -greedy-stats, boards per mixing length")
	fs.StringVar(&f.greedyKs, "k", classroom.JoinKs(classroom.DefaultGreedyKs), "with -greedy-stats, the mixing lengths")
	fs.StringVar(&f.greedyScore, "score", "adjacent", "with -greedy-stats, the climber's score: adjacent or matched")
	fs.StringVar(&f.greedyStuck, "stuck", "first-legal", "with -greedy-stats, when every move leads to a board seen before: first-legal or stop")
	// Flags may come before, between or after the boards.
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stderr, "usage: query [flags] BOARD... | query [flags] [-] < FILE | query [flags] -in FILE | query [flags] -random N [-depth D]")
				fs.SetOutput(stderr)
				fs.PrintDefaults()
				return nil, err
			}
			return nil, usageError{Err: err}
		}
		if fs.NArg() == 0 {
			break
		}
		f.boards = append(f.boards, fs.Arg(0))
		args = fs.Args()[1:]
	}
	drawFlags, greedyFlags := false, false
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "goal":
			f.goalSet = true
		case "depth":
			drawFlags = true
		case "seed":
			drawFlags = drawFlags || !f.greedy
		case "n", "k", "score", "stuck":
			greedyFlags = true
		}
	})
	if err := checkClassroomFlags(&f, greedyFlags); err != nil {
		return nil, err
	}
	switch {
	case f.json && f.csv:
		return nil, usagef("-json and -csv exclude each other")
	case f.field < 0:
		return nil, usagef("-field %d: columns count from 1", f.field)
	case f.random < 0:
		return nil, usagef("-random %d: want a number of boards", f.random)
	case drawFlags && f.random == 0:
		return nil, usagef("-depth and -seed need -random N with N > 0 (or -seed with -greedy-stats)")
	case f.random > 0 && (len(f.boards) > 0 || f.in != ""):
		return nil, usagef("-random draws its own boards: give no boards and no -in")
	case f.depth < -1:
		return nil, usagef("-depth %d: distances are at least 0", f.depth)
	case f.field > 0 && len(f.boards) > 0 && f.boards[0] != "-":
		return nil, usagef("-field applies to lines read from stdin or -in, not to boards given as arguments")
	case f.in != "" && len(f.boards) > 0:
		return nil, usagef("give boards as arguments or -in FILE, not both")
	}
	for _, b := range f.boards {
		if b == "-" && len(f.boards) > 1 {
			return nil, usagef("\"-\" (stdin) cannot be mixed with boards")
		}
	}
	return &f, nil
}

func run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	f, err := parseFlags(stderr, args)
	if err != nil {
		return err
	}
	cfg := query.Config{TableFile: f.table, Log: stderr, Untabled: solverOracle(stderr, f.pdbDir, f.allMoves)}
	if f.goalSet {
		cfg.Goal = f.goal
	}
	if f.shape != "" {
		if cfg.Shape, err = statespace.ParseShape(f.shape); err != nil {
			return usageError{Err: err}
		}
	}
	opts := query.Options{Path: f.path, TileMoves: f.tile, Field: f.field}
	switch {
	case f.json:
		opts.Format = query.JSON
	case f.csv:
		opts.Format = query.CSV
	}
	res, err := query.NewResolver(ctx, cfg)
	if err != nil {
		return err
	}
	// Boards too large for a table are answered by search, whose records
	// carry nodes and seconds; CSV needs to know before its header. The
	// shape comes from -shape, a -goal board or -table.
	if sh := res.Shape(); sh.Cells() > 0 {
		if sp, err := statespace.NewSpace(statespace.GoalLast(sh)); err == nil && sp.Size() > statespace.MaxEnumerate {
			opts.SearchColumns = true
		}
	}
	if f.random > 0 && res.Shape() == (statespace.Shape{}) {
		// Nothing says the shape of the boards to draw: the 8-puzzle.
		cfg.Shape = statespace.Shape{Rows: 3, Cols: 3}
		if res, err = query.NewResolver(ctx, cfg); err != nil {
			return err
		}
	}

	// Each mode is a small branch calling into a package.
	switch {
	case f.coms != "":
		return coms(ctx, f.coms, f.boards[0], stdout)
	case f.compare:
		return compare(ctx, res, f.boards[0], f.json, stdout)
	case f.explainDFS:
		return explainDFS(ctx, res, f.boards[0], f.json, stdout)
	case f.greedy:
		return greedyStats(ctx, res, f, stdout)
	case f.random > 0:
		return randomBoards(ctx, res, f, opts, stdout, stderr)
	case len(f.boards) == 1 && f.boards[0] != "-" && opts.Format == query.Plain:
		return oneBoard(ctx, res, f.boards[0], f.tile, stdout)
	default:
		return batch(ctx, res, f, opts, stdin, stdout, stderr)
	}
}

// oneBoard writes the report for people about one board.
func oneBoard(ctx context.Context, res *query.Resolver, text string, tile bool, stdout io.Writer) error {
	b, err := statespace.Parse(text, res.Shape())
	if err != nil {
		return fmt.Errorf("board %q: %w", text, err)
	}
	a, err := res.Answer(ctx, b, true)
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	o, err := res.For(ctx, b.Shape())
	if err != nil {
		return err
	}
	return query.WriteReport(stdout, o.Goal(), a, tile)
}

// batch writes one record per board of the arguments, -in FILE or stdin.
func batch(ctx context.Context, res *query.Resolver, f *flags, opts query.Options, stdin io.Reader, stdout, stderr io.Writer) error {
	out := query.NewRecordWriter(stdout, stderr, opts)
	var sum query.Summary
	var err error
	switch {
	case len(f.boards) > 0 && f.boards[0] != "-":
		out.Unit = "argument"
		sum, err = query.Boards(ctx, f.boards, res, out)
	case f.in != "":
		file, ferr := os.Open(f.in)
		if ferr != nil {
			return ferr
		}
		defer file.Close()
		sum, err = query.Batch(ctx, file, res, out)
	default:
		sum, err = query.Batch(ctx, stdin, res, out)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if sum.Searched > 0 {
		fmt.Fprintf(stderr, "query: solved %d %s by search: %s nodes expanded in %.3f s\n",
			sum.Searched, textfmt.Plural(sum.Searched, "board", "boards"), textfmt.Commas(sum.Nodes), sum.Elapsed.Seconds())
	}
	if sum.Failed > 0 {
		return fmt.Errorf("%d of %d boards failed", sum.Failed, sum.Boards)
	}
	return nil
}

// randomBoards writes -random N boards drawn from -depth D.
func randomBoards(ctx context.Context, res *query.Resolver, f *flags, opts query.Options, stdout, stderr io.Writer) error {
	out := query.NewRecordWriter(stdout, stderr, opts)
	err := res.Random(ctx, f.random, f.depth, f.seed, out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}
