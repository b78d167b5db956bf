package bfs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
)

func init() {
	register.DoFn3x1[context.Context, []byte, func(int), error](&listFn{})
	register.DoFn3x1[context.Context, []byte, func(int, []byte), error](&carryFn{})
	register.DoFn3x1[context.Context, int, func(int, []byte), error](&expandFn{})
	register.DoFn3x2[context.Context, int, func(*[]byte) bool, PartRecord, error](&mergeFn{})
	register.DoFn3x1[context.Context, int, func(*PartRecord) bool, error](&indexFn{})
	register.DoFn3x1[context.Context, []byte, func(string), error](&staleFn{})
	register.DoFn3x1[context.Context, string, func(int), error](&removeFn{})
	register.Function1x0[int](removed)
	register.Emitter1[string]()
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
	rows, cols := goal.Shape().Dims()
	return Space{Rows: rows, Cols: cols, Tiles: goal.Tiles()}
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
// (a bitmap of the partition's boards) grouped by the partition they fall
// in, in partition order, each a sorted list of offsets or a bitmap: the
// one step of the search that knows the puzzle. It runs twobit's kernel,
// the one the single-machine search runs.
func expand(k *twobit.Kernel, x *statespace.Expander, p int, frontier []uint64) []twobit.Targets {
	return k.PartitionTargets(x, p, frontier)
}

// levelPipeline builds the pipeline that expands part of level d's
// frontier (the partitions of ch) into level d+1 in the working folder
// work:
//
//	frontier partitions of d in ch ──expand──► (partition, neighbour bitmap) ─┐
//	every partition's record so far ──► (partition, where its state is) ───────┴─► group by partition
//	  ──merge──► state and frontier of d+1, one record per partition ──► index of d+1 (or of the chunk)
//	files no resumption from d or later reads ──► delete (the last chunk only)
//
// The shuffle moves encoded bitmaps, never single boards, and a
// partition's merge is the only writer of its files at d+1. A level split
// into chunks runs one pipeline per chunk, one after the other: each adds
// its chunk's neighbours to the files the chunks before it wrote, and its
// records (every partition's, so far) go to the chunk's index, which the
// next chunk carries; the last chunk's records are the level's index.
// A chunk's shuffle holds only its own neighbours, which bounds the
// memory of a runner that keeps the shuffle in memory (Prism).
func levelPipeline(sp Space, work string, d int, ch chunk) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	imp := beam.Impulse(s)

	frontier := beam.ParDo(s, &listFn{Space: sp, Work: work, Level: d, FrontierOnly: true, From: ch.From, To: ch.To}, imp)
	frontier = beam.Reshuffle(s, frontier) // one partition per worker, not all on the reader's
	neighbours := beam.ParDo(s, &expandFn{Space: sp, Work: work, Level: d}, frontier)

	carry := beam.ParDo(s, &carryFn{Space: sp, Work: work, Level: d - 1, Chunk: ch.Index - 1}, imp)

	grouped := beam.GroupByKey(s, beam.Flatten(s, neighbours, carry))
	records := beam.ParDo(s, &mergeFn{Space: sp, Work: work, Level: d}, grouped)
	beam.ParDo0(s, &indexFn{Space: sp, Work: work, Level: d + 1, Chunk: ch.Index, Last: ch.Last}, beam.GroupByKey(s, beam.AddFixedKey(s, records)))

	if ch.Last {
		old := beam.ParDo(s.Scope("cleanup"), &staleFn{Space: sp, Work: work, Level: d}, imp)
		// The deletions report a count, summed after a shuffle, so that their
		// stage has an output: Prism's runner busy-waits for the end of a
		// bundle of a stage with none (a core for as long as thousands of
		// files are deleted beside the merge), and waits idle otherwise.
		gone := beam.ParDo(s.Scope("cleanup"), &removeFn{}, beam.Reshuffle(s, old))
		beam.ParDo0(s.Scope("cleanup"), removed, stats.Sum(s.Scope("cleanup"), gone))
	}
	return p
}

// listFn emits the partitions that level Level's index lists (those with
// new boards only, with FrontierOnly) from From to To−1 (all when To is
// 0); nothing for a level below 0.
type listFn struct {
	Space        Space
	Work         string
	Level        int
	FrontierOnly bool
	From, To     int
}

func (f *listFn) ProcessElement(ctx context.Context, _ []byte, emit func(int)) error {
	recs, err := f.Space.levelIndex(ctx, f.Work, f.Level)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if f.To > 0 && (r.Partition < f.From || r.Partition >= f.To) {
			continue
		}
		if r.New > 0 || !f.FrontierOnly {
			emit(r.Partition)
		}
	}
	return nil
}

// carryFn emits, for every partition level Level's index lists (or,
// when Chunk ≥ 0, the index of that chunk of level Level+2, which lists
// every partition so far), its record: where its state is, how many
// boards it holds and, for a partition an earlier chunk of this level
// wrote, its new boards and bytes shuffled so far. Its merge reads the
// state only when neighbours fall in it, and otherwise passes the record
// on.
type carryFn struct {
	Space Space
	Work  string
	Level int
	Chunk int
}

func (f *carryFn) ProcessElement(ctx context.Context, _ []byte, emit func(int, []byte)) error {
	var recs []PartRecord
	var err error
	if f.Chunk >= 0 {
		recs, err = f.Space.chunkIndex(ctx, f.Work, f.Level+2, f.Chunk)
	} else {
		recs, err = f.Space.levelIndex(ctx, f.Work, f.Level)
	}
	if err != nil {
		return err
	}
	for _, r := range recs {
		if f.Chunk < 0 {
			r.New, r.Shuffled = 0, 0 // the level before's, not this one's
		}
		emit(r.Partition, encodeCarry(r))
	}
	return nil
}

// levelIndex reads the index of a finished level (nothing for a level
// below 0, before the search).
func (s Space) levelIndex(ctx context.Context, work string, level int) ([]PartRecord, error) {
	if level < 0 {
		return nil, nil
	}
	k, err := s.kernel()
	if err != nil {
		return nil, err
	}
	return readIndex(ctx, work, level, k.Partitions(), k.PartitionSize())
}

// chunkIndex reads the index of chunk c of a level being written.
func (s Space) chunkIndex(ctx context.Context, work string, level, c int) ([]PartRecord, error) {
	k, err := s.kernel()
	if err != nil {
		return nil, err
	}
	return readIndexFile(ctx, chunkIndexPath(work, level, c), level, k.Partitions(), k.PartitionSize())
}

// A carry value: tagCarry, then the record's state level, visited and new
// boards and bytes shuffled, as uvarints.
func encodeCarry(r PartRecord) []byte {
	b := binary.AppendUvarint([]byte{tagCarry}, uint64(r.StateLevel))
	b = binary.AppendUvarint(b, r.Visited)
	b = binary.AppendUvarint(b, r.New)
	return binary.AppendUvarint(b, r.Shuffled)
}

func decodeCarry(v []byte) (PartRecord, error) {
	var f [4]uint64
	at := 1
	for i := range f {
		x, k := binary.Uvarint(v[at:])
		if k <= 0 {
			return PartRecord{}, errors.New("damaged carry value")
		}
		f[i], at = x, at+k
	}
	if at != len(v) || f[0] > 1<<20 {
		return PartRecord{}, errors.New("damaged carry value")
	}
	return PartRecord{StateLevel: int(f[0]), Visited: f[1], New: f[2], Shuffled: f[3]}, nil
}

// expandFn expands one partition's frontier at Level into neighbour
// bitmaps keyed by their partition.
type expandFn struct {
	Space Space
	Work  string
	Level int

	k   *twobit.Kernel
	x   *statespace.Expander
	buf []uint64 // a sparse frontier's bitmap, all zero between elements
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
	sets, err := readSetFile(ctx, frontierPath(f.Work, f.Level, p), p, f.Level, n, 1)
	if err != nil {
		return err
	}
	frontier := sets[0].bm
	if frontier == nil {
		// A sparse frontier goes into the one bitmap this worker reuses,
		// and its bits are cleared after: no 227 KB allocated or cleared
		// for a few boards.
		if f.buf == nil {
			f.buf = make([]uint64, words(n))
		}
		for _, i := range sets[0].list {
			f.buf[i/64] |= 1 << (i % 64)
		}
		frontier = f.buf
		defer func() {
			for _, i := range sets[0].list {
				f.buf[i/64] = 0
			}
		}()
	}
	for _, t := range expand(f.k, f.x, p, frontier) {
		if t.Bitmap != nil {
			emit(t.Partition, encodeBitmap(t.Bitmap, n))
		} else {
			emit(t.Partition, encodeOffsets(t.Offsets, n))
		}
	}
	return nil
}

// mergeFn merges the neighbour bitmaps of one partition, subtracts the
// boards it reached before (its state at Level−1, when carried, or at
// Level+1 when an earlier chunk of the level wrote it), and writes its
// state and new frontier at Level+1. The frontier is written before the
// state: a chunk rerun after a crash between the two finds its boards in
// the frontier, or not yet in the state, and writes the same files again.
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
	var reached set
	arrived := false
	rec := PartRecord{Partition: q, StateLevel: -1}
	var shuffled uint64
	var v []byte
	for values(&v) {
		shuffled += uint64(len(v))
		if len(v) > 0 && v[0] == tagCarry {
			c, err := decodeCarry(v)
			if err != nil {
				return PartRecord{}, fmt.Errorf("partition %d at level %d: %w", q, next, err)
			}
			rec.StateLevel, rec.Visited, rec.New, rec.Shuffled = c.StateLevel, c.Visited, c.New, c.Shuffled
			continue
		}
		arrived = true
		if _, err := reached.orEncoded(v, n); err != nil {
			return PartRecord{}, fmt.Errorf("neighbours of partition %d at level %d: %w", q, next, err)
		}
	}
	rec.Shuffled += shuffled
	if !arrived {
		return rec, nil // no neighbour: the state stays where it is
	}
	reached.normalize()
	var visited, bit1 set
	if rec.StateLevel >= 0 {
		sets, err := readSetFile(ctx, statePath(f.Work, rec.StateLevel, q), q, rec.StateLevel, n, 2)
		if err != nil {
			return PartRecord{}, err
		}
		visited, bit1 = sets[0], sets[1]
	}
	fresh := subtract(&reached, &visited, &bit1, next>>1&1 == 1, n)
	added := fresh.count()
	if rec.StateLevel == next {
		// An earlier chunk wrote this level's frontier: add to it. The
		// count is the file's, not the carried one: a rerun of a chunk
		// that stopped finds its own boards in the files already.
		sets, err := readSetFile(ctx, frontierPath(f.Work, next, q), q, next, n, 1)
		if err != nil {
			return PartRecord{}, err
		}
		fresh = union(sets[0], fresh, n)
		rec.New, rec.Visited = fresh.count(), visited.count()
	}
	if added == 0 {
		return rec, nil // every neighbour seen before: nothing to write
	}
	rec.New, rec.Visited, rec.StateLevel = fresh.count(), visited.count(), next
	if err := writeFile(ctx, frontierPath(f.Work, next, q), encodeSetFile(q, next, n, fresh)); err != nil {
		return PartRecord{}, err
	}
	if err := writeFile(ctx, statePath(f.Work, next, q), encodeSetFile(q, next, n, visited, bit1)); err != nil {
		return PartRecord{}, err
	}
	return rec, nil
}

// union returns the union of a and b, which are disjoint, in a's storage
// where it can.
func union(a, b set, n uint64) set {
	if b.bm != nil {
		a.toBitmap(n)
		for i, w := range b.bm {
			a.bm[i] |= w
		}
		return a
	}
	a.addSorted(b.list, n)
	return a
}

// subtract returns the boards of reached not in visited (the level's new
// boards) and adds them to visited, and to bit1 when the level's distance
// has bit 1 set. Sets in list form stay lists while they are small;
// reached is used up.
func subtract(reached, visited, bit1 *set, setBit1 bool, n uint64) set {
	if reached.bm != nil {
		visited.toBitmap(n)
		bit1.toBitmap(n)
		fresh := reached.bm
		for i := range fresh {
			fresh[i] &^= visited.bm[i]
			visited.bm[i] |= fresh[i]
			if setBit1 {
				bit1.bm[i] |= fresh[i]
			}
		}
		return set{bm: fresh}
	}
	fresh := reached.list[:0]
	for _, i := range reached.list {
		if !visited.has(i) {
			fresh = append(fresh, i)
		}
	}
	visited.addSorted(fresh, n)
	if setBit1 {
		bit1.addSorted(fresh, n)
	}
	return set{list: fresh}
}

// indexFn writes the index of Level from every partition's record, after
// all of them are written: the level's commit; or, for a chunk that is
// not the level's last, the chunk's index, which the next chunk carries.
type indexFn struct {
	Space Space
	Work  string
	Level int
	Chunk int
	Last  bool
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
	path := indexPath(f.Work, f.Level)
	if !f.Last {
		path = chunkIndexPath(f.Work, f.Level, f.Chunk)
	}
	return writeFile(ctx, path, encodeIndex(f.Level, recs))
}

// staleFn lists the files no later level or resumption reads once
// level Level is finished (the pipeline expanding it runs, so a resumption
// starts there or later): the frontiers of Level−2, and the states that
// level Level−1 replaced by new ones (resuming from Level reads the states
// the indexes of Level and Level−1 name).
type staleFn struct {
	Space Space
	Work  string
	Level int
}

func (f *staleFn) ProcessElement(ctx context.Context, _ []byte, emit func(string)) error {
	k, err := f.Space.kernel()
	if err != nil {
		return err
	}
	read := func(level int) ([]PartRecord, error) {
		if level < 0 {
			return nil, nil
		}
		return readIndex(ctx, f.Work, level, k.Partitions(), k.PartitionSize())
	}
	old, err := read(f.Level - 2)
	if err != nil {
		return err
	}
	for _, r := range old {
		if r.New > 0 {
			emit(frontierPath(f.Work, f.Level-2, r.Partition))
		}
	}
	replaced, err := read(f.Level - 1)
	if err != nil {
		return err
	}
	before, err := read(f.Level - 3)
	if err != nil {
		return err
	}
	at := map[int]int{}
	for _, r := range before {
		at[r.Partition] = r.StateLevel
	}
	for _, r := range replaced {
		if l, ok := at[r.Partition]; ok && r.StateLevel == f.Level-1 && l < r.StateLevel {
			emit(statePath(f.Work, l, r.Partition))
		}
	}
	return nil
}

// removeFn deletes one file and counts it.
type removeFn struct{}

func (removeFn) ProcessElement(ctx context.Context, path string, emit func(int)) error {
	if err := removeFile(ctx, path); err != nil {
		return err
	}
	emit(1)
	return nil
}

// removed receives the number of files a level's cleanup deleted.
func removed(int) {}
