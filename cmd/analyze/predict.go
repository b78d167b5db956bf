package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

func runPredict(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	shape := fs.String("shape", "3x3", "board shape RxC (at most 12 cells)")
	goalText := fs.String("goal", "last", "goal: last, first, or a board")
	h := fs.String("heuristic", "manhattan", "the heuristic IDA* runs on (as analyze heuristics names them)")
	depth := fs.Int("depth", 20, "the boards' distance from the goal")
	sample := fs.Int("sample", 0, "boards searched, drawn uniformly at -depth; 0 for every board")
	seed := fs.Uint64("seed", 1, "the seed of the draws (-sample, -random, -samples)")
	random := fs.Int("random", 0, "compare this many boards drawn uniformly from the whole space, of every depth, instead of -depth's")
	korf := fs.Bool("korf100", false, "compare Korf's 100 15-puzzle instances (4x4, goal first); needs -samples")
	dist := fs.String("dist", "", "KRE's distribution: exact (every board counted, or Manhattan's computed), databases (from the pattern databases' entries), samples (-samples boards); default the first that applies")
	samples := fs.Uint64("samples", 0, "boards drawn uniformly to estimate a sampled distribution from: with -dist samples, and CDP's on boards of more than 12 cells")
	resume := fs.String("resume", "", "keep each board's IDA* counts in this file as they finish, and take those it holds instead of searching again")
	instances := fs.String("instances", "", "with -korf100: compare only instances A-B (1-100), such as 1-10")
	whole := fs.Bool("whole", false, "Korf, Reid and Edelkamp's own experiment: one whole iteration (the goal does not end it) per -bounds bound from each of -random N boards (0: every board, on spaces of at most 20,000,000), every board counted, 0 when its h exceeds the bound, beside KRE")
	bounds := fs.String("bounds", "", "with -whole: the bounds A-B counted; default the boards' mean h, rounded, ± 4")
	korf1985 := fs.Bool("korf1985", false, "Korf's 1985 table of the nodes IDA* on Manhattan distance generated on his 100 instances, reconciled instance by instance with IDA* run as his program runs it (with -instances, -resume, -json)")
	asJSON := fs.Bool("json", false, "one JSON object")
	asCSV := fs.Bool("csv", false, "CSV, a row per iteration")
	maxTime := timeBound(fs)
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	switch {
	case len(rest) > 0:
		return usagef("predict takes no arguments (got %q)", rest[0])
	case *asJSON && *asCSV:
		return usagef("-json and -csv exclude each other")
	case *korf && *random > 0:
		return usagef("-korf100 and -random exclude each other")
	}
	ctx, cancel, err := bounded(ctx, *maxTime, checkDepth("depth", *depth), checkCount("sample", *sample), checkCount("random", *random), checkSamples(*samples))
	if err != nil {
		return err
	}
	defer cancel()
	if *korf1985 {
		return runKorf1985(ctx, fs, stdout, stderr, korfFlags{*h, *instances, *resume, *asJSON})
	}
	if *whole {
		if *korf || *sample > 0 || *resume != "" {
			return usagef("-whole draws its boards (-random N, or every board): not with -korf100, -sample or -resume")
		}
		return runWhole(ctx, stdout, stderr, wholeFlags{*shape, *goalText, *h, *dist, *bounds, *random, *seed, *samples, *asJSON, *asCSV})
	} else if *bounds != "" {
		return usagef("-bounds goes with -whole")
	}
	if *korf {
		*shape, *goalText = "4x4", "first"
	}
	goal, err := parseGoal(*shape, *goalText)
	if err != nil {
		return err
	}
	cfg := analyze.PredictConfig{Goal: goal, Heuristic: *h, Depth: *depth, Sample: *sample, Seed: *seed, Random: *random, Samples: *samples, Dist: *dist}
	if err := predictBoards(&cfg, *korf, *instances, *resume); err != nil {
		return err
	}
	b := &bars{w: stderr}
	cfg.Progress = b.update
	p, err := analyze.Predict(ctx, cfg)
	b.done()
	if err != nil {
		return predictError(timedOut(ctx, err))
	}
	switch {
	case *asJSON:
		return analyze.WritePredictionJSON(stdout, p)
	case *asCSV:
		return analyze.WritePredictionCSV(stdout, p)
	}
	return analyze.WritePredictionText(stdout, p)
}

// predictBoards sets cfg's boards to Korf's instances (-korf100 with
// -instances) and takes the boards a run log (-resume) holds finished.
func predictBoards(cfg *analyze.PredictConfig, korf bool, instances, resume string) error {
	first := 0 // the index in the run log of cfg.Boards[0]
	if korf {
		var err error
		if cfg.Boards, first, err = korfRange(cfg.Goal, instances); err != nil {
			return err
		}
	} else if instances != "" {
		return usagef("-instances goes with -korf100")
	}
	if resume != "" {
		return resumeFrom(cfg, resume, first)
	}
	return nil
}

// predictError phrases the remedy for an error of analyze.Predict or
// analyze.PredictWhole.
func predictError(err error) error {
	var unknownH *analyze.UnknownHeuristicError
	var badDepth *analyze.DepthError
	var tooBig *table.TooManyBoardsError
	var badDist *analyze.DistError
	var badBounds *analyze.BoundsError
	var every *analyze.EveryBoardError
	if errors.As(err, &every) {
		return usagef("%v; -random N draws N boards", err)
	}
	if errors.As(err, &tooBig) {
		return usagef("%v; with -random or -korf100 the boards are drawn, and -samples N estimates what cannot be counted from N boards", err)
	}
	if errors.As(err, &unknownH) || errors.As(err, &badDepth) || errors.As(err, &badDist) || errors.As(err, &badBounds) {
		return cli.UsageError{Err: err}
	}
	return err
}

// wholeFlags are predict's flags that -whole uses.
type wholeFlags struct {
	shape, goal, h, dist, bounds string
	random                       int
	seed, samples                uint64
	asJSON, asCSV                bool
}

// runWhole runs predict -whole: analyze.PredictWhole.
func runWhole(ctx context.Context, stdout, stderr io.Writer, w wholeFlags) error {
	goal, err := parseGoal(w.shape, w.goal)
	if err != nil {
		return err
	}
	cfg := analyze.WholeConfig{Goal: goal, Heuristic: w.h, Random: w.random, Seed: w.seed, Dist: w.dist, Samples: w.samples}
	if w.bounds != "" {
		if n, err := fmt.Sscanf(w.bounds, "%d-%d", &cfg.MinBound, &cfg.MaxBound); n != 2 || err != nil ||
			fmt.Sprintf("%d-%d", cfg.MinBound, cfg.MaxBound) != w.bounds {
			return usagef("-bounds %q: want A-B, such as 30-46", w.bounds)
		}
	}
	b := &bars{w: stderr}
	cfg.Progress = b.update
	p, err := analyze.PredictWhole(ctx, cfg)
	b.done()
	if err != nil {
		return predictError(timedOut(ctx, err))
	}
	switch {
	case w.asJSON:
		return analyze.WriteWholeJSON(stdout, p)
	case w.asCSV:
		return analyze.WriteWholeCSV(stdout, p)
	}
	return analyze.WriteWholeText(stdout, p)
}

// korfRange returns Korf's instances A-B (all when text is empty) and the
// index of the first among the 100.
func korfRange(goal statespace.Board, text string) ([]statespace.Board, int, error) {
	all, err := korf100(goal)
	if err != nil || text == "" {
		return all, 0, err
	}
	var a, b int
	if n, err := fmt.Sscanf(text, "%d-%d", &a, &b); n != 2 || err != nil || a < 1 || a > b || b > len(all) || fmt.Sprintf("%d-%d", a, b) != text {
		return nil, 0, usagef("-instances %q: want A-B with 1 <= A <= B <= %d, such as 1-10", text, len(all))
	}
	return all[a-1 : b], a - 1, nil
}

// resumeFrom makes cfg take the boards the run log at path holds (its
// indices counted from first) and save each new board's counts to it.
func resumeFrom(cfg *analyze.PredictConfig, path string, first int) error {
	l, err := analyze.LoadRunLog(path, cfg.Heuristic, cfg.Goal.String())
	if err != nil {
		return err
	}
	for _, r := range l.Runs {
		if k := r.Index - first; k >= 0 && k < len(cfg.Boards) || len(cfg.Boards) == 0 {
			r.Index = k
			cfg.Done = append(cfg.Done, r)
		}
	}
	cfg.OnRun = func(r analyze.BoardRun) error {
		r.Index += first
		l.Runs = append(l.Runs, r)
		return analyze.SaveRunLog(path, l)
	}
	return nil
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
