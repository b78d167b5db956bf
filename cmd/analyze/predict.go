package main

import (
	"context"
	"errors"
	"io"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
)

func runPredict(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC (at most 12 cells)")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	h := fs.String("h", "manhattan", "the heuristic IDA* runs on (as analyze heuristics names them)")
	depth := fs.Int("depth", 20, "the boards' distance from the goal")
	sample := fs.Int("sample", 0, "boards searched, drawn uniformly at -depth; 0 for every board")
	seed := fs.Uint64("seed", 1, "the seed of the draws (-sample, -random, -samples)")
	random := fs.Int("random", 0, "compare this many boards drawn uniformly from the whole space, of every depth, instead of -depth's")
	korf := fs.Bool("korf100", false, "compare Korf's 100 15-puzzle instances (4x4, goal first); needs -samples")
	samples := fs.Uint64("samples", 0, "estimate the distributions from this many boards drawn uniformly; 0 counts them over every board (at most 12 cells)")
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
	case *sample < 0 || *random < 0:
		return usagef("-sample and -random must not be negative")
	case *korf && *random > 0:
		return usagef("-korf100 and -random exclude each other")
	}
	if *korf {
		*shape, *goalText = "4x4", "first"
	}
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	var boards []statespace.Board
	if *korf {
		if boards, err = korf100(goal); err != nil {
			return err
		}
	}
	b := &bars{w: stderr}
	p, err := analyze.Predict(ctx, analyze.PredictConfig{Goal: goal, Heuristic: *h, Depth: *depth, Sample: *sample, Seed: *seed,
		Random: *random, Boards: boards, Samples: *samples, Progress: b.update})
	b.done()
	var unknownH *analyze.UnknownHeuristicError
	var badDepth *analyze.DepthError
	var tooBig *analyze.TooBigError
	if errors.As(err, &tooBig) && *samples == 0 {
		return usagef("%v; -samples N estimates the distributions from N boards, with -random or -korf100", err)
	}
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

// korf100 returns Korf's 100 instances as boards of goal.
func korf100(goal statespace.Board) ([]statespace.Board, error) {
	var out []statespace.Board
	for _, in := range reference.Korf100() {
		b, err := statespace.Parse(in.Board, goal.Shape())
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
