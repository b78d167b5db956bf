package main

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/report/boardgif"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// runGIF is plot gif: the animated optimal solution of one board, the
// same bytes as the page's /api/gif for the same board, goal and size.
func runGIF(ctx context.Context, sub cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	var src boardflags.Source
	fs := sub.Flags(stderr)
	src.Register(fs)
	src.RegisterSearch(fs)
	size := fs.Int("size", boardgif.DefaultSize, fmt.Sprintf("the image's longer side in `pixels`, %d to %d", boardgif.MinSize, boardgif.MaxSize))
	out := fs.String("out", "solution.gif", "the `file` to write (- for stdout)")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("plot gif takes exactly one board")
	}
	if *size < boardgif.MinSize || *size > boardgif.MaxSize {
		return usagef("-size %d: want %d to %d pixels", *size, boardgif.MinSize, boardgif.MaxSize)
	}
	cfg, g, err := src.Config(ctx, stderr)
	if err != nil {
		return err
	}
	res, err := resolve.NewResolver(ctx, cfg)
	if err != nil {
		return err
	}
	if err := src.CheckSearch(g, rest); err != nil {
		return err
	}
	b, err := statespace.Parse(rest[0], g.Shape())
	if err != nil {
		return fmt.Errorf("board %q: %w", rest[0], err)
	}
	goal, err := g.For(b.Shape())
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	a, err := res.Answer(ctx, goal, b, resolve.Want{Path: true})
	if err != nil {
		return fmt.Errorf("board %s: %w", b, err)
	}
	if err := src.CheckTabled(a.Source, goal); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := boardgif.Encode(&buf, b, a.Path, *size); err != nil {
		return err
	}
	if *out == "-" {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	if err := atomicfile.Write(ctx, *out, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: %s, %d frames, %s bytes\n", *out, textfmt.Moves(a.Distance), a.Distance+1, textfmt.Commas(int64(buf.Len())))
	return err
}
