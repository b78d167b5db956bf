// Command plot draws the report's figures: every figure as PNG and SVG with
// a CSV of the numbers behind it, named after the figure.
//
// Usage:
//
//	plot [figures] [flags]
//	plot gif [-shape RxC] [-goal G] [-size PX] [-out FILE] BOARD
//
// figures, the default, draws the figures; its flags come in four groups
// (plot -h): which figures (-only, -quick), the boards they are drawn
// from (-shape, -goal, -table, -shapes, -board, -pdb, -seed,
// -textbook-json), sample
// sizes and search limits (-n, -step, -runs, -mix, -iddfs-max,
// -textbook-depth, -max-show, -max-expanded, -workers) and the files
// written (-out, -formats, -width, -height, -dpi, -json).
//
// plot gif writes the animated optimal solution of BOARD (solution.gif
// unless -out says; - for stdout): a frame per board from BOARD to the
// goal, drawn as the page draws a board, PX pixels on its longer side
// (480 unless given, 120 to 1200), byte for byte the page's /api/gif for
// the same board, goal and size. -table, -pdb-dir and -pdb choose where
// the path comes from, as for query.
//
// Figures (select some with -only, comma-separated):
//
//	depth-histogram, depth-histogram-log  states at each distance; goals and shapes
//	layer-ratio                           states(d+1)/states(d) for each shape
//	solution-strip                        a board and its optimal path as tiles
//	heuristic-manhattan, heuristic-linear-conflict, heuristic-pdb-…
//	                                      estimate against true distance, all states
//	scaling-nodes, scaling-time, scaling-frontier
//	                                      every search against optimal distance
//	dfs-blowup, dfs-walk                  what depth-first search does
//	greedy-climber                        a greedy climber's solve rate against mixing moves
//	textbook-nodes, textbook-bstar        nodes generated and b* by depth (package analyze)
//	prediction-ida                        IDA*'s expansions against their prediction
//	dbsize                                IDA*'s expansions against the databases' size (Korf 2007)
//	textbook-4x4                          IDA* on the 15-puzzle by depth, interquartile bands
//	                                      (analyze textbook -shape 4x4; -textbook-json FILE draws its -json)
//
// Examples:
//
//	go run ./cmd/plot -out figures/               # the whole set (a few minutes)
//	go run ./cmd/plot -quick -out /tmp/figs       # small samples, seconds
//	go run ./cmd/plot -only depth-histogram,layer-ratio
//	go run ./cmd/plot -out docs/figures -formats png -dpi 100
//
// Progress goes to stderr when it is a terminal; the list of files written
// goes to stdout (-json for programs). Usage errors exit 2, others 1.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/plot/vg"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/report/suite"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

func main() {
	cli.Main("plot", run, "interrupted; figures already written are complete, no file is partial")
}

// usageError marks errors in the command line.
type usageError = cli.UsageError

var usagef = cli.Usagef

// commands are its jobs: the figures (the default) and gif.
var commands = []cli.Subcommand{
	{Command: "plot", Name: "figures", Args: "[flags]", Default: true, Summary: "draw the report's figures: PNG, SVG and the CSV of the numbers behind each", Run: runFigures},
	{Command: "plot", Name: "gif", Args: "[flags] BOARD", Summary: "the animated optimal solution of BOARD, as the page draws it", Run: runGIF},
}

func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	return cli.RunSubcommand(ctx, commands, stdout, stderr, args)
}

// runFigures draws the figures -only selects (default all).
func runFigures(ctx context.Context, sub cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	f, err := parseFlags(sub, stderr, args)
	if err != nil {
		return err
	}
	o, err := f.options()
	if err != nil {
		return err
	}
	o.Log = stderr
	res, err := f.resolver(ctx, o.Goal)
	if err != nil {
		return err
	}
	defer res.Close()
	o.Resolver, o.Cache = res, cli.Cache()
	t0 := time.Now()
	written, err := suite.Run(ctx, o)
	if e := list(stdout, written, f.asJSON, o.Out, time.Since(t0)); err == nil {
		err = e
	}
	return err
}

// flags holds the command line.
type flags struct {
	out, only, formats, mix, shape, shapes, goal, table, board, pdbs string
	quick, asJSON                                                    bool
	n, step, runs, iddfsMax, maxShow, dpi, workers, textbookDepth    int
	seed                                                             uint64
	width, height                                                    float64
	maxExp                                                           int64
	textbookJSON                                                     string
	fs                                                               *cli.FlagSet
}

func parseFlags(sub cli.Subcommand, stderr io.Writer, args []string) (*flags, error) {
	var f flags
	fs := sub.Flags(stderr)
	f.fs = fs
	fs.StringVar(&f.out, "out", "figures", "folder to write the figures to")
	fs.StringVar(&f.only, "only", "", "comma-separated figures to make (default all): "+strings.Join(suite.Names, ", "))
	fs.StringVar(&f.formats, "formats", "png,svg,csv", "comma-separated formats to write")
	fs.BoolVar(&f.quick, "quick", false, "draw the whole set from small samples in seconds (sets -n 1 -step 6 -runs 20 -mix 10,50,200,1000 -iddfs-max 13 -textbook-depth 12 unless given)")
	fs.IntVar(&f.n, "n", 10, "boards per distance for the scaling and DFS figures, per depth for textbook-4x4")
	fs.IntVar(&f.step, "step", 1, "sample every step-th distance (the radius is always included)")
	fs.IntVar(&f.runs, "runs", classroom.DefaultGreedyN, "boards per mixing count for the greedy climber")
	fs.StringVar(&f.mix, "mix", classroom.JoinKs(classroom.DefaultGreedyKs), "comma-separated mixing move counts for the greedy climber (those of the greedy-climber report by default)")
	fs.IntVar(&f.textbookDepth, "textbook-depth", 20, "deepest solution depth of the textbook and prediction figures (3x3: 20 takes ~30 s on 2 cores, the book's 24 ~16 min; -quick: 12)")
	fs.StringVar(&f.textbookJSON, "textbook-json", "", "the table textbook-4x4 draws: a `file` written by analyze textbook -shape 4x4 -json (default: computed, depths 30 to 30 + -textbook-depth)")
	fs.IntVar(&f.iddfsMax, "iddfs-max", 22, "largest distance IDDFS runs at in the scaling figures (it grows ~2.1× a move)")
	fs.StringVar(&f.shape, "shape", "3x3", "board shape of the table figures and the goal comparison")
	fs.StringVar(&f.shapes, "shapes", joinShapes(suite.DefaultShapes()), "comma-separated shapes compared in the depth figures (goal last); 12-cell shapes need their tables in the cache folder")
	fs.StringVar(&f.goal, "goal", "last", `goal: "last", "first" or tiles`)
	fs.StringVar(&f.table, "table", "", "distance table file for -shape/-goal (default: embedded, cache folder, or enumerated in memory up to 10 cells)")
	fs.StringVar(&f.board, "board", "", "start board of solution-strip and dfs-walk (default: a board at the radius, and one at distance 5)")
	fs.IntVar(&f.maxShow, "max-show", 12, "most boards drawn in the solution strip")
	fs.StringVar(&f.pdbs, "pdb", "", `partitions for heuristic-pdb-… figures, separated by ";" (e.g. "1,2,3,4/5,6,7,8"); "none" for none (default: that one on 3x3)`)
	fs.Uint64Var(&f.seed, "seed", 1, "random seed: the same seed draws the same boards")
	fs.Float64Var(&f.width, "width", 16, "figure width (cm)")
	fs.Float64Var(&f.height, "height", 10, "figure height (cm)")
	fs.IntVar(&f.dpi, "dpi", 150, "PNG resolution (dots per inch)")
	fs.IntVar(&f.workers, "workers", 0, "parallel searches (0: all cores)")
	fs.Int64Var(&f.maxExp, "max-expanded", 0, "stop each search after this many expansions and count it as cut off (0: the search package's default, 2,000,000)")
	fs.BoolVar(&f.asJSON, "json", false, "list the files written as JSON")
	fs.Group("which figures", "only", "quick")
	fs.Group("the boards they are drawn from", "shape", "goal", "table", "shapes", "board", "pdb", "seed", "textbook-json")
	fs.Group("sample sizes and search limits (-quick sets the first six)", "n", "step", "runs", "mix", "iddfs-max", "textbook-depth", "max-show", "max-expanded", "workers")
	fs.Group("the files written", "out", "formats", "width", "height", "dpi", "json")
	rest, err := fs.Parse(args, false)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, usagef("unexpected arguments: %s", strings.Join(rest, " "))
	}
	return &f, nil
}

// options turns the flags into the suite's options, refusing bad values.
func (f *flags) options() (suite.Options, error) {
	o := suite.Defaults(f.quick)
	o.Out, o.Seed, o.Workers, o.MaxShow = f.out, f.seed, f.workers, f.maxShow
	o.TextbookDeepJSON = f.textbookJSON
	if f.only != "" {
		o.Only = strings.Split(f.only, ",")
	}
	if _, err := suite.Selected(o.Only); err != nil {
		return o, usagef("-only: %v", err)
	}
	if err := f.refuseUnused(o.Only); err != nil {
		return o, err
	}
	o.Formats = splitList(f.formats)
	for _, format := range o.Formats {
		if !slices.Contains(report.Formats, format) {
			return o, usagef("-formats: unknown format %q (formats: %s)", format, strings.Join(report.Formats, ", "))
		}
	}
	if len(o.Formats) == 0 {
		return o, usagef("-formats: none given")
	}
	if err := f.samples(&o); err != nil {
		return o, err
	}
	if err := f.boards(&o); err != nil {
		return o, err
	}
	o.Size.Width, o.Size.Height, o.Size.DPI = vg.Length(f.width)*vg.Centimeter, vg.Length(f.height)*vg.Centimeter, f.dpi
	if err := o.Size.Validate(); err != nil {
		return o, usageError{Err: err}
	}
	return o, nil
}

// figureFlags are the flags that tune some figures only, and those
// figures; the others apply to every figure.
var figureFlags = []struct {
	flags   []string
	figures []string
}{
	{[]string{"n", "step", "workers"}, []string{report.NameScalingNodes, report.NameScalingTime, report.NameScalingFrontier, report.NameDFSBlowup, report.NameTextbookDeep}},
	{[]string{"iddfs-max"}, []string{report.NameScalingNodes, report.NameScalingTime, report.NameScalingFrontier}},
	{[]string{"max-expanded"}, []string{report.NameScalingNodes, report.NameScalingTime, report.NameScalingFrontier, report.NameDFSBlowup, report.NameDFSWalk}},
	{[]string{"runs", "mix"}, []string{report.NameGreedyClimber}},
	{[]string{"max-show"}, []string{report.NameSolutionStrip}},
	{[]string{"board"}, []string{report.NameSolutionStrip, report.NameDFSWalk}},
	{[]string{"pdb"}, []string{suite.NamePDBGroup}},
	{[]string{"shapes"}, []string{report.NameDepthHistogram, report.NameDepthHistogramLog, report.NameLayerRatio}},
	{[]string{"textbook-json"}, []string{report.NameTextbookDeep}},
}

// refuseUnused refuses a flag given for figures that only (the -only
// list; empty: every figure) does not select: it would be ignored.
func (f *flags) refuseUnused(only []string) error {
	if len(only) == 0 {
		return nil
	}
	selects := func(figure string) bool {
		for _, name := range only {
			name = strings.TrimSpace(name)
			if name == figure || figure == suite.NamePDBGroup && strings.HasPrefix(name, figure) {
				return true
			}
		}
		return false
	}
	for _, ff := range figureFlags {
		if slices.ContainsFunc(ff.figures, selects) {
			continue
		}
		for _, name := range ff.flags {
			if f.fs.IsGiven(name) {
				return usagef("-%s applies to %s; -only %s draws none of them", name, strings.Join(ff.figures, ", "), strings.Join(only, ","))
			}
		}
	}
	return nil
}

// resolver is where every figure's tables and databases come from: the
// cache folder, the -table file (which must hold goal) and, for boards up
// to 10 cells, tables built in memory; databases built for the figures
// are not written to the cache.
func (f *flags) resolver(ctx context.Context, goal statespace.Board) (*resolve.Resolver, error) {
	cfg := resolve.Config{Cache: cli.Cache(), ReadOnlyCache: true}
	if f.table != "" {
		var err error
		if cfg.Table, _, err = boardflags.ReadTable(ctx, f.table, statespace.GoalOf(goal), true); err != nil {
			return nil, err
		}
	}
	return resolve.NewResolver(ctx, cfg)
}

// samples sets the sample sizes: -quick's unless given, and checks them.
func (f *flags) samples(o *suite.Options) error {
	set := f.fs.IsGiven
	if set("n") || !f.quick {
		o.N = f.n
	}
	if set("step") || !f.quick {
		o.Step = f.step
	}
	if set("runs") || !f.quick {
		o.Runs = f.runs
	}
	if set("iddfs-max") || !f.quick {
		o.IDDFSMax = f.iddfsMax
	}
	if set("textbook-depth") || !f.quick {
		o.TextbookMaxDepth = f.textbookDepth
	}
	if set("mix") || !f.quick {
		mixes, err := classroom.ParseKs(f.mix)
		if err != nil {
			return usagef("-mix: %v", err)
		}
		o.Mixes = mixes
	}
	if o.N < 1 || o.Step < 1 || o.Runs < 1 || o.MaxShow < 2 || o.IDDFSMax < 0 || o.Workers < 0 || o.TextbookMaxDepth < 1 {
		return usagef("-n, -step, -runs and -textbook-depth must be at least 1, -max-show at least 2, -iddfs-max and -workers at least 0")
	}
	if f.maxExp < 0 {
		return usagef("-max-expanded must be at least 0")
	}
	o.Limits.MaxExpanded = f.maxExp
	return nil
}

// boards sets the shape, goal, table, start board and partitions.
func (f *flags) boards(o *suite.Options) error {
	sh, err := statespace.ParseShape(f.shape)
	if err != nil {
		return usagef("-shape: %v", err)
	}
	if err := suite.CheckShape(sh); err != nil {
		return usagef("-shape: %v", err)
	}
	o.Shape = sh
	if o.Goal, err = statespace.ParseGoal(f.goal, sh); err != nil {
		return usagef("-goal: %v", err)
	}
	o.Shapes = nil
	for _, text := range splitList(f.shapes) {
		s, err := statespace.ParseShape(text)
		if err != nil {
			return usagef("-shapes: %v", err)
		}
		if err := suite.CheckShape(s); err != nil {
			return usagef("-shapes: %v", err)
		}
		o.Shapes = append(o.Shapes, s)
	}
	if f.board != "" {
		if o.Board, err = statespace.Parse(f.board, sh); err != nil {
			return usagef("-board: %v", err)
		}
	}
	switch {
	case f.pdbs == "none":
		o.PDB = nil
	case f.pdbs != "":
		o.PDB = strings.Split(f.pdbs, ";")
	default:
		o.PDB = suite.DefaultPDB(sh)
	}
	return nil
}

// list writes the files written: a line per figure and a total, or JSON.
func list(stdout io.Writer, written []suite.Written, asJSON bool, out string, took time.Duration) error {
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(written)
	}
	files := 0
	for _, w := range written {
		var exts []string
		for _, p := range w.Paths {
			exts = append(exts, strings.TrimPrefix(filepath.Ext(p), "."))
		}
		fmt.Fprintf(stdout, "%-34s %-12s %8s\n", w.Figure, strings.Join(exts, " "), w.Took.Round(time.Millisecond))
		files += len(w.Paths)
	}
	_, err := fmt.Fprintf(stdout, "wrote %d %s (%d files) to %s in %s\n", len(written), textfmt.Plural(len(written), "figure", "figures"), files, out, took.Round(time.Millisecond))
	return err
}

func joinShapes(shapes []statespace.Shape) string {
	var texts []string
	for _, s := range shapes {
		texts = append(texts, s.String())
	}
	return strings.Join(texts, ",")
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
