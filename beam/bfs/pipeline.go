package bfs

import (
	"context"
	"fmt"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
)

func init() {
	register.DoFn3x1[context.Context, []byte, func(int), error](&listFn{})
	register.DoFn1x2[int, int, []byte](&carryFn{})
	register.DoFn3x1[context.Context, int, func(int, []byte), error](&expandFn{})
	register.DoFn3x2[context.Context, int, func(*[]byte) bool, PartRecord, error](&mergeFn{})
	register.DoFn3x1[context.Context, int, func(*PartRecord) bool, error](&indexFn{})
	register.DoFn2x1[context.Context, int, error](&cleanupFn{})
	register.Emitter1[int]()
	register.Emitter2[int, []byte]()
	register.Iter1[[]byte]()
	register.Iter1[PartRecord]()
}

// Space names the searched space in a form every worker can rebuild: the
// goal's shape and tiles. It is part of every step's configuration, which
// the runner serializes into the pipeline.
type Space struct {
	Rows, Cols int
	Tiles      []int // the goal's tile at each cell, 0 for the blank
}

func spaceOf(goal statespace.Board) Space {
	return Space{Rows: goal.Shape().Rows, Cols: goal.Shape().Cols, Tiles: goal.Tiles()}
}

// kernel rebuilds the space and its partitioned kernel.
func (s Space) kernel() (*twobit.Kernel, error) {
	goal, err := statespace.NewBoard(statespace.Shape{Rows: s.Rows, Cols: s.Cols}, s.Tiles)
	if err != nil {
		return nil, err
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	return twobit.NewKernel(sp), nil
}

// expand returns the neighbours of the boards of partition p's frontier
// (a bitmap of the partition's boards) as one bitmap per partition they
// fall in: the one step of the search that knows the puzzle. It runs
// twobit's kernel, the one the single-machine search runs.
func expand(k *twobit.Kernel, x *statespace.Expander, p int, frontier []uint64) map[int][]uint64 {
	return k.PartitionBitmaps(x, p, frontier)
}

// levelPipeline builds the pipeline that expands level d's frontier into
// level d+1 in the working folder work:
//
//	frontier partitions of d ──expand──► (partition, neighbour bitmap) ─┐
//	partitions with a state at d−1 ──► (partition, carry mark) ────────┴─► group by partition
//	  ──merge──► state and frontier of d+1, one record per partition ──► index of d+1
//	partitions of d−2 ──► delete their bitmaps
//
// The shuffle moves encoded bitmaps, never single boards, and a
// partition's merge is the only writer of its files at d+1.
func levelPipeline(sp Space, work string, d int) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	imp := beam.Impulse(s)

	frontier := beam.ParDo(s, &listFn{Space: sp, Work: work, Level: d, FrontierOnly: true}, imp)
	frontier = beam.Reshuffle(s, frontier) // one partition per worker, not all on the reader's
	neighbours := beam.ParDo(s, &expandFn{Space: sp, Work: work, Level: d}, frontier)

	carried := beam.ParDo(s, &listFn{Space: sp, Work: work, Level: d - 1}, imp)
	carry := beam.ParDo(s, &carryFn{}, carried)

	grouped := beam.GroupByKey(s, beam.Flatten(s, neighbours, carry))
	records := beam.ParDo(s, &mergeFn{Space: sp, Work: work, Level: d}, grouped)
	beam.ParDo0(s, &indexFn{Space: sp, Work: work, Level: d + 1}, beam.GroupByKey(s, beam.AddFixedKey(s, records)))

	old := beam.ParDo(s.Scope("cleanup"), &listFn{Space: sp, Work: work, Level: d - 2}, imp)
	beam.ParDo0(s.Scope("cleanup"), &cleanupFn{Space: sp, Work: work, Level: d - 2}, beam.Reshuffle(s, old))
	return p
}

// listFn emits the partitions that level Level's index lists (those with
// new boards only, with FrontierOnly); nothing for a level below 0.
type listFn struct {
	Space        Space
	Work         string
	Level        int
	FrontierOnly bool
}

func (f *listFn) ProcessElement(ctx context.Context, _ []byte, emit func(int)) error {
	if f.Level < 0 {
		return nil
	}
	k, err := f.Space.kernel()
	if err != nil {
		return err
	}
	recs, err := readIndex(ctx, f.Work, f.Level, k.Partitions(), k.PartitionSize())
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.New > 0 || !f.FrontierOnly {
			emit(r.Partition)
		}
	}
	return nil
}

// carryFn marks a partition whose state at the level before must be
// read by its merge, whether or not any neighbour falls in it.
type carryFn struct{}

func (carryFn) ProcessElement(p int) (int, []byte) { return p, []byte{tagCarry} }

// expandFn expands one partition's frontier at Level into neighbour
// bitmaps keyed by their partition.
type expandFn struct {
	Space Space
	Work  string
	Level int

	k *twobit.Kernel
	x *statespace.Expander
}

func (f *expandFn) Setup() error {
	k, err := f.Space.kernel()
	if err != nil {
		return err
	}
	f.k, f.x = k, k.Space().NewExpander()
	return nil
}

func (f *expandFn) ProcessElement(ctx context.Context, p int, emit func(int, []byte)) error {
	n := f.k.PartitionSize()
	bms, err := readBitmapFile(ctx, frontierPath(f.Work, f.Level, p), p, f.Level, n, 1)
	if err != nil {
		return err
	}
	out := expand(f.k, f.x, p, bms[0])
	targets := make([]int, 0, len(out))
	for q := range out {
		targets = append(targets, q)
	}
	slices.Sort(targets)
	for _, q := range targets {
		emit(q, encodeBitmap(out[q], n))
	}
	return nil
}

// mergeFn merges the neighbour bitmaps of one partition, subtracts the
// boards it reached before (its state at Level−1, when carried), and
// writes its state and new frontier at Level+1.
type mergeFn struct {
	Space Space
	Work  string
	Level int

	k *twobit.Kernel
}

func (f *mergeFn) Setup() error {
	k, err := f.Space.kernel()
	f.k = k
	return err
}

func (f *mergeFn) ProcessElement(ctx context.Context, q int, values func(*[]byte) bool) (PartRecord, error) {
	next := f.Level + 1
	if f.k.Parity(q) != next&1 {
		return PartRecord{}, fmt.Errorf("partition %d of parity %d reached at level %d", q, f.k.Parity(q), next)
	}
	n := f.k.PartitionSize()
	reached := make([]uint64, words(n))
	carry := false
	var shuffled uint64
	var v []byte
	for values(&v) {
		shuffled += uint64(len(v))
		if len(v) == 1 && v[0] == tagCarry {
			carry = true
			continue
		}
		if _, err := orBitmap(reached, v, n); err != nil {
			return PartRecord{}, fmt.Errorf("neighbours of partition %d at level %d: %w", q, next, err)
		}
	}
	visited, bit1 := make([]uint64, words(n)), make([]uint64, words(n))
	if carry {
		bms, err := readBitmapFile(ctx, statePath(f.Work, f.Level-1, q), q, f.Level-1, n, 2)
		if err != nil {
			return PartRecord{}, err
		}
		visited, bit1 = bms[0], bms[1]
	}
	fresh := reached
	for i := range fresh {
		fresh[i] &^= visited[i]
		visited[i] |= fresh[i]
		if next>>1&1 == 1 {
			bit1[i] |= fresh[i]
		}
	}
	rec := PartRecord{Partition: q, New: popcount(fresh), Visited: popcount(visited), Shuffled: shuffled}
	if rec.New > 0 {
		if err := writeFile(ctx, frontierPath(f.Work, next, q), encodeBitmapFile(q, next, n, fresh)); err != nil {
			return PartRecord{}, err
		}
	}
	if err := writeFile(ctx, statePath(f.Work, next, q), encodeBitmapFile(q, next, n, visited, bit1)); err != nil {
		return PartRecord{}, err
	}
	return rec, nil
}

// indexFn writes the index of Level from every partition's record, after
// all of them are written: the level's commit.
type indexFn struct {
	Space Space
	Work  string
	Level int
}

func (f *indexFn) ProcessElement(ctx context.Context, _ int, records func(*PartRecord) bool) error {
	var recs []PartRecord
	var r PartRecord
	for records(&r) {
		recs = append(recs, r)
	}
	slices.SortFunc(recs, func(a, b PartRecord) int { return a.Partition - b.Partition })
	for i := 1; i < len(recs); i++ {
		if recs[i].Partition == recs[i-1].Partition {
			return fmt.Errorf("level %d: partition %d merged twice", f.Level, recs[i].Partition)
		}
	}
	return writeFile(ctx, indexPath(f.Work, f.Level), encodeIndex(f.Level, recs))
}

// cleanupFn deletes a partition's bitmaps at Level, which no later level
// or resumption reads once Level+2 is finished.
type cleanupFn struct {
	Space Space
	Work  string
	Level int
}

func (f *cleanupFn) ProcessElement(ctx context.Context, p int) error {
	if err := removeFile(ctx, statePath(f.Work, f.Level, p)); err != nil {
		return err
	}
	return removeFile(ctx, frontierPath(f.Work, f.Level, p))
}
