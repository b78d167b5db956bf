package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// runCOMS solves one board as COMS 4701 homework 1 asks: goal 0,1,…,8,
// the assignment's semantics, output.txt in the current folder in its
// seven-line format (written atomically), and the same lines on stdout.
func runCOMS(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	rest, err := c.Flags(stderr).Parse(args, true)
	if err != nil {
		return err
	}
	if len(rest) == 0 || !slices.Contains(classroom.COMSMethods, rest[0]) {
		return usagef("coms takes a method, bfs, dfs or ast, then a board: classroom coms bfs BOARD")
	}
	text, err := oneBoard("coms "+rest[0], rest[1:])
	if err != nil {
		return err
	}
	b, err := statespace.Parse(text, statespace.Shape{Rows: 3, Cols: 3})
	if err != nil {
		return fmt.Errorf("board %q: %w", text, err)
	}
	run, err := classroom.RunCOMS(ctx, rest[0], b, search.Limits{})
	if err != nil {
		return err
	}
	write := func(w io.Writer) error { return classroom.WriteCOMS(w, run.Result, run.MaxRSSBytes) }
	if err := atomicfile.Write(ctx, "output.txt", write); err != nil {
		return err
	}
	return write(stdout)
}

// oneBoardFlags is the command line of a report on one board: where its
// table comes from, -json, and the board.
type oneBoardFlags struct {
	src    boardflags.Source
	json   bool
	board  string
	search bool // the board may be solved by search: -pdb-dir, -pdb
	maxMiB int  // -max-memory: each search's memory bound, in MiB
	// extra registers the report's own flags, if it has any.
	extra func(fs *cli.FlagSet)
}

func (f *oneBoardFlags) parse(c cli.Subcommand, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	f.src.Register(fs)
	if f.search {
		f.src.RegisterSearch(fs)
	}
	fs.BoolVar(&f.json, "json", false, "write the report as JSON")
	fs.IntVar(&f.maxMiB, "max-memory", search.DefaultMaxBytes>>20, "the memory each search may allocate, in `MiB`; the process stays within what it held before the searches, this and 32 MiB for the Go runtime")
	if f.extra != nil {
		f.extra(fs)
	}
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	if f.maxMiB < 1 {
		return usagef("-max-memory %d: want at least 1 MiB", f.maxMiB)
	}
	f.board, err = oneBoard(c.Name, rest)
	return err
}

// limits are the searches' bounds the flags ask for; the runtime's soft
// memory limit is set to match (setMemoryLimit) until restore.
func (f *oneBoardFlags) limits() (lim search.Limits, restore func()) {
	lim.MaxBytes = int64(f.maxMiB) << 20
	return lim, setMemoryLimit(lim.MaxBytes)
}

// resolve parses the board and finds its goal and table (nil when the
// shape has none, e.g. 4x4): what compare and explain-dfs ask of it.
func (f *oneBoardFlags) resolve(ctx context.Context, stderr io.Writer) (*resolve.Resolver, statespace.Board, statespace.Board, classroom.CountedTable, error) {
	var b, goal statespace.Board
	cfg, g, err := f.src.Config(ctx, stderr)
	if err != nil {
		return nil, b, goal, nil, err
	}
	res, err := resolve.NewResolver(ctx, cfg)
	if err != nil {
		return nil, b, goal, nil, err
	}
	if err := f.src.CheckSearch(g, []string{f.board}); err != nil {
		return nil, b, goal, nil, err
	}
	if b, err = statespace.Parse(f.board, g.Shape()); err != nil {
		return nil, b, goal, nil, fmt.Errorf("board %q: %w", f.board, err)
	}
	if goal, err = g.For(b.Shape()); err != nil {
		return nil, b, goal, nil, err
	}
	o, err := res.Oracle(ctx, goal, resolve.Need{})
	if err == nil {
		err = f.src.CheckTabled(o.Source(), goal)
	}
	if err != nil {
		return nil, b, goal, nil, err
	}
	return res, b, goal, resolve.TableOf(o), nil
}

// writable is what every classroom report is.
type writable interface {
	WriteJSON(io.Writer) error
	WriteText(io.Writer) error
}

func write(r writable, asJSON bool, w io.Writer) error {
	if asJSON {
		return r.WriteJSON(w)
	}
	return r.WriteText(w)
}

// runCompare runs every algorithm on one board, side by side.
func runCompare(ctx context.Context, cmd cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	var limit int64
	var algs string
	f := oneBoardFlags{search: true, extra: func(fs *cli.FlagSet) {
		fs.Int64Var(&limit, "limit", search.DefaultMaxExpanded, "stop each algorithm after `N` expansions (or after a minute)")
		fs.StringVar(&algs, "algs", "", "run only the algorithms these `KEYS` name, comma-separated (bfs,dfs,iddfs,ucs,astar-misplaced,\nastar-manhattan,astar-linear-conflict,astar-exact,idastar,greedy,climber); all by default")
	}}
	if err := f.parse(cmd, stderr, args); err != nil {
		return err
	}
	if limit < 1 {
		return usagef("-limit %d: want a number of expansions of at least 1", limit)
	}
	var keys []string
	if algs != "" {
		keys = strings.Split(algs, ",")
	}
	res, b, goal, table, err := f.resolve(ctx, stderr)
	if err != nil {
		return err
	}
	if _, err := classroom.Algorithms(goal, table, keys); err != nil {
		return usagef("-algs: %v", err)
	}
	lim, restore := f.limits()
	defer restore()
	lim.MaxExpanded = limit
	c, err := classroom.CompareAlgorithms(ctx, b, goal, table, lim, keys)
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	if table == nil {
		if err := setReference(ctx, res, c); err != nil {
			return fmt.Errorf("board %s: %w", b, err)
		}
	}
	return write(c, f.json, stdout)
}

// setReference gives c, a comparison without a table (the 15-puzzle),
// the optimal solver's distance as query answers it, checked against
// every path found: databases a path proves wrong (on the solver's own
// path, or a shorter path of another search) are an error, not a
// reference. A reference the solver cannot give is left unknown.
func setReference(ctx context.Context, res *resolve.Resolver, c *classroom.Comparison) error {
	a, err := res.Answer(ctx, c.Goal, c.Start, resolve.Want{})
	if err != nil {
		if errkind.Is(err, errkind.Damaged) {
			return err
		}
		return nil
	}
	if err := c.CheckReference(func(n int, search string) error { return resolve.CheckReference(a, n, search) }); err != nil {
		return err
	}
	c.Optimal, c.OptimalSource = a.Distance, "IDA* on "+a.Heuristic
	return nil
}

// runExplainDFS explains, with the exact table, why DFS blows up on a
// board.
func runExplainDFS(ctx context.Context, cmd cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	var f oneBoardFlags
	if err := f.parse(cmd, stderr, args); err != nil {
		return err
	}
	_, b, _, table, err := f.resolve(ctx, stderr)
	if err != nil {
		return err
	}
	if table == nil {
		return fmt.Errorf("board %s: explain-dfs needs the exact distance table of its shape, and %s has none", b, b.Shape())
	}
	lim, restore := f.limits()
	defer restore()
	e, err := classroom.ExplainDFS(ctx, b, table, classroom.ExplainOptions{Limits: lim})
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	return write(e, f.json, stdout)
}

// runGreedyStats repeats the climber report's experiment on the 8-puzzle (or
// -shape) for the goal.
func runGreedyStats(ctx context.Context, cmd cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	var src boardflags.Source
	opt, asJSON, err := parseGreedy(cmd, stderr, args, &src)
	if err != nil {
		return err
	}
	cfg, goals, err := src.Config(ctx, stderr)
	if err != nil {
		return err
	}
	res, err := resolve.NewResolver(ctx, cfg)
	if err != nil {
		return err
	}
	shape := goals.Shape()
	if shape == (statespace.Shape{}) {
		shape = statespace.Shape{Rows: 3, Cols: 3}
	}
	goal, err := goals.For(shape)
	if err != nil {
		return err
	}
	o, err := res.Oracle(ctx, goal, resolve.Need{})
	if err != nil {
		return err
	}
	t := resolve.TableOf(o)
	if t == nil {
		return fmt.Errorf("greedy-stats needs the exact distance table of %s", shape)
	}
	defer setMemoryLimit(opt.MaxBytes)()
	g, err := classroom.GreedyStats(ctx, t, opt)
	if g != nil {
		// Interrupted: the statistics gathered so far, then the error.
		if werr := write(g, asJSON, stdout); werr != nil {
			return werr
		}
	}
	return err
}

// parseGreedy parses the command line of greedy-stats into the
// experiment's options, refusing bad values before any table is read.
func parseGreedy(cmd cli.Subcommand, stderr io.Writer, args []string, src *boardflags.Source) (classroom.GreedyStatsOptions, bool, error) {
	var opt classroom.GreedyStatsOptions
	fs := cmd.Flags(stderr)
	src.Register(fs)
	fs.Uint64Var(&opt.Seed, "seed", resolve.DefaultSeed, "the `seed` of the mixing: the same seed draws the same boards")
	fs.IntVar(&opt.N, "n", classroom.DefaultGreedyN, "boards per mixing length")
	ks := fs.String("k", classroom.JoinKs(classroom.DefaultGreedyKs), "the mixing lengths (random moves from the goal), comma-separated")
	score := fs.String("score", "adjacent", "the climber's score: adjacent (1 a matched square, 0.5 a square whose tile is next to it) or matched (1 a matched square only)")
	stuck := fs.String("stuck", "first-legal", "when every move leads to a board seen before: first-legal (make the first legal move anyway) or stop")
	asJSON := fs.Bool("json", false, "write the statistics as JSON")
	fs.DurationVar(&opt.MaxTime, "max-time", search.DefaultMaxTime, "stop after this `duration` and report the boards climbed so far (Ctrl-C reports them too)")
	rest, err := fs.Parse(args, true)
	switch {
	case err != nil:
		return opt, false, err
	case len(rest) > 0:
		return opt, false, usagef("greedy-stats mixes its own boards: give no boards")
	case opt.N < 1:
		return opt, false, usagef("-n %d: want at least 1 board per mixing length", opt.N)
	case opt.MaxTime <= 0:
		return opt, false, usagef("-max-time %s: want a positive duration", opt.MaxTime)
	}
	if opt.Ks, err = classroom.ParseKs(*ks); err != nil {
		return opt, false, cli.UsageError{Err: fmt.Errorf("-k: %w", err)}
	}
	if opt.Rule.Score, err = search.ParseScore(*score); err != nil {
		return opt, false, cli.UsageError{Err: fmt.Errorf("-score: %w", err)}
	}
	if opt.Rule.Stuck, err = search.ParseStuck(*stuck); err != nil {
		return opt, false, cli.UsageError{Err: fmt.Errorf("-stuck: %w", err)}
	}
	return opt, *asJSON, nil
}
