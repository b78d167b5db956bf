package main

import (
	"context"
	"errors"
	"io"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/statespace"
)

func runHeuristics(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC (at most 12 cells)")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	asJSON := fs.Bool("json", false, "one JSON object per heuristic")
	asCSV := fs.Bool("csv", false, "CSV, a row per heuristic")
	joint := fs.Bool("joint", false, "with -csv: the joint distribution, a row per heuristic, h and h*")
	maxTime := timeBound(fs)
	values := fs.String("values", "", "profile the heuristic whose value for every board, in rank order, `FILE` holds: a NumPy .npy array of integers, or raw bytes (uint8), with -shape and -goal")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	if *asJSON && *asCSV {
		return usagef("-json and -csv exclude each other")
	}
	if *joint && !*asCSV {
		return usagef("-joint goes with -csv (-json always holds the joint distribution)")
	}
	ctx, cancel, err := bounded(ctx, *maxTime)
	if err != nil {
		return err
	}
	defer cancel()
	b := &bars{w: stderr}
	var lv *analyze.Levels
	var ps []*analyze.Profile
	if *values != "" {
		lv, ps, err = profileValues(ctx, fs, *values, *shape, *goalText, rest, b.update)
	} else {
		goal, gerr := parseGoal(*shape, *goalText)
		if gerr != nil {
			return gerr
		}
		lv, ps, err = analyze.Profiles(ctx, goal, rest, b.update)
	}
	b.done()
	err = timedOut(ctx, err)
	var unknown *analyze.UnknownHeuristicError
	if errors.As(err, &unknown) {
		return cli.UsageError{Err: err}
	}
	if err != nil {
		return err
	}
	switch {
	case *asJSON:
		return analyze.WriteJSON(stdout, ps)
	case *asCSV:
		return analyze.WriteCSV(stdout, ps, *joint)
	}
	return analyze.WriteText(stdout, lv, ps)
}

// parseGoal reads -shape and -goal; a mistake in either is a usage error.
func parseGoal(shape, goal string) (statespace.Board, error) {
	s, err := statespace.ParseShape(shape)
	if err != nil {
		return statespace.Board{}, usagef("-shape: %v", err)
	}
	g, err := statespace.ParseGoal(goal, s)
	if err != nil {
		return statespace.Board{}, usagef("-goal: %v", err)
	}
	return g, nil
}
