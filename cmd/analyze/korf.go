package main

import (
	"context"
	"io"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
)

// korfFlags are predict's flags that -korf1985 uses.
type korfFlags struct {
	h, instances, resume string
	asJSON               bool
}

// runKorf1985 runs predict -korf1985: Korf's 1985 table of generated
// nodes reconciled instance by instance (analyze.ReconcileKorf).
func runKorf1985(ctx context.Context, fs *cli.FlagSet, stdout, stderr io.Writer, k korfFlags) error {
	for _, name := range []string{"shape", "goal", "depth", "sample", "random", "dist", "samples", "whole", "bounds", "csv", "seed"} {
		if fs.IsGiven(name) {
			return usagef("-korf1985 compares Korf's 100 instances on 4x4, goal first, with Manhattan distance: not with -%s", name)
		}
	}
	if k.h != "manhattan" {
		return usagef("-korf1985: Korf's table is of IDA* on Manhattan distance, not %s", k.h)
	}
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	boards, first, err := korfRange(goal, k.instances)
	if err != nil {
		return err
	}
	table := reference.Korf1985()
	cfg := analyze.KorfConfig{Goal: goal}
	for i, b := range boards {
		cfg.Instances = append(cfg.Instances, analyze.KorfInstance{ID: first + i + 1, Board: b, Published: table[first+i].Generated})
	}
	if k.resume != "" {
		l, err := analyze.LoadRunLog(k.resume, "korf1985:manhattan", goal.String())
		if err != nil {
			return err
		}
		cfg.Done = l.Runs
		cfg.OnRun = func(r analyze.BoardRun) error {
			l.Runs = append(l.Runs, r)
			return analyze.SaveRunLog(k.resume, l)
		}
	}
	b := &bars{w: stderr}
	cfg.Progress = b.update
	recs, err := analyze.ReconcileKorf(ctx, cfg)
	b.done()
	if err != nil {
		return err
	}
	if k.asJSON {
		return analyze.WriteKorfJSON(stdout, recs)
	}
	return analyze.WriteKorfText(stdout, goal, recs)
}
