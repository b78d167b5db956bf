package resolve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Names of heuristics in answers (Answer.Heuristic, the JSON key
// "heuristic"); pattern databases are named by heuristicName.
const (
	HeuristicTable          = "table"
	HeuristicLinearConflict = "manhattan+linear-conflict"
)

// defaultPartition is the preset built when a goal that has presets has
// no databases: the 15-puzzle's 6-6-3, a few seconds.
const defaultPartition = "6-6-3"

// autoBuildLimit bounds the databases a Resolver builds by itself when
// the partition asked for (Config.Partition) is missing: the abstract
// states of all its patterns, here enough for 6-6-3 (115 million) but not
// for 7-8 (4.7 billion, minutes and gigabytes), which enumerate builds.
const autoBuildLimit = 1 << 27

// heuristicName names additive pattern databases as answers do: "pdb"
// and the partition's tiles, with "+reflection" when lookups also take
// the board's mirror image, e.g. "pdb 1,2,3/4,5,6,7,8+reflection".
func heuristicName(a *pdb.Additive) string {
	kind := "pdb "
	if a.Partition().ZeroAware {
		kind = "zpdb " // zero-aware
	}
	s := kind + a.Partition().String()
	if a.Reflects() {
		s += "+reflection"
	}
	return s
}

// searchHeuristic is what boards too large for a table are searched with.
type searchHeuristic struct {
	H pdb.Heuristic // dbs, or Manhattan plus linear conflict
	// dbs are the additive pattern databases H is, when it is; nil for
	// linear conflict.
	dbs  *pdb.Additive
	Name string // as in Answer.Heuristic
	// Files are the pattern database files read or written; empty for
	// databases that could not be cached and for linear conflict.
	Files []string
	// Built says the databases were built by this Resolver (and said so).
	Built bool
}

// Progress receives the progress of a long build: what is being built,
// and done units of total. It is called from one goroutine at a time and
// last with done == total.
type Progress func(what string, done, total uint64)

type progressKey struct{}

// WithProgress returns ctx carrying p: what a call under ctx makes the
// Resolver read, build or pack for it reports to p instead of
// Config.Progress, so that callers running at once each see their own
// progress. A caller that waits for a resolution another call started
// sees none of its progress.
func WithProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// progress is the Progress of ctx (WithProgress), else Config.Progress.
func (r *Resolver) progress(ctx context.Context) Progress {
	if p, ok := ctx.Value(progressKey{}).(Progress); ok {
		return p
	}
	return r.cfg.Progress
}

type logKey struct{}

// WithLog returns ctx carrying w: the notes for people a call under ctx
// makes the Resolver write (databases being built, a table missing) go
// to w instead of Config.Log, as WithProgress does for progress.
func WithLog(ctx context.Context, w io.Writer) context.Context {
	return context.WithValue(ctx, logKey{}, w)
}

// log is the writer of ctx (WithLog), else Config.Log.
func (r *Resolver) log(ctx context.Context) io.Writer {
	if w, ok := ctx.Value(logKey{}).(io.Writer); ok {
		return w
	}
	return r.cfg.Log
}

// heuristic returns the heuristic boards of goal are searched with — the
// one place this is decided:
//
//  1. Config.Partition when set: its databases from Config.PDBDir, else
//     the cache folder, built when missing (if at most autoBuildLimit
//     abstract states; else an error naming the enumerate command);
//  2. else the strongest complete partition in Config.PDBDir, or else in
//     the cache folder (store.LoadBestPDBs: presets and custom ones);
//  3. else, for goals with presets (4x4 last and first), defaultPartition,
//     built; for the 5x5 goals last and first, whose sets take minutes,
//     a *NeedPDBsError naming the strongest set the machine holds
//     (Ladder, Climb);
//  4. else Manhattan distance plus linear conflict, said on Config.Log.
//
// Databases built are written to the cache folder; when that fails the
// Resolver warns on Config.Log and answers from what it built.
func (r *Resolver) heuristic(ctx context.Context, goal statespace.Board) (searchHeuristic, error) {
	if !isZero(r.cfg.Partition) {
		part, err := r.partitionFor(goal)
		if err != nil {
			return searchHeuristic{}, err
		}
		return r.partition(ctx, goal, part)
	}
	a, files, err := store.LoadBestPDBs(ctx, r.pdbDirs(), goal, r.loadProgress(ctx, goal))
	var nf *store.PDBNotFoundError
	var damaged *store.PDBDamagedError
	var looked string
	switch {
	case errors.As(err, &nf):
		looked = strings.Join(nf.Looked, ", ")
	case errors.As(err, &damaged):
		// As with a damaged small table: warn, then answer as if the
		// databases were missing.
		fmt.Fprintf(r.log(ctx), "warning: %s\n", r.cfg.explain(err))
		looked = damaged.Path + " (damaged)"
		if part, perr := pdb.Preset(defaultPartition, goal); perr == nil && part.Label() != damaged.Partition.Label() {
			return r.buildPDBs(ctx, goal, part, fmt.Sprintf("the best pattern databases for %s goal %s are damaged", goal.Shape(), statespace.GoalName(goal)))
		}
	case err != nil:
		return searchHeuristic{}, err
	default:
		return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Files: files}, nil
	}
	if damaged == nil {
		if part, err := pdb.Preset(defaultPartition, goal); err == nil {
			return r.buildPDBs(ctx, goal, part, fmt.Sprintf("no pattern databases for %s goal %s (looked in %s)", goal.Shape(), statespace.GoalName(goal), looked))
		}
	}
	if ladder := Ladder(goal); len(ladder) > 0 {
		// The 24-puzzle's databases take minutes and gigabytes to
		// build: never silently; name the strongest set this machine
		// holds, and how to build it.
		m, err := r.machineFor()
		if err != nil {
			return searchHeuristic{}, err
		}
		rung, diskLimited := Climb(ladder, m)
		return searchHeuristic{}, &NeedPDBsError{Goal: goal, Partition: rung.Partition, ZeroAware: rung.ZeroAware,
			Rung: rung, Machine: m, DiskLimited: diskLimited, Looked: []string{looked}}
	}
	fmt.Fprintf(r.log(ctx), "solving by IDA* on Manhattan distance plus linear conflict, which can take very long on hard boards: %s\n",
		r.cfg.explain(&store.PDBNotFoundError{Goal: goal, Looked: []string{looked}}))
	return searchHeuristic{H: pdb.NewLinearConflict(goal), Name: HeuristicLinearConflict}, nil
}

// isZero reports whether p is the zero Partition: the strongest
// databases found.
func isZero(p pdb.Partition) bool { return p.Name == "" && len(p.Patterns) == 0 }

// partitionFor returns Config.Partition for goal's boards: a preset named
// without patterns is taken for goal (pdb.Preset); patterns must fit
// goal's shape.
func (r *Resolver) partitionFor(goal statespace.Board) (pdb.Partition, error) {
	p := r.cfg.Partition
	if len(p.Patterns) == 0 {
		return pdb.Preset(p.Name, goal)
	}
	if err := p.Validate(goal.Shape()); err != nil {
		var pe *pdb.PartitionError
		if errors.As(err, &pe) && pe.Text == "" {
			pe.Text = p.String()
		}
		return pdb.Partition{}, err
	}
	return p, nil
}

// NeedPDBsError says a goal has no pattern databases and its presets
// (the 5x5's) are too large to build on the fly: it names the strongest
// rung of the Ladder that fits the Machine (Climb), and the commands name
// the one that builds it.
type NeedPDBsError struct {
	Goal      statespace.Board
	Partition string // the rung's preset
	ZeroAware bool   // the rung's databases are zero-aware
	Rung      Rung
	Machine   Machine
	// DiskLimited says the free disk, not the memory, kept a stronger
	// rung out.
	DiskLimited bool
	Looked      []string
}

// Kind is errkind.Missing.
func (*NeedPDBsError) Kind() errkind.Kind { return errkind.Missing }

func (e *NeedPDBsError) Error() string {
	sh, goal := e.Goal.Shape(), statespace.GoalName(e.Goal)
	return fmt.Sprintf("no pattern databases for %s goal %s (looked in %s)", sh, goal, strings.Join(e.Looked, ", "))
}

// partition returns part's databases from Config.PDBDir, else the cache
// folder, built when missing (if at most autoBuildLimit abstract states).
// Zero-aware databases of the same patterns, stronger, are taken when
// every one is there.
func (r *Resolver) partition(ctx context.Context, goal statespace.Board, part pdb.Partition) (searchHeuristic, error) {
	var nf *store.PDBNotFoundError
	if !part.ZeroAware {
		zero := part
		zero.ZeroAware = true
		a, files, err := store.LoadPartition(ctx, r.pdbDirs(), goal, zero, r.loadProgress(ctx, goal))
		if err == nil {
			return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Files: files}, nil
		}
		if !errors.As(err, &nf) {
			return searchHeuristic{}, err
		}
	}
	a, files, err := store.LoadPartition(ctx, r.pdbDirs(), goal, part, r.loadProgress(ctx, goal))
	if errors.As(err, &nf) {
		// The databases that are there are read all the same: a damaged
		// one is reported rather than silently built over.
		for _, pat := range part.Patterns {
			if path, ferr := store.FindPDB(r.pdbDirs(), goal, pat); ferr == nil && regular(path) {
				if _, rerr := store.ReadPDB(path, goal, pat); rerr != nil {
					return searchHeuristic{}, fmt.Errorf("%s: %w", path, rerr)
				}
			}
		}
		if states := abstractStates(goal, part); states > autoBuildLimit {
			return searchHeuristic{}, fmt.Errorf("%w; it is too large to build on the fly (%s abstract states)", err, textfmt.Commas(states))
		}
		return r.buildPDBs(ctx, goal, part, fmt.Sprintf("no pattern databases %s for %s goal %s (missing %s)",
			part.Label(), goal.Shape(), statespace.GoalName(goal), strings.Join(nf.Missing, ", ")))
	}
	if err != nil {
		return searchHeuristic{}, err
	}
	return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Files: files}, nil
}

// loadProgress reports the reading of a set of databases: a line on
// Config.Log before a large set held packed (minutes of reading before
// anything else is said), then each file on the progress of ctx (WithProgress), else Config.Progress.
func (r *Resolver) loadProgress(ctx context.Context, goal statespace.Board) store.LoadProgress {
	report := r.progress(ctx)
	return func(part pdb.Partition, done, total int) {
		if done == 0 {
			var entries uint64
			for _, pat := range part.Patterns {
				entries += pdb.Entries(goal.Cells(), len(pat), part.ZeroAware)
			}
			if part.HeldPacked() && entries >= 1e9 {
				fmt.Fprintf(r.log(ctx), "reading the %d zero-aware databases of %s (%.1f GB) and packing them (%.1f GB in memory): minutes from a cold disk\n",
					total, part.Label(), float64(entries)/1e9, float64(entries)/2e9)
			}
			return
		}
		if report != nil {
			report("reading "+part.Label(), uint64(done), uint64(total))
		}
	}
}

// regular reports whether path is a regular file (the databases missing
// are those without one).
func regular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// abstractStates is the size of the searches that build part's databases.
func abstractStates(goal statespace.Board, part pdb.Partition) uint64 {
	n := goal.Cells()
	var sum uint64
	for _, pat := range part.Patterns {
		sum += pdb.Placements(n, len(pat)) * uint64(n-len(pat))
	}
	return sum
}

// buildPDBs builds part's databases in memory, saying why (missing) and
// reporting progress, then writes them to the cache folder unless
// Config.ReadOnlyCache.
func (r *Resolver) buildPDBs(ctx context.Context, goal statespace.Board, part pdb.Partition, missing string) (searchHeuristic, error) {
	if r.cfg.ReadOnlyCache {
		fmt.Fprintf(r.log(ctx), "%s: building %s in memory (not written to the cache folder)\n", missing, part.Label())
	} else {
		fmt.Fprintf(r.log(ctx), "%s: building %s in memory (once; it is then cached)\n", missing, part.Label())
	}
	n := goal.Cells()
	var total uint64
	for _, pat := range part.Patterns {
		total += pdb.Placements(n, len(pat))
	}
	what := "building " + part.Label()
	report := r.progress(ctx)
	var progress func(pattern, depth int, done, total uint64)
	if report != nil {
		var before uint64
		pattern := 0
		progress = func(i, _ int, done, _ uint64) {
			for ; pattern < i; pattern++ {
				before += pdb.Placements(n, len(part.Patterns[pattern]))
			}
			report(what, before+done, total)
		}
	}
	start := time.Now()
	var a *pdb.Additive
	err := r.build(ctx, func() error {
		var err error
		a, err = pdb.BuildPartition(ctx, goal, part, progress)
		return err
	})
	if err != nil {
		return searchHeuristic{}, err
	}
	if report != nil {
		report(what, total, total)
	}
	if r.cfg.ReadOnlyCache {
		fmt.Fprintf(r.log(ctx), "built %s in %.1f s\n", part.Label(), time.Since(start).Seconds())
		return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Built: true}, nil
	}
	files, err := r.cfg.Cache.WritePDBs(ctx, a)
	if err != nil {
		fmt.Fprintf(r.log(ctx), "warning: built %s in %.1f s but could not cache it (%v); answering from the databases in memory, which the next run builds again\n",
			part.Label(), time.Since(start).Seconds(), err)
		return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Built: true}, nil
	}
	fmt.Fprintf(r.log(ctx), "built %s in %.1f s: %s\n", part.Label(), time.Since(start).Seconds(), strings.Join(files, ", "))
	return searchHeuristic{H: a, dbs: a, Name: heuristicName(a), Files: files, Built: true}, nil
}

// pdbDirs are the folders pattern databases are looked for in, in order:
// Config.PDBDir, then the cache folder.
func (r *Resolver) pdbDirs() []string {
	var dirs []string
	if r.cfg.PDBDir != "" {
		dirs = append(dirs, r.cfg.PDBDir)
	}
	if c := r.cfg.Cache; !c.IsZero() && c.Dir() != r.cfg.PDBDir {
		dirs = append(dirs, c.Dir())
	}
	return dirs
}

// searchOracle returns the oracle that solves boards of goal by search:
// the fast engine (package solver) on pattern databases, else the generic
// IDA* (search.IDAStar).
func (r *Resolver) searchOracle(ctx context.Context, goal statespace.Board) (Oracle, error) {
	h, err := r.heuristic(ctx, goal)
	if err != nil {
		return nil, err
	}
	if h, err = r.pack(ctx, h); err != nil {
		return nil, err
	}
	// Linear conflict and databases just built have been announced.
	if len(h.Files) > 0 && !h.Built {
		packed := ""
		if h.dbs != nil && h.dbs.Packed() {
			packed = ", packed in memory"
		}
		fmt.Fprintf(r.log(ctx), "%s goal %s: solving by IDA* on %s (%s%s)\n", goal.Shape(), statespace.GoalName(goal), h.Name, strings.Join(h.Files, ", "), packed)
	}
	if h.dbs != nil {
		s, err := solver.New(h.dbs)
		if err != nil {
			return nil, err
		}
		return newSolverOracle(s, h.Files), nil
	}
	return newSearchOracle(goal, h.H, h.Name), nil
}

// pack packs databases that are held packed (pdb.Partition.HeldPacked:
// the same values in half the memory; 6-6-6-6x4 holds 9.7 GB instead of
// 19.4) and were not packed as they were read (built here), saying so on
// Config.Log. A database whose values do not pack stays as it is; one
// whose values no database has is damaged.
func (r *Resolver) pack(ctx context.Context, h searchHeuristic) (searchHeuristic, error) {
	a := h.dbs
	if a == nil || a.Packed() || !a.Partition().HeldPacked() {
		return h, nil
	}
	var bytes uint64
	for _, p := range a.PDBs() {
		bytes += p.Entries()
	}
	what := "packing " + a.Partition().Label()
	fmt.Fprintf(r.log(ctx), "%s: %d databases, %.1f GB in memory instead of %.1f\n", what, len(a.PDBs()), float64(bytes)/2e9, float64(bytes)/1e9)
	start, done := time.Now(), 0
	report := r.progress(ctx)
	packed, err := a.Pack(ctx, func(int) {
		done++
		if report != nil {
			report(what, uint64(done), uint64(len(a.PDBs())))
		}
	})
	var pe *pdb.PackError
	switch {
	case errors.As(err, &pe) && pe.Damaged && pe.Database < len(h.Files):
		return searchHeuristic{}, &store.PDBDamagedError{Path: h.Files[pe.Database], Goal: a.Goal(), Partition: a.Partition(), Err: err}
	case errors.As(err, &pe):
		fmt.Fprintf(r.log(ctx), "warning: %s: %v; the databases stay unpacked\n", what, err)
		return h, nil
	case err != nil:
		return searchHeuristic{}, err
	}
	fmt.Fprintf(r.log(ctx), "%s: done in %.1f s\n", what, time.Since(start).Seconds())
	h.H, h.dbs = packed, packed
	return h, nil
}
