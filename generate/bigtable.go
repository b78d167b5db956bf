package generate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"codeberg.org/sbinet/npyio"

	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

// bigTableStates is the size from which `enumerate` builds a table by the
// 2-bit search (package twobit) instead of statespace.Enumerate: the
// 12-cell boards and 2x7, which the byte-per-board search cannot hold.
const bigTableStates = table.LazyStates

// BigGoals lists the goals `enumerate -all -big` adds to the batch: the
// 12-cell boards 3x4, 4x3, 2x6 and 6x2, each for the goals "last" and
// "first".
func BigGoals() []statespace.Board {
	var goals []statespace.Board
	for _, rc := range [][2]int{{3, 4}, {4, 3}, {2, 6}, {6, 2}} {
		sh := statespace.Shape{Rows: rc[0], Cols: rc[1]}
		goals = append(goals, statespace.GoalLast(sh), statespace.GoalFirst(sh))
	}
	return goals
}

// bigOptions tune bigTable.
type bigOptions struct {
	Workers         int           // 0: every core
	Resume          bool          // continue from the checkpoint in dir, if any
	CheckpointEvery time.Duration // 0: every 5 minutes
	// Levels, when not nil, receives one line per level for people (and
	// logs): the count, the cumulative count, times and checkpoints.
	Levels io.Writer
	// Progress, when not nil, is told how many boards of the total are
	// done, as the search goes.
	Progress Progress
	// FreeSpace, when not nil, replaces twobit.DiskFree (for tests: a
	// disk that fills up).
	FreeSpace func(dir string) (uint64, error)
}

// bigTable builds goal's table by the 2-bit search, writing checkpoints
// next to the table (store.CheckpointFileName) so that an interrupted run
// continues with Resume (a search that stops returns a *StoppedError
// naming the checkpoint), then writes the table into dir as a raw
// version-2 file streamed from the search's codes, removes the checkpoint
// only then, and reports on it.
func bigTable(ctx context.Context, goal statespace.Board, dir string, opts bigOptions) (TableReport, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return TableReport{}, err
	}
	total := sp.Size()
	cache := store.NewCache(dir)
	checkpoint := cache.Path(store.CheckpointFile(goal))
	var level atomic.Int64 // the level being expanded: one past the last finished
	res, err := twobit.Search(ctx, sp, twobit.Options{
		Workers:         opts.Workers,
		Checkpoint:      checkpoint,
		CheckpointEvery: opts.CheckpointEvery,
		Resume:          opts.Resume,
		FreeSpace:       opts.FreeSpace,
		OnLevel: func(l twobit.Level) {
			level.Store(int64(l.Depth) + 1)
			writeLevel(opts.Levels, l)
		},
		OnProgress: func(done uint64) {
			if opts.Progress != nil {
				opts.Progress(int(level.Load()), done, total)
			}
		},
	})
	if err != nil {
		return TableReport{}, stopped(goal, checkpoint, err)
	}
	searched := res.Elapsed()
	path, size, err := cache.WriteMod4Table(ctx, goal, res.Counts(), res)
	if err != nil {
		return TableReport{}, err
	}
	// The table is safe: the checkpoint has done its job.
	if err := os.Remove(checkpoint); err != nil && !errors.Is(err, os.ErrNotExist) {
		return TableReport{}, err
	}
	r := TableReport{
		Shape:   sp.Shape().String(),
		Goal:    goal.String(),
		States:  sp.Size(),
		Radius:  res.Radius(),
		Counts:  res.Counts(),
		File:    path,
		Bytes:   size,
		Seconds: searched.Seconds(),
		goal:    goal,
	}
	for _, a := range res.Antipodes() {
		r.Antipodes = append(r.Antipodes, sp.Unrank(a).String())
	}
	return r, nil
}

func writeLevel(w io.Writer, l twobit.Level) {
	if w == nil {
		return
	}
	if l.Resumed {
		fmt.Fprintf(w, "level %3d: %15s states, %15s in all (from the checkpoint)\n", l.Depth, textfmt.Commas(l.Count), textfmt.Commas(l.Reached))
		return
	}
	note := ""
	if l.Checkpointed {
		note = ", checkpoint written"
	}
	rate := float64(l.Count) / l.Took.Seconds() / 1e6
	fmt.Fprintf(w, "level %3d: %15s states, %15s in all, %8.1f s (%6.1f M states/s), %s elapsed%s\n",
		l.Depth, textfmt.Commas(l.Count), textfmt.Commas(l.Reached), l.Took.Seconds(), rate, l.Elapsed.Round(time.Second), note)
}

// VerifyReport is what `enumerate verify` found.
type VerifyReport struct {
	File  string `json:"file"`
	Shape string `json:"shape"`
	Goal  string `json:"goal"`
	// Pattern is a pattern database's tiles ("1,2,3"); empty for a
	// distance table.
	Pattern string `json:"pattern,omitempty"`
	// States is a table's states, or a database's entries.
	States uint64 `json:"states"`
	// Difference is empty when the file equals the search, else the first
	// difference.
	Difference string  `json:"difference,omitempty"`
	Seconds    float64 `json:"seconds"`
}

// ok reports whether the file matched.
func (r VerifyReport) ok() bool { return r.Difference == "" }

// WriteText writes the report for people.
func (r VerifyReport) WriteText(w io.Writer) error {
	var err error
	switch {
	case r.ok() && r.Pattern != "":
		_, err = fmt.Fprintf(w, "%s: verified: all %s entries of the pattern database of tiles %s for %s goal %s equal a fresh build (%.1f s)\n", r.File, textfmt.Commas(r.States), r.Pattern, r.Shape, r.Goal, r.Seconds)
	case r.ok():
		_, err = fmt.Fprintf(w, "%s: verified: all %s states of %s goal %s equal a fresh breadth-first search (%.1f s)\n", r.File, textfmt.Commas(r.States), r.Shape, r.Goal, r.Seconds)
	case r.Pattern != "":
		_, err = fmt.Fprintf(w, "%s: differs from a fresh build: %s\n", r.File, r.Difference)
	default:
		_, err = fmt.Fprintf(w, "%s: differs from a fresh breadth-first search: %s\n", r.File, r.Difference)
	}
	return err
}

// verifyTable re-derives the table in the file at path by a parallel
// 2-bit search and compares every stored bit (or byte) and count with it,
// reporting the first difference. A local check of neighbours alone
// misses a third of single-bit flips in the 1-bit encoding, so nothing
// less than the whole search will do. Damage the container itself
// catches (a checksum) is an error.
func verifyTable(ctx context.Context, path string, workers int) (VerifyReport, error) {
	return verifyTableWith(ctx, path, func(sp *statespace.Space, dist []uint8) (*twobit.Result, error) {
		return twobit.Search(ctx, sp, twobit.Options{Workers: workers, Distances: dist})
	})
}

// verifyTableWith is verifyTable with the search given: the forgery campaign
// compares many files with one search.
func verifyTableWith(ctx context.Context, path string, search func(sp *statespace.Space, dist []uint8) (*twobit.Result, error)) (VerifyReport, error) {
	f, err := tablefile.Open(path)
	if err != nil {
		return VerifyReport{}, err
	}
	defer f.Close()
	h := f.Header
	if h.Kind != tablefile.KindDistance {
		return VerifyReport{}, fmt.Errorf("%s holds a %s, not a distance table", path, h.Kind)
	}
	goal, err := statespace.BoardFromBytes(statespace.Shape{Rows: h.Rows, Cols: h.Cols}, h.Goal)
	if err != nil {
		return VerifyReport{}, fmt.Errorf("%s: the goal in the header: %w", path, err)
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return VerifyReport{}, err
	}
	r := VerifyReport{File: path, Shape: sp.Shape().String(), Goal: statespace.GoalName(goal), States: sp.Size()}
	if h.Entries != sp.Size() {
		r.Difference = fmt.Sprintf("the file has %d entries, %s has %d states", h.Entries, sp.Shape(), sp.Size())
		return r, nil
	}
	payload, err := f.Payload()
	if err != nil {
		return VerifyReport{}, err
	}
	start := time.Now()
	var dist []uint8
	if h.Encoding == tablefile.EncodingBytes {
		dist = make([]uint8, sp.Size())
	} else if h.Encoding != tablefile.EncodingMod4Bit {
		return VerifyReport{}, fmt.Errorf("%s: a distance table in the %s encoding", path, h.Encoding)
	}
	res, err := search(sp, dist)
	if err != nil {
		return VerifyReport{}, err
	}
	r.Seconds = time.Since(start).Seconds()
	r.Difference, err = verifyDifference(sp, h.Counts, res, payload, dist)
	if err != nil {
		return VerifyReport{}, err
	}
	return r, nil
}

// verifyDifference compares a table's stored counts and payload (a byte a
// board, or bit 1 of each distance) with the search's, and describes the
// first difference ("" when there is none).
func verifyDifference(sp *statespace.Space, stored []uint64, res *twobit.Result, payload, dist []uint8) (string, error) {
	counts := res.Counts()
	for d := 0; d < max(len(counts), len(stored)); d++ {
		var got, want uint64
		if d < len(stored) {
			got = stored[d]
		}
		if d < len(counts) {
			want = counts[d]
		}
		if got != want {
			return fmt.Sprintf("the header counts %d states at distance %d, the search %d", got, d, want), nil
		}
	}
	if dist != nil {
		for i, d := range payload {
			if d != dist[i] {
				return fmt.Sprintf("rank %d (board %s) is stored at distance %d, the search gives %d", i, sp.Unrank(uint64(i)), d, dist[i]), nil
			}
		}
		return "", nil
	}
	buf := make([]byte, 1<<20)
	for off := 0; off < len(payload); off += len(buf) {
		chunk := payload[off:min(off+len(buf), len(payload))]
		n, _ := res.ReadAt(buf[:len(chunk)], int64(off))
		if n != len(chunk) {
			return "", fmt.Errorf("twobit: short payload at %d", off)
		}
		if bytes.Equal(chunk, buf[:n]) {
			continue
		}
		for i := range chunk {
			if x := chunk[i] ^ buf[i]; x != 0 {
				for j := range 8 {
					if x>>j&1 != 0 {
						rank := uint64(off+i)*8 + uint64(j)
						return fmt.Sprintf("rank %d (board %s): the file stores bit 1 of its distance as %d, the search gives %d",
							rank, sp.Unrank(rank), chunk[i]>>j&1, buf[i]>>j&1), nil
					}
				}
			}
		}
	}
	return "", nil
}

// maxExportStates is the largest table ExportNPY writes: 12 cells, one
// byte a board (239.5 MB).
const maxExportStates = 239_500_800

// ExportNPY writes the exact distance of every board of goal's space, in
// rank order, as a NumPy .npy array of uint8 at path (atomically), and
// returns the file's size. The distances come from a 2-bit search with
// one byte a board beside it.
func ExportNPY(ctx context.Context, goal statespace.Board, path string, workers int) (int64, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return 0, err
	}
	if sp.Size() > maxExportStates {
		return 0, fmt.Errorf("%s has %s states: the NumPy export writes tables of at most 12 cells (%s states, %s bytes)", sp.Shape(), textfmt.Commas(sp.Size()), textfmt.Commas(uint64(maxExportStates)), textfmt.Commas(uint64(maxExportStates)))
	}
	dist := make([]uint8, sp.Size())
	if _, err := twobit.Search(ctx, sp, twobit.Options{Workers: workers, Distances: dist}); err != nil {
		return 0, err
	}
	var size int64
	err = atomicfile.Write(ctx, path, func(w io.Writer) error {
		cw := &countingWriter{w: w}
		if err := npyio.Write(cw, dist); err != nil {
			return err
		}
		size = cw.n
		return nil
	})
	return size, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
