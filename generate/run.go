package generate

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

// Config is one run of builds, as `enumerate` asks for it: the tables of
// Goals, then the pattern databases of PDBs, all written into Dir.
type Config struct {
	Goals []statespace.Board
	PDBs  []PDBJob
	Dir   string
	// Encoding packs the tables Table builds (the smaller ones);
	// those of the 2-bit search are always mod4-bit. 0 means mod4-bit.
	Encoding tablefile.Encoding
	// Workers, Resume and CheckpointEvery tune the 2-bit searches;
	// Workers 0 means every core.
	Workers         int
	Resume          bool
	CheckpointEvery time.Duration
	// Memory is what a 2-bit search must fit in, in bytes; 0 means the
	// memory free here (twobit.AvailableMemory).
	Memory uint64
	// FreeSpace, when not nil, replaces twobit.DiskFree: the free disk
	// asked before each 2-bit search and before each partition's
	// databases (for tests: a disk that is full).
	FreeSpace func(dir string) (uint64, error)
}

// BigEstimate is what one 2-bit search of a plan is expected to take.
type BigEstimate struct {
	Goal     statespace.Board
	Estimate twobit.Estimate
	Workers  int
}

// Plan is a checked Config: every job can be built, and what the run
// takes is known before any file is written.
type Plan struct {
	cfg Config
	// Work is the progress total of the run: the states of every table
	// plus the placements of every pattern database.
	Work uint64
	// Estimates has one entry per 2-bit search, in build order.
	Estimates []BigEstimate
}

// NewPlan checks every job of cfg before any is built, so that a run
// refused refuses at once: a space too large for any table
// (*NoTableError), a 2-bit search that does not fit in memory
// (*twobit.TooBigError), a table encoding the 2-bit search does not write
// (*EncodingError), Resume with no 2-bit search to resume
// (*ResumeError), a pattern too large to build (*PatternTooLargeError).
func NewPlan(cfg Config) (*Plan, error) {
	if cfg.Encoding == 0 {
		cfg.Encoding = tablefile.EncodingMod4Bit
	}
	if cfg.Memory == 0 {
		cfg.Memory = twobit.AvailableMemory()
	}
	p := &Plan{cfg: cfg}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for _, g := range cfg.Goals {
		sp, err := statespace.NewSpace(g)
		if err != nil {
			return nil, err
		}
		if !sp.Counted() {
			return nil, &NoTableError{Goal: g}
		}
		if sp.Size() >= bigTableStates {
			est := twobit.EstimateFor(sp, workers)
			if err := est.Check(sp.Goal(), cfg.Memory); err != nil {
				return nil, err
			}
			if cfg.Encoding != tablefile.EncodingMod4Bit {
				return nil, &EncodingError{Shape: sp.Shape(), Encoding: cfg.Encoding}
			}
			p.Estimates = append(p.Estimates, BigEstimate{Goal: g, Estimate: est, Workers: workers})
		}
		p.Work += sp.Size()
	}
	// A resumed run goes on with a 2-bit search, or keeps the pattern
	// databases a -pdb build already wrote; a run of small tables has
	// nothing worth resuming.
	if cfg.Resume && len(p.Estimates) == 0 && (len(cfg.PDBs) == 0 || len(cfg.Goals) > 0) {
		e := &ResumeError{}
		for _, g := range cfg.Goals {
			e.Shapes = append(e.Shapes, g.Shape())
		}
		return nil, e
	}
	for _, j := range cfg.PDBs {
		if err := checkPatterns(j); err != nil {
			return nil, err
		}
		p.Work += pdbWork(j.Goal, j.Partition)
	}
	return p, nil
}

// checkPatterns refuses a pattern too large to build before any other is
// built.
func checkPatterns(j PDBJob) error {
	n := j.Goal.Cells()
	for _, pat := range j.Partition.Patterns {
		if states := pdb.Placements(n, len(pat)) * uint64(n-len(pat)); states > pdb.MaxAbstractStates {
			return &PatternTooLargeError{Tiles: pat, Shape: j.Goal.Shape(), States: states}
		}
	}
	return nil
}

// Report is a report on one build: a TableReport or a PDBReport.
type Report interface {
	WriteJSON(io.Writer) error
	WriteText(io.Writer) error
}

// Events is what a run tells as it goes; nil fields are not told.
type Events struct {
	// Progress receives the work done of Plan.Work.
	Progress Progress
	// Levels receives the per-level lines of the 2-bit searches.
	Levels io.Writer
	// Built receives each report once its files are written; an error
	// stops the run.
	Built func(Report) error
}

// Run builds the plan's tables, then its pattern databases, in order.
// Each 2-bit search, and each partition's databases, first checks the
// free disk it needs (a *twobit.NoSpaceError, a *PDBSpaceError). A
// 2-bit search that stops (interrupted, or failing) returns a
// *StoppedError naming its last checkpoint, which wraps the reason.
func (p *Plan) Run(ctx context.Context, ev Events) error {
	var done uint64
	advance := func(level int, d, _ uint64) {
		if ev.Progress != nil {
			ev.Progress(level, done+d, p.Work)
		}
	}
	built := func(r Report) error {
		if ev.Built == nil {
			return nil
		}
		return ev.Built(r)
	}
	for _, g := range p.cfg.Goals {
		r, err := p.table(ctx, g, advance, ev.Levels)
		if err != nil {
			return err
		}
		done += r.States
		if err := built(r); err != nil {
			return err
		}
	}
	for _, j := range p.cfg.PDBs {
		if err := roomForPDBs(j, p.cfg.Dir, p.cfg.Resume, p.cfg.FreeSpace); err != nil {
			return err
		}
		r, err := PDBs(ctx, j.Goal, j.Partition, p.cfg.Dir, p.cfg.Resume, advance)
		if err != nil {
			return err
		}
		done += pdbWork(j.Goal, j.Partition)
		if err := built(r); err != nil {
			return err
		}
	}
	return nil
}

// table builds goal's table: by the 2-bit search from bigTableStates on,
// else by Table.
func (p *Plan) table(ctx context.Context, g statespace.Board, progress Progress, levels io.Writer) (TableReport, error) {
	if statespace.MustSpace(g).Size() < bigTableStates {
		return Table(ctx, g, p.cfg.Dir, p.cfg.Encoding, progress)
	}
	return bigTable(ctx, g, p.cfg.Dir, bigOptions{Workers: p.cfg.Workers, Resume: p.cfg.Resume,
		CheckpointEvery: p.cfg.CheckpointEvery, Levels: levels, Progress: progress, FreeSpace: p.cfg.FreeSpace})
}

// stopped returns the error of a 2-bit search of goal as a *StoppedError,
// naming checkpoint when it exists.
func stopped(goal statespace.Board, checkpoint string, err error) error {
	se := &StoppedError{Goal: goal, Err: err}
	if _, serr := os.Stat(checkpoint); serr == nil {
		se.Checkpoint = checkpoint
	}
	return se
}

// NoTableError says a goal's space has more than 2^64 states: no table
// holds them, and pattern databases solve its boards instead.
type NoTableError struct{ Goal statespace.Board }

// Kind is errkind.Shape.
func (*NoTableError) Kind() errkind.Kind { return errkind.Shape }

func (e *NoTableError) Error() string {
	sh := e.Goal.Shape()
	return fmt.Sprintf("%s has %d!/2 states, more than 2^64: no table holds them", sh, sh.Cells())
}

// EncodingError says a table of the 2-bit search (12 cells and more) was
// asked for in an encoding other than the mod4-bit one it is written in.
type EncodingError struct {
	Shape    statespace.Shape
	Encoding tablefile.Encoding
}

// Kind is errkind.Value.
func (*EncodingError) Kind() errkind.Kind { return errkind.Value }

func (e *EncodingError) Error() string {
	return fmt.Sprintf("encoding %s: tables of 12 cells and more (%s) are stored in mod4-bit", e.Encoding, e.Shape)
}

// ResumeError says a resume was asked for in a run with no 2-bit search
// (12 cells and more) to resume: Shapes are the tables it builds, each in
// well under a second.
type ResumeError struct{ Shapes []statespace.Shape }

// Kind is errkind.Value.
func (*ResumeError) Kind() errkind.Kind { return errkind.Value }

func (e *ResumeError) Error() string {
	if len(e.Shapes) == 1 {
		return fmt.Sprintf("resuming continues the 2-bit search of 12 cells and more; %s takes well under a second", e.Shapes[0])
	}
	return "resuming continues the 2-bit search of 12 cells and more, or keeps what a pattern-database build wrote; this run has neither"
}

// PatternTooLargeError says a pattern's abstract space (placements times
// blank cells) exceeds pdb.MaxAbstractStates.
type PatternTooLargeError struct {
	Tiles  []int
	Shape  statespace.Shape
	States uint64
}

// Kind is errkind.Value.
func (*PatternTooLargeError) Kind() errkind.Kind { return errkind.Value }

func (e *PatternTooLargeError) Error() string {
	tiles := make([]string, len(e.Tiles))
	for i, t := range e.Tiles {
		tiles[i] = strconv.Itoa(t)
	}
	return fmt.Sprintf("pattern %s has %d tiles; its abstract space on %s (%s states) is larger than the %s tilespace builds: split it",
		strings.Join(tiles, ","), len(e.Tiles), e.Shape, textfmt.Commas(e.States), textfmt.Commas(uint64(pdb.MaxAbstractStates)))
}

// StoppedError says a 2-bit search of Goal stopped before its end (ctx
// was done, or the search failed: Err says why) and where its last
// checkpoint is ("" when none was written): the same build with Resume
// continues from it.
type StoppedError struct {
	Goal       statespace.Board
	Checkpoint string
	Err        error
}

func (e *StoppedError) Error() string { return e.Err.Error() }
func (e *StoppedError) Unwrap() error { return e.Err }
