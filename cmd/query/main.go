// Command query answers, for any board, its exact distance from the goal,
// every optimal first move, and an optimal solution: from the distance
// tables (embedded for the 8-puzzle, cached, or built on the fly for
// shapes of up to 10 cells), and for boards without a table (the
// 15-puzzle, 3x5, 12-cell shapes whose table is not built) by IDA* on the
// pattern databases found for the board's shape and goal (package resolve
// resolves them), else on Manhattan distance plus linear conflict.
// query random draws boards at random and answers them.
//
// Usage:
//
//	query [flags] BOARD...        one board: a report for people; several: one line each
//	query [flags] [-] < FILE      boards from stdin, one per line
//	query [flags] -in FILE        boards from FILE
//	query random [flags] N        N boards drawn uniformly (query random -h)
//
// Flags:
//
//	-shape RxC     board shape (default: from the goal, the table or each board)
//	-goal G        last (default), first, or a board such as 1,2,3,4,0,5,6,7,8
//	-table FILE    use this table file instead of the embedded and cached ones
//	-in FILE       read boards from FILE
//	-field N       take the board from the Nth tab-separated column (1-based)
//	-json          one JSON object per board: board, distance, optimal_moves, path, heuristic
//	-csv           CSV with the header board,distance,optimal_moves,path,error
//	-path          add the optimal path to plain batch lines
//	-tile-moves    name moves by the tile that slides: "5Down" for the blank's Up
//	-all-moves     every optimal first move also for boards solved by search
//	               (one search per move; without it their optimal moves are "?");
//	               a table gives them anyway
//	-pdb-dir DIR   boards solved by search: pattern databases in DIR take
//	               precedence over the cache folder's
//	-pdb PARTITION boards solved by search: use these pattern databases, a
//	               preset (7-8, 6-6-3, 5-5-5) or patterns such as 1,2,3/4,5,6,7,8
//	-resume        boards solved by search: go on from the checkpoint an
//	               interrupted run left (Ctrl-C, a crash, a reboot), with the
//	               same answer and node counts as an uninterrupted run; a
//	               search that ended under a checkpoint answers from it
//	-checkpoint-dir DIR  boards solved by search: where checkpoints go
//	               (default the cache folder); written every 30 s and when
//	               interrupted (exit status 130); a search that wrote one
//	               leaves its end there
//
// query random takes -shape, -goal, -table, -json, -csv, -path and
// -tile-moves as above, and
//
//	-depth D       draw from the boards at distance D (default: every board)
//	-seed S        the seed of the draw (default 1): the same seed, the same boards
//
// Plain batch lines are tab-separated: the board, its distance, its
// optimal moves (separated by spaces, empty at the goal), and with -path
// the path. Boards solved by search always have eight columns, in this
// order: board, distance, optimal moves ("?" unless -all-moves), path
// (empty without -path), nodes expanded, seconds, heuristic, nodes
// generated. The heuristic is "table" for an exact table, "pdb
// 1,2,3/4,5,6,…" for pattern databases (with "+reflection" when lookups
// also take the mirror image) or "manhattan+linear-conflict". Blank lines
// and lines starting with "#" are skipped. A bad line is reported on
// stderr (plain) or as a record (JSON, CSV), the batch goes on, and the
// exit status is 1. Usage errors, including flags that would be ignored,
// exit with 2. The classroom reports are command classroom, the web page
// command serve; their old flags here (-coms, -serve, …) are refused with
// the command that replaces them.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"golang.org/x/term"

	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func main() { cli.Main("query", run, "interrupted") }

var usagef = cli.Usagef

// commands are its jobs: answering boards (the default, unnamed) read
// from stdin, and random boards.
func commands(stdin io.Reader) []cli.Subcommand {
	return []cli.Subcommand{
		{Command: "query", Args: "[flags] [BOARD... | -in FILE | - < FILE]", Default: true, Summary: "answer boards: one a report for people, several a line each",
			Run: func(ctx context.Context, sub cli.Subcommand, stdout, stderr io.Writer, args []string) error {
				return runBoards(ctx, sub, stdin, stdout, stderr, args)
			}},
		{Command: "query", Name: "random", Args: "[flags] N", Summary: "draw N boards uniformly (at distance -depth) and answer them", Run: runRandom},
	}
}

func run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	return cli.RunSubcommand(ctx, commands(stdin), stdout, stderr, args)
}

// runBoards answers the boards of the command line, of -in or of stdin.
func runBoards(ctx context.Context, sub cli.Subcommand, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	if err := moved.Refuse(args); err != nil {
		return err
	}
	if err := movedRandom.Refuse(args); err != nil {
		return err
	}
	f, err := parseBoardFlags(sub, stderr, args)
	if err != nil {
		return err
	}
	res, goal, ckpt, err := f.resolver(ctx, stderr)
	if err != nil {
		return err
	}
	if err := f.src.CheckSearch(goal, f.boards); err != nil {
		return err
	}
	if f.in == "" && (len(f.boards) == 0 || f.boards[0] == "-") && isTerminal(stdin) {
		// Someone typed "query" alone: say what it waits for.
		fmt.Fprintln(stderr, "query: reading boards from standard input, one a line (such as 8,6,7,2,5,4,3,0,1); end with Ctrl-D, or give a board as an argument: query BOARD")
	}
	want := f.src.Want(false)
	want.Checkpoints = ckpt
	show, done := searchDisplay(stderr)
	defer done()
	ckpt.Progress = show
	return f.answer(ctx, asking{res: res, goal: goal, want: want, check: f.src.CheckTabled}, stdin, stdout, stderr)
}

// isTerminal reports whether r is a terminal; a variable so that tests
// can stand in for one.
var isTerminal = func(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// looseTile matches one tile number alone: a board typed unquoted,
// "query 1 2 3 4 5 6 7 8 0", arrives as such arguments, and with its rows
// marked, "query 1 2 3/4 5 6/7 8 _" or "1 2 3 / 4 5 6 / 7 8 _", as tiles
// and slashes.
var looseTile = regexp.MustCompile(`^(?:[0-9]{1,2}|_)$`)

// checkLooseTiles refuses arguments that are the tiles of one board
// typed without quotes, with the board written as one argument.
func checkLooseTiles(boards []string) error {
	if len(boards) < 2 {
		return nil
	}
	var tiles []string
	for _, b := range boards {
		for _, piece := range strings.Split(b, "/") {
			switch {
			case looseTile.MatchString(piece):
				tiles = append(tiles, piece)
			case piece != "":
				return nil
			}
		}
	}
	if len(tiles) == 0 {
		return nil
	}
	return usagef("%d arguments that look like the tiles of one board: give a board as one argument, %s (or quoted: \"%s\")", len(boards), strings.Join(tiles, ","), strings.Join(boards, " "))
}

// moved are the flags whose jobs are other commands now.
var moved = boardflags.Moved{
	"serve":        "go run ./cmd/serve [-addr 127.0.0.1:8080]",
	"addr":         "go run ./cmd/serve -addr ADDR",
	"coms":         "go run ./cmd/classroom coms bfs|dfs|ast BOARD",
	"compare":      "go run ./cmd/classroom compare BOARD",
	"explain-dfs":  "go run ./cmd/classroom explain-dfs BOARD",
	"greedy-stats": "go run ./cmd/classroom greedy-stats [-n N] [-k LIST] [-score S] [-stuck R] [-seed S]",
	"n":            "go run ./cmd/classroom greedy-stats -n N",
	"k":            "go run ./cmd/classroom greedy-stats -k LIST",
	"score":        "go run ./cmd/classroom greedy-stats -score adjacent|matched",
	"stuck":        "go run ./cmd/classroom greedy-stats -stuck first-legal|stop",
}

// movedRandom are the flags of random boards, a subcommand now.
var movedRandom = boardflags.Moved{
	"random": "go run ./cmd/query random [-depth D] [-seed S] N",
	"depth":  "go run ./cmd/query random -depth D N",
	"seed":   "go run ./cmd/query random -seed S N",
}

// boardFlags holds the command line of answering boards.
type boardFlags struct {
	src   boardflags.Source
	out   output
	in    string
	field int
	// fieldGiven: -field was on the command line (-field 0 is refused;
	// the default 0 reads the whole line).
	fieldGiven bool
	boards     []string
	// Searches on pattern databases write checkpoints (-checkpoint-dir,
	// default the cache folder) and with -resume start from them.
	resume        bool
	checkpointDir string
}

func parseBoardFlags(sub cli.Subcommand, stderr io.Writer, args []string) (*boardFlags, error) {
	var f boardFlags
	fs := sub.Flags(stderr)
	f.src.Register(fs)
	fs.StringVar(&f.in, "in", "", "read boards from `file`, one per line")
	fs.IntVar(&f.field, "field", 0, "take the board from column `N` of tab-separated lines (1-based)")
	f.out.register(fs)
	f.src.RegisterAllMoves(fs)
	f.src.RegisterSearch(fs)
	fs.BoolVar(&f.resume, "resume", false, "boards solved by search: go on from the checkpoint an interrupted run of the same search left (Ctrl-C, a crash, a reboot); the answer and node counts are an uninterrupted run's, and a search that ended under a checkpoint answers from it")
	fs.StringVar(&f.checkpointDir, "checkpoint-dir", "", "boards solved by search: write checkpoints into `folder` (default: the cache folder), every 30 s and when interrupted")
	boards, err := fs.Parse(args, true)
	if err != nil {
		return nil, err
	}
	f.boards, f.fieldGiven = boards, fs.IsGiven("field")
	if err := checkLooseTiles(boards); err != nil {
		return nil, err
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return &f, nil
}

func (f *boardFlags) check() error {
	if err := f.out.check(); err != nil {
		return err
	}
	switch {
	case f.field < 0 || f.field == 0 && f.fieldGiven:
		// 0 is the default (the whole line), so it is refused only when
		// given: someone counting columns from 0 would read the wrong one.
		return usagef("-field %d: columns count from 1 (the first tab-separated column is -field 1)", f.field)
	case f.field > 0 && len(f.boards) > 0 && f.boards[0] != "-":
		return usagef("-field applies to lines read from stdin or -in, not to boards given as arguments")
	case f.in != "" && len(f.boards) > 0:
		return usagef("give boards as arguments or -in FILE, not both")
	}
	for _, b := range f.boards {
		if b == "-" && len(f.boards) > 1 {
			return usagef("\"-\" (stdin) cannot be mixed with boards")
		}
		if b == "random" {
			return usagef("random goes first, before its flags: query random [flags] N")
		}
	}
	return nil
}

// resolver returns the resolver the flags say, the goal of the boards and
// where the searches' checkpoints go (-checkpoint-dir, -resume).
func (f *boardFlags) resolver(ctx context.Context, stderr io.Writer) (*resolve.Resolver, statespace.Goal, *resolve.Checkpoints, error) {
	cfg, goal, err := f.src.Config(ctx, stderr)
	if err != nil {
		return nil, goal, nil, err
	}
	cache := store.NewCache(f.checkpointDir)
	if f.checkpointDir == "" {
		if cache, err = store.DefaultCache(); err != nil {
			return nil, goal, nil, err
		}
	}
	res, err := resolve.NewResolver(ctx, cfg)
	return res, goal, &resolve.Checkpoints{Cache: cache, Resume: f.resume}, err
}

// answer answers the boards: one board given alone in the plain format
// gets the report for people, anything else one record a board.
func (f *boardFlags) answer(ctx context.Context, ask asking, stdin io.Reader, stdout, stderr io.Writer) error {
	opts := f.out.options()
	if len(f.boards) == 1 && f.boards[0] != "-" && opts.Format == record.Plain && !f.out.path {
		return lookupBoard(ctx, ask, f.boards[0], f.out.tile, stdout)
	}
	in := batchInput{Lines: stdin, Field: f.field}
	switch {
	case len(f.boards) > 0 && f.boards[0] != "-":
		in = batchInput{Boards: f.boards}
	case f.in != "":
		file, err := os.Open(f.in)
		if err != nil {
			return err
		}
		defer file.Close()
		in.Lines = file
	}
	return answerBatch(ctx, ask, in, opts, stdout, stderr)
}

// output is how answers are written: -json, -csv, -path, -tile-moves.
type output struct{ json, csv, path, tile bool }

func (o *output) register(fs *cli.FlagSet) {
	fs.BoolVar(&o.json, "json", false, "write one JSON object per board (board, distance, optimal_moves, path, heuristic; nodes, seconds when searched)")
	fs.BoolVar(&o.csv, "csv", false, "write CSV with a header (boards solved by search: board,distance,optimal_moves,path,nodes,seconds,heuristic,generated,error)")
	fs.BoolVar(&o.path, "path", false, "add the optimal path to plain batch lines (boards solved by search: board, distance, optimal moves or ?, path, nodes, seconds, heuristic, generated, always in this order, the path empty without -path)")
	fs.BoolVar(&o.tile, "tile-moves", false, "name moves by the tile that slides and its direction (5Down)")
}

func (o *output) check() error {
	if o.json && o.csv {
		return usagef("-json and -csv exclude each other")
	}
	return nil
}

func (o *output) options() record.Options {
	opts := record.Options{Path: o.path, TileMoves: o.tile, Explain: cli.Explain}
	switch {
	case o.json:
		opts.Format = record.JSON
	case o.csv:
		opts.Format = record.CSV
	}
	return opts
}
