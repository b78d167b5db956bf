package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// The modes of cmd/query that answer boards: one board for people
// (lookupBoard), many boards in bulk (answerBatch) and random boards (answerRandom).
// The command parses flags and picks the mode; these do the work.

// lookupBoard answers the board written in text and writes the report for
// people (record.WriteReport).
func lookupBoard(ctx context.Context, ask asking, text string, tile bool, w io.Writer) error {
	b, goal, err := ask.goal.ReadBoard(text)
	if err != nil {
		return err
	}
	want := ask.want
	want.Path = true
	a, err := ask.res.Answer(ctx, goal, b, want)
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	if ask.check != nil {
		if err := ask.check(a.Source, goal); err != nil {
			return err
		}
	}
	return record.WriteReport(w, goal, a, tile)
}

// batchInput is where answerBatch reads its boards: Boards when not empty
// (one board each, numbered as arguments), else the lines of Lines, the
// board in column Field of each (1-based; 0, the whole line).
type batchInput struct {
	Boards []string
	Lines  io.Reader
	Field  int
}

// failedError says how many boards of a batch failed; each has its own
// record or line on stderr already.
type failedError struct{ Failed, Boards int }

func (e *failedError) Error() string {
	return fmt.Sprintf("%d of %d boards failed", e.Failed, e.Boards)
}

// answerBatch answers every board of in, writing one record each to stdout
// (failures to stderr in the plain format) and, when some were solved by
// search, the totals and the heuristics to stderr. A batch in which some
// board failed returns a *failedError after the last record.
func answerBatch(ctx context.Context, ask asking, in batchInput, opts record.Options, stdout, stderr io.Writer) error {
	ask.want.Path = opts.WantsPath()
	if goal := ask.goal.Board(); !goal.IsZero() {
		// One shape for every board: what answers it (or why nothing
		// can, such as databases to build first) is known before any
		// board is read, and said once rather than on every line. The
		// CSV header also needs it, for the search columns.
		o, err := ask.res.Oracle(ctx, goal, resolve.Need{})
		if err != nil {
			return err
		}
		if ask.check != nil {
			if err := ask.check(o.Source(), goal); err != nil {
				return err
			}
		}
		if opts.Format == record.CSV {
			opts.SearchColumns = o.Source().Kind != resolve.FromTable
		}
	}
	out := record.NewWriter(stdout, cli.LogWriter(stderr, "query"), opts)
	var sum summary
	var err error
	if len(in.Boards) > 0 {
		out.Unit = "argument"
		sum, err = boards(ctx, in.Boards, ask, out)
	} else {
		sum, err = batch(ctx, in.Lines, in.Field, ask, out)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if sum.Searched > 0 {
		fmt.Fprintf(stderr, "query: solved %d %s by search on %s: %s %s expanded (%s generated) in %.3f s\n",
			sum.Searched, textfmt.Plural(sum.Searched, "board", "boards"), strings.Join(sum.Heuristics, "; "),
			textfmt.Commas(sum.Nodes), textfmt.Plural(int(min(sum.Nodes, 2)), "node", "nodes"), textfmt.Commas(sum.Generated), sum.Elapsed.Seconds())
	}
	if sum.Failed > 0 {
		return &failedError{Failed: sum.Failed, Boards: sum.Boards}
	}
	return nil
}

// answerRandom writes the boards d says, of goal (the 8-puzzle's when it
// fixes no shape): answered from the table, or boards only on shapes
// without one (resolve.Random).
func answerRandom(ctx context.Context, res *resolve.Resolver, g statespace.Goal, d resolve.Draw, opts record.Options, stdout, stderr io.Writer) error {
	shape := g.Shape()
	if shape == (statespace.Shape{}) {
		shape = statespace.Shape{Rows: 3, Cols: 3}
	}
	goal, err := g.For(shape)
	if err != nil {
		return err
	}
	var o resolve.Oracle
	if res.HasTable(goal) { // else no search is started
		if o, err = res.Oracle(ctx, goal, resolve.Need{}); err != nil {
			return err
		}
	}
	d.Want.Path = opts.WantsPath()
	out := record.NewWriter(stdout, cli.LogWriter(stderr, "query"), opts)
	err = resolve.Random(ctx, goal, o, d, func(b statespace.Board, a *resolve.Answer) error {
		if a == nil {
			return out.Board(b)
		}
		return out.Answer(*a)
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}
