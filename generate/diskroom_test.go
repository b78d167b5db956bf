package generate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// A run of tables and databases (what enumerate -all builds) asks for the
// databases' free disk before it builds them, as it does before a 2-bit
// search: on a disk without room it writes no database file and says
// what it needs and what is free.
func TestRunChecksDiskBeforeDatabases(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	job := PDBJob{Goal: goal, Partition: part}
	// 9!/5! placements of each 4-tile pattern, a byte each, and the slack.
	want := uint64(2*9*8*7*6 + 2*pdbFileSlack)
	dir := t.TempDir()
	if got := pdbDiskNeed(job, dir, false); got != want {
		t.Fatalf("pdbDiskNeed = %d, want %d", got, want)
	}
	small := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	free := want - 1
	cfg := Config{Goals: []statespace.Board{small}, PDBs: []PDBJob{job}, Dir: dir,
		FreeSpace: func(string) (uint64, error) { return free, nil }}
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	err = plan.Run(context.Background(), Events{})
	var full *PDBSpaceError
	if !errors.As(err, &full) || full.Need != want || full.Free != free || full.Dir != dir || full.Partition != part.Label() {
		t.Fatalf("databases on a full disk: %v (%+v), want a *PDBSpaceError needing %d with %d free", err, full, want, free)
	}
	for _, pat := range part.Patterns {
		if _, err := os.Stat(filepath.Join(dir, store.PDBFile(goal, pat).Name())); err == nil {
			t.Errorf("a database refused for want of disk was written: %v", pat)
		}
	}
	// With room, the same plan builds; resumed, the files kept need none.
	free = want
	if err := plan.Run(context.Background(), Events{}); err != nil {
		t.Fatal(err)
	}
	if got := pdbDiskNeed(job, dir, true); got != 0 {
		t.Errorf("pdbDiskNeed of a resumed build with every file there = %d, want 0", got)
	}
}
