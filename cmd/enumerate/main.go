// Command enumerate builds tilespace's data files: the exact distance of
// every reachable board from a goal, by retrograde breadth-first search,
// written to the tilespace cache folder (or -out DIR), and the pattern
// databases of the boards too large for a table. One command a job, each
// with its own flags:
//
//	enumerate [tables] [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-json] [-all [-big]]
//	          [-workers N] [-resume] [-checkpoint-every DURATION] [-levels]
//	enumerate databases -pdb 6-6-3|5-5-5|7-8|6-6-6-6|TILES/TILES/… [-zero-aware] [-resume] [-shape RxC] [-goal …] [-out DIR] [-json]
//	enumerate verify FILE [-workers N] [-json]
//	enumerate export -format npy [-shape RxC] [-goal …] [-out DIR] [-workers N]
//
// tables is the default: with no arguments it builds the 8-puzzle table
// for the goal "last" and prints its depth distribution, radius and the
// boards at the radius. Boards of 12 cells and 2x7 are searched at 2 bits
// a state on every core (package twobit): it prints the estimated memory,
// disk and time first, refuses what does not fit in free memory, writes
// checkpoints so that an interrupted run continues with -resume, and shows
// per-level counts with an ETA on a terminal (-levels prints them
// anywhere, for logs); -workers, -resume, -checkpoint-every and -levels
// tune that search, and a build without one refuses them. -all builds
// every default data file in one batch run: the tables of every shape up
// to 10 cells (with -big also the 12-cell ones) and the 6-6-3 pattern
// databases of the 15-puzzle for goal last.
//
// databases builds the pattern databases of a partition (4x4 presets,
// 6-6-6-6 and the maximum 6-6-6-6x4 on 5x5, or patterns such as
// 1,2,3,4/5,6,7,8 on any shape, several separated by "|" for a maximum);
// -zero-aware makes them zero-aware (an entry per placement and cell of
// the blank), and -resume keeps the databases an interrupted build
// already wrote. verify re-derives a table file by a fresh search, or a
// pattern database file by a fresh build, and reports the first
// difference; export -format npy writes a table's distances (at most 12
// cells) as a NumPy uint8 array in rank order. The old flags -pdb,
// -verify and -export of the table builder are refused with the command
// that does their job.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

func main() { cli.Main("enumerate", run, interrupted) }

const interrupted = "interrupted; every file written is complete (each is written whole, then renamed), and none is partial"

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

var usagef = cli.Usagef

// commands are its jobs, each with its own flags: tables (the default),
// databases, verify and export; every one also takes -cpuprofile FILE.
var commands = []cli.Subcommand{
	{Command: "enumerate", Name: "tables", Args: "[flags]", Default: true, Summary: "the distance table of -shape and -goal, or -all the default files", Run: runCommand},
	{Command: "enumerate", Name: "databases", Args: "-pdb PARTITION [flags]", Summary: "the pattern databases of a partition: 6-6-3, 5-5-5, 7-8, 6-6-6-6 or PATTERNS", Run: runCommand},
	{Command: "enumerate", Name: "verify", Args: "[flags] FILE", Summary: "re-derive a table or pattern database file and report the first difference", Run: runCommand},
	{Command: "enumerate", Name: "export", Args: "-format npy [flags]", Summary: "a table's distances as a NumPy uint8 array in rank order", Run: runCommand},
}

func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	err := cli.RunSubcommand(ctx, commands, stdout, stderr, args)
	if errors.Is(err, cli.ErrUnknownCommand) {
		return usagef("%w (boards go to query, not enumerate)", err)
	}
	return err
}

// flags holds the command line.
type flags struct {
	cmd                                   string // tables, databases, verify or export
	shape, goal, out, pdb, verify, format string
	cpuprofile                            string
	asJSON, all, big, resume, levels      bool
	zeroAware                             bool
	workers                               int
	every                                 time.Duration
	enc                                   tablefile.Encoding
	fs                                    *cli.FlagSet
}

// runCommand runs the subcommand sub, under a CPU profile with -cpuprofile.
func runCommand(ctx context.Context, sub cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	f, err := parseFlags(sub, stderr, args)
	if err != nil {
		return err
	}
	if f.cpuprofile == "" {
		return runFlags(ctx, stdout, stderr, f)
	}
	// The profile is written whole when the run ends, and not at all when
	// it fails, like every other file.
	return atomicfile.Write(ctx, f.cpuprofile, func(w io.Writer) error {
		if err := pprof.StartCPUProfile(w); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
		return runFlags(ctx, stdout, stderr, f)
	})
}

func runFlags(ctx context.Context, stdout, stderr io.Writer, f *flags) error {
	switch f.cmd {
	case "verify":
		return runVerify(ctx, stdout, f.verify, f.workers, f.asJSON)
	case "export":
		goal, err := f.parseGoal()
		if err != nil {
			return err
		}
		return runExport(ctx, stdout, goal, f.out, f.workers)
	}
	cfg, err := f.config()
	if err != nil {
		return err
	}
	return build(ctx, stdout, stderr, cfg, f)
}

// moved are the flags that became subcommands, and their command lines.
var moved = map[string]string{
	"pdb":    "enumerate databases -pdb PARTITION",
	"verify": "enumerate verify FILE",
	"export": "enumerate export -format npy",
	// the databases' own flag
	"zero-aware": "enumerate databases -pdb PARTITION -zero-aware",
}

// parseFlags reads the flags of the subcommand sub.
func parseFlags(sub cli.Subcommand, stderr io.Writer, args []string) (*flags, error) {
	f := flags{cmd: sub.Name}
	fs := sub.Flags(stderr)
	f.fs = fs
	encName := f.register(fs)
	rest, err := fs.Parse(args, true)
	if err != nil {
		var u cli.UsageError
		if errors.As(err, &u) && f.cmd == "tables" {
			for name, to := range moved {
				if strings.Contains(err.Error(), "-"+name) {
					return nil, usagef("-%s is a command of its own now: %s", name, to)
				}
			}
		}
		return nil, err
	}
	if f.cmd == "verify" && len(rest) == 1 {
		f.verify, rest = rest[0], nil
	}
	if f.cmd == "verify" && f.verify == "" {
		return nil, usagef("verify takes the FILE to check: enumerate verify %s", sub.Args)
	}
	if len(rest) > 0 {
		return nil, usagef("unexpected arguments %q (boards go to query, not enumerate)", rest)
	}
	if encName != nil {
		if f.enc, err = parseEncoding(*encName); err != nil {
			return nil, usageError{Err: err}
		}
	}
	return &f, f.check()
}

// register defines the flags of f's subcommand, each with one meaning,
// and returns -encoding's value for tables.
func (f *flags) register(fs *cli.FlagSet) *string {
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to `FILE` (for go tool pprof; the 2-bit search labels its samples by level)")
	if f.cmd != "verify" {
		fs.StringVar(&f.out, "out", "", "folder to write to (default: the tilespace cache folder)")
		fs.StringVar(&f.shape, "shape", "3x3", "board shape RxC: R rows, C columns, at most 16 cells")
		fs.StringVar(&f.goal, "goal", "last", "goal: last, first, or a board such as 1,2,3,4,0,5,6,7,8")
	}
	if f.cmd != "export" {
		fs.BoolVar(&f.asJSON, "json", false, "print one JSON object per file instead of text")
	}
	if f.cmd != "databases" {
		fs.IntVar(&f.workers, "workers", 0, "goroutines for the 2-bit search of 12 cells and more, verify and export (default: every core)")
	}
	switch f.cmd {
	case "tables":
		fs.BoolVar(&f.all, "all", false, "build every default file: the tables of all shapes up to 10 cells for goals last and first and of the 3x3 centre and edge goals, and the 6-6-3 pattern databases of 4x4 goal last")
		fs.BoolVar(&f.big, "big", false, "with -all, also build the 12-cell tables (3x4, 4x3, 2x6, 6x2; seconds and 60 MB each)")
		fs.BoolVar(&f.resume, "resume", false, "continue an interrupted 2-bit search from its checkpoint in the output folder")
		fs.DurationVar(&f.every, "checkpoint-every", 5*time.Minute, "how often a 2-bit search saves a checkpoint (at level ends)")
		fs.BoolVar(&f.levels, "levels", false, "print one line per level of the 2-bit search on stderr even when it is not a terminal (for logs)")
		return fs.String("encoding", "mod4-bit", "table encoding: mod4-bit (smallest) or bytes (one byte per state)")
	case "databases":
		fs.StringVar(&f.pdb, "pdb", "", "the partition to build: a 4x4 preset (6-6-3, 5-5-5, 7-8), 6-6-6-6 or 6-6-6-6x4 on 5x5, or `patterns` such as 1,2,3,4/5,6,7,8 (several separated by \"|\" make a maximum)")
		fs.BoolVar(&f.zeroAware, "zero-aware", false, "build zero-aware databases (an entry per placement and cell of the blank: n−k times the size, a larger value where the blank's region matters)")
		fs.BoolVar(&f.resume, "resume", false, "keep the databases an interrupted build already wrote to the output folder")
	case "export":
		fs.StringVar(&f.format, "format", "", "the `format` to write the table's distances in: npy (a NumPy uint8 array in rank order, at most 12 cells)")
	}
	return nil
}

// check refuses values out of range and flags that do not apply to the
// run asked for.
func (f *flags) check() error {
	given := f.fs.IsGiven
	switch {
	case f.workers < 0:
		return usagef("-workers %d: want 1 or more (0 for every core)", f.workers)
	case f.cmd == "tables" && f.every <= 0:
		return usagef("-checkpoint-every %s: want a positive duration", f.every)
	case f.cmd == "databases" && f.pdb == "":
		return usagef("databases needs -pdb: a preset (6-6-3, 5-5-5, 7-8, 6-6-6-6) or patterns such as 1,2,3,4/5,6,7,8")
	case f.cmd == "export" && f.format != "npy":
		return usagef("export -format %q: the one format is npy", f.format)
	case given("big") && !f.all:
		return usagef("-big goes with -all (a 12-cell board alone: -shape 3x4)")
	case f.all && (given("shape") || given("goal")):
		return usagef("-all builds every default file; -shape and -goal go on a run of their own")
	}
	return nil
}

// refuse returns a usage error, message taking the flag's name, for the
// first of names given.
func (f *flags) refuse(message string, names ...string) error {
	for _, name := range names {
		if f.fs.IsGiven(name) {
			return usagef(message, name)
		}
	}
	return nil
}

// parseGoal returns the goal of -shape and -goal; a -pdb preset names its
// shape when -shape is not given.
func (f *flags) parseGoal() (statespace.Board, error) {
	shapeText := f.shape
	if sh, ok := pdb.PresetShape(f.pdb); ok && !f.fs.IsGiven("shape") {
		shapeText = sh.String()
	}
	shape, err := statespace.ParseShape(shapeText)
	if err != nil {
		return statespace.Board{}, usageError{Err: err}
	}
	goal, err := statespace.ParseGoal(f.goal, shape)
	if err != nil {
		return statespace.Board{}, usageError{Err: err}
	}
	return goal, nil
}

// config returns the builds asked for: every default file (-all), one
// goal's pattern databases (-pdb) or one goal's table.
func (f *flags) config() (generate.Config, error) {
	cfg := generate.Config{Dir: f.out, Encoding: f.enc, Workers: f.workers, Resume: f.resume, CheckpointEvery: f.every}
	if cfg.Dir == "" {
		cache, err := store.DefaultCache()
		if err != nil {
			return cfg, err
		}
		cfg.Dir = cache.Dir()
	}
	if f.all {
		cfg.Goals = generate.DefaultGoals()
		if f.big {
			cfg.Goals = append(cfg.Goals, generate.BigGoals()...)
		}
		cfg.PDBs = generate.DefaultPDBs()
		return cfg, nil
	}
	goal, err := f.parseGoal()
	if err != nil {
		return cfg, err
	}
	if f.pdb == "" {
		cfg.Goals = []statespace.Board{goal}
		return cfg, nil
	}
	part, err := pdb.ParsePartition(f.pdb, goal)
	if err != nil {
		return cfg, usageError{Err: err}
	}
	part.ZeroAware = f.zeroAware
	cfg.PDBs = []generate.PDBJob{{Goal: goal, Partition: part}}
	return cfg, nil
}

// build checks and runs the builds of cfg: the estimates of 2-bit
// searches first, then a progress bar on a terminal, the per-level lines
// (on a terminal or with -levels) and one report per file on stdout.
func build(ctx context.Context, stdout, stderr io.Writer, cfg generate.Config, f *flags) error {
	plan, err := generate.NewPlan(cfg)
	if err != nil {
		return usageOf(err)
	}
	if len(plan.Estimates) == 0 {
		if err := f.refuse("-%s tunes the 2-bit search of 12 cells and more; this run has none (its tables take well under a second)", "workers", "levels", "checkpoint-every"); err != nil {
			return err
		}
	}
	for _, e := range plan.Estimates {
		fmt.Fprintf(stderr, "enumerate: %s goal %s: %s on %d %s (estimated)\n", e.Goal.Shape(), statespace.GoalName(e.Goal),
			e.Estimate, e.Workers, textfmt.Plural(e.Workers, "worker", "workers"))
	}
	// On a terminal a bar with an ETA; elsewhere (a log) a line every 30 s
	// of a long run.
	bar := progress.New(stderr, "enumerate", float64(plan.Work))
	if len(cfg.Goals) == 0 {
		bar.SetUnit("entries") // pattern databases only
	}
	defer bar.Done()
	ev := generate.Events{Progress: func(level int, done, _ uint64) { bar.UpdateLevel(level, float64(done)) }}
	if f.levels || bar.Terminal() {
		ev.Levels = &barLines{bar: bar, w: stderr}
	}
	reports := 0
	sum := generate.Summary{Dir: cfg.Dir}
	ev.Built = func(r generate.Report) error {
		bar.Done()
		sum.Add(r)
		defer func() { reports++ }()
		if f.asJSON {
			return r.WriteJSON(stdout)
		}
		if reports > 0 {
			fmt.Fprintln(stdout)
		}
		return r.WriteText(stdout)
	}
	start := time.Now()
	err = plan.Run(ctx, ev)
	if err == nil && f.all {
		// A batch run ends with what it wrote: on stdout for people, on
		// stderr beside -json's objects.
		sum.Seconds = time.Since(start).Seconds()
		w := stdout
		if f.asJSON {
			w = stderr
		} else {
			fmt.Fprintln(stdout)
		}
		return sum.WriteText(w)
	}
	var stopped *generate.StoppedError
	var full *twobit.NoSpaceError
	if errors.As(err, &stopped) && stopped.Checkpoint != "" && (errors.Is(err, context.Canceled) || errors.As(err, &full)) {
		room := ""
		if full != nil {
			room = "free disk space there, then "
		}
		fmt.Fprintf(stderr, "enumerate: the search's last checkpoint is %s; %scontinue it with the same command and -resume\n", stopped.Checkpoint, room)
	}
	return err
}

// usageOf turns the refusals of generate.NewPlan that are mistakes in the
// command line into usage errors (exit 2); the others keep their types,
// and cli.Remedy names what to run instead.
func usageOf(err error) error {
	var (
		enc     *generate.EncodingError
		resume  *generate.ResumeError
		pattern *generate.PatternTooLargeError
	)
	switch {
	case errors.As(err, &enc):
		return usagef("-encoding %s: tables of 12 cells and more are stored in mod4-bit", enc.Encoding)
	case errors.As(err, &resume) && len(resume.Shapes) == 1:
		return usagef("-resume continues the 2-bit search of 12 cells and more; %s takes well under a second", resume.Shapes[0])
	case errors.As(err, &resume):
		return usagef("-resume continues the 2-bit search of 12 cells and more, or a -pdb build; this run has neither")
	case errors.As(err, &pattern):
		return usageError{Err: fmt.Errorf("-pdb: %w", err)}
	}
	return err
}

// barLines writes whole lines to w, clearing the progress bar's line
// first so that the two do not mix.
type barLines struct {
	bar *progress.Bar
	w   io.Writer
}

func (b *barLines) Write(p []byte) (int, error) {
	b.bar.Done()
	return b.w.Write(p)
}

// runVerify re-derives the table or pattern database in path and
// reports; a difference is an error (exit 1) after the report.
func runVerify(ctx context.Context, stdout io.Writer, path string, workers int, asJSON bool) error {
	r, err := generate.VerifyFile(ctx, path, workers)
	if err != nil {
		return err
	}
	if asJSON {
		if err := json.NewEncoder(stdout).Encode(r); err != nil {
			return err
		}
	} else if err := r.WriteText(stdout); err != nil {
		return err
	}
	return r.Err() // its remedy is cli's
}

// runExport writes goal's distances as a .npy file into dir (default:
// the cache folder).
func runExport(ctx context.Context, stdout io.Writer, goal statespace.Board, dir string, workers int) error {
	cache := store.NewCache(dir)
	if dir == "" {
		var err error
		if cache, err = store.DefaultCache(); err != nil {
			return err
		}
	}
	path := cache.Path(store.NPYFile(goal))
	size, err := generate.ExportNPY(ctx, goal, path, workers)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: %s bytes, the distance of each of %s states of %s goal %s as uint8, in rank order\n",
		path, textfmt.Commas(uint64(size)), textfmt.Commas(statespace.MustSpace(goal).Size()), goal.Shape(), statespace.GoalName(goal))
	return err
}

func parseEncoding(name string) (tablefile.Encoding, error) {
	switch name {
	case "mod4-bit":
		return tablefile.EncodingMod4Bit, nil
	case "bytes":
		return tablefile.EncodingBytes, nil
	}
	return 0, fmt.Errorf("-encoding %q: want mod4-bit or bytes", name)
}
