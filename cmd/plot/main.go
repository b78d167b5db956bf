// Command plot draws the report's figures: every figure as PNG and SVG with
// a CSV of the numbers behind it, named after the figure.
//
// Usage:
//
//	plot [flags]
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
//	greedy-climber                        seed 003's climber against mixing moves
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
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/plot/vg"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/report/suite"
	"github.com/tilespace/tilespace/statespace"
)

func main() {
	cli.Main("plot", run, "interrupted; figures already written are complete, no file is partial")
}

// usageError marks errors in the command line.
type usageError = cli.UsageError

var usagef = cli.Usagef

func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	fs := cli.NewFlagSet("plot", "plot [flags]", stderr)
	var (
		out      = fs.String("out", "figures", "folder to write the figures to")
		only     = fs.String("only", "", "comma-separated figures to make (default all): "+strings.Join(suite.Names, ", "))
		formats  = fs.String("formats", "png,svg,csv", "comma-separated formats to write")
		quick    = fs.Bool("quick", false, "draw the whole set from small samples in seconds (sets -n 1 -step 6 -runs 20 -mix 10,50,200,1000 -iddfs-max 13 unless given)")
		n        = fs.Int("n", 10, "boards per distance for the scaling and DFS figures")
		step     = fs.Int("step", 1, "sample every step-th distance (the radius is always included)")
		runs     = fs.Int("runs", classroom.DefaultGreedyN, "boards per mixing count for the greedy climber")
		mix      = fs.String("mix", classroom.JoinKs(classroom.DefaultGreedyKs), "comma-separated mixing move counts for the greedy climber (seed 003's by default)")
		iddfsMax = fs.Int("iddfs-max", 22, "largest distance IDDFS runs at in the scaling figures (it grows ~2.1× a move)")
		shape    = fs.String("shape", "3x3", "board shape of the table figures and the goal comparison")
		goal     = fs.String("goal", "last", `goal: "last", "first" or tiles`)
		table    = fs.String("table", "", "distance table file for -shape/-goal (default: embedded, cache folder, or enumerated in memory up to 10 cells)")
		board    = fs.String("board", "", "start board of solution-strip and dfs-walk (default: a board at the radius, and one at distance 5)")
		maxShow  = fs.Int("max-show", 12, "most boards drawn in the solution strip")
		pdbs     = fs.String("pdb", "", `partitions for heuristic-pdb-… figures, separated by ";" (e.g. "1,2,3,4/5,6,7,8"); "none" for none (default: that one on 3x3)`)
		seed     = fs.Uint64("seed", 1, "random seed: the same seed draws the same boards")
		width    = fs.Float64("width", 16, "figure width (cm)")
		height   = fs.Float64("height", 10, "figure height (cm)")
		dpi      = fs.Int("dpi", 150, "PNG resolution (dots per inch)")
		workers  = fs.Int("workers", 0, "parallel searches (0: all cores)")
		maxExp   = fs.Int64("max-expanded", 0, "stop each search after this many expansions and count it as cut off (0: the search package's default, 2,000,000)")
		asJSON   = fs.Bool("json", false, "list the files written as JSON")
	)
	rest, err := fs.Parse(args, false)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected arguments: %s", strings.Join(rest, " "))
	}
	set := map[string]bool{}
	for _, name := range fs.Given() {
		set[name] = true
	}

	o := suite.Defaults(*quick)
	o.Out, o.Seed, o.Workers, o.MaxShow = *out, *seed, *workers, *maxShow
	o.Log, o.Explain = stderr, cli.Explain
	if *only != "" {
		o.Only = strings.Split(*only, ",")
	}
	o.Formats = splitList(*formats)
	for _, f := range o.Formats {
		if !slices.Contains(report.Formats, f) {
			return usagef("-formats: unknown format %q (formats: %s)", f, strings.Join(report.Formats, ", "))
		}
	}
	if len(o.Formats) == 0 {
		return usagef("-formats: none given")
	}
	if set["n"] || !*quick {
		o.N = *n
	}
	if set["step"] || !*quick {
		o.Step = *step
	}
	if set["runs"] || !*quick {
		o.Runs = *runs
	}
	if set["iddfs-max"] || !*quick {
		o.IDDFSMax = *iddfsMax
	}
	if set["mix"] || !*quick {
		mixes, err := classroom.ParseKs(*mix)
		if err != nil {
			return usagef("-mix: %v", err)
		}
		o.Mixes = mixes
	}
	if o.N < 1 || o.Step < 1 || o.Runs < 1 || o.MaxShow < 2 || o.IDDFSMax < 0 || o.Workers < 0 {
		return usagef("-n, -step and -runs must be at least 1, -max-show at least 2, -iddfs-max and -workers at least 0")
	}
	sh, err := statespace.ParseShape(*shape)
	if err != nil {
		return usagef("-shape: %v", err)
	}
	if err := suite.CheckShape(sh); err != nil {
		return usagef("-shape: %v", err)
	}
	o.Shape = sh
	if o.Goal, err = statespace.ParseGoal(*goal, sh); err != nil {
		return usagef("-goal: %v", err)
	}
	o.TablePath = *table
	if *maxExp < 0 {
		return usagef("-max-expanded must be at least 0")
	}
	o.Limits.MaxExpanded = *maxExp
	if *board != "" {
		if o.Board, err = statespace.Parse(*board, sh); err != nil {
			return usagef("-board: %v", err)
		}
	}
	switch {
	case *pdbs == "none":
		o.PDB = nil
	case *pdbs != "":
		o.PDB = strings.Split(*pdbs, ";")
	default:
		o.PDB = suite.DefaultPDB(sh)
	}
	o.Size.Width, o.Size.Height, o.Size.DPI = vg.Length(*width)*vg.Centimeter, vg.Length(*height)*vg.Centimeter, *dpi
	if err := o.Size.Validate(); err != nil {
		return usageError{Err: err}
	}
	if _, err := suite.Selected(o.Only); err != nil {
		return usagef("-only: %v", err)
	}

	t0 := time.Now()
	written, err := suite.Run(ctx, o)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if e := enc.Encode(written); e != nil && err == nil {
			err = e
		}
	} else {
		files := 0
		for _, w := range written {
			var exts []string
			for _, p := range w.Paths {
				exts = append(exts, strings.TrimPrefix(filepath.Ext(p), "."))
			}
			fmt.Fprintf(stdout, "%-34s %-12s %8s\n", w.Figure, strings.Join(exts, " "), w.Took.Round(time.Millisecond))
			files += len(w.Paths)
		}
		fmt.Fprintf(stdout, "wrote %d figures (%d files) to %s in %s\n", len(written), files, o.Out, time.Since(t0).Round(time.Millisecond))
	}
	return err
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
