package main

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
)

func runDBSize(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	parts := fs.String("partitions", "", `partitions separated by ";" (e.g. "1,2,3,4/5,6,7,8;6-6-3"); default: the tiles in order cut into patterns of 1, 2, 3, … tiles`)
	boards := fs.Int("boards", 100, "boards searched, drawn uniformly, the same for every partition")
	seed := fs.Uint64("seed", 1, "the seed of the draw")
	asJSON := fs.Bool("json", false, "one JSON object per partition")
	asCSV := fs.Bool("csv", false, "CSV, a row per partition")
	maxTime := timeBound(fs)
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	switch {
	case len(rest) > 0:
		return usagef("dbsize takes no arguments (got %q)", rest[0])
	case *asJSON && *asCSV:
		return usagef("-json and -csv exclude each other")
	case *boards < 1:
		return usagef("-boards must be at least 1")
	}
	ctx, cancel, err := bounded(ctx, *maxTime, checkCount("boards", *boards))
	if err != nil {
		return err
	}
	defer cancel()
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	var list []string
	for _, p := range strings.Split(*parts, ";") {
		if p = strings.TrimSpace(p); p != "" {
			list = append(list, p)
		}
	}
	b := &bars{w: stderr}
	t, err := analyze.DBSize(ctx, analyze.DBSizeConfig{Goal: goal, Partitions: list, Boards: *boards, Seed: *seed, Progress: b.update})
	b.done()
	err = timedOut(ctx, err)
	var unknownH *analyze.UnknownHeuristicError
	if errors.As(err, &unknownH) {
		return cli.UsageError{Err: err}
	}
	if err != nil {
		return err
	}
	switch {
	case *asJSON:
		return analyze.WriteDBSizeJSON(stdout, t)
	case *asCSV:
		return analyze.WriteDBSizeCSV(stdout, t)
	}
	return analyze.WriteDBSizeText(stdout, t)
}
