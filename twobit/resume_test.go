package twobit

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// interrupted runs a search of sp that checkpoints after every level and
// is stopped after level stopAt, leaving its checkpoint at path.
func interrupted(t *testing.T, sp *statespace.Space, path string, stopAt int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Search(ctx, sp, Options{Workers: 2, Checkpoint: path, CheckpointEvery: time.Nanosecond,
		OnLevel: func(l Level) {
			if l.Depth == stopAt {
				if !l.Checkpointed {
					t.Errorf("level %d: no checkpoint", l.Depth)
				}
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted search: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no checkpoint after the interruption: %v", err)
	}
}

// A search stopped after a checkpoint and resumed gives the table of an
// uninterrupted one.
func TestResume(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5})} {
		sp := statespace.MustSpace(goal)
		want, err := table.Enumerate(context.Background(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, stopAt := range []int{0, 7, want.Radius() - 2} {
			path := filepath.Join(t.TempDir(), "search.checkpoint")
			interrupted(t, sp, path, stopAt)
			resumed := 0
			got, err := Search(context.Background(), sp, Options{Checkpoint: path, Resume: true,
				OnLevel: func(l Level) {
					if l.Resumed {
						resumed++
					}
				}})
			if err != nil {
				t.Fatalf("resumed after level %d: %v", stopAt, err)
			}
			if resumed != stopAt+1 {
				t.Errorf("resumed with %d levels done, want %d", resumed, stopAt+1)
			}
			checkResult(t, got, want)
		}
	}
}

// A damaged checkpoint is refused with a *CheckpointError, never used:
// a flipped byte anywhere, a truncation, trailing bytes, another goal.
func TestDamagedCheckpointRefused(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5}))
	path := filepath.Join(t.TempDir(), "search.checkpoint")
	interrupted(t, sp, path, 20)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var damaged [][]byte
	for _, i := range []int{0, 9, 10, 20, 60, len(good) / 3, len(good) / 2, len(good) - 5, len(good) - 1} {
		b := append([]byte(nil), good...)
		b[i] ^= 0x20
		damaged = append(damaged, b)
	}
	damaged = append(damaged, good[:len(good)-1], good[:100], append(append([]byte(nil), good...), 0))
	for i, b := range damaged {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Search(context.Background(), sp, Options{Checkpoint: path, Resume: true})
		var ce *CheckpointError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), path) {
			t.Errorf("damage %d: %v, want a *CheckpointError naming the file", i, err)
		}
	}
	other := statespace.MustSpace(statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5}))
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	var ce *CheckpointError
	if _, err := Search(context.Background(), other, Options{Checkpoint: path, Resume: true}); !errors.As(err, &ce) {
		t.Errorf("another goal's checkpoint: %v", err)
	}
}

// The estimate refuses what does not fit in memory, naming what it
// takes: 3x5 163 GB, 4x4 2.6 TB (on a machine with 24 GiB free); the
// commands add how to run it on a cluster (cmd/internal/cli).
func TestEstimateRefuses(t *testing.T) {
	const free = 24 << 30
	for _, c := range []struct {
		shape statespace.Shape
		mem   string
	}{{statespace.Shape{Rows: 3, Cols: 5}, "163 GB"}, {statespace.Shape{Rows: 4, Cols: 4}, "2.6 TB"}} {
		sp := statespace.MustSpace(statespace.GoalLast(c.shape))
		err := EstimateFor(sp, 2).Check(statespace.GoalLast(c.shape), free)
		var tb *TooBigError
		if !errors.As(err, &tb) || !strings.Contains(err.Error(), c.mem) || tb.Shape != c.shape {
			t.Errorf("%s: %v, want a refusal of %s naming %s", c.shape, err, c.shape, c.mem)
		}
	}
	for _, sh := range []statespace.Shape{{Rows: 3, Cols: 4}, {Rows: 2, Cols: 7}} {
		e := EstimateFor(statespace.MustSpace(statespace.GoalLast(sh)), 2)
		if err := e.Check(statespace.GoalLast(sh), free); err != nil {
			t.Errorf("%s refused: %v", sh, err)
		}
		if e.Memory < e.States/4 {
			t.Errorf("%s: %d bytes for %d states at 2 bits", sh, e.Memory, e.States)
		}
	}
	if got := EstimateFor(statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 7})), 2).Memory; got > 12<<30 {
		t.Errorf("2x7 estimated at %d bytes, over 12 GiB", got)
	}
}

// Options.Distances receives the exact distance of every board.
func TestSearchDistances(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3}))
	want, err := table.Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	dist := make([]uint8, sp.Size())
	if _, err := Search(context.Background(), sp, Options{Distances: dist}); err != nil {
		t.Fatal(err)
	}
	for r, d := range dist {
		if int(d) != want.DistanceAt(uint64(r)) {
			t.Fatalf("rank %d: %d, want %d", r, d, want.DistanceAt(uint64(r)))
		}
	}
}

// The kernel run the way a distributed pipeline runs it — each frontier
// partition expanded into per-partition bitmaps, merged per partition,
// the visited set subtracted — gives the published counts.
func TestPartitionTargetsBFS(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})} {
		sp := statespace.MustSpace(goal)
		want, err := table.Enumerate(context.Background(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		k := NewKernel(sp)
		x := sp.NewExpander()
		words := (k.PartitionSize() + 63) / 64
		visited := map[int][]uint64{}
		g := sp.Rank(goal)
		gp := k.PartitionOf(g)
		lo, _ := k.Range(gp)
		frontier := map[int][]uint64{gp: make([]uint64, words)}
		frontier[gp][(g-lo)/64] |= 1 << ((g - lo) % 64)
		visited[gp] = append([]uint64(nil), frontier[gp]...)
		var counts []uint64
		for len(frontier) > 0 {
			var n uint64
			merged := map[int][]uint64{}
			for p, bm := range frontier {
				for _, w := range bm {
					n += uint64(bits.OnesCount64(w))
				}
				for _, tg := range k.PartitionTargets(x, p, bm) {
					q, out := tg.Partition, tg.Bits(k.PartitionSize())
					if merged[q] == nil {
						merged[q] = make([]uint64, words)
					}
					for i, w := range out {
						merged[q][i] |= w
					}
				}
			}
			counts = append(counts, n)
			frontier = map[int][]uint64{}
			for q, bm := range merged {
				if visited[q] == nil {
					visited[q] = make([]uint64, words)
				}
				fresh := make([]uint64, words)
				any := false
				for i, w := range bm {
					fresh[i] = w &^ visited[q][i]
					visited[q][i] |= w
					any = any || fresh[i] != 0
				}
				if any {
					frontier[q] = fresh
				}
			}
		}
		if fmt.Sprint(counts) != fmt.Sprint(want.Counts()) {
			t.Errorf("%s: partition-bitmap BFS counts %v, want %v", sp.Shape(), counts, want.Counts())
		}
	}
}

// The estimate states the peak disk need, a checkpoint beside the one it
// replaces (120 MB for 12 cells, not the 60 MB of one checkpoint), and
// the figure is what two checkpoints really take.
func TestEstimateDisk(t *testing.T) {
	e := EstimateFor(statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})), 2)
	if !strings.Contains(e.String(), "120 MB of disk at the peak") || e.Disk < 2*e.Checkpoint || e.Disk < e.Checkpoint+e.Table {
		t.Errorf("3x4: %s (disk %d, checkpoint %d, table %d), want a peak of two checkpoints, 120 MB", e, e.Disk, e.Checkpoint, e.Table)
	}
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5}))
	path := filepath.Join(t.TempDir(), "search.checkpoint")
	interrupted(t, sp, path, 20)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := EstimateFor(sp, 2).Disk; got < 2*uint64(st.Size()) {
		t.Errorf("2x5: the peak estimate %d is less than two checkpoints of %d bytes", got, st.Size())
	}
	if got := checkpointSize(sp, 21); got != uint64(st.Size()) {
		t.Errorf("checkpointSize = %d, the file has %d bytes", got, st.Size())
	}
}
