package bfs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
)

// Options control a Run.
type Options struct {
	// Runner is the Beam runner every level's pipeline runs on: "prism"
	// (in-process, the default), or "dataflow", "flink", "spark" with the
	// options those runners read from the command line (package flag).
	Runner string
	// Work is the working folder: a local folder, or an object-storage
	// path (gs://bucket/path) on a distributed runner, whose workers must
	// all reach it. A folder holding finished levels of the same search is
	// resumed from its last finished level.
	Work string
	// Levels, when positive, stops after the levels up to that depth are
	// known: a dry run of the first levels.
	Levels int
	// OnLevel, when not nil, is called with every level as it is known,
	// the resumed ones first.
	OnLevel func(Level)
	// ChunkStates is the most frontier boards one pipeline expands
	// (0: DefaultChunkStates). A level whose frontier holds more is split
	// into chunks of consecutive partitions, one pipeline each, run one
	// after the other; a runner that holds the shuffle in memory (Prism)
	// then holds one chunk's. A level's split is recorded before its first
	// chunk runs, and a resumption keeps it and skips the chunks done.
	ChunkStates uint64
}

// DefaultChunkStates is the default of Options.ChunkStates. Prism's peak
// RSS on 3x5 is about 75 bytes a frontier board one pipeline expands
// (16.7 GB for level 32's 229 million in one pipeline, 10.5 GB for level
// 33's 393 million in three; BENCHMARKS.md), so a chunk of at most this
// many stays near 12 GB, half of a 24 GiB machine.
const DefaultChunkStates = 150_000_000

// Level describes one level of the search.
type Level struct {
	Depth      int     `json:"level"`
	States     uint64  `json:"states"`     // boards first reached at this depth
	Partitions int     `json:"partitions"` // partitions written: those holding any board reached so far of the depth's parity
	Frontier   int     `json:"frontier_partitions"`
	Shuffled   uint64  `json:"bytes_shuffled"` // bytes of the values the shuffle moved to produce it
	Chunks     int     `json:"chunks"`         // pipelines it ran in (its frontier split by Options.ChunkStates); 0 for level 0
	Seconds    float64 `json:"seconds"`        // wall time of its pipelines; 0 for level 0 (and levels resumed from a folder that did not record it)
	// CPUSeconds is the process's CPU time (user and system) over the
	// pipeline: on Prism all of it (driver, runner, shuffle, workers), on
	// a distributed runner only the driver's; 0 for level 0. On a shared
	// machine it is the work, where Seconds is not.
	CPUSeconds float64 `json:"cpu_seconds"`
	// WorkBytes is the size of a local working folder after the level
	// (0 for object storage). A resumed level reports the three as they
	// were measured when it ran (level-NNNN/costs.json).
	WorkBytes uint64 `json:"work_bytes"`
	Resumed   bool   `json:"resumed"` // read back from an earlier run's working folder
}

// runInfo is run.json: what a working folder's levels are a search of.
type runInfo struct {
	Format        int    `json:"format"`
	Shape         string `json:"shape"`
	Goal          string `json:"goal"`
	Partitions    int    `json:"partitions"`
	PartitionSize uint64 `json:"partition_size"`
}

// Run searches the space of goal level by level, one Beam pipeline per
// level, in opts.Work, starting from the last level finished there. It
// stops when a level is empty (or after opts.Levels levels) and returns
// the levels; the working folder keeps the bitmaps the result's tables and
// antipodes are read from.
func Run(ctx context.Context, goal statespace.Board, opts Options) (*Result, error) {
	if opts.Work == "" {
		return nil, errors.New("bfs: no working folder")
	}
	if opts.Runner == "" {
		opts.Runner = "prism"
	}
	sp := spaceOf(goal)
	k, err := sp.kernel()
	if err != nil {
		return nil, err
	}
	if err := claim(ctx, opts.Work, k); err != nil {
		return nil, err
	}
	removeStaleTemps(opts.Work)
	r := &Result{k: k, work: opts.Work, published: Published(goal)}
	report := func(l Level) error {
		if err := r.checkPublished(l); err != nil {
			return err
		}
		r.levels = append(r.levels, l)
		if opts.OnLevel != nil {
			opts.OnLevel(l)
		}
		return nil
	}
	if err := r.resume(ctx, opts.Work, k, report); err != nil {
		return nil, err
	}
	for {
		d := len(r.levels) - 1
		if r.levels[d].States == 0 || (opts.Levels > 0 && d >= opts.Levels) {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start, cpu := time.Now(), cpuSeconds()
		chunks, err := r.runLevel(ctx, sp, opts, d)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("level %d: %w", d+1, err)
		}
		l, err := r.readLevel(ctx, d+1)
		if err != nil {
			return nil, fmt.Errorf("level %d: the pipeline ended without its index: %w", d+1, err)
		}
		l.Chunks = chunks
		l.Seconds, l.CPUSeconds = time.Since(start).Seconds(), cpuSeconds()-cpu
		l.WorkBytes = localSize(opts.Work)
		if err := r.writeCosts(ctx, l); err != nil {
			return nil, err
		}
		if err := report(l); err != nil {
			return nil, err
		}
	}
	if r.Complete() {
		var total uint64
		for _, c := range r.Counts() {
			total += c
		}
		if total != k.Space().Size() {
			return nil, fmt.Errorf("bfs: the search reached %d boards of %d", total, k.Space().Size())
		}
	}
	return r, nil
}

// resume reports the levels the working folder holds, or writes and
// reports the goal's level when it holds none.
func (r *Result) resume(ctx context.Context, work string, k *twobit.Kernel, report func(Level) error) error {
	for d := 0; ; d++ {
		l, err := r.readLevel(ctx, d)
		if errors.Is(err, errNotExist) {
			break
		}
		if err != nil {
			return err
		}
		l.Resumed = true
		r.readCosts(ctx, &l)
		if err := report(l); err != nil {
			return err
		}
	}
	if len(r.levels) == 0 {
		if err := writeGoalLevel(ctx, work, k); err != nil {
			return err
		}
		l, err := r.readLevel(ctx, 0)
		if err != nil {
			return err
		}
		l.WorkBytes = localSize(work)
		if err := r.writeCosts(ctx, l); err != nil {
			return err
		}
		if err := report(l); err != nil {
			return err
		}
	}
	return nil
}

// chunk is the part of a level's frontier one pipeline expands: the
// partitions from From to To−1 (all when To is 0), the Index-th of the
// level's chunks.
type chunk struct {
	Index    int
	From, To int
	Last     bool
}

// chunkPlan is level-NNNN/chunks.json: the partition bounds of a level's
// chunks (chunk c covers Bounds[c] to Bounds[c+1]−1).
type chunkPlan struct {
	Bounds []int `json:"bounds"`
}

// runLevel runs the pipelines that expand level d into level d+1, one per
// chunk, skipping chunks an earlier run finished, and returns how many
// chunks the level has.
func (r *Result) runLevel(ctx context.Context, sp Space, opts Options, d int) (int, error) {
	bounds, err := r.planChunks(ctx, d, opts.ChunkStates)
	if err != nil {
		return 0, err
	}
	if bounds == nil {
		_, err := beam.Run(ctx, opts.Runner, levelPipeline(sp, opts.Work, d, chunk{Last: true}))
		return 1, err
	}
	chunks := len(bounds) - 1
	for c := range chunks {
		last := c == chunks-1
		if !last {
			if _, err := readIndexFile(ctx, chunkIndexPath(r.work, d+1, c), d+1, r.k.Partitions(), r.k.PartitionSize()); err == nil {
				continue // finished by an earlier run; a damaged index is rerun
			}
		}
		ch := chunk{Index: c, From: bounds[c], To: bounds[c+1], Last: last}
		if _, err := beam.Run(ctx, opts.Runner, levelPipeline(sp, opts.Work, d, ch)); err != nil {
			return 0, fmt.Errorf("chunk %d of %d: %w", c+1, chunks, err)
		}
	}
	return chunks, nil
}

// planChunks returns the partition bounds of level d's chunks: the plan
// an earlier run recorded, or a new one (recorded) cutting the frontier
// into runs of consecutive partitions of at most limit boards where it
// can (a partition is never split); nil when the level is one chunk.
func (r *Result) planChunks(ctx context.Context, d int, limit uint64) ([]int, error) {
	path := chunkPlanPath(r.work, d+1)
	parts := r.k.Partitions()
	data, err := readFile(ctx, path, 1<<24)
	if err == nil {
		var plan chunkPlan
		if err := json.Unmarshal(data, &plan); err != nil || !validBounds(plan.Bounds, parts) {
			return nil, fmt.Errorf("%s: not a plan of chunks of %d partitions; the working folder is damaged", path, parts)
		}
		return plan.Bounds, nil
	}
	if !errors.Is(err, errNotExist) {
		return nil, err
	}
	if limit == 0 {
		limit = DefaultChunkStates
	}
	recs, err := readIndex(ctx, r.work, d, parts, r.k.PartitionSize())
	if err != nil {
		return nil, err
	}
	bounds := []int{0}
	var sum uint64
	for _, rec := range recs {
		if rec.New == 0 {
			continue
		}
		if sum > 0 && sum+rec.New > limit {
			bounds, sum = append(bounds, rec.Partition), 0
		}
		sum += rec.New
	}
	if len(bounds) == 1 {
		return nil, nil
	}
	bounds = append(bounds, parts)
	b, _ := json.Marshal(chunkPlan{Bounds: bounds})
	if err := writeFile(ctx, path, append(b, '\n')); err != nil {
		return nil, err
	}
	return bounds, nil
}

// validBounds reports whether bounds cut partitions 0 to parts−1 into at
// least two non-empty runs.
func validBounds(bounds []int, parts int) bool {
	if len(bounds) < 3 || bounds[0] != 0 || bounds[len(bounds)-1] != parts {
		return false
	}
	for i := 1; i < len(bounds); i++ {
		if bounds[i] <= bounds[i-1] {
			return false
		}
	}
	return true
}

// Published returns the published distribution of goal's space
// (data/reference: the OEIS sequences and Korf's counts) when there is one
// for its blank's cell, nil otherwise.
func Published(goal statespace.Board) *reference.Distribution {
	sh := goal.Shape()
	r, c := sh.Row(goal.Blank()), sh.Col(goal.Blank())
	blank := ""
	switch {
	case sh.Corner(goal.Blank()):
		blank = "corner"
	case sh == statespace.Shape{Rows: 3, Cols: 3} && r == 1 && c == 1:
		blank = "centre"
	case sh == statespace.Shape{Rows: 3, Cols: 3}:
		blank = "edge"
	default:
		return nil
	}
	d, ok := reference.FindDistribution(sh.String(), blank)
	if !ok {
		return nil
	}
	return &d
}

// checkPublished checks level l's count against the published
// distribution, when there is one.
func (r *Result) checkPublished(l Level) error {
	ref := r.published
	if ref == nil {
		return nil
	}
	var want uint64
	if l.Depth < len(ref.Counts) {
		want = ref.Counts[l.Depth]
	}
	if l.States != want {
		return fmt.Errorf("bfs: level %d has %d boards, the published distribution (OEIS %s) %d; the levels in %s are wrong from level %d on",
			l.Depth, l.States, ref.OEIS, want, r.work, l.Depth)
	}
	return nil
}

// localSize returns the bytes of the files of a local working folder
// (the costs records left out), 0 for object storage.
func localSize(work string) uint64 {
	if strings.Contains(work, "://") {
		return 0
	}
	var n uint64
	filepath.WalkDir(work, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && d.Name() != "costs.json" {
			if info, err := d.Info(); err == nil {
				n += uint64(info.Size())
			}
		}
		return nil
	})
	return n
}

// claim writes run.json into a new working folder, or checks that an
// existing one is of the same search.
func claim(ctx context.Context, work string, k *twobit.Kernel) error {
	sp := k.Space()
	want := runInfo{Format: 1, Shape: sp.Shape().String(), Goal: sp.Goal().String(), Partitions: k.Partitions(), PartitionSize: k.PartitionSize()}
	data, err := readFile(ctx, runPath(work), 1<<16)
	if errors.Is(err, errNotExist) {
		b, _ := json.Marshal(want)
		return writeFile(ctx, runPath(work), append(b, '\n'))
	}
	if err != nil {
		return err
	}
	var got runInfo
	if err := json.Unmarshal(data, &got); err != nil {
		return fmt.Errorf("%s: %v; the working folder is damaged", runPath(work), err)
	}
	if got != want {
		return fmt.Errorf("%s holds a search of %s goal %s (%d partitions of %d), not of %s goal %s: use another working folder",
			work, got.Shape, got.Goal, got.Partitions, got.PartitionSize, want.Shape, want.Goal)
	}
	return nil
}

// removeStaleTemps removes the temporary files that writes stopped
// half-way (a crash, Ctrl-C) left in a local working folder; object
// storage has none, as its writes appear whole or not at all.
func removeStaleTemps(work string) {
	if strings.Contains(work, "://") {
		return
	}
	stale, _ := filepath.Glob(filepath.Join(work, "level-*", "*", "*.tmp-*"))
	more, _ := filepath.Glob(filepath.Join(work, "level-*", "*.tmp-*"))
	for _, f := range append(stale, more...) {
		os.Remove(f)
	}
}

// writeGoalLevel writes level 0: the goal alone.
func writeGoalLevel(ctx context.Context, work string, k *twobit.Kernel) error {
	sp := k.Space()
	r := sp.Rank(sp.Goal())
	p := k.PartitionOf(r)
	lo, _ := k.Range(p)
	n := k.PartitionSize()
	visited := make([]uint64, words(n))
	visited[(r-lo)/64] |= 1 << ((r - lo) % 64)
	if err := writeFile(ctx, frontierPath(work, 0, p), encodeBitmapFile(p, 0, n, visited)); err != nil {
		return err
	}
	if err := writeFile(ctx, statePath(work, 0, p), encodeBitmapFile(p, 0, n, visited, make([]uint64, words(n)))); err != nil {
		return err
	}
	return writeFile(ctx, indexPath(work, 0), encodeIndex(0, []PartRecord{{Partition: p, New: 1, Visited: 1, StateLevel: 0}}))
}

// levelCosts is level-NNNN/costs.json: what a level cost when it ran,
// written after its index, so that a resumed run reports it.
type levelCosts struct {
	Chunks     int     `json:"chunks"`
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	WorkBytes  uint64  `json:"work_bytes"`
}

func costsPath(work string, level int) string { return join(levelDir(work, level), "costs.json") }

func (r *Result) writeCosts(ctx context.Context, l Level) error {
	b, _ := json.Marshal(levelCosts{Chunks: l.Chunks, Seconds: l.Seconds, CPUSeconds: l.CPUSeconds, WorkBytes: l.WorkBytes})
	return writeFile(ctx, costsPath(r.work, l.Depth), append(b, '\n'))
}

// readCosts fills in a resumed level's costs when they were recorded; a
// missing or damaged record leaves them 0 (they are reports, not state).
func (r *Result) readCosts(ctx context.Context, l *Level) {
	data, err := readFile(ctx, costsPath(r.work, l.Depth), 1<<12)
	if err != nil {
		return
	}
	var c levelCosts
	if json.Unmarshal(data, &c) == nil {
		l.Chunks, l.Seconds, l.CPUSeconds, l.WorkBytes = c.Chunks, c.Seconds, c.CPUSeconds, c.WorkBytes
	}
}

// readLevel reads level d's index.
func (r *Result) readLevel(ctx context.Context, d int) (Level, error) {
	recs, err := readIndex(ctx, r.work, d, r.k.Partitions(), r.k.PartitionSize())
	if err != nil {
		return Level{}, err
	}
	l := Level{Depth: d, Partitions: len(recs)}
	for _, rec := range recs {
		if r.k.Parity(rec.Partition) != d&1 {
			return Level{}, fmt.Errorf("%s: partition %d has the other parity; the working folder is damaged", indexPath(r.work, d), rec.Partition)
		}
		l.States += rec.New
		l.Shuffled += rec.Shuffled
		if rec.New > 0 {
			l.Frontier++
		}
	}
	return l, nil
}
