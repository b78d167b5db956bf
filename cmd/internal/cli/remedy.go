package cli

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/tilespace/tilespace/cmd/cmdline"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/exitstatus"
	"github.com/tilespace/tilespace/internal/machine"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/twobit"
)

// The packages below the commands return errors that carry facts (what
// is missing or damaged: kind, shape, goal, partition, path, size); this
// file is the one place that turns them into the command that fixes them.
// Report writes it after the error, and cmd/query hands Explain to the
// packages that phrase errors for people themselves (the resolver's log,
// the page).

// Explain returns err's message for people followed by its remedy (see
// Remedy), or err's message alone when there is none.
func Explain(err error) string {
	if r := Remedy(err); r != "" {
		return err.Error() + "; " + r
	}
	return err.Error()
}

// Door is what the commands do with an error of one kind: the exit
// status and the remedy, the command that fixes it ("" when none).
type Door struct {
	Status int
	Remedy func(error) string
}

// Doors is the commands' table of error kinds (errkind.Of): every
// kind ends in status 1 but Canceled, 130 (Ctrl-C); what fixes it is
// found among the typed errors of that kind alone. A usage error (2) is
// no kind of error the packages below return: Status says it first.
var Doors = map[errkind.Kind]Door{
	errkind.None:       {exitstatus.Failed, noRemedy},
	errkind.Board:      {exitstatus.Failed, noRemedy},
	errkind.Unsolvable: {exitstatus.Failed, noRemedy},
	errkind.Goal:       {exitstatus.Failed, noRemedy},
	errkind.Shape:      {exitstatus.Failed, shapeRemedy},
	errkind.Missing:    {exitstatus.Failed, missingRemedy},
	errkind.Damaged:    {exitstatus.Failed, damagedRemedy},
	errkind.Limit:      {exitstatus.Failed, limitRemedy},
	errkind.Value:      {exitstatus.Failed, valueRemedy},
	errkind.Canceled:   {exitstatus.Interrupted, interruptedRemedy},
}

// Status is the exit status of err: 0 for none (or -h), 2 for a usage
// error, else its kind's (Doors).
func Status(err error) int {
	var usage UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitstatus.OK
	case errors.As(err, &usage):
		return exitstatus.Usage
	}
	return Doors[errkind.Of(err)].Status
}

// Remedy returns what fixes err, for people: the command that builds or
// rebuilds a missing or damaged table or pattern database, or the way to
// run a search too large for this machine; "" when err has none. It is
// the remedy of err's kind (Doors).
func Remedy(err error) string {
	if err == nil {
		return ""
	}
	return Doors[errkind.Of(err)].Remedy(err)
}

func noRemedy(error) string { return "" }

// interruptedRemedy names where a resumable search's checkpoint went.
func interruptedRemedy(err error) string {
	var stopped *resolve.InterruptedError
	if errors.As(err, &stopped) {
		return "the checkpoint is " + stopped.Checkpoint + ": run the same command with -resume to go on"
	}
	return ""
}

// limitRemedy: a search stopped by its time limit with a checkpoint, or
// a breadth-first search too large for this machine's memory.
func limitRemedy(err error) string {
	var tooBig *twobit.TooBigError
	if errors.As(err, &tooBig) {
		goal := tooBig.Goal
		if goal.IsZero() {
			goal = statespace.GoalLast(tooBig.Shape)
		}
		return fmt.Sprintf("it takes a cluster: run the same search as Apache Beam pipelines from the beam folder, first as a dry run (cd beam && go run ./cmd/beam-enumerate -shape %s -levels 20), then on a runner (-runner dataflow|flink|spark; docs/DISTRIBUTED.md); pattern databases solve it instead: %s",
			tooBig.Shape, PDBCommand(goal, pdb.Suggest(goal).Label(), false, ""))
	}
	return interruptedRemedy(err)
}

// shapeRemedy: a space no table holds is solved by pattern databases.
func shapeRemedy(err error) string {
	var noTable *generate.NoTableError
	if errors.As(err, &noTable) {
		return "pattern databases solve it instead: " + PDBCommand(noTable.Goal, pdb.Suggest(noTable.Goal).Label(), false, "")
	}
	return ""
}

// valueRemedy: a checkpoint of another search, or pattern databases
// asked for boards a table answers.
func valueRemedy(err error) string {
	var (
		ckOther *store.CheckpointMismatchError
		tabled  *TabledError
	)
	switch {
	case errors.As(err, &ckOther):
		return "remove " + ckOther.Path + " to start the search over, or run without -resume"
	case errors.As(err, &tabled):
		return "drop -pdb and -pdb-dir"
	}
	return ""
}

// missingRemedy is the command that builds the missing table or
// databases.
func missingRemedy(err error) string {
	var (
		needPDBs   *resolve.NeedPDBsError
		noDepth    *resolve.NoDepthTableError
		pdbMissing *store.PDBNotFoundError
		missing    *store.NotFoundError
	)
	switch {
	case errors.As(err, &needPDBs):
		return needPDBsRemedy(needPDBs)
	case errors.As(err, &noDepth):
		if noDepth.Buildable {
			return "build it with: " + TableCommand(noDepth.Goal) + "; without -depth, boards are drawn from all reachable ones"
		}
		return "without -depth, boards are drawn from all reachable ones"
	case errors.As(err, &pdbMissing):
		return "build them with: " + PDBCommand(pdbMissing.Goal, buildPartition(pdbMissing), pdbMissing.ZeroAware && pdbMissing.Partition != "", "")
	case errors.As(err, &missing):
		return "build it with: " + TableCommand(missing.Goal)
	}
	return ""
}

// damagedRemedy is the command that checks or rebuilds the damaged file
// (damageRemedy for what a path or a search proved), or the way past a
// damaged search checkpoint.
func damagedRemedy(err error) string {
	if r, ok := damageRemedy(err); ok {
		return r
	}
	var (
		pdbDamaged *store.PDBDamagedError
		damaged    *store.DamagedError
		ckDamaged  *store.CheckpointDamagedError
		differs    *generate.DiffersError
	)
	switch {
	case errors.As(err, &ckDamaged):
		return "remove " + ckDamaged.Path + " to start the search over, or run without -resume"
	case errors.As(err, &differs):
		return differsRemedy(differs.Report)
	case errors.As(err, &pdbDamaged):
		return "rebuild it with: " + PDBCommand(pdbDamaged.Goal, pdbDamaged.Partition.Label(), pdbDamaged.Partition.ZeroAware, filepath.Dir(pdbDamaged.Path))
	case errors.As(err, &damaged):
		if damaged.Goal.IsZero() {
			return ""
		}
		return "rebuild it with: " + TableCommand(damaged.Goal)
	}
	return ""
}

// differsRemedy rebuilds a file that verify found different from a
// fresh build.
func differsRemedy(r generate.VerifyReport) string {
	shape, err := statespace.ParseShape(r.Shape)
	if err != nil {
		return ""
	}
	goal, err := statespace.ParseGoal(r.Goal, shape)
	if err != nil {
		return ""
	}
	if r.Pattern != "" {
		return "rebuild it with: " + cmdline.Databases(goal, r.Pattern, false, filepath.Dir(r.File))
	}
	return "rebuild it with: " + cmdline.Table(goal)
}

// TableCommand is the command that builds the distance table of goal
// into the cache folder.
func TableCommand(goal statespace.Board) string { return cmdline.Table(goal) }

// PDBCommand is the command that builds the pattern databases of a
// partition (its label) for goal into dir, zero-aware ones when zeroAware;
// the cache folder (or dir "") needs no -out.
func PDBCommand(goal statespace.Board, partition string, zeroAware bool, dir string) string {
	if isDefaultCache(dir) {
		dir = ""
	}
	return cmdline.Databases(goal, partition, zeroAware, dir)
}

// buildPartition is the partition to build when e's are missing: its own,
// else the 6-6-3 where the goal has it, else the shape's first preset
// (the 5x5's 6-6-6-6), else one pdb.Suggest makes for the goal.
func buildPartition(e *store.PDBNotFoundError) string {
	if e.Partition != "" {
		return e.Partition
	}
	if _, err := pdb.Preset("6-6-3", e.Goal); err == nil {
		return "6-6-3"
	}
	if presets := pdb.PresetsFor(e.Goal.Shape()); len(presets) > 0 {
		if _, err := pdb.Preset(presets[0], e.Goal); err == nil {
			return presets[0]
		}
	}
	return pdb.Suggest(e.Goal).Label()
}

// Cache returns the cache folder the commands hand down to every package
// (store.DefaultCache: $TILESPACE_CACHE, else tilespace under the user's
// cache folder), or the zero Cache, which holds nothing, where the
// platform has none.
func Cache() store.Cache {
	c, err := store.DefaultCache()
	if err != nil {
		return store.Cache{}
	}
	return c
}

// isDefaultCache reports whether dir is the cache folder
// (store.DefaultCache), which the build commands write to without -out.
func isDefaultCache(dir string) bool {
	c, err := store.DefaultCache()
	return err == nil && filepath.Clean(c.Dir()) == filepath.Clean(dir)
}

// needPDBsRemedy names the set of databases a 5x5 goal without any
// should build, what it costs, and why it is the one: the strongest that
// fits the machine's memory (and disk).
func needPDBsRemedy(e *resolve.NeedPDBsError) string {
	r := e.Rung
	name := r.Partition
	if r.ZeroAware {
		name += " zero-aware"
	}
	var fits string
	switch {
	case e.Machine.Memory == 0:
		fits = fmt.Sprintf("this machine's memory is not known: set $%s to its size for a stronger set", machine.MemoryVar)
	case e.DiskLimited:
		fits = fmt.Sprintf("the strongest set that fits %s of memory and the %s free on disk", gib(e.Machine.Memory), gb(e.Machine.DiskFree))
	default:
		fits = fmt.Sprintf("the strongest set that fits %s of memory", gib(e.Machine.Memory))
	}
	need := fmt.Sprintf("%s on disk, %s held while searching, %s at the build's peak", gb(r.Disk), gb(r.Held), gb(r.Build))
	if r.Held == r.Disk {
		need = fmt.Sprintf("%s on disk and held while searching, %s at the build's peak", gb(r.Disk), gb(r.Build))
	}
	return fmt.Sprintf("build the %s databases first (%s; %s; minutes on 2 cores) with: %s",
		name, fits, need, PDBCommand(e.Goal, r.Partition, r.ZeroAware, ""))
}

// gb writes bytes in decimal gigabytes, as disks are sold.
func gb(n int64) string { return fmt.Sprintf("%.1f GB", float64(n)/1e9) }

// gib writes bytes in binary gibibytes, as memory is sold.
func gib(n int64) string { return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30)) }
