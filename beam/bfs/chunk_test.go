package bfs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// chunkLimit splits 2x4's levels of more than 300 new boards (of 20,160 in
// 8 partitions) into chunks.
const chunkLimit = 300

// A search whose levels run in chunks finds what the single-machine
// search finds (counts, antipodes, the table file byte for byte), and
// every level's partitions and new boards equal those of levels run
// whole.
func TestChunkedEqualsWhole(t *testing.T) {
	want := enumerate(t, first2x4)
	whole := run(t, first2x4, t.TempDir(), 0)
	chunked, err := Run(context.Background(), first2x4, Options{Work: t.TempDir(), ChunkStates: chunkLimit})
	if err != nil {
		t.Fatal(err)
	}
	check(t, chunked, want)
	split := 0
	for i, l := range chunked.Levels() {
		w := whole.Levels()[i]
		if l.States != w.States || l.Partitions != w.Partitions || l.Frontier != w.Frontier {
			t.Errorf("level %d chunked: %d states, %d partitions, %d touched; whole: %d, %d, %d",
				l.Depth, l.States, l.Partitions, l.Frontier, w.States, w.Partitions, w.Frontier)
		}
		if l.Depth > 0 && w.Chunks != 1 {
			t.Errorf("level %d of a whole run: %d chunks", l.Depth, w.Chunks)
		}
		if i > 0 && chunked.Levels()[i-1].States > chunkLimit {
			if l.Chunks < 2 {
				t.Errorf("level %d expands %d boards in %d chunk(s), with at most %d a chunk", l.Depth, chunked.Levels()[i-1].States, l.Chunks, chunkLimit)
			}
			split++
		}
	}
	if split == 0 {
		t.Fatal("no level was split: the test tests nothing")
	}
}

// A chunk that stopped half-way (some partitions' files written, some
// with only the frontier written, some not at all) is rerun by the
// resumption, which ends where an uninterrupted run ends.
func TestChunkRerunAfterCrash(t *testing.T) {
	ctx := context.Background()
	want := enumerate(t, first2x4)
	for _, seed := range []uint64{1, 2, 3, 4} {
		work := t.TempDir()
		// Find a level of at least three chunks.
		r, err := Run(ctx, first2x4, Options{Work: work, Levels: 1, ChunkStates: chunkLimit})
		if err != nil {
			t.Fatal(err)
		}
		d := -1
		for l := 1; d < 0; l++ {
			r, err = Run(ctx, first2x4, Options{Work: work, Levels: l, ChunkStates: chunkLimit})
			if err != nil {
				t.Fatal(err)
			}
			if r.Complete() {
				t.Fatal("no level of three chunks")
			}
			if last := r.Levels()[l]; last.States > 2*chunkLimit+chunkLimit/2 {
				d = l
			}
		}
		bounds, err := r.planChunks(ctx, d, chunkLimit)
		if err != nil || len(bounds) < 4 {
			t.Fatalf("level %d: bounds %v, %v", d+1, bounds, err)
		}
		sp := spaceOf(first2x4)
		runChunk := func(c int) {
			ch := chunk{Index: c, From: bounds[c], To: bounds[c+1], Last: c == len(bounds)-2}
			if _, err := beam.Run(ctx, "prism", levelPipeline(sp, work, d, ch)); err != nil {
				t.Fatalf("chunk %d: %v", c, err)
			}
		}
		// Chunk c stopped before its index: each partition's files are as
		// chunk c left them, as the chunk before left them, or with chunk
		// c's frontier and the state before (the frontier is written
		// first). The middle chunk and the last one (which writes the
		// level's index) stop.
		c := 1
		if seed%2 == 0 {
			c = len(bounds) - 2
		}
		for i := range c {
			runChunk(i)
		}
		before := snapshot(t, levelDir(work, d+1))
		runChunk(c)
		done := chunkIndexPath(work, d+1, c)
		if c == len(bounds)-2 {
			done = indexPath(work, d+1)
		}
		if err := os.Remove(done); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		after := snapshot(t, levelDir(work, d+1))
		for rel := range after {
			dir, name := filepath.Split(rel)
			if dir != "state/" {
				continue
			}
			switch rng.IntN(3) {
			case 0: // written whole
			case 1: // not written: both files as before
				restore(t, levelDir(work, d+1), "state/"+name, before)
				restore(t, levelDir(work, d+1), "frontier/"+name, before)
			case 2: // the frontier only
				restore(t, levelDir(work, d+1), "state/"+name, before)
			}
		}
		resumed, err := Run(ctx, first2x4, Options{Work: work, ChunkStates: chunkLimit})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		check(t, resumed, want)
	}
}

// snapshot returns the files under dir, by their path relative to it.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// restore puts back a file as it was in a snapshot, or removes it if the
// snapshot did not hold it.
func restore(t *testing.T, dir, rel string, snap map[string][]byte) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	data, ok := snap[rel]
	var err error
	if ok {
		err = os.WriteFile(path, data, 0o644)
	} else {
		err = os.Remove(path)
		if os.IsNotExist(err) {
			err = nil
		}
	}
	if err != nil {
		t.Fatal(fmt.Errorf("restore %s: %w", rel, err))
	}
}
