package main

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// randomFlags holds the command line of query random.
type randomFlags struct {
	src      boardflags.Source
	out      output
	depth    int
	seed     uint64
	distinct bool
	n        int
	fs       *cli.FlagSet
}

// runRandom draws N boards uniformly and independently (distinct with
// -distinct; at distance -depth when given) and
// answers them, or on shapes without a table writes the boards alone.
func runRandom(ctx context.Context, sub cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	if err := moved.Refuse(args); err != nil {
		return err
	}
	f, err := parseRandomFlags(sub, stderr, args)
	if err != nil {
		return err
	}
	cfg, goal, err := f.src.Config(ctx, stderr)
	if err != nil {
		return err
	}
	res, err := resolve.NewResolver(ctx, cfg)
	if err != nil {
		return err
	}
	if err := f.checkAnswers(res, goal); err != nil {
		return err
	}
	return answerRandom(ctx, res, goal, resolve.Draw{N: f.n, Depth: f.depth, Seed: f.seed, Distinct: f.distinct}, f.out.options(), stdout, stderr)
}

func parseRandomFlags(sub cli.Subcommand, stderr io.Writer, args []string) (*randomFlags, error) {
	var f randomFlags
	f.fs = sub.Flags(stderr)
	f.src.Register(f.fs)
	f.out.register(f.fs)
	f.fs.IntVar(&f.depth, "depth", -1, "draw from the boards at distance `D`; -1 draws from all boards")
	f.fs.Uint64Var(&f.seed, "seed", resolve.DefaultSeed, "the `seed` of the draw: the same seed draws the same boards")
	f.fs.BoolVar(&f.distinct, "distinct", false, "draw without replacement: N distinct boards, at most as many as there are (by default each board is drawn independently, so boards may repeat)")
	rest, err := f.fs.Parse(args, true)
	if err != nil {
		return nil, err
	}
	if len(rest) != 1 {
		return nil, usagef("random takes one number N (the boards to draw) and no boards; got %d %s",
			len(rest), textfmt.Plural(len(rest), "argument", "arguments"))
	}
	if f.n, err = strconv.Atoi(rest[0]); err != nil || f.n < 1 {
		return nil, usagef("random %s: want a number of boards, at least 1", rest[0])
	}
	if f.depth < -1 {
		return nil, usagef("-depth %d: distances are at least 0", f.depth)
	}
	return &f, f.out.check()
}

// checkAnswers refuses, on a shape without a distance table (the
// 15-puzzle, 3x5, a 12-cell shape or 2x7 whose table is not built), the
// flags that would shape answers: such boards are written without any
// (see resolve.Random), so -path and -tile-moves would be ignored and a
// -depth cannot be drawn from.
func (f *randomFlags) checkAnswers(res *resolve.Resolver, g statespace.Goal) error {
	goal := g.Board()
	if goal.IsZero() || res.HasTable(goal) {
		return nil // the 8-puzzle, or a table
	}
	shape := goal.Shape()
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil
	}
	var given []string
	for _, name := range []string{"depth", "path", "tile-moves"} {
		if f.fs.IsGiven(name) {
			given = append(given, "-"+name)
		}
	}
	if len(given) == 0 {
		return nil
	}
	return usagef("%s %s to random boards with answers; %s boards have no distance table (%s states), so query random writes the boards only, drawn from all reachable ones: feed them back to query to solve them",
		strings.Join(given, " and "), textfmt.Plural(len(given), "applies", "apply"), shape, textfmt.Commas(sp.Size()))
}
