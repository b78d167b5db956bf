package main

import (
	"context"
	"errors"
	"io"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
)

func runPredict(ctx context.Context, c command, stdout, stderr io.Writer, args []string) error {
	fs := c.flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC (at most 12 cells)")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	h := fs.String("h", "manhattan", "the heuristic IDA* runs on (as analyze heuristics names them)")
	depth := fs.Int("depth", 20, "the boards' distance from the goal")
	sample := fs.Int("sample", 0, "boards searched, drawn uniformly at -depth; 0 for every board")
	seed := fs.Uint64("seed", 1, "the seed of -sample's draw")
	asJSON := fs.Bool("json", false, "one JSON object")
	asCSV := fs.Bool("csv", false, "CSV, a row per iteration")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	switch {
	case len(rest) > 0:
		return usagef("predict takes no arguments (got %q)", rest[0])
	case *asJSON && *asCSV:
		return usagef("-json and -csv exclude each other")
	case *sample < 0:
		return usagef("-sample must not be negative")
	}
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	b := &bars{w: stderr}
	p, err := analyze.Predict(ctx, analyze.PredictConfig{Goal: goal, Heuristic: *h, Depth: *depth, Sample: *sample, Seed: *seed, Progress: b.update})
	b.done()
	var unknownH *analyze.UnknownHeuristicError
	var badDepth *analyze.DepthError
	if errors.As(err, &unknownH) || errors.As(err, &badDepth) {
		return cli.UsageError{Err: err}
	}
	if err != nil {
		return err
	}
	switch {
	case *asJSON:
		return analyze.WritePredictionJSON(stdout, p)
	case *asCSV:
		return analyze.WritePredictionCSV(stdout, p)
	}
	return analyze.WritePredictionText(stdout, p)
}
