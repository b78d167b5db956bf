// Command query answers, for any board, its exact distance from the goal,
// every optimal first move, and an optimal solution: from the distance
// tables (embedded for the 8-puzzle, cached, or built on the fly for
// shapes of up to 10 cells), and for boards without a table (the
// 15-puzzle, 3x5, 12-cell shapes whose table is not built) by IDA* on the
// pattern databases found for the board's shape and goal (package query
// resolves them), else on Manhattan distance plus linear conflict.
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
//	query -serve [-addr 127.0.0.1:8080] [-allow-host NAMES]  the web page: play, compare, watch
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
//	-random N      N boards drawn uniformly (from distance D with -depth)
//	-depth D       the distance -random draws from (default: every board)
//	-seed S        the seed of -random (default 1)
//	-tile-moves    name moves by the tile that slides: "5Down" for the blank's Up
//	-all-moves     boards solved by search: find every optimal first move too
//	               (one search per move); without it their optimal moves are "?"
//	-pdb-dir DIR   boards solved by search: pattern databases in DIR take
//	               precedence over the cache folder's
//	-pdb PARTITION boards solved by search: use these pattern databases, a
//	               preset (7-8, 6-6-3, 5-5-5) or patterns such as 1,2,3/4,5,6,7,8
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
//	-serve         serve the web page and its API until Ctrl-C, which stops it gracefully
//	-addr ADDR     where -serve listens (default 127.0.0.1:8080, loopback only)
//	-allow-host H  host names -serve answers besides its addresses (comma-separated);
//	               requests naming other hosts get 403 (DNS rebinding)
//
// Plain batch lines are tab-separated: the board, its distance, its
// optimal moves (separated by spaces, empty at the goal), and with -path
// the path. Boards solved by search always have eight columns, in this
// order: board, distance, optimal moves ("?" unless -all-moves), path
// (empty without -path), nodes expanded, seconds, heuristic, nodes
// generated. The
// heuristic is "table" for an exact table, "pdb 1,2,3/4,5,6,…" for pattern
// databases (with "+reflection" when lookups also take the mirror image)
// or "manhattan+linear-conflict". Blank lines and lines starting with "#"
// are skipped. A bad line is reported on stderr (plain) or as a record
// (JSON, CSV), the batch goes on, and the exit status is 1. Usage errors,
// including flags that do not apply to what is asked, exit with 2.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/query"
	"github.com/tilespace/tilespace/statespace"
)

func main() { cli.Main("query", run, "interrupted") }

// report writes err for people and returns the exit status: 0, 2 for a
// usage error, 130 when interrupted, else 1.
func report(stderr io.Writer, err error) int {
	return cli.Report(stderr, "query", err, "interrupted")
}

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

var usagef = cli.Usagef

const usage = `query [flags] BOARD... | query [flags] [-] < FILE | query [flags] -in FILE
       query [flags] -random N [-depth D] [-seed S]
       query -coms bfs|dfs|ast BOARD | -compare BOARD | -explain-dfs BOARD | -greedy-stats
       query -serve [-addr 127.0.0.1:8080] [-allow-host NAMES]`

// flags holds the command line.
type flags struct {
	shape, goal, table, in string
	field, random, depth   int
	seed                   uint64
	json, csv, path, tile  bool
	allMoves               bool
	pdbDir, partition      string
	boards                 []string
	given                  []string // the flags set on the command line

	// the classroom modes (classroom.go)
	coms                        string
	compare, explainDFS, greedy bool
	greedyN                     int
	greedyKs                    string
	greedyScore, greedyStuck    string

	serve serveFlags // -serve, -addr (serve.go)
}

func (f *flags) isGiven(name string) bool { return slices.Contains(f.given, name) }

func parseFlags(stderr io.Writer, args []string) (*flags, error) {
	var f flags
	fs := cli.NewFlagSet("query", usage, stderr)
	fs.StringVar(&f.shape, "shape", "", "board shape `RxC` (default: from -goal, -table or each board)")
	fs.StringVar(&f.goal, "goal", "last", "goal: last, first, or a `board` such as 1,2,3,4,0,5,6,7,8")
	fs.StringVar(&f.table, "table", "", "distance table `file` to use instead of the embedded and cached ones")
	fs.StringVar(&f.in, "in", "", "read boards from `file`, one per line")
	fs.IntVar(&f.field, "field", 0, "take the board from column `N` of tab-separated lines (1-based)")
	fs.BoolVar(&f.json, "json", false, "write one JSON object per board (board, distance, optimal_moves, path, heuristic; nodes, seconds when searched)")
	fs.BoolVar(&f.csv, "csv", false, "write CSV with a header (boards solved by search: board,distance,optimal_moves,path,nodes,seconds,heuristic,error)")
	fs.BoolVar(&f.path, "path", false, "add the optimal path to plain batch lines (boards solved by search: board, distance, optimal moves or ?, path, nodes, seconds, heuristic, always in this order, the path empty without -path)")
	fs.IntVar(&f.random, "random", 0, "draw `N` boards uniformly at random: distinct boards while N is at most their number, then repeating; on shapes without a table (the 15-puzzle) boards only, without answers")
	fs.IntVar(&f.depth, "depth", -1, "with -random, draw from the boards at distance `D`; -1 draws from all boards")
	fs.Uint64Var(&f.seed, "seed", query.DefaultSeed, "the `seed` of -random and -greedy-stats: the same seed draws the same boards")
	fs.BoolVar(&f.tile, "tile-moves", false, "name moves by the tile that slides and its direction (5Down)")
	fs.BoolVar(&f.allMoves, "all-moves", false, "boards solved by search (no table): also find every optimal first move (one more search per move); without it they are ?")
	fs.StringVar(&f.pdbDir, "pdb-dir", "", "boards solved by search: pattern databases in `folder` (e.g. enumerate -out DIR) take precedence over the cache folder's")
	fs.StringVar(&f.partition, "pdb", "", "boards solved by search: use the pattern databases of `partition`, a preset (7-8, 6-6-3, 5-5-5) or patterns such as 1,2,3/4,5,6,7,8 (default: the strongest found; built when missing)")
	fs.StringVar(&f.coms, "coms", "", "COMS 4701: solve BOARD with `method` bfs, dfs or ast toward 0,1,…,8 and write output.txt")
	fs.BoolVar(&f.compare, "compare", false, "run every search algorithm on BOARD and compare them side by side")
	fs.BoolVar(&f.explainDFS, "explain-dfs", false, "explain why depth-first search blows up on BOARD")
	fs.BoolVar(&f.greedy, "greedy-stats", false, "repeat seed 003's gain-score climber experiment (with -seed, -n, -k)")
	fs.IntVar(&f.greedyN, "n", classroom.DefaultGreedyN, "with -greedy-stats, boards per mixing length")
	fs.StringVar(&f.greedyKs, "k", classroom.JoinKs(classroom.DefaultGreedyKs), "with -greedy-stats, the mixing lengths")
	fs.StringVar(&f.greedyScore, "score", "adjacent", "with -greedy-stats, the climber's score: adjacent or matched")
	fs.StringVar(&f.greedyStuck, "stuck", "first-legal", "with -greedy-stats, when every move leads to a board seen before: first-legal or stop")
	f.serve.register(fs.FlagSet)
	boards, err := fs.Parse(args, true)
	if err != nil {
		return nil, err
	}
	f.boards, f.given = boards, fs.Given()
	return &f, nil
}

// A mode is one thing query does. It accepts only the flags it lists:
// any other flag given would be ignored, so it is refused.
type mode struct {
	name  string   // the flag that selects it; "" for answering boards
	flags []string // the other flags it accepts
	check func(*flags) error
	run   func(ctx context.Context, e *env) error
}

// env is what a mode runs with.
type env struct {
	f              *flags
	res            *query.Resolver
	opts           query.Options
	stdin          io.Reader
	stdout, stderr io.Writer
}

// searchFlags apply to boards solved by search.
var searchFlags = []string{"all-moves", "pdb-dir", "pdb"}

// modes lists the modes; the first whose flag is given runs, else the
// last (answering boards). A new mode (such as serving a page) is one
// more entry.
var modes = []mode{
	// COMS 4701 fixes the goal, the shape and the output format.
	{name: "coms", check: checkCOMS, run: runCOMS},
	{name: "compare", flags: []string{"shape", "goal", "table", "json", "pdb-dir", "pdb"}, check: checkOneBoard("-compare"), run: runCompare},
	{name: "explain-dfs", flags: []string{"shape", "goal", "table", "json"}, check: checkOneBoard("-explain-dfs"), run: runExplainDFS},
	{name: "greedy-stats", flags: []string{"shape", "goal", "table", "json", "seed", "n", "k", "score", "stuck"}, check: checkGreedy, run: runGreedyStats},
	{name: "random", flags: []string{"shape", "goal", "table", "depth", "seed", "json", "csv", "path", "tile-moves"}, check: checkRandom, run: runRandom},
	serveMode,
	{name: "", flags: []string{"shape", "goal", "table", "in", "field", "json", "csv", "path", "tile-moves", "all-moves", "pdb-dir", "pdb"}, check: checkBatch, run: runAnswer},
}

// pick returns the mode the flags select.
func pick(f *flags) (mode, error) {
	var chosen []string
	for _, m := range modes[:len(modes)-1] {
		if f.isGiven(m.name) {
			chosen = append(chosen, "-"+m.name)
		}
	}
	if len(chosen) > 1 {
		return mode{}, usagef("%s exclude each other", strings.Join(chosen, " and "))
	}
	for _, m := range modes {
		if m.name == "" || f.isGiven(m.name) {
			return m, nil
		}
	}
	panic("unreachable")
}

// checkFlags refuses every flag given that m does not take.
func checkFlags(m mode, f *flags) error {
	for _, name := range f.given {
		if name == m.name || slices.Contains(m.flags, name) {
			continue
		}
		if m.name == "" {
			var with []string
			for _, other := range modes {
				if other.name != "" && slices.Contains(other.flags, name) {
					with = append(with, "-"+other.name)
				}
			}
			if len(with) > 0 {
				return usagef("-%s goes with %s", name, strings.Join(with, " or "))
			}
		}
		what := "answering boards"
		if m.name != "" {
			what = "-" + m.name
		}
		return usagef("-%s does not apply to %s", name, what)
	}
	return nil
}

func run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) error {
	f, err := parseFlags(stderr, args)
	if err != nil {
		return err
	}
	m, err := pick(f)
	if err != nil {
		return err
	}
	if err := checkFlags(m, f); err != nil {
		return err
	}
	if f.json && f.csv {
		return usagef("-json and -csv exclude each other")
	}
	if err := m.check(f); err != nil {
		return err
	}
	cfg, err := config(f, stderr)
	if err != nil {
		return err
	}
	res, err := query.NewResolver(ctx, cfg)
	if err != nil {
		return err
	}
	if err := checkSearchFlags(m, f, res); err != nil {
		return err
	}
	if f.random > 0 {
		if err := checkRandomAnswers(f, res); err != nil {
			return err
		}
	}
	opts := query.Options{Path: f.path, TileMoves: f.tile, Field: f.field}
	switch {
	case f.json:
		opts.Format = query.JSON
	case f.csv:
		opts.Format = query.CSV
	}
	return m.run(ctx, &env{f: f, res: res, opts: opts, stdin: stdin, stdout: stdout, stderr: stderr})
}

// config turns the flags into the resolver's configuration, refusing a
// bad shape, goal, folder or partition before any input is read.
func config(f *flags, stderr io.Writer) (query.Config, error) {
	cfg := query.Config{TableFile: f.table, Log: stderr, PDBDir: f.pdbDir, Partition: f.partition,
		AllMoves: f.allMoves, Progress: progressBars(stderr)}
	if f.isGiven("goal") {
		cfg.Goal = f.goal
	}
	if f.shape != "" {
		sh, err := statespace.ParseShape(f.shape)
		if err != nil {
			return cfg, usageError{Err: err}
		}
		cfg.Shape = sh
	}
	var goal statespace.Board
	if cfg.Goal != "" && (cfg.Shape != (statespace.Shape{}) || !isGoalName(cfg.Goal)) {
		g, err := statespace.ParseGoal(cfg.Goal, cfg.Shape)
		if err != nil {
			return cfg, usageError{Err: fmt.Errorf("-goal %s: %w", cfg.Goal, err)}
		}
		goal = g
	} else if cfg.Shape != (statespace.Shape{}) {
		goal = statespace.GoalLast(cfg.Shape)
	}
	if f.pdbDir != "" {
		if st, err := os.Stat(f.pdbDir); err != nil || !st.IsDir() {
			return cfg, usagef("-pdb-dir %s: not a folder", f.pdbDir)
		}
	}
	if f.partition != "" && !goal.IsZero() {
		if _, err := pdb.ParsePartition(f.partition, goal); err != nil {
			return cfg, usageError{Err: fmt.Errorf("-pdb: %w", err)}
		}
	}
	return cfg, nil
}

func isGoalName(s string) bool { return s == "last" || s == "first" }

// checkSearchFlags refuses the search flags where every board has a table
// (tables need no databases and give every optimal move): in the modes
// that read tables only, and for a shape known to have one.
func checkSearchFlags(m mode, f *flags, res *query.Resolver) error {
	var given []string
	for _, name := range searchFlags {
		if f.isGiven(name) {
			given = append(given, "-"+name)
		}
	}
	if len(given) == 0 {
		return nil
	}
	shapes := []statespace.Shape{res.Shape()}
	if res.Shape() == (statespace.Shape{}) {
		shapes = nil
		for _, text := range f.boards {
			if b, err := statespace.Parse(text, statespace.Shape{}); err == nil {
				shapes = append(shapes, b.Shape())
			}
		}
		if len(shapes) == 0 || len(shapes) < len(f.boards) {
			return nil // stdin, or boards whose shape only their answer tells
		}
	}
	for _, sh := range shapes {
		if !res.Tabled(sh) {
			return nil
		}
	}
	return usagef("%s %s to boards solved by search; %s boards are answered from their exact distance table, which gives every optimal move",
		strings.Join(given, " and "), textfmt.Plural(len(given), "applies", "apply"), shapes[0])
}

// checkRandomAnswers refuses, for -random on a shape without a distance
// table (the 15-puzzle, 3x5, a 12-cell shape or 2x7 whose table is not
// built), the flags that would shape answers: such boards are printed without any (see
// query.Random), so -path and -tile-moves would be ignored and a -depth
// cannot be drawn from.
func checkRandomAnswers(f *flags, res *query.Resolver) error {
	shape := res.Shape()
	if shape == (statespace.Shape{}) {
		return nil // the 8-puzzle
	}
	goal, err := statespace.ParseGoal(f.goal, shape)
	if err != nil || res.HasTable(goal) {
		return nil
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil
	}
	var given []string
	for _, name := range []string{"depth", "path", "tile-moves"} {
		if f.isGiven(name) {
			given = append(given, "-"+name)
		}
	}
	if len(given) == 0 {
		return nil
	}
	return usagef("%s %s to -random boards with answers; %s boards have no distance table (%s states), so -random prints the boards only, drawn from all reachable ones: feed them back to query to solve them",
		strings.Join(given, " and "), textfmt.Plural(len(given), "applies", "apply"), shape, textfmt.Commas(sp.Size()))
}

func checkCOMS(f *flags) error {
	if !slices.Contains(classroom.COMSMethods, f.coms) {
		return usagef("-coms %q: want bfs, dfs or ast", f.coms)
	}
	return checkOneBoard("-coms")(f)
}

func checkOneBoard(name string) func(*flags) error {
	return func(f *flags) error {
		if len(f.boards) != 1 || f.boards[0] == "-" {
			return usagef("%s takes exactly one board", name)
		}
		return nil
	}
}

func checkGreedy(f *flags) error {
	switch {
	case len(f.boards) > 0:
		return usagef("-greedy-stats mixes its own boards: give no boards")
	case f.greedyN < 1:
		return usagef("-n %d: want at least 1 board per mixing length", f.greedyN)
	}
	return nil
}

func checkRandom(f *flags) error {
	switch {
	case f.random < 0:
		return usagef("-random %d: want a number of boards", f.random)
	case f.random == 0:
		return usagef("-random 0: want at least one board")
	case len(f.boards) > 0:
		return usagef("-random draws its own boards: give no boards and no -in")
	case f.depth < -1:
		return usagef("-depth %d: distances are at least 0", f.depth)
	}
	return nil
}

func checkBatch(f *flags) error {
	switch {
	case f.field < 0:
		return usagef("-field %d: columns count from 1", f.field)
	case f.field > 0 && len(f.boards) > 0 && f.boards[0] != "-":
		return usagef("-field applies to lines read from stdin or -in, not to boards given as arguments")
	case f.in != "" && len(f.boards) > 0:
		return usagef("give boards as arguments or -in FILE, not both")
	}
	for _, b := range f.boards {
		if b == "-" && len(f.boards) > 1 {
			return usagef("\"-\" (stdin) cannot be mixed with boards")
		}
	}
	return nil
}

// runAnswer answers the boards: one board given alone in the plain
// format gets the report for people, anything else one record a board.
func runAnswer(ctx context.Context, e *env) error {
	f := e.f
	if len(f.boards) == 1 && f.boards[0] != "-" && e.opts.Format == query.Plain && !f.path {
		return query.Lookup(ctx, e.res, f.boards[0], f.tile, e.stdout)
	}
	in := query.BatchInput{Lines: e.stdin}
	switch {
	case len(f.boards) > 0 && f.boards[0] != "-":
		in = query.BatchInput{Boards: f.boards}
	case f.in != "":
		file, err := os.Open(f.in)
		if err != nil {
			return err
		}
		defer file.Close()
		in.Lines = file
	}
	return query.RunBatch(ctx, e.res, in, e.opts, e.stdout, e.stderr)
}

// The classroom modes live in classroom.go.

func runCOMS(ctx context.Context, e *env) error { return coms(ctx, e.f.coms, e.f.boards[0], e.stdout) }

func runCompare(ctx context.Context, e *env) error {
	return compare(ctx, e.res, e.f.boards[0], e.f.json, e.stdout)
}

func runExplainDFS(ctx context.Context, e *env) error {
	return explainDFS(ctx, e.res, e.f.boards[0], e.f.json, e.stdout)
}

func runGreedyStats(ctx context.Context, e *env) error { return greedyStats(ctx, e.res, e.f, e.stdout) }

func runRandom(ctx context.Context, e *env) error {
	return query.RunRandom(ctx, e.res, e.f.random, e.f.depth, e.f.seed, e.opts, e.stdout, e.stderr)
}

// progressBars draws one progress bar per build on stderr, when it is a
// terminal.
func progressBars(stderr io.Writer) query.Progress {
	var bar *progress.Bar
	var label string
	return func(what string, done, total uint64) {
		if bar == nil || what != label {
			bar.Done()
			bar, label = progress.New(stderr, what, float64(total)), what
		}
		bar.Update(float64(done))
		if done >= total {
			bar.Done()
			bar = nil
		}
	}
}
