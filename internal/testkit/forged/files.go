package forged

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Files are a partition's databases written to Dir by the codec (so
// their checksums are sound) with one entry of one database raised, two
// entries swapped (so its counts are sound), and a board that IDA* on
// them answers wrongly.
type Files struct {
	Dir       string
	Partition string // as -pdb takes it
	Goal      statespace.Board
	Board     statespace.Board
	Distance  int    // the board's distance: IDA* on the sound databases
	Wrong     int    // what IDA* on the forged ones answers
	File      string // the forged database's file
}

// Write builds partition's databases for goal, draws boards walk random
// moves from goal (seeded by seed) and raises each database's entry of
// the board until IDA* (package solver) answers it wrongly, and writes
// that forgery to dir. onPath chooses which forgery: one the wrong
// answer's own path shows (pdb.Additive.CheckPath fails on it), else one
// it does not (only a shorter path found by another search shows it).
func Write(t testing.TB, dir string, goal statespace.Board, partition string, walk int, seed uint64, onPath bool) Files {
	t.Helper()
	ctx := context.Background()
	part, err := pdb.ParsePartition(partition, goal)
	if err != nil {
		t.Fatal(err)
	}
	sound, err := pdb.BuildPartition(ctx, goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	solve := func(a *pdb.Additive, b statespace.Board) []statespace.Move {
		s, err := solver.New(a)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Solve(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		return r.Path
	}
	rng := fixture.NewRand(seed)
	for range 200 {
		b := statespace.Walk(rng, goal, walk, statespace.NoReverse)
		d := len(solve(sound, b))
		for k, p := range sound.PDBs() {
			for _, up := range []int{4, 8, 12} {
				f, _, ok := Raise(t, p, b, p.Distance(b)+up)
				if !ok {
					continue
				}
				forged := Replace(t, sound, k, f)
				path := solve(forged, b)
				if len(path) == d || (forged.CheckPath(b, path) != nil) != onPath {
					continue
				}
				files, err := store.NewCache(dir).WritePDBs(ctx, forged)
				if err != nil {
					t.Fatal(err)
				}
				return Files{Dir: dir, Partition: partition, Goal: goal, Board: b, Distance: d, Wrong: len(path), File: files[k]}
			}
		}
	}
	t.Fatalf("no forgery of %s for %s answers a board %d moves from the goal wrongly (on its path: %v)", partition, statespace.GoalName(goal), walk, onPath)
	return Files{}
}
