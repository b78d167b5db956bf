package generate

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
)

// The 8-puzzle's states at each distance from the goal 1,2,3,4,5,6,7,8,0
// (OEIS A089473; data/reference/distributions.tsv).
var eightPuzzleCounts = func() []uint64 {
	d, _ := reference.FindDistribution("3x3", "corner")
	return d.Counts
}()

// TestPDBsWholePattern builds the database of all eight tiles of the
// 8-puzzle, which is the exact distance table, and checks the report
// against the published distribution: the reachable half of the 9!
// placements at each distance, the unreachable half stored as 0.
func TestPDBsWholePattern(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4,5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	r, err := PDBs(context.Background(), goal, part, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Patterns) != 1 {
		t.Fatalf("%d patterns", len(r.Patterns))
	}
	p := r.Patterns[0]
	want := slices.Clone(eightPuzzleCounts)
	want[0] += 181440 // the unreachable placements
	if p.Entries != 362880 || p.Max != 31 || !slices.Equal(p.Counts, want) {
		t.Errorf("entries %d, max %d, counts %v; want 362880, 31, %v", p.Entries, p.Max, p.Counts, want)
	}
	if !r.Reflection || r.Shape != "3x3" || r.Partition != "1,2,3,4,5,6,7,8" {
		t.Errorf("report %+v", r)
	}
	st, err := os.Stat(p.File)
	if err != nil || st.Size() != p.Bytes || r.Bytes != p.Bytes {
		t.Errorf("file %s: %v, %d bytes, report says %d", p.File, err, st.Size(), p.Bytes)
	}
}

// TestPDBsReport builds a 3x3 partition into a folder and checks that the
// files hold what the report says and read back as the databases built.
func TestPDBsReport(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3})
	part, _ := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	r, err := PDBs(context.Background(), goal, part, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	built, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(store.EnvCache, t.TempDir())
	read, files, err := store.LoadPartition(context.Background(), []string{dir}, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, pr := range r.Patterns {
		if files[i] != pr.File {
			t.Errorf("pattern %d: file %s, report says %s", i, files[i], pr.File)
		}
		p := read.PDBs()[i]
		if !slices.Equal(p.Counts(), pr.Counts) || p.Max() != pr.Max || p.Entries() != pr.Entries || !slices.Equal(p.Tiles(), pr.Tiles) {
			t.Errorf("pattern %d: file and report differ", i)
		}
		if !slices.Equal(p.Values(), built.PDBs()[i].Values()) {
			t.Errorf("pattern %d: file and a fresh build differ", i)
		}
		var sum uint64
		for _, c := range pr.Counts {
			sum += c
		}
		if sum != pr.Entries || pr.Entries != 3024 {
			t.Errorf("pattern %d: counts sum to %d of %d entries (9·8·7·6 = 3024)", i, sum, pr.Entries)
		}
	}

	var text, js bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3x3 puzzle, goal first, pattern databases 1,2,3,4/5,6,7,8:", "reflection about the main diagonal: yes",
		"placements at each value:", "wrote " + r.Patterns[1].File} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"shape", "goal", "partition", "patterns", "reflection", "bytes", "seconds"} {
		if _, ok := back[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, js.String())
		}
	}
	if got := pdbWork(goal, part); got != 2*3024 {
		t.Errorf("pdbWork = %v", got)
	}
}

func TestPDBsCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	part, _ := pdb.Preset("5-5-5", goal)
	if _, err := PDBs(ctx, goal, part, dir, false, nil); err != context.Canceled {
		t.Errorf("canceled build: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a canceled build left %d files", len(entries))
	}
}

func TestDefaultPDBs(t *testing.T) {
	jobs := DefaultPDBs()
	if len(jobs) != 1 || statespace.GoalName(jobs[0].Goal) != "last" || jobs[0].Partition.Name != "6-6-3" {
		t.Errorf("DefaultPDBs = %+v", jobs)
	}
}

// TestProgress checks that builds report their progress through the
// callback: never backwards, never past the total, ending at it, with the
// level being searched.
func TestProgress(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, _ := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	check := func(what string, want uint64) (Progress, func()) {
		var last, calls uint64
		lastLevel := 0
		return func(level int, done, total uint64) {
				calls++
				if total != want || done < last || done > total {
					t.Errorf("%s: progress %d of %d after %d (want a total of %d)", what, done, total, last, want)
				}
				// Levels rise within a build (a partition's next pattern
				// starts again from 0); the 8-puzzle's go up to 31.
				if level < 0 || level > 31 || what == "Table" && level < lastLevel {
					t.Errorf("%s: level %d after %d", what, level, lastLevel)
				}
				last, lastLevel = done, level
			}, func() {
				if calls == 0 || last != want {
					t.Errorf("%s: %d calls, ended at %d of %d", what, calls, last, want)
				}
				if lastLevel < 10 {
					t.Errorf("%s: the levels told ended at %d", what, lastLevel)
				}
			}
	}
	pr, end := check("PDBs", pdbWork(goal, part))
	if _, err := PDBs(context.Background(), goal, part, t.TempDir(), false, pr); err != nil {
		t.Fatal(err)
	}
	end()
	pr, end = check("Table", 181440)
	if _, err := Table(context.Background(), goal, t.TempDir(), tablefile.EncodingMod4Bit, pr); err != nil {
		t.Fatal(err)
	}
	end()
}

// TestPDBsResume builds zero-aware databases, damages one file and
// removes another, and checks that a resumed build keeps the intact file
// (untouched), rebuilds the other two, and leaves databases equal to a
// fresh build's.
func TestPDBsResume(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3/4,5,6/7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	part.ZeroAware = true
	first, err := PDBs(context.Background(), goal, part, dir, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range first.Patterns {
		want := store.ZeroAwarePDBFile(goal, p.Tiles).Name()
		if !strings.HasSuffix(p.File, "/"+want) || p.Kept {
			t.Fatalf("pattern %d: file %s (kept %v), want %s", i, p.File, p.Kept, want)
		}
	}
	keptInfo, err := os.Stat(first.Patterns[0].File)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(first.Patterns[1].File)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(first.Patterns[1].File, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(first.Patterns[2].File); err != nil {
		t.Fatal(err)
	}
	again, err := PDBs(context.Background(), goal, part, dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range again.Patterns {
		if p.Kept != (i == 0) {
			t.Errorf("pattern %d: kept %v", i, p.Kept)
		}
		if !slices.Equal(p.Counts, first.Patterns[i].Counts) || p.Entries != first.Patterns[i].Entries {
			t.Errorf("pattern %d: counts %v, first build %v", i, p.Counts, first.Patterns[i].Counts)
		}
	}
	if st, err := os.Stat(first.Patterns[0].File); err != nil || !st.ModTime().Equal(keptInfo.ModTime()) {
		t.Errorf("the intact file was written again: %v", err)
	}
	got, _, err := store.LoadPartition(context.Background(), []string{dir}, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range got.PDBs() {
		if !p.ZeroAware() || !slices.Equal(p.Values(), fresh.PDBs()[i].Values()) {
			t.Errorf("pattern %d: not the fresh build's zero-aware database", i)
		}
	}
}
