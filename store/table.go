package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tilespace/tilespace/internal/hugepages"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// The mapping between distance tables (package table) and their file
// container (package tablefile): the state space knows the bits and
// counts, the container knows nothing of boards.

// ReadTable reads the distance table at path and checks that it is for
// goal (any goal when goal is the zero Board). A version-2 file with raw
// storage is memory-mapped and its blocks checked as lookups first touch
// them, so a 12-cell or 2x7 table answers at once without being read
// whole; the mapping lives as long as the table. Damage gives a
// *DamagedError naming path and the goal whose table it is, on opening
// and in every later answer of the table (a lazy table's walks, a path a
// search found that contradicts it), as *os.PathError names a file.
func ReadTable(ctx context.Context, path string, goal statespace.Board) (table.Interface, error) {
	f, err := tablefile.Open(path)
	if err != nil {
		return nil, damaged(path, goal, err)
	}
	h := f.Header
	if err := expectGoal(h, goal); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if goal.IsZero() {
		if goal, err = headerGoal(h); err != nil {
			f.Close()
			return nil, damaged(path, goal, err)
		}
	}
	var t table.Interface
	switch {
	case f.Mapped() && h.Encoding == tablefile.EncodingMod4Bit && h.Entries > table.LazyStates && len(f.Mapping()) <= maxCopied:
		// A 12-cell table: its 30 MB are copied into memory on huge
		// pages, checked whole; lookups jump all over it, and with the
		// mapping's 4 KiB pages most would miss the TLB.
		var payload []byte
		if payload, err = f.Payload(); err == nil {
			bits := make([]byte, len(payload))
			hugepages.Bytes(bits)
			copy(bits, payload)
			t, err = table.NewMod4(ctx, goal, h.Counts, table.Mod4Bytes(bits))
		}
		f.Close()
	case f.Mapped() && h.Encoding == tablefile.EncodingMod4Bit && h.Entries > table.LazyStates:
		// 2x7: 5.4 GB stay mapped, each block checked when first read.
		t, err = table.NewMod4(ctx, goal, h.Counts, fileBits{f, goal})
	default:
		var payload []byte
		if payload, err = f.Payload(); err == nil {
			t, err = decodeTable(ctx, h, payload, goal)
		}
		f.Close()
	}
	if err != nil {
		return nil, damaged(path, goal, err)
	}
	return table.WithOrigin(t, origin(path, goal)), nil
}

// origin is the origin (table.WithOrigin) of a table read from path:
// its errors that say it is wrong come in a *DamagedError naming the file
// and goal (zero for a table that cannot be rebuilt, as an embedded one),
// as *os.PathError names a file. An error that is one already passes.
func origin(path string, goal statespace.Board) func(error) error {
	return func(err error) error {
		var de *DamagedError
		if errors.As(err, &de) {
			return err
		}
		return &DamagedError{Path: path, Goal: goal, Err: err}
	}
}

// maxCopied is the largest mapped table ReadTable copies into memory.
const maxCopied = 64 << 20

// fileBits reads a mapped mod4-bit payload, checking each block once; a
// damaged block is a *DamagedError naming the rebuild command.
type fileBits struct {
	f    *tablefile.File
	goal statespace.Board
}

func (b fileBits) Mod4Bit(r uint64) (uint8, error) {
	v, err := b.f.Byte(r >> 3)
	if err != nil {
		return 0, &DamagedError{Path: b.f.Path(), Goal: b.goal, Err: err}
	}
	return v >> (r & 7) & 1, nil
}

// damaged wraps the errors of a damaged or inconsistent file in a
// *DamagedError; others (a missing file, a read error) pass through.
func damaged(path string, goal statespace.Board, err error) error {
	if err == nil {
		return nil
	}
	var fe *tablefile.FormatError
	var te *table.DamageError
	if errors.As(err, &fe) || errors.As(err, &te) {
		if goal.IsZero() {
			return fmt.Errorf("%s is damaged: %w", path, err)
		}
		return &DamagedError{Path: path, Goal: goal, Err: err}
	}
	if errors.Is(err, tablefile.ErrNotRegular) || errors.Is(err, os.ErrNotExist) {
		return err
	}
	return err
}

func expectGoal(h tablefile.Header, goal statespace.Board) error {
	if goal.IsZero() {
		return h.Expect(tablefile.KindDistance, h.Rows, h.Cols, h.Goal, nil)
	}
	rows, cols := goal.Shape().Dims()
	return h.Expect(tablefile.KindDistance, rows, cols, goal.Bytes(), nil)
}

func headerGoal(h tablefile.Header) (statespace.Board, error) {
	g, err := statespace.BoardFromBytes(statespace.Shape{Rows: h.Rows, Cols: h.Cols}, h.Goal)
	if err != nil {
		return statespace.Board{}, &table.DamageError{Msg: "the goal in the header: " + err.Error()}
	}
	return g, nil
}

// readTableFrom reads a whole table file from r.
func readTableFrom(ctx context.Context, r io.Reader, goal statespace.Board) (table.Interface, error) {
	h, payload, err := tablefile.Read(r)
	if err != nil {
		return nil, err
	}
	return decodeTable(ctx, h, payload, goal)
}

// decodeTable makes the table of a header and checked raw payload.
func decodeTable(ctx context.Context, h tablefile.Header, payload []byte, goal statespace.Board) (table.Interface, error) {
	if err := expectGoal(h, goal); err != nil {
		return nil, err
	}
	g, err := headerGoal(h)
	if err != nil {
		return nil, err
	}
	sp, err := statespace.NewSpace(g)
	if err != nil {
		return nil, err
	}
	if h.Entries != sp.Size() {
		return nil, &table.DamageError{Msg: fmt.Sprintf("%d entries, %s has %d boards", h.Entries, sp.Shape(), sp.Size())}
	}
	switch h.Encoding {
	case tablefile.EncodingBytes:
		t, err := table.New(g, payload)
		if err != nil {
			return nil, err
		}
		if fmt.Sprint(t.Counts()) != fmt.Sprint(h.Counts) {
			return nil, &table.DamageError{Msg: fmt.Sprintf("the distances count %v, the header says %v", t.Counts(), h.Counts)}
		}
		return t, nil
	case tablefile.EncodingMod4Bit:
		return table.NewMod4(ctx, g, h.Counts, table.Mod4Bytes(payload))
	}
	return nil, &table.DamageError{Msg: fmt.Sprintf("a distance table cannot be stored as %s", h.Encoding)}
}

// TableHeader returns the container header of goal's distance table with
// the given counts, in encoding enc.
func TableHeader(goal statespace.Board, counts []uint64, enc tablefile.Encoding) tablefile.Header {
	sp := statespace.MustSpace(goal)
	rows, cols := goal.Shape().Dims()
	return tablefile.Header{
		Kind:     tablefile.KindDistance,
		Encoding: enc,
		Rows:     rows,
		Cols:     cols,
		Goal:     goal.Bytes(),
		Entries:  sp.Size(),
		Counts:   append([]uint64(nil), counts...),
	}
}

// WriteTable writes t atomically to path in the given encoding
// (mod4-bit or bytes) and returns the file's size.
func WriteTable(ctx context.Context, path string, t *table.Table, enc tablefile.Encoding) (int64, error) {
	var payload []byte
	switch enc {
	case tablefile.EncodingMod4Bit:
		payload = t.Mod4Payload()
	case tablefile.EncodingBytes:
		payload = t.Distances()
	default:
		return 0, fmt.Errorf("store: a distance table cannot be written as %s", enc)
	}
	h := TableHeader(t.Space().Goal(), t.Counts(), enc)
	return writeTable(ctx, path, h, byteReader(payload))
}

// WriteMod4Table writes the mod4-bit table of goal with the given counts
// atomically to path, its payload streamed from payload (such as a
// twobit.Result), and returns the file's size. It stops when ctx is done,
// leaving no file.
func WriteMod4Table(ctx context.Context, path string, goal statespace.Board, counts []uint64, payload io.ReaderAt) (int64, error) {
	return writeTable(ctx, path, TableHeader(goal, counts, tablefile.EncodingMod4Bit), payload)
}

// writeTable writes a version-2 file: raw blocks for the large mod4-bit
// tables, which lookups map and zstd cannot shrink (one bit a board is
// close to random), zstd blocks for the others.
func writeTable(ctx context.Context, path string, h tablefile.Header, payload io.ReaderAt) (int64, error) {
	opts := tablefile.WriteOptions{Storage: tablefile.StorageZstd}
	if h.Encoding == tablefile.EncodingMod4Bit && h.Entries > table.LazyStates {
		opts.Storage = tablefile.StorageRaw
	}
	if err := tablefile.WriteFileV2(ctx, path, h, payload, opts); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

type byteReader []byte

func (b byteReader) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
