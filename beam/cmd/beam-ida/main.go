// Command beam-ida solves a board optimally by IDA* on pattern databases
// as Apache Beam pipelines, one per iteration, each searching the
// iteration's subtrees below a split depth on the runner's workers: on the
// in-process Prism or direct runner here, on Dataflow, Flink or Spark for
// searches longer than one machine's sitting. Its path and counts are the
// local solver's (query -json's); a stopped run resumes from the subtrees
// finished.
//
// Usage:
//
//	beam-ida -shape RxC [-goal last|first|BOARD] -pdb PARTITION [-zero-aware] -board BOARD [-databases DIR|gs://…] [-split N] [-refine N] [-results DIR|gs://…] [-json]
//	beam-ida -runner dataflow|flink|spark -databases gs://… -results gs://… [the runner's options] …
//
// A runner's options are Beam's own flags, given on the same command line
// (e.g. -project, -region, -temp_location for Dataflow; -endpoint,
// -environment_type for Flink and Spark); see docs/DISTRIBUTED.md.
package main

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	//lint:ignore SA1019 -runner direct is offered beside prism, the default
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"

	"github.com/tilespace/tilespace/beam/ida"
	"github.com/tilespace/tilespace/cmd/cmdline"
	"github.com/tilespace/tilespace/internal/exitstatus"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Beam's runners define their options (and -runner) on the global flag
	// set; a worker that a distributed runner starts from this binary runs
	// Beam's harness in beam.Init and never returns.
	flag.CommandLine.Init("beam-ida", flag.ContinueOnError)
	err := run(ctx, os.Stdout, os.Stderr, flag.CommandLine, os.Args[1:], beam.Init)
	stop()
	os.Exit(exitstatus.Report(os.Stderr, "beam-ida", err, "interrupted; the finished subtrees stay in the results folder and the same command resumes from them", explain))
}

// explain adds the remedy to an error a user can fix.
func explain(err error) string {
	var nf *store.PDBNotFoundError
	if errors.As(err, &nf) {
		return fmt.Sprintf("%v; build them with: %s (from the repository's root), and give their folder as -databases",
			err, cmdline.Databases(nf.Goal, cmp.Or(nf.Partition, "PARTITION"), nf.ZeroAware, ""))
	}
	return err.Error()
}

// runners are the -runner values: Beam's runner names.
var runners = []string{"prism", "direct", "dataflow", "flink", "spark"}

// options holds the command line.
type options struct {
	goal, board statespace.Board
	opts        ida.Options
	asJSON      bool
	verbose     bool
}

// run parses args on fs (which may already hold Beam's flags), calls
// afterParse (beam.Init in main) and runs the search.
func run(ctx context.Context, stdout, stderr io.Writer, fs *flag.FlagSet, args []string, afterParse func()) error {
	o, err := parseFlags(stderr, fs, args, afterParse)
	if err != nil {
		return err
	}
	if o.opts.Databases == "" || o.opts.Results == "" {
		cache, err := store.DefaultCache()
		if err != nil {
			return err
		}
		o.opts.Databases = cmp.Or(o.opts.Databases, cache.Dir())
		// Named by everything run.json records of the search, so another
		// -pdb, -split or -refine on the same board gets its own folder.
		sum := sha256.Sum256(fmt.Appendf(nil, "%s|%s|%v|%d|%d|%d", o.board, o.opts.Partition, o.opts.ZeroAware, o.opts.Prune, o.opts.Split, o.opts.Refine))
		o.opts.Results = cmp.Or(o.opts.Results, cache.Path(store.BeamWorkFile(o.goal))+fmt.Sprintf("-ida-%x", sum[:6]))
	}
	if !o.verbose {
		// Prism and the runners' clients report every job step at INFO.
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		defer context.AfterFunc(ctx, func() { slog.SetDefault(slog.New(slog.DiscardHandler)) })()
	}
	bar := progress.New(stderr, "beam-ida", 0)
	if bar.Terminal() {
		o.opts.OnIteration = func(it ida.Iteration) {
			fmt.Fprintf(stderr, "beam-ida: bound %d: %d subtrees, %d nodes, %.1f s%s\n", it.Bound, it.Subtrees, it.SearchedNodes, it.Seconds, map[bool]string{true: " (resumed)"}[it.Resumed])
		}
	}
	res, err := ida.Run(ctx, o.goal, o.board, o.opts)
	if err != nil {
		return err
	}
	if o.asJSON {
		return writeJSON(stdout, o, res)
	}
	return writeText(stdout, o, res)
}

// parseFlags reads the command line and refuses what no run can do.
// defaultRefine is -refine's default: on Korf's 24-puzzle #44 at split 12
// the 32 heaviest subtrees held 47 % of a complete iteration.
const defaultRefine = 32

func parseFlags(stderr io.Writer, fs *flag.FlagSet, args []string, afterParse func()) (*options, error) {
	var o options
	fs.SetOutput(io.Discard)
	shapeFlag := fs.String("shape", "4x4", "board shape RxC")
	goalFlag := fs.String("goal", "first", "goal: last, first, or a board")
	boardFlag := fs.String("board", "", "the board to solve, cells in reading order with 0 for the blank")
	fs.StringVar(&o.opts.Partition, "pdb", "", "the pattern databases' partition: a preset (6-6-3, 6-6-6-6x7, …) or patterns such as 1,2,3/4,5,6,7,8")
	fs.StringVar(&o.opts.Databases, "databases", "", "folder holding the databases' files, which every worker reads: a local folder or gs://bucket/path (default: the tilespace cache folder)")
	fs.IntVar(&o.opts.Split, "split", 8, "depth of the root subtrees, one pipeline element each")
	fs.IntVar(&o.opts.Refine, "refine", defaultRefine, fmt.Sprintf("cut each iteration's `N` heaviest subtrees %d levels deeper in the later ones (0: one split depth; at most %d); the counts stay the same", solver.RefineLevels, ida.MaxRefine))
	fs.BoolVar(&o.opts.ZeroAware, "zero-aware", false, "take the partition's zero-aware databases (enumerate databases -zero-aware; the 24-puzzle's 6-6-6-6x7 set)")
	fs.IntVar(&o.opts.Prune, "prune", 0, "depth of the duplicate-path pruning machine (0: the solver's default)")
	fs.StringVar(&o.opts.Results, "results", "", "folder for each subtree's result: a local folder or gs://bucket/path (default: in the cache folder, one for each board, databases, -split and -refine)")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object instead of text")
	fs.BoolVar(&o.verbose, "v", false, "show the runner's log on stderr")
	if fs.Lookup("runner") == nil {
		fs.String("runner", "", "Beam runner: prism (default), direct, dataflow, flink or spark")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: beam-ida [-shape RxC] [-goal last|first|BOARD] -pdb PARTITION -board BOARD [-databases DIR] [-split N] [-refine N] [-results DIR] [-json] [-runner prism|direct|dataflow|flink|spark] [runner options]")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, exitstatus.UsageError{Err: err}
	}
	if afterParse != nil {
		afterParse()
	}
	o.opts.Runner = cmp.Or(fs.Lookup("runner").Value.String(), "prism")
	local := o.opts.Runner == "prism" || o.opts.Runner == "direct"
	switch {
	case fs.NArg() > 0:
		return nil, exitstatus.Usagef("unexpected argument %q", fs.Arg(0))
	case !slices.Contains(runners, o.opts.Runner):
		return nil, exitstatus.Usagef("-runner %q: want one of %s", o.opts.Runner, strings.Join(runners, ", "))
	case *boardFlag == "":
		return nil, exitstatus.Usagef("no -board: give the board to solve")
	case o.opts.Partition == "":
		return nil, exitstatus.Usagef("no -pdb: give the databases' partition, such as 6-6-3 on 4x4")
	case o.opts.Split < 1:
		return nil, exitstatus.Usagef("-split %d: want a depth of at least 1", o.opts.Split)
	case o.opts.Refine < 0 || o.opts.Refine > ida.MaxRefine:
		return nil, exitstatus.Usagef("-refine %d: want 0 to %d subtrees", o.opts.Refine, ida.MaxRefine)
	case !local && (!strings.Contains(o.opts.Results, "://") || !strings.Contains(o.opts.Databases, "://")):
		return nil, exitstatus.Usagef("-runner %s: the workers need folders they all reach: give -databases gs://… and -results gs://…", o.opts.Runner)
	}
	shape, err := statespace.ParseShape(*shapeFlag)
	if err != nil {
		return nil, exitstatus.UsageError{Err: err}
	}
	if o.goal, err = statespace.ParseGoal(*goalFlag, shape); err != nil {
		return nil, exitstatus.UsageError{Err: err}
	}
	if o.board, err = statespace.Parse(*boardFlag, shape); err != nil {
		return nil, exitstatus.UsageError{Err: fmt.Errorf("-board: %w", err)}
	}
	return &o, nil
}

// report is the -json object.
type report struct {
	Board      string          `json:"board"`
	Goal       string          `json:"goal"`
	Partition  string          `json:"pdb"`
	Split      int             `json:"split"`
	Length     int             `json:"length"`
	Path       []string        `json:"path"`
	Nodes      uint64          `json:"nodes"`
	Generated  uint64          `json:"generated"`
	Iterations []ida.Iteration `json:"iterations"`
	Results    string          `json:"results"`
}

func writeJSON(w io.Writer, o *options, res *ida.Result) error {
	rep := report{Board: o.board.String(), Goal: o.goal.String(), Partition: o.opts.Partition, Split: o.opts.Split,
		Length: len(res.Path), Path: []string{}, Nodes: res.Nodes, Generated: res.Generated, Iterations: res.Iterations, Results: o.opts.Results}
	for _, m := range res.Path {
		rep.Path = append(rep.Path, m.String())
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

func writeText(w io.Writer, o *options, res *ida.Result) error {
	var searched uint64
	for _, it := range res.Iterations {
		searched += it.SearchedNodes
	}
	var path []string
	for _, m := range res.Path {
		path = append(path, m.String())
	}
	_, err := fmt.Fprintf(w, "board      %s (%s), goal %s, pdb %s\ndistance   %d moves\nsolution   %s\nnodes      %d expanded, %d generated (the local solver's count)\nsearched   %d nodes in %d iterations, subtrees at depth %d (the last iteration whole)\nresults    %s\n",
		o.board, o.goal.Shape(), statespace.GoalName(o.goal), o.opts.Partition, len(res.Path), strings.Join(path, " "),
		res.Nodes, res.Generated, searched, len(res.Iterations), o.opts.Split, o.opts.Results)
	return err
}
