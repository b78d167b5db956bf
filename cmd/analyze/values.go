package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/statespace"
)

// profileValues profiles the heuristic whose values path holds (a .npy
// file by its name, raw bytes otherwise) on the space -shape and -goal
// name, beside the built-in heuristics named.
func profileValues(ctx context.Context, fs *cli.FlagSet, path, shape, goalText string, names []string, progress analyze.ProgressFunc) (*analyze.Levels, []*analyze.Profile, error) {
	if !fs.IsGiven("shape") || !fs.IsGiven("goal") {
		return nil, nil, usagef("-values: a values file holds neither its shape nor its goal: name both with -shape and -goal")
	}
	goal, err := parseGoal(shape, goalText)
	if err != nil {
		return nil, nil, err
	}
	sp, err := analyze.ProfileSpace(goal)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	read := analyze.ReadRaw
	if strings.EqualFold(filepath.Ext(path), ".npy") {
		read = analyze.ReadNPY
	}
	v, err := read(f, sp.Size())
	var bad *analyze.ValuesError
	if errors.As(err, &bad) {
		return nil, nil, fmt.Errorf("%s: %w (%s, goal %s)", path, err, goal.Shape(), statespace.GoalName(goal))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	hs, err := analyze.NewHeuristics(ctx, goal, names)
	if err != nil {
		return nil, nil, err
	}
	hs = append([]analyze.Heuristic{analyze.Values(filepath.Base(path), sp, v)}, hs...)
	return analyze.ProfileHeuristics(ctx, sp, hs, progress)
}
