package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/search"
)

func runTextbook(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	if deepShape(args) {
		return runTextbookDeep(ctx, c, stdout, stderr, args)
	}
	fs := c.Flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC (at most 12 cells)")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	algs := fs.String("algs", strings.Join(analyze.DefaultAlgorithms, ","), "algorithms, comma-separated: ids, ids-book, astar:HEURISTIC, ida:HEURISTIC")
	maxDepth := fs.Int("max-depth", 20, "the deepest solution depth counted; 0 for the radius (3x3: 20 takes about 30 s on 2 cores, the book's 24 about 16 min)")
	sample := fs.Int("sample", 0, "boards searched per depth, drawn uniformly; 0 for every board")
	seed := fs.Uint64("seed", 1, "the seed of -sample's draw")
	maxMiB := fs.Int64("max-mib", 1024, "memory bound of each search's own structures, MiB")
	asJSON := fs.Bool("json", false, "one JSON object per depth")
	asCSV := fs.Bool("csv", false, "CSV, a row per depth and algorithm")
	maxTime := timeBound(fs)
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	switch {
	case len(rest) > 0:
		return usagef("textbook takes no arguments (got %q)", rest[0])
	case *asJSON && *asCSV:
		return usagef("-json and -csv exclude each other")
	case *maxDepth < 0 || *sample < 0 || *maxMiB <= 0:
		return usagef("-max-depth and -sample must not be negative, -max-mib must be positive")
	}
	ctx, cancel, err := bounded(ctx, *maxTime, checkDepth("max-depth", *maxDepth), checkCount("sample", *sample), checkMiB(*maxMiB))
	if err != nil {
		return err
	}
	defer cancel()
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	b := &bars{w: stderr}
	algList := strings.Split(*algs, ",")
	plan := func(boards int, expected time.Duration) {
		b.note("%s boards to search, each by %s: about %s on %s (timed on the first %d boards of each depth)",
			textfmt.Commas(boards), textfmt.Plural(len(algList), "1 algorithm", fmt.Sprintf("%d algorithms", len(algList))),
			roughly(expected), textfmt.Plural(runtime.GOMAXPROCS(0), "1 core", fmt.Sprintf("%d cores", runtime.GOMAXPROCS(0))), analyze.PlanBoards)
	}
	t, err := analyze.Textbook(ctx, analyze.TextbookConfig{Goal: goal, Algorithms: algList,
		MaxDepth: *maxDepth, Sample: *sample, Seed: *seed, MaxBytes: *maxMiB << 20, Progress: b.update, Plan: plan})
	b.done()
	err = timedOut(ctx, err)
	var unknownAlg *search.UnknownAlgorithmError
	var unknownH *analyze.UnknownHeuristicError
	if errors.As(err, &unknownAlg) || errors.As(err, &unknownH) {
		return cli.UsageError{Err: err}
	}
	if err != nil {
		return err
	}
	switch {
	case *asJSON:
		return analyze.WriteTextbookJSON(stdout, t)
	case *asCSV:
		return analyze.WriteTextbookCSV(stdout, t)
	}
	return analyze.WriteTextbookText(stdout, t)
}

// roughly is an estimate of a duration in words: seconds under a minute,
// else minutes, else hours, each to two significant figures at most.
func roughly(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", max(1, int(d.Round(time.Second)/time.Second)))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf("%.1f h", d.Hours())
}
