package generate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

// plenty is a memory bound every 12-cell search fits in, so that the
// checks below do not depend on the machine.
const plenty = 1 << 40

// NewPlan refuses, before anything is built, each job that cannot be
// built, with a typed error carrying the facts.
func TestNewPlanRefuses(t *testing.T) {
	sh := func(r, c int) statespace.Shape { return statespace.Shape{Rows: r, Cols: c} }
	last := func(r, c int) statespace.Board { return statespace.GoalLast(sh(r, c)) }
	dir := t.TempDir()

	_, err := NewPlan(Config{Goals: []statespace.Board{last(2, 3), last(5, 5)}, Dir: dir})
	var noTable *NoTableError
	if !errors.As(err, &noTable) || noTable.Goal != last(5, 5) {
		t.Errorf("5x5: %v", err)
	}
	_, err = NewPlan(Config{Goals: []statespace.Board{last(3, 4)}, Dir: dir, Memory: 1 << 20})
	var tooBig *twobit.TooBigError
	if !errors.As(err, &tooBig) || tooBig.Shape != sh(3, 4) || tooBig.Available != 1<<20 {
		t.Errorf("3x4 in 1 MiB: %v", err)
	}
	_, err = NewPlan(Config{Goals: []statespace.Board{last(3, 4)}, Dir: dir, Memory: plenty, Encoding: tablefile.EncodingBytes})
	var enc *EncodingError
	if !errors.As(err, &enc) || enc.Shape != sh(3, 4) || enc.Encoding != tablefile.EncodingBytes {
		t.Errorf("3x4 in bytes: %v", err)
	}
	_, err = NewPlan(Config{Goals: []statespace.Board{last(2, 3), last(2, 4)}, Dir: dir, Resume: true})
	var resume *ResumeError
	if !errors.As(err, &resume) || len(resume.Shapes) != 2 || resume.Shapes[1] != sh(2, 4) {
		t.Errorf("resume without a 2-bit search: %v", err)
	}
	goal := last(4, 4)
	part, err := pdb.ParsePartition("1,2,3/4,5,6,7,8,9,10,11,12,13,14,15", goal)
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewPlan(Config{PDBs: []PDBJob{{Goal: goal, Partition: part}}, Dir: dir})
	var pattern *PatternTooLargeError
	if !errors.As(err, &pattern) || len(pattern.Tiles) != 12 || pattern.States <= pdb.MaxAbstractStates {
		t.Errorf("a 12-tile pattern: %v", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a refused plan wrote %d files", len(files))
	}
}

// A plan's work is every table's states plus every database's
// placements; Run builds them in order, reports each, and its progress
// ends at that work.
func TestPlanRun(t *testing.T) {
	dir := t.TempDir()
	g23 := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	g33 := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", g33)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(Config{Goals: []statespace.Board{g23}, PDBs: []PDBJob{{Goal: g33, Partition: part}}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// 6!/2 = 360 boards; 9!/5! = 3,024 placements of 4 tiles, twice.
	if p.Work != 360+2*3024 || len(p.Estimates) != 0 {
		t.Fatalf("work %d, estimates %v", p.Work, p.Estimates)
	}
	var reports []Report
	var last, total uint64
	err = p.Run(context.Background(), Events{
		Progress: func(_ int, done, of uint64) { last, total = done, of },
		Built:    func(r Report) error { reports = append(reports, r); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || last != p.Work || total != p.Work {
		t.Fatalf("%d reports, progress %d of %d", len(reports), last, total)
	}
	if tr, ok := reports[0].(TableReport); !ok || tr.States != 360 || filepath.Dir(tr.File) != dir {
		t.Errorf("first report %+v", reports[0])
	}
	if pr, ok := reports[1].(PDBReport); !ok || len(pr.Patterns) != 2 {
		t.Errorf("second report %+v", reports[1])
	}
	// An error from Built stops the run.
	stop := errors.New("stop")
	n := 0
	if err := p.Run(context.Background(), Events{Built: func(Report) error { n++; return stop }}); err != stop || n != 1 {
		t.Errorf("Built's error: %v after %d reports", err, n)
	}
}

// An interrupted 2-bit search returns a *StoppedError that is still the
// context's error.
func TestPlanInterrupted(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	p, err := NewPlan(Config{Goals: []statespace.Board{goal}, Dir: t.TempDir(), Memory: plenty, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Estimates) != 1 || p.Estimates[0].Goal != goal || p.Estimates[0].Workers != 1 {
		t.Fatalf("estimates %+v", p.Estimates)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = p.Run(ctx, Events{})
	var ie *StoppedError
	if !errors.As(err, &ie) || ie.Goal != goal || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// stopped names the checkpoint only when it exists, and keeps the reason.
func TestStoppedNamesCheckpoint(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	cp := filepath.Join(t.TempDir(), "3x4-last.checkpoint")
	var se *StoppedError
	if err := stopped(goal, cp, context.Canceled); !errors.As(err, &se) || se.Checkpoint != "" || se.Goal != goal {
		t.Errorf("no checkpoint yet: %v", err)
	}
	if err := os.WriteFile(cp, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := stopped(goal, cp, context.Canceled); !errors.As(err, &se) || se.Checkpoint != cp || !errors.Is(err, context.Canceled) {
		t.Errorf("with a checkpoint: %v", err)
	}
}
