package resolve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// A maximum of zero-aware databases is packed as it is read, said on the
// log, and answers with the unpacked databases' lengths and node counts;
// a file whose value lies below its placement's Manhattan distance (valid
// checksums and counts: only packing sees it) is reported damaged, named.
func TestMaximumPacked(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalFirst(sq4)
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7/8,9,10,11/12,13,14,15|1,2,5,6/3,4,7/8,9,12,13/10,11,14,15", goal)
	if err != nil {
		t.Fatal(err)
	}
	part.ZeroAware = true
	a, err := pdb.BuildPartition(ctx, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := make([]string, len(a.PDBs()))
	for i, p := range a.PDBs() {
		files[i] = filepath.Join(dir, store.ZeroAwarePDBFile(goal, p.Tiles()).Name())
		if _, err := store.WritePDB(ctx, files[i], p); err != nil {
			t.Fatal(err)
		}
	}
	plain := part
	plain.ZeroAware = false // the resolver takes the zero-aware files of the patterns asked for
	var log strings.Builder
	var reads []string
	progress := func(what string, done, total uint64) {
		reads = append(reads, fmt.Sprintf("%s %d/%d", what, done, total))
	}
	r, err := NewResolver(ctx, Config{PDBDir: dir, Partition: plain, Log: &log, Explain: explained, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := solver.New(a)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for range 4 {
		b := statespace.Walk(rng, goal, 30, statespace.NoReverse)
		got, err := r.Answer(ctx, goal, b, Want{Path: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Solve(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Search == nil || got.Distance != len(want.Path) || got.Search.Nodes != want.Nodes {
			t.Errorf("%s: packed %d moves, cost %+v; unpacked %d, %d expanded", b, got.Distance, got.Search, len(want.Path), want.Nodes)
		}
	}
	if !strings.Contains(log.String(), "packed in memory") {
		t.Errorf("log:\n%s", log.String())
	}
	// Each file read is reported, the last with done = total.
	if len(reads) != len(files) || reads[len(reads)-1] != "reading "+part.Label()+" 8/8" {
		t.Errorf("progress %q", reads)
	}

	// Built here (none in the cache), the databases are written as built
	// and packed after.
	var built strings.Builder
	rb, err := NewResolver(ctx, Config{Cache: store.NewCache(t.TempDir()), Partition: part, Log: &built, Explain: explained})
	if err != nil {
		t.Fatal(err)
	}
	defer rb.Close()
	b := statespace.Walk(rng, goal, 30, statespace.NoReverse)
	got, err := rb.Answer(ctx, goal, b, Want{Path: true})
	if want, serr := s.Solve(ctx, b); err != nil || serr != nil || got.Distance != len(want.Path) {
		t.Errorf("%s: built and packed: %+v, %v", b, got, err)
	}
	if w := built.String(); !strings.Contains(w, "built") || !strings.Contains(w, "packing") || !strings.Contains(w, "done in") {
		t.Errorf("log:\n%s", w)
	}

	// Forge the second database: an entry one below its value, which
	// keeps the counts' total and the goal's 0, so that the file's own
	// checks pass.
	p := a.PDBs()[1]
	values := slices.Clone(p.Values())
	i := slices.IndexFunc(values, func(v byte) bool { return v > 0 })
	values[i]--
	forged, err := pdb.FromValues(goal, p.Tiles(), values, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.WritePDB(ctx, files[1], forged); err != nil {
		t.Fatal(err)
	}
	r2, err := NewResolver(ctx, Config{PDBDir: dir, Partition: plain, Log: &log, Explain: explained})
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	_, err = r2.Answer(ctx, goal, statespace.Walk(rng, goal, 30, statespace.NoReverse), Want{})
	var de *store.PDBDamagedError
	var pe *pdb.PackError
	if !errors.As(err, &de) || de.Path != files[1] || !errors.As(err, &pe) || !pe.Damaged {
		t.Errorf("forged %s: %v", files[1], err)
	}
}
