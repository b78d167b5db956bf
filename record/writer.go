package record

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Format is an output format for records, one board a record.
type Format int

const (
	// Plain writes one tab-separated line per board: the board, its
	// distance, its optimal moves separated by spaces, and with
	// Options.Path the path. An answer found by search always has eight
	// columns, in this order: board, distance, optimal moves ("?" when
	// they were not searched for), path (empty without Options.Path),
	// nodes expanded, seconds, heuristic, nodes generated. Failed lines go to the error
	// writer.
	Plain Format = iota
	// JSON writes one object per line with the keys board, distance,
	// optimal_moves (left out when not searched for), path and heuristic,
	// plus nodes, generated and seconds for answers found by search; or line, input
	// and error for a failed line.
	JSON
	// CSV writes the header board,distance,optimal_moves,path,error and
	// one row per board, moves separated by spaces inside a field; with
	// Options.SearchColumns the header is searchCSVHeader.
	CSV
)

// Options chooses how records are written.
type Options struct {
	Format Format
	// Path adds the path to plain records (JSON and CSV always have it).
	Path bool
	// TileMoves writes each move as the tile that slides and where it
	// goes, e.g. "5Down" for the blank's Up, instead of the blank's move.
	TileMoves bool
	// SearchColumns adds the CSV columns nodes, seconds, heuristic and
	// generated (before error), for answers found by search (the 15-puzzle).
	SearchColumns bool
	// Explain turns a failure into its message for people, with the
	// command that fixes it (the commands pass cli.Explain); nil writes
	// the error's own message.
	Explain func(error) string
}

// explain is o.Explain, or the error's own message.
func (o Options) explain(err error) string {
	if o.Explain == nil {
		return err.Error()
	}
	return o.Explain(err)
}

// WantsPath reports whether the records carry a path.
func (o Options) WantsPath() bool { return o.Path || o.Format != Plain }

// csvHeader is the first line of CSV output.
const csvHeader = "board,distance,optimal_moves,path,error\n"

// searchCSVHeader is the first line of CSV output with SearchColumns.
const searchCSVHeader = "board,distance,optimal_moves,path,nodes,seconds,heuristic,generated,error\n"

// A Writer writes answers and failures in input order, buffered
// (records of boards solved by search are written out at once); call
// Flush at the end.
type Writer struct {
	// Unit names what a failure's number counts in plain output:
	// "line" (the default) or "argument".
	Unit string

	w      *bufio.Writer
	enc    *json.Encoder // on w, for the JSON format
	rec    Record        // the record enc writes, its slices reused
	errw   io.Writer
	opts   Options
	buf    []byte
	header bool
}

// NewWriter writes records to w. In the plain format failures go
// to errw as "line N: reason" (after flushing w, so a terminal shows
// them in order); in JSON and CSV they are records on w.
func NewWriter(w, errw io.Writer, opts Options) *Writer {
	if errw == nil {
		errw = io.Discard
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	return &Writer{w: bw, enc: json.NewEncoder(bw), errw: errw, opts: opts, buf: make([]byte, 0, 512)}
}

func (rw *Writer) start() {
	if !rw.header {
		rw.header = true
		switch {
		case rw.opts.Format == CSV && rw.opts.SearchColumns:
			rw.w.WriteString(searchCSVHeader)
		case rw.opts.Format == CSV:
			rw.w.WriteString(csvHeader)
		}
	}
}

// Answer writes the record of one answered board.
func (rw *Writer) Answer(a resolve.Answer) error {
	rw.start()
	if rw.opts.Format == JSON {
		// The one Record, as the page writes it too.
		rw.rec.fill(a, rw.opts.TileMoves)
		if err := rw.enc.Encode(&rw.rec); err != nil {
			return err
		}
		return rw.flushSearched(a)
	}
	b := rw.buf[:0]
	tile := rw.opts.TileMoves
	switch rw.opts.Format {
	case Plain:
		b = appendBoard(b, a.Board)
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(a.Distance), 10)
		b = append(b, '\t')
		b = appendOptimal(b, a, tile)
		if rw.opts.Path || a.Search != nil {
			b = append(b, '\t')
		}
		if rw.opts.Path {
			b = appendPath(b, a.Board, a.Path, tile)
		}
		if a.Search != nil {
			b = append(b, '\t')
			b = strconv.AppendUint(b, a.Search.Nodes, 10)
			b = append(b, '\t')
			b = strconv.AppendFloat(b, a.Search.Elapsed.Seconds(), 'f', 6, 64)
			b = append(b, '\t')
			b = append(b, a.Heuristic...)
			b = append(b, '\t')
			b = strconv.AppendUint(b, a.Search.Generated, 10)
		}
	case CSV:
		b = append(b, '"')
		b = appendBoard(b, a.Board)
		b = append(b, `",`...)
		b = strconv.AppendInt(b, int64(a.Distance), 10)
		b = append(b, ',')
		b = appendOptimal(b, a, tile)
		b = append(b, ',')
		b = appendPath(b, a.Board, a.Path, tile)
		b = append(b, ',')
		if rw.opts.SearchColumns {
			if a.Search != nil {
				b = strconv.AppendUint(b, a.Search.Nodes, 10)
				b = append(b, ',')
				b = strconv.AppendFloat(b, a.Search.Elapsed.Seconds(), 'f', 6, 64)
			} else {
				b = append(b, ',')
			}
			b = append(b, ',')
			b = appendCSVField(b, a.Heuristic)
			b = append(b, ',')
			if a.Search != nil {
				b = strconv.AppendUint(b, a.Search.Generated, 10)
			}
			b = append(b, ',')
		}
	}
	b = append(b, '\n')
	rw.buf = b
	if _, err := rw.w.Write(b); err != nil {
		return err
	}
	return rw.flushSearched(a)
}

// flushSearched writes out the records of a searched board at once: a
// searched board can take minutes, so a long batch streams.
func (rw *Writer) flushSearched(a resolve.Answer) error {
	if a.Search != nil {
		return rw.w.Flush()
	}
	return nil
}

// failure is the JSON record of a line without an answer.
type failure struct {
	Line  int    `json:"line"`
	Input string `json:"input"`
	Error string `json:"error"`
}

// boardAlone is the JSON record of a board written without its answer.
type boardAlone struct {
	Board string `json:"board"`
}

// Fail writes the record of a line that has no answer: line is its
// 1-based number (or argument number), input the board text.
func (rw *Writer) Fail(line int, input string, reason error) error {
	rw.start()
	switch rw.opts.Format {
	case JSON:
		return rw.enc.Encode(failure{line, input, rw.opts.explain(reason)})
	case CSV:
		b := appendCSVField(rw.buf[:0], input)
		b = append(b, ",,,,"...)
		if rw.opts.SearchColumns {
			b = append(b, ",,,"...)
		}
		b = appendCSVField(b, rw.opts.explain(reason))
		b = append(b, '\n')
		rw.buf = b
		_, err := rw.w.Write(b)
		return err
	}
	if err := rw.w.Flush(); err != nil {
		return err
	}
	unit := rw.Unit
	if unit == "" {
		unit = "line"
	}
	_, err := fmt.Fprintf(rw.errw, "%s %d: %s\n", unit, line, rw.opts.explain(reason))
	return err
}

// Flush writes out what is buffered (and the CSV header of an empty
// output).
func (rw *Writer) Flush() error {
	rw.start()
	return rw.w.Flush()
}

// appendBoard appends b written as comma-separated tiles, as
// statespace.Board.String writes it.
func appendBoard(dst []byte, b statespace.Board) []byte {
	for i := range b.Cells() {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(b.Tile(i)), 10)
	}
	return dst
}

// appendMove appends the name of move m made on board b: the blank's move
// ("Up"), or with tile set the tile that slides and its direction
// ("5Down": the tile slides opposite to the blank).
func appendMove(dst []byte, b statespace.Board, m statespace.Move, tile bool) []byte {
	if tile {
		dst = strconv.AppendInt(dst, int64(b.SlidingTile(m)), 10)
		m = m.Opposite()
	}
	return append(dst, m.String()...)
}

// appendOptimal appends the optimal moves separated by spaces, or "?"
// when a search answer did not look for them all.
func appendOptimal(dst []byte, a resolve.Answer, tile bool) []byte {
	if a.Search != nil && a.Search.OptimalUnknown {
		return append(dst, '?')
	}
	first := true
	for _, m := range statespace.Moves {
		if a.Optimal.Has(m) {
			if !first {
				dst = append(dst, ' ')
			}
			first = false
			dst = appendMove(dst, a.Board, m, tile)
		}
	}
	return dst
}

// appendPath appends the path's moves separated by spaces; tile moves
// name the tile of the board each move is made on.
func appendPath(dst []byte, b statespace.Board, path []statespace.Move, tile bool) []byte {
	for i, m := range path {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = appendMove(dst, b, m, tile)
		if tile {
			b, _ = b.Apply(m)
		}
	}
	return dst
}

// appendCSVField appends s as one CSV field, quoted when it must be
// (RFC 4180, as encoding/csv does).
func appendCSVField(dst []byte, s string) []byte {
	need := s != "" && (s[0] == ' ' || s[0] == '\t')
	for i := 0; i < len(s) && !need; i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			need = true
		}
	}
	if !need {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for i := range len(s) {
		if s[i] == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, s[i])
	}
	return append(dst, '"')
}

// Board writes the record of a board with no answer (drawn where no table
// tells its distance cheaply): a line with just the board in the plain
// format, {"board": …} in JSON, a row with only the board in CSV.
func (rw *Writer) Board(b statespace.Board) error {
	rw.start()
	buf := rw.buf[:0]
	switch rw.opts.Format {
	case JSON:
		return rw.enc.Encode(boardAlone{b.String()})
	case CSV:
		buf = append(buf, '"')
		buf = appendBoard(buf, b)
		buf = append(buf, `",,,,`...)
		if rw.opts.SearchColumns {
			buf = append(buf, ",,,"...)
		}
	default:
		buf = appendBoard(buf, b)
	}
	buf = append(buf, '\n')
	rw.buf = buf
	_, err := rw.w.Write(buf)
	return err
}
