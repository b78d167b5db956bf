package main

// The batch driver: boards read a line each (or given as arguments),
// answered by the resolver and written as records, in input order.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// summary counts the boards of a batch.
type summary struct {
	Boards int // board lines read (blank lines and comments not counted)
	Failed int // of them, lines that gave an error record
	// Searched counts the answers found by search, and Nodes and Elapsed
	// add up what they cost.
	Searched  int
	Nodes     uint64
	Generated uint64
	Elapsed   time.Duration
	// Heuristics names, in order of first use, the heuristics the
	// searches ran on (Answer.Heuristic).
	Heuristics []string
}

// maxLineBytes is the longest input line batch reads. A 5x5 board with
// its path fits in a few kilobytes; a longer line is refused (its bytes
// are skipped, not held), so memory stays bounded on any input.
const maxLineBytes = 64 << 10

// batch answers every board in in, one per line, writing one record per
// board to out in input order. Blank lines and lines starting with "#"
// are skipped; with field > 0 the board is that tab-separated column (1-based),
// and without it a line holding tabs (query's own output) is read from its
// first column. A leading byte order mark is ignored. A bad line, or one
// longer than maxLineBytes, becomes a failure record and the batch goes on;
// the error returned is only for reading, writing or ctx.
func batch(ctx context.Context, in io.Reader, field int, ask asking, out *record.Writer) (summary, error) {
	br := bufio.NewReaderSize(in, maxLineBytes)
	a := answerer{asking: ask, out: out, field: field}
	lineNo := 0
	var head []byte
	for {
		line, err := br.ReadSlice('\n')
		tooLong := errors.Is(err, bufio.ErrBufferFull)
		if tooLong {
			// The reader's buffer is reused below: keep the line's start
			// for the record.
			head = append(head[:0], line[:min(len(line), 40)]...)
			line = head
		}
		for errors.Is(err, bufio.ErrBufferFull) {
			// Skip the rest of the line a buffer at a time; an endless
			// line (/dev/zero) still stops on ctx.
			if ctx.Err() != nil {
				return a.sum, ctx.Err()
			}
			_, err = br.ReadSlice('\n')
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return a.sum, err
		}
		if len(line) > 0 || tooLong {
			lineNo++
			if lineNo == 1 {
				line = bytes.TrimPrefix(line, byteOrderMark)
			}
			if lineNo&4095 == 0 && ctx.Err() != nil {
				return a.sum, ctx.Err()
			}
			var werr error
			if tooLong && isComment(line) {
				// A long comment is still a comment.
			} else if tooLong {
				werr = a.fail(lineNo, line, fmt.Errorf("longer than %s bytes", textfmt.Commas(maxLineBytes)))
			} else {
				werr = a.line(ctx, lineNo, line)
			}
			if werr != nil {
				return a.sum, werr
			}
		}
		if err != nil {
			return a.sum, nil
		}
	}
}

var byteOrderMark = []byte("\uFEFF")

// boards answers each text as one board, numbering them from 1, as batch
// does lines (nothing is skipped).
func boards(ctx context.Context, texts []string, ask asking, out *record.Writer) (summary, error) {
	a := answerer{asking: ask, out: out}
	for i, t := range texts {
		if err := a.board(ctx, i+1, []byte(t)); err != nil {
			return a.sum, err
		}
	}
	return a.sum, nil
}

// asking is what a batch asks of each board: an answer from res toward
// the goal goal gives its shape, as want says, which check (when not nil)
// may refuse: the command's flags apply to no answer of goal from src
// (boardflags.Source.CheckTabled).
type asking struct {
	res   *resolve.Resolver
	goal  statespace.Goal
	want  resolve.Want
	check func(src *resolve.Source, goal statespace.Board) error
}

type answerer struct {
	asking
	out   *record.Writer
	field int // the board's column, 0 for the whole line
	sum   summary
	// checked is the shape check last passed judgement on, and refused
	// its verdict: every answer of one shape has one source, so a batch
	// checks once a run of a shape.
	checked statespace.Shape
	refused error
	// shape is the shape of the board answered last, goal its goal
	// (goalErr when it has none): a run of one shape asks once.
	shape   statespace.Shape
	goal    statespace.Board
	goalErr error
}

// isComment reports whether line is blank or a comment.
func isComment(line []byte) bool {
	t := bytes.TrimLeft(line, " \t\r\n")
	return len(t) == 0 || t[0] == '#'
}

func (a *answerer) line(ctx context.Context, n int, line []byte) error {
	line = bytes.TrimRight(line, "\r\n")
	if isComment(line) {
		return nil
	}
	if f := a.field; f > 0 {
		text, count := field(line, f)
		if count < f {
			return a.fail(n, line, fmt.Errorf("%d tab-separated %s, and the board is to be in column %d", count, textfmt.Plural(count, "field", "fields"), f))
		}
		line = text
	} else if i := bytes.IndexByte(line, '\t'); i >= 0 {
		line = line[:i]
	}
	return a.board(ctx, n, line)
}

// fail counts line n as a board that failed and writes its record.
func (a *answerer) fail(n int, line []byte, reason error) error {
	a.sum.Boards++
	a.sum.Failed++
	return a.out.Fail(n, string(line), reason)
}

// field returns the f-th (1-based) tab-separated field of line and how
// many fields line has (counted up to f).
func field(line []byte, f int) ([]byte, int) {
	count := 1
	for {
		i := bytes.IndexByte(line, '\t')
		if count == f {
			if i >= 0 {
				line = line[:i]
			}
			return line, count
		}
		if i < 0 {
			return nil, count
		}
		line = line[i+1:]
		count++
	}
}

func (a *answerer) board(ctx context.Context, n int, text []byte) error {
	a.sum.Boards++
	b, err := statespace.ParseBytes(text, a.asking.goal.Shape())
	var ans resolve.Answer
	if err == nil {
		if sh := b.Shape(); sh != a.shape {
			a.shape = sh
			a.goal, a.goalErr = a.asking.goal.For(sh)
		}
		err = a.goalErr
	}
	if err == nil {
		ans, err = a.res.Answer(ctx, a.goal, b, a.want)
	}
	if err == nil && a.check != nil {
		err = a.judge(ans)
	}
	if err != nil {
		if ctx.Err() != nil {
			var stopped *resolve.InterruptedError
			if errors.As(err, &stopped) {
				return err // it says where the checkpoint is
			}
			return ctx.Err()
		}
		a.sum.Failed++
		return a.out.Fail(n, string(text), err)
	}
	if ans.Search != nil {
		a.sum.Searched++
		a.sum.Nodes += ans.Search.Nodes
		a.sum.Generated += ans.Search.Generated
		a.sum.Elapsed += ans.Search.Elapsed
		if !slices.Contains(a.sum.Heuristics, ans.Heuristic) {
			a.sum.Heuristics = append(a.sum.Heuristics, ans.Heuristic)
		}
	}
	return a.out.Answer(ans)
}

// judge is check's verdict on the answer's source (nil when it passes).
func (a *answerer) judge(ans resolve.Answer) error {
	if sh := ans.Board.Shape(); sh != a.checked {
		a.checked, a.refused = sh, a.check(ans.Source, a.goal)
	}
	return a.refused
}
