// Command enumerate builds tilespace's data files: the exact distance of
// every reachable board from a goal, by retrograde breadth-first search,
// written to the tilespace cache folder (or -out DIR).
//
// Usage:
//
//	enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-json] [-all [-big]]
//	          [-workers N] [-resume] [-checkpoint-every DURATION] [-levels]
//	enumerate -pdb 6-6-3|5-5-5|7-8|PATTERNS [-shape RxC] [-goal …] [-out DIR] [-json]
//	enumerate -verify FILE [-workers N] [-json]
//	enumerate -export npy [-shape RxC] [-goal …] [-out DIR]
//
// With no flags it builds the 8-puzzle table for the goal "last" and
// prints its depth distribution, radius and the boards at the radius.
// Boards of 12 cells and 2x7 are searched at 2 bits a state on every core
// (package twobit): it prints the estimated memory, disk and time first,
// refuses what does not fit in free memory, writes checkpoints so that an
// interrupted run continues with -resume, and shows per-level counts
// with an ETA on a terminal (-levels prints them anywhere, for logs).
// -pdb builds the pattern databases of a partition instead (4x4 presets,
// or patterns such as 1,2,3,4/5,6,7,8 on any shape). -all builds every
// default data file in one batch run: the tables of every shape up to 10
// cells (with -big also the 12-cell ones) and the 6-6-3 pattern databases
// of the 15-puzzle for goal last. -verify re-derives a table file by a
// fresh search, or a pattern database file by a fresh build, and reports
// the first difference; -export npy writes a
// table's distances (at most 12 cells) as a NumPy uint8 array in rank
// order.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

func main() {
	cli.Main("enumerate", func(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
		return run(ctx, stdout, stderr, args)
	}, interrupted)
}

const interrupted = "interrupted; every file written is complete (each is written whole, then renamed), and none is partial"

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

// report writes err for people and returns the exit status.
func report(stderr io.Writer, err error) int {
	return cli.Report(stderr, "enumerate", err, interrupted)
}

func run(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := cli.NewFlagSet("enumerate", "enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-json] [-all [-big]] [-pdb PARTITION] [-workers N] [-resume] [-verify FILE] [-export npy]", stderr)
	shapeFlag := fs.String("shape", "3x3", "board shape RxC: R rows, C columns, at most 16 cells")
	goalFlag := fs.String("goal", "last", "goal: last, first, or a board such as 1,2,3,4,0,5,6,7,8")
	out := fs.String("out", "", "folder to write to (default: the tilespace cache folder)")
	asJSON := fs.Bool("json", false, "print one JSON object per table instead of text")
	all := fs.Bool("all", false, "build every default file: the tables of all shapes up to 10 cells for goals last and first and of the 3x3 centre and edge goals, and the 6-6-3 pattern databases of 4x4 goal last")
	encName := fs.String("encoding", "mod4-bit", "table encoding: mod4-bit (smallest) or bytes (one byte per state)")
	pdbFlag := fs.String("pdb", "", "build pattern databases instead of a table: a 4x4 preset (6-6-3, 5-5-5, 7-8) or `patterns` such as 1,2,3,4/5,6,7,8")
	big := fs.Bool("big", false, "with -all, also build the 12-cell tables (3x4, 4x3, 2x6, 6x2; seconds and 60 MB each)")
	workers := fs.Int("workers", 0, "goroutines for the 2-bit search of 12 cells and more, and -verify (default: every core)")
	resume := fs.Bool("resume", false, "continue an interrupted 2-bit search from its checkpoint in the output folder")
	every := fs.Duration("checkpoint-every", 5*time.Minute, "how often a 2-bit search saves a checkpoint (at level ends)")
	levels := fs.Bool("levels", false, "print one line per level of the 2-bit search on stderr even when it is not a terminal (for logs)")
	verify := fs.String("verify", "", "re-derive the table (by a fresh parallel search) or pattern database (by a fresh build) in `FILE` and report the first difference")
	export := fs.String("export", "", "write the table's distances in another `format`: npy (a NumPy uint8 array in rank order, at most 12 cells)")
	rest, err := fs.Parse(args, false)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageError{Err: fmt.Errorf("unexpected argument %q (boards go to query, not enumerate)", rest[0])}
	}
	enc, err := parseEncoding(*encName)
	if err != nil {
		return usageError{Err: err}
	}
	given := map[string]bool{}
	for _, name := range fs.Given() {
		given[name] = true
	}
	if *workers < 0 {
		return usageError{Err: fmt.Errorf("-workers %d: want 1 or more (0 for every core)", *workers)}
	}
	if *every <= 0 {
		return usageError{Err: fmt.Errorf("-checkpoint-every %s: want a positive duration", *every)}
	}
	if given["encoding"] && *pdbFlag != "" {
		return usageError{Err: fmt.Errorf("-encoding applies to distance tables; pattern databases are stored one byte an entry")}
	}
	if given["big"] && !*all {
		return usageError{Err: fmt.Errorf("-big goes with -all (a 12-cell board alone: -shape 3x4)")}
	}
	if *verify != "" {
		for _, f := range []string{"shape", "goal", "all", "pdb", "export", "out", "resume", "encoding"} {
			if given[f] {
				return usageError{Err: fmt.Errorf("-verify FILE checks that file alone; -%s does not apply", f)}
			}
		}
		return runVerify(ctx, stdout, *verify, *workers, *asJSON)
	}
	if given["export"] {
		if *export != "npy" {
			return usageError{Err: fmt.Errorf("-export %q: the one format is npy", *export)}
		}
		for _, f := range []string{"all", "pdb", "resume", "encoding", "json"} {
			if given[f] {
				return usageError{Err: fmt.Errorf("-export npy writes one table's distances; -%s does not apply", f)}
			}
		}
	}
	dir := *out
	if dir == "" {
		if dir, err = store.CacheDir(); err != nil {
			return err
		}
	}
	var goals []statespace.Board
	var pdbs []generate.PDBJob
	switch {
	case *all:
		if given["pdb"] || given["shape"] || given["goal"] {
			return usageError{Err: fmt.Errorf("-all builds every default file; -shape, -goal and -pdb go on a run of their own")}
		}
		goals = generate.DefaultGoals()
		if *big {
			goals = append(goals, generate.BigGoals()...)
		}
		pdbs = generate.DefaultPDBs()
	default:
		shapeText := *shapeFlag
		if sh, ok := pdb.PresetShape(*pdbFlag); ok && !given["shape"] {
			shapeText = sh.String() // a preset names its shape
		}
		shape, err := statespace.ParseShape(shapeText)
		if err != nil {
			return usageError{Err: err}
		}
		goal, err := statespace.ParseGoal(*goalFlag, shape)
		if err != nil {
			return usageError{Err: err}
		}
		if given["export"] {
			return runExport(ctx, stdout, stderr, goal, *out, *workers)
		}
		if *pdbFlag == "" {
			goals = []statespace.Board{goal}
			break
		}
		part, err := pdb.ParsePartition(*pdbFlag, goal)
		if err != nil {
			return usageError{Err: err}
		}
		// Refuse a pattern too large to build before building the others.
		n := shape.Cells()
		for _, p := range part.Patterns {
			if states := pdb.Placements(n, len(p)) * uint64(n-len(p)); states > pdb.MaxAbstractStates {
				return usageError{Err: fmt.Errorf("-pdb: pattern %s has %d tiles; its abstract space on %s (%s states) is larger than the %s tilespace builds: split it",
					joinTiles(p), len(p), shape, textfmt.Commas(states), textfmt.Commas(uint64(pdb.MaxAbstractStates)))}
			}
		}
		pdbs = []generate.PDBJob{{Goal: goal, Partition: part}}
	}
	var total float64
	nWorkers := *workers
	if nWorkers == 0 {
		nWorkers = runtime.GOMAXPROCS(0)
	}
	for _, g := range goals {
		sp, err := statespace.NewSpace(g)
		if err != nil {
			return err
		}
		if !sp.Counted() {
			hint := "-pdb PATTERNS"
			if presets := pdb.PresetsFor(sp.Shape()); len(presets) > 0 {
				hint = "-goal " + statespace.GoalName(g) + " -pdb " + presets[0]
			}
			return fmt.Errorf("%s has %d!/2 states, more than 2^64: no table holds them; pattern databases solve it instead: enumerate -shape %s %s", sp.Shape(), sp.Shape().Cells(), sp.Shape(), hint)
		}
		if sp.Size() >= generate.BigTableStates {
			est := twobit.EstimateFor(sp, nWorkers)
			if err := est.Check(sp.Shape(), twobit.AvailableMemory()); err != nil {
				return fmt.Errorf("%w; pattern databases solve it instead: enumerate -shape %s -pdb PATTERNS (6-6-3 on 4x4)", err, sp.Shape())
			}
			fmt.Fprintf(stderr, "enumerate: %s goal %s: %s on %d %s (estimated)\n", sp.Shape(), statespace.GoalName(g), est, nWorkers, textfmt.Plural(nWorkers, "worker", "workers"))
		} else if given["resume"] && len(goals) == 1 {
			return usageError{Err: fmt.Errorf("-resume continues the 2-bit search of 12 cells and more; %s takes well under a second", sp.Shape())}
		}
		total += float64(sp.Size())
	}
	for _, j := range pdbs {
		total += float64(generate.PDBWork(j.Goal, j.Partition))
	}
	bar := progress.New(stderr, "enumerate", total)
	defer bar.Done()
	var done float64
	reports := 0
	write := func(r interface {
		WriteJSON(io.Writer) error
		WriteText(io.Writer) error
	}) error {
		bar.Done()
		defer func() { reports++ }()
		if *asJSON {
			return r.WriteJSON(stdout)
		}
		if reports > 0 {
			fmt.Fprintln(stdout)
		}
		return r.WriteText(stdout)
	}
	for _, g := range goals {
		var r generate.TableReport
		if statespace.MustSpace(g).Size() >= generate.BigTableStates {
			if given["encoding"] && enc != tablefile.EncodingMod4Bit {
				return usageError{Err: fmt.Errorf("-encoding %s: tables of 12 cells and more are stored in mod4-bit", enc)}
			}
			opts := generate.BigOptions{Workers: *workers, Resume: *resume, CheckpointEvery: *every,
				Progress: advance(bar, done)}
			if *levels || bar != nil {
				opts.Levels = &barLines{bar: bar, w: stderr}
			}
			r, err = generate.BigTable(ctx, g, dir, opts)
			if errors.Is(err, context.Canceled) {
				if cp := filepath.Join(dir, store.CheckpointFileName(g)); fileExists(cp) {
					fmt.Fprintf(stderr, "enumerate: the search's last checkpoint is %s; continue it with the same command and -resume\n", cp)
				}
			}
		} else {
			r, err = generate.Table(ctx, g, dir, enc, advance(bar, done))
		}
		if err != nil {
			return err
		}
		done += float64(r.States)
		if err := write(r); err != nil {
			return err
		}
	}
	for _, j := range pdbs {
		r, err := generate.PDBs(ctx, j.Goal, j.Partition, dir, advance(bar, done))
		if err != nil {
			return err
		}
		done += float64(generate.PDBWork(j.Goal, j.Partition))
		if err := write(r); err != nil {
			return err
		}
	}
	return nil
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
	if !r.OK() && r.Pattern != "" {
		return fmt.Errorf("%s differs from a fresh build; rebuild it with: go run ./cmd/enumerate -shape %s -goal %s -pdb %s -out %s", path, r.Shape, r.Goal, r.Pattern, filepath.Dir(path))
	}
	if !r.OK() {
		return fmt.Errorf("%s differs from a fresh search; rebuild it with: go run ./cmd/enumerate -shape %s -goal %s", path, r.Shape, r.Goal)
	}
	return nil
}

// runExport writes goal's distances as a .npy file into dir (default:
// the cache folder).
func runExport(ctx context.Context, stdout, stderr io.Writer, goal statespace.Board, dir string, workers int) error {
	if dir == "" {
		var err error
		if dir, err = store.CacheDir(); err != nil {
			return err
		}
	}
	path := filepath.Join(dir, store.NPYFileName(goal))
	size, err := generate.ExportNPY(ctx, goal, path, workers)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: %s bytes, the distance of each of %s states of %s goal %s as uint8, in rank order\n",
		path, textfmt.Commas(uint64(size)), textfmt.Commas(statespace.MustSpace(goal).Size()), goal.Shape(), statespace.GoalName(goal))
	return err
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// advance returns the progress callback of one build that starts when
// done units of the whole run are behind: it moves bar from there.
func advance(bar *progress.Bar, done float64) generate.Progress {
	return func(d, _ uint64) { bar.Update(done + float64(d)) }
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

func joinTiles(tiles []int) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = strconv.Itoa(t)
	}
	return strings.Join(parts, ",")
}
