package bfs

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// Prism reports every job at INFO; a test prints only failures.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	os.Exit(m.Run())
}

var (
	sq       = statespace.Shape{Rows: 3, Cols: 3}
	corner3  = statespace.GoalLast(sq)
	centre3  = statespace.MustBoard(sq, 1, 2, 3, 4, 0, 5, 6, 7, 8)
	edge3    = statespace.MustBoard(sq, 1, 0, 2, 3, 4, 5, 6, 7, 8)
	last2x4  = statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	first2x4 = statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
)

// enumerated is the single-machine answer for goal: statespace's
// breadth-first search and the table file store writes from it.
type enumerated struct {
	counts    []uint64
	antipodes []statespace.Board
	file      []byte
}

func enumerate(t *testing.T, goal statespace.Board) enumerated {
	t.Helper()
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "enumerate.tbl")
	if _, err := store.WriteTable(context.Background(), path, tab, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return enumerated{counts: tab.Counts(), antipodes: tab.Antipodes(), file: file}
}

// check compares a complete run with the single-machine answer: counts,
// antipodes and the table file, byte for byte.
func check(t *testing.T, r *Result, want enumerated) {
	t.Helper()
	name := r.Space().Shape().String() + " goal " + statespace.GoalName(r.Space().Goal())
	if !r.Complete() {
		t.Fatalf("%s: the run is not complete", name)
	}
	if fmt.Sprint(r.Counts()) != fmt.Sprint(want.counts) {
		t.Errorf("%s: counts %v, enumerate %v", name, r.Counts(), want.counts)
	}
	anti, err := r.Antipodes(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(anti, want.antipodes) {
		t.Errorf("%s: antipodes %v, enumerate %v", name, anti, want.antipodes)
	}
	path := filepath.Join(t.TempDir(), "beam.tbl")
	if _, err := r.WriteTable(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, want.file) {
		t.Errorf("%s: the table file differs from enumerate's (%d bytes, %d)", name, len(file), len(want.file))
	}
	// And query's reader takes it.
	tab, err := store.ReadTable(context.Background(), path, r.Space().Goal())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if tab.Radius() != r.Radius() {
		t.Errorf("%s: the file reads back with radius %d, want %d", name, tab.Radius(), r.Radius())
	}
}

func run(t *testing.T, goal statespace.Board, work string, levels int) *Result {
	t.Helper()
	r, err := Run(context.Background(), goal, Options{Work: work, Levels: levels})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The published distributions (data/reference): the 8-puzzle with the
// blank in the corner, the centre and on an edge, and 2x4; with the
// antipodes and the table file equal to enumerate's.
func TestPublishedDistributions(t *testing.T) {
	for _, c := range []struct {
		shape, blank string
		goal         statespace.Board
	}{
		{"3x3", "corner", corner3},
		{"3x3", "centre", centre3},
		{"3x3", "edge", edge3},
		{"2x4", "corner", last2x4},
	} {
		ref, ok := reference.FindDistribution(c.shape, c.blank)
		if !ok {
			t.Fatalf("no published distribution for %s %s", c.shape, c.blank)
		}
		r := run(t, c.goal, t.TempDir(), 0)
		if fmt.Sprint(r.Counts()) != fmt.Sprint(ref.Counts) || r.Radius() != ref.Radius {
			t.Errorf("%s %s: counts %v (radius %d), published %v (radius %d, %s)", c.shape, c.blank, r.Counts(), r.Radius(), ref.Counts, ref.Radius, ref.OEIS)
		}
		check(t, r, enumerate(t, c.goal))
	}
}

// 2x3's partitions (one per blank cell, 60 boards) do not start on whole
// bytes of the table's payload.
func TestUnalignedPartitions(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	check(t, run(t, goal, t.TempDir(), 0), enumerate(t, goal))
}

func Test2x5Long(t *testing.T) {
	longtest.Skip(t, "2x5 on Prism (56 pipelines per goal)")
	ref, _ := reference.FindDistribution("2x5", "corner")
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5})} {
		r := run(t, goal, t.TempDir(), 0)
		if fmt.Sprint(r.Counts()) != fmt.Sprint(ref.Counts) {
			t.Errorf("2x5 goal %s: counts %v, published %v", statespace.GoalName(goal), r.Counts(), ref.Counts)
		}
		check(t, r, enumerate(t, goal))
	}
}

// A run stopped in the middle of a level (some of its files written, one
// of them half, no index) and resumed gives what an uninterrupted run
// gives, and does not run the finished levels again.
func TestResumeEqualsUninterrupted(t *testing.T) {
	want := enumerate(t, first2x4)
	whole := run(t, first2x4, t.TempDir(), 0)
	check(t, whole, want)

	work := t.TempDir()
	part := run(t, first2x4, work, 13)
	if part.Complete() || len(part.Levels()) != 14 {
		t.Fatalf("a run of 13 levels has %d levels, complete %v", len(part.Levels()), part.Complete())
	}
	// Level 13 dies half-way: its index (the commit) is gone and one of its
	// state files is cut short.
	if err := os.Remove(indexPath(work, 13)); err != nil {
		t.Fatal(err)
	}
	states, err := filepath.Glob(filepath.Join(levelDir(work, 13), "state", "p-*"))
	if err != nil || len(states) == 0 {
		t.Fatalf("no state files at level 13: %v", err)
	}
	data, err := os.ReadFile(states[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(states[0], data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}

	// And a write it stopped left its temporary file.
	stale := filepath.Join(levelDir(work, 13), "frontier", "p-00000003.tmp-12-ab")
	if err := os.WriteFile(stale, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}

	resumed := run(t, first2x4, work, 0)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there: %v", err)
	}
	for _, l := range resumed.Levels() {
		if l.Resumed != (l.Depth <= 12) {
			t.Errorf("level %d: resumed %v", l.Depth, l.Resumed)
		}
	}
	if fmt.Sprint(resumed.Counts()) != fmt.Sprint(whole.Counts()) {
		t.Errorf("resumed counts %v, uninterrupted %v", resumed.Counts(), whole.Counts())
	}
	check(t, resumed, want)
	// The shuffle moved the same bytes.
	for i, l := range resumed.Levels() {
		if l.Depth > 13 && l.Shuffled != whole.Levels()[i].Shuffled {
			t.Errorf("level %d: %d bytes shuffled resumed, %d uninterrupted", l.Depth, l.Shuffled, whole.Levels()[i].Shuffled)
		}
	}
}

// A damaged bitmap of a finished level is refused, naming the file.
func TestDamagedWorkRefused(t *testing.T) {
	work := t.TempDir()
	run(t, last2x4, work, 6)
	states, _ := filepath.Glob(filepath.Join(levelDir(work, 5), "state", "p-*"))
	if len(states) == 0 {
		t.Fatal("no state files at level 5")
	}
	data, err := os.ReadFile(states[0])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x10
	if err := os.WriteFile(states[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), last2x4, Options{Work: work})
	if err == nil || !strings.Contains(err.Error(), filepath.Base(states[0])) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a damaged state file: error %v, want one naming %s and its checksum", err, states[0])
	}

	// A working folder of another search is refused before any work.
	_, err = Run(context.Background(), first2x4, Options{Work: work})
	if err == nil || !strings.Contains(err.Error(), "another working folder") {
		t.Errorf("another goal's working folder: error %v", err)
	}
	// So is a damaged index.
	idx := indexPath(work, 3)
	data, _ = os.ReadFile(idx)
	data[len(data)-1] ^= 1
	os.WriteFile(idx, data, 0o644)
	_, err = Run(context.Background(), last2x4, Options{Work: work})
	if err == nil || !strings.Contains(err.Error(), "level-0003/index") {
		t.Errorf("a damaged index: error %v", err)
	}
}

// A finished run keeps only what a resumption or the table reads (the
// states the last two indexes name and the frontiers of the last levels)
// and the states the last pipeline replaced, which no later one deletes.
func TestCleanupKeepsOnlyWhatIsRead(t *testing.T) {
	work := t.TempDir()
	r := run(t, edge3, work, 0)
	last := len(r.Levels()) - 1
	named := map[string]bool{}
	namedLevel := map[int]int{}
	for _, d := range []int{last - 1, last} {
		recs, err := readIndex(context.Background(), work, d, r.k.Partitions(), r.k.PartitionSize())
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			named[statePath(work, rec.StateLevel, rec.Partition)] = true
			namedLevel[rec.Partition] = rec.StateLevel
		}
	}
	states, _ := filepath.Glob(filepath.Join(work, "level-*", "state", "p-*"))
	for _, f := range states {
		var d, p int
		if _, err := fmt.Sscanf(strings.TrimPrefix(f, work), "/level-%04d/state/p-%08d", &d, &p); err != nil {
			t.Fatal(err)
		}
		if !named[f] && (namedLevel[p] != last-1 || d >= last-1) {
			t.Errorf("%s is left, and no index names it", f)
		}
		delete(named, f)
	}
	for f := range named {
		t.Errorf("%s is named by an index and gone", f)
	}
	frontiers, _ := filepath.Glob(filepath.Join(work, "level-*", "frontier", "p-*"))
	for _, f := range frontiers {
		var d, p int
		if _, err := fmt.Sscanf(strings.TrimPrefix(f, work), "/level-%04d/frontier/p-%08d", &d, &p); err != nil || d < last-3 {
			t.Errorf("%s is left (level %d, the last %d)", f, d, last)
		}
	}
	if len(frontiers) == 0 {
		t.Error("no frontier left: the antipodes cannot be read")
	}
}

// Every level's count is checked against the published distribution as
// it is known: a working folder whose level 4 holds a board too few is
// refused, naming the level and the sequence; a goal with no published
// distribution is not checked.
func TestCountsCheckedAgainstPublished(t *testing.T) {
	if ref := Published(last2x4); ref == nil || ref.OEIS != "A090035" {
		t.Fatalf("2x4's published distribution: %+v", ref)
	}
	if ref := Published(edge3); ref == nil || ref.OEIS != "A089483" {
		t.Fatalf("3x3 edge's published distribution: %+v", ref)
	}
	mid := statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 4}, 1, 0, 2, 3, 4, 5, 6, 7)
	if ref := Published(mid); ref != nil {
		t.Errorf("2x4 with the blank on an edge: %+v, want none", ref)
	}
	work := t.TempDir()
	run(t, last2x4, work, 6)
	k, _ := spaceOf(last2x4).kernel()
	recs, err := readIndex(context.Background(), work, 4, k.Partitions(), k.PartitionSize())
	if err != nil {
		t.Fatal(err)
	}
	recs[0].New--
	if err := os.WriteFile(indexPath(work, 4), encodeIndex(4, recs), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), last2x4, Options{Work: work})
	if err == nil || !strings.Contains(err.Error(), "level 4 has ") || !strings.Contains(err.Error(), "OEIS A090035") {
		t.Errorf("a level with a board too few: error %v", err)
	}
}
