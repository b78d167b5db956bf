package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// deepShape reports whether textbook's arguments name a shape of more
// than 12 cells, whose table TextbookDeep computes from drawn boards.
func deepShape(args []string) bool {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "-shape=")
		if !ok && a == "-shape" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if s, err := statespace.ParseShape(v); ok && err == nil && s.Cells() > 12 {
			return true
		}
	}
	return false
}

// runTextbookDeep runs textbook on a shape of more than 12 cells:
// analyze.TextbookDeep.
func runTextbookDeep(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	shape := fs.String("shape", "4x4", "board shape RxC")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	algs := fs.String("algs", strings.Join(analyze.DefaultDeepAlgorithms, ","), "algorithms, comma-separated: ida:HEURISTIC")
	depths := fs.String("depths", "20-50", "the depths A-B, every one from A to B")
	step := fs.Int("step", 2, "with -depths: every step-th depth from A")
	sample := fs.Int("sample", 10, "boards drawn per depth")
	seed := fs.Uint64("seed", 1, "the seed of the draws")
	bfs := fs.Int("bfs-depth", 20, "depths up to this are drawn from their level enumerated breadth-first, deeper by rejection")
	searchTime := fs.Duration("search-time", 10*time.Minute, "each search's time bound (a search that reaches it is counted apart)")
	resume := fs.Bool("resume", false, "go on from the searches an interrupted run of the same parameters kept in the cache folder")
	pdbDir := fs.String("pdb-dir", "", "a folder of pattern databases looked in before the cache folder")
	maxTime := timeBound(fs)
	asJSON := fs.Bool("json", false, "one JSON object")
	asCSV := fs.Bool("csv", false, "CSV, a row per depth and algorithm")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	var a, b int
	if n, err := fmt.Sscanf(*depths, "%d-%d", &a, &b); n != 2 || err != nil || a < 1 || a > b || fmt.Sprintf("%d-%d", a, b) != *depths {
		return usagef("-depths %q: want A-B with 1 <= A <= B, such as 20-50", *depths)
	}
	switch {
	case len(rest) > 0:
		return usagef("textbook takes no arguments (got %q)", rest[0])
	case *asJSON && *asCSV:
		return usagef("-json and -csv exclude each other")
	case *sample < 1 || *step < 1 || *bfs < 0 || *searchTime <= 0:
		return usagef("-sample and -step must be positive, -bfs-depth not negative, -search-time positive")
	}
	ctx, cancel, err := bounded(ctx, *maxTime, checkCount("sample", *sample), checkDepth("depths", b))
	if err != nil {
		return err
	}
	defer cancel()
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	if goal.Cells() > 20 {
		return usagef("-shape %s: the boards are drawn by rank, on shapes of at most 20 cells", *shape)
	}
	cfg := analyze.DeepConfig{Goal: goal, N: *sample, Seed: *seed, BFSDepth: *bfs, Algorithms: strings.Split(*algs, ","), MaxTime: *searchTime}
	for d := a; d <= b; d += *step {
		cfg.Depths = append(cfg.Depths, d)
	}
	rows, err := deepRows(ctx, cfg, *resume, *pdbDir, stderr)
	if err != nil {
		return err
	}
	switch {
	case *asJSON:
		return analyze.WriteDeepJSON(stdout, cfg, rows)
	case *asCSV:
		return analyze.WriteDeepCSV(stdout, rows)
	}
	return analyze.WriteDeepText(stdout, cfg, rows)
}

// deepRows runs analyze.TextbookDeep with its databases and checkpoint in
// the cache folder.
func deepRows(ctx context.Context, cfg analyze.DeepConfig, resume bool, pdbDir string, stderr io.Writer) ([]analyze.DeepRow, error) {
	cache, err := store.DefaultCache()
	if err != nil {
		return nil, err
	}
	if cfg.Databases, err = cachedDatabases(ctx, cache, pdbDir, stderr); err != nil {
		return nil, err
	}
	ck, err := openDeepCheckpoint(cache, &cfg, resume, stderr)
	if err != nil {
		return nil, err
	}
	bar := &bars{w: stderr}
	cfg.Progress = bar.update
	rows, err := analyze.TextbookDeep(ctx, cfg)
	bar.done()
	if err = ck.finish(ctx, timedOut(ctx, err)); err != nil {
		return nil, namingError(err)
	}
	return rows, nil
}

// namingError makes an unknown algorithm or heuristic a usage error.
func namingError(err error) error {
	var alg *search.UnknownAlgorithmError
	var h *analyze.UnknownHeuristicError
	if errors.As(err, &alg) || errors.As(err, &h) {
		return cli.UsageError{Err: err}
	}
	return err
}
