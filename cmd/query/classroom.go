package main

import (
	"context"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/query"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// coms solves one board as COMS 4701 homework 1 asks: goal 0,1,…,8, the
// assignment's semantics, output.txt in the current folder in its
// seven-line format (written atomically), and the same lines on stdout.
func coms(ctx context.Context, method, text string, stdout io.Writer) error {
	b, err := statespace.Parse(text, statespace.Shape{Rows: 3, Cols: 3})
	if err != nil {
		return fmt.Errorf("board %q: %w", text, err)
	}
	run, err := classroom.RunCOMS(ctx, method, b, search.Limits{})
	if err != nil {
		return err
	}
	write := func(w io.Writer) error { return classroom.WriteCOMS(w, run.Result, run.MaxRSSBytes) }
	if err := atomicfile.Write(ctx, "output.txt", write); err != nil {
		return err
	}
	return write(stdout)
}

// boardAndTable parses a board and finds its goal and table (nil when the
// shape has none, e.g. 4x4).
func boardAndTable(ctx context.Context, res *query.Resolver, text string) (statespace.Board, statespace.Board, *statespace.Table, error) {
	b, err := statespace.Parse(text, res.Shape())
	if err != nil {
		return b, b, nil, fmt.Errorf("board %q: %w", text, err)
	}
	o, err := res.For(ctx, b.Shape())
	if err != nil {
		return b, b, nil, err
	}
	if t, ok := o.(*query.TableOracle); ok {
		return b, o.Goal(), t.Table, nil
	}
	return b, o.Goal(), nil, nil
}

// compare runs every algorithm on one board, side by side.
func compare(ctx context.Context, res *query.Resolver, text string, asJSON bool, stdout io.Writer) error {
	b, goal, table, err := boardAndTable(ctx, res, text)
	if err != nil {
		return err
	}
	c, err := classroom.Compare(ctx, b, goal, table, search.Limits{})
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	if table == nil {
		// No table (the 15-puzzle): the reference comes from the optimal
		// solver on pattern databases, as query -shape 4x4 answers.
		if o, err := res.For(ctx, b.Shape()); err == nil {
			if a, err := o.Answer(ctx, b, false); err == nil {
				c.Optimal, c.OptimalSource = a.Distance, "IDA* on "+a.Heuristic
			}
		}
	}
	if asJSON {
		return c.WriteJSON(stdout)
	}
	return c.WriteText(stdout)
}

// explainDFS explains, with the exact table, why DFS blows up on a board.
func explainDFS(ctx context.Context, res *query.Resolver, text string, asJSON bool, stdout io.Writer) error {
	b, _, table, err := boardAndTable(ctx, res, text)
	if err != nil {
		return err
	}
	if table == nil {
		return fmt.Errorf("board %s: -explain-dfs needs the exact distance table of its shape, and %s has none", b, b.Shape())
	}
	e, err := classroom.ExplainDFS(ctx, b, table, classroom.ExplainOptions{})
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	if asJSON {
		return e.WriteJSON(stdout)
	}
	return e.WriteText(stdout)
}

// greedyStats repeats seed 003's experiment on the 8-puzzle (or -shape)
// for the resolver's goal.
func greedyStats(ctx context.Context, res *query.Resolver, f *flags, stdout io.Writer) error {
	shape := res.Shape()
	if shape == (statespace.Shape{}) {
		shape = statespace.Shape{Rows: 3, Cols: 3}
	}
	o, err := res.For(ctx, shape)
	if err != nil {
		return err
	}
	t, ok := o.(*query.TableOracle)
	if !ok {
		return fmt.Errorf("-greedy-stats needs the exact distance table of %s", shape)
	}
	opt := classroom.GreedyStatsOptions{Seed: f.seed, N: f.greedyN}
	if opt.Ks, err = classroom.ParseKs(f.greedyKs); err != nil {
		return usageError{Err: fmt.Errorf("-k: %w", err)}
	}
	if opt.Rule.Score, err = search.ParseScore(f.greedyScore); err != nil {
		return usageError{Err: fmt.Errorf("-score: %w", err)}
	}
	if opt.Rule.Stuck, err = search.ParseStuck(f.greedyStuck); err != nil {
		return usageError{Err: fmt.Errorf("-stuck: %w", err)}
	}
	g, err := classroom.GreedyStats(ctx, t.Table, opt)
	if err != nil {
		return err
	}
	if f.json {
		return g.WriteJSON(stdout)
	}
	return g.WriteText(stdout)
}
