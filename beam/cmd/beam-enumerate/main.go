// Command beam-enumerate runs tilespace's exhaustive breadth-first search
// as Apache Beam pipelines, one per level: on the in-process Prism runner
// here, on Dataflow, Flink or Spark for boards no single machine holds.
// It prints what `enumerate` prints (-json: the same object) and writes
// the same table file when the board's table fits one.
//
// Usage:
//
//	beam-enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-work DIR|gs://…] [-json] [-keep]
//	beam-enumerate -levels K …   (dry run: the first K levels, with their costs)
//	beam-enumerate -cpuprofile FILE …   (a CPU profile of the whole process, for go tool pprof)
//	beam-enumerate -chunk-states N …   (expand at most N frontier boards in one pipeline)
//	beam-enumerate -memprofile FILE …   (the heap profile at the largest live heap, for go tool pprof)
//	beam-enumerate -runner dataflow|flink|spark -work gs://… [the runner's options] …
//
// A runner's options are Beam's own flags, given on the same command line
// (e.g. -project, -region, -temp_location for Dataflow; -endpoint,
// -environment_type for Flink and Spark); see docs/DISTRIBUTED.md.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"

	"github.com/tilespace/tilespace/beam/bfs"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/exitstatus"
	"github.com/tilespace/tilespace/internal/profile"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/twobit"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Beam's runners define their options (and -runner) on the global flag
	// set; a worker that a distributed runner starts from this binary runs
	// Beam's harness in beam.Init and never returns.
	flag.CommandLine.Init("beam-enumerate", flag.ContinueOnError)
	err := run(ctx, os.Stdout, os.Stderr, flag.CommandLine, os.Args[1:], beam.Init)
	stop()
	os.Exit(exitstatus.Report(os.Stderr, "beam-enumerate", err, "interrupted; the finished levels stay in the working folder and the same command resumes from them", nil))
}

var usagef = exitstatus.Usagef

// runners are the -runner values: Beam's runner names.
var runners = []string{"prism", "dataflow", "flink", "spark"}

// options holds the command line.
type options struct {
	goal                   statespace.Board
	out, work, runner      string
	cpuProfile, memProfile string
	asJSON, keep, verbose  bool
	levels                 int
	chunkStates            uint64
}

// run parses args on fs (which may already hold Beam's flags), calls
// afterParse (beam.Init in main) and runs the search.
func run(ctx context.Context, stdout, stderr io.Writer, fs *flag.FlagSet, args []string, afterParse func()) error {
	o, err := parseFlags(stderr, fs, args, afterParse)
	if err != nil {
		return err
	}
	cache := store.NewCache(o.out)
	if o.out == "" {
		if cache, err = store.DefaultCache(); err != nil {
			return err
		}
	}
	if o.work == "" {
		o.work = cache.Path(store.BeamWorkFile(o.goal))
	}
	if !o.verbose {
		// Prism and the runners' clients report every job step at INFO.
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		// On Ctrl-C the runner reports every bundle it aborts as an error;
		// one line from Report says it all.
		defer context.AfterFunc(ctx, func() { slog.SetDefault(slog.New(slog.DiscardHandler)) })()
	}
	sp, err := statespace.NewSpace(o.goal)
	if err != nil {
		return err
	}
	if o.cpuProfile != "" {
		stopProfile, err := startProfile(o.cpuProfile)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	if o.memProfile != "" {
		defer profile.HeapAtPeak(ctx, o.memProfile, 10*time.Second)()
	}
	res, err := search(ctx, stderr, o, sp.Size())
	if err != nil {
		return err
	}
	if o.levels > 0 {
		return writeLevels(stdout, stderr, res, o)
	}
	return writeTable(ctx, stdout, stderr, res, o, cache)
}

// parseFlags reads the command line and refuses what no run can do.
func parseFlags(stderr io.Writer, fs *flag.FlagSet, args []string, afterParse func()) (*options, error) {
	var o options
	fs.SetOutput(io.Discard)
	shapeFlag := fs.String("shape", "3x3", "board shape RxC")
	goalFlag := fs.String("goal", "last", "goal: last, first, or a board such as 1,2,3,4,0,5,6,7,8")
	fs.StringVar(&o.out, "out", "", "folder for the table file and, unless -work, the working bitmaps (default: the tilespace cache folder)")
	fs.StringVar(&o.work, "work", "", "working folder for the levels' bitmaps: a local folder, or gs://bucket/path for a distributed runner (default: OUT/beam-<shape>-<goal>)")
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object instead of text")
	fs.IntVar(&o.levels, "levels", 0, "dry run: run the first `K` levels and print each one's states, bytes shuffled and seconds")
	fs.BoolVar(&o.keep, "keep", false, "keep the working bitmaps after a complete run (a local working folder is removed once the table is written)")
	fs.BoolVar(&o.verbose, "v", false, "show the runner's log on stderr")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole process (driver, runner and workers, in-process on prism) to `FILE`")
	fs.Uint64Var(&o.chunkStates, "chunk-states", bfs.DefaultChunkStates, "expand at most `N` frontier boards in one pipeline: a larger level runs as several, one after the other, so that an in-memory shuffle (prism) holds one chunk's")
	fs.StringVar(&o.memProfile, "memprofile", "", "write the heap profile taken when the live heap was largest (sampled every 10 s) to `FILE`")
	if fs.Lookup("runner") == nil {
		fs.String("runner", "", "Beam runner: prism (default), dataflow, flink or spark")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: beam-enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-work DIR] [-json] [-levels K] [-cpuprofile FILE] [-runner prism|dataflow|flink|spark] [runner options]")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, exitstatus.UsageError{Err: err}
	}
	if afterParse != nil {
		afterParse()
	}
	o.runner = cmp.Or(fs.Lookup("runner").Value.String(), "prism")
	switch {
	case fs.NArg() > 0:
		return nil, usagef("unexpected argument %q", fs.Arg(0))
	case !slices.Contains(runners, o.runner):
		return nil, usagef("-runner %q: want one of %s", o.runner, strings.Join(runners, ", "))
	case o.chunkStates == 0:
		return nil, usagef("-chunk-states 0: want a positive number of boards")
	case o.levels < 0:
		return nil, usagef("-levels %d: want a positive number of levels", o.levels)
	case o.runner != "prism" && !strings.Contains(o.work, "://"):
		return nil, usagef("-runner %s: the workers need a working folder they all reach: give -work gs://bucket/path", o.runner)
	}
	shape, err := statespace.ParseShape(*shapeFlag)
	if err != nil {
		return nil, exitstatus.UsageError{Err: err}
	}
	if o.goal, err = statespace.ParseGoal(*goalFlag, shape); err != nil {
		return nil, exitstatus.UsageError{Err: err}
	}
	return &o, nil
}

// search runs the pipelines, a progress bar on stderr.
func search(ctx context.Context, stderr io.Writer, o *options, size uint64) (*bfs.Result, error) {
	bar := progress.New(stderr, "beam-enumerate", progressTotal(o.goal, size, o.levels))
	defer bar.Done()
	var reached float64
	return bfs.Run(ctx, o.goal, bfs.Options{
		Runner:      o.runner,
		Work:        o.work,
		Levels:      o.levels,
		ChunkStates: o.chunkStates,
		OnLevel: func(l bfs.Level) {
			reached += float64(l.States)
			bar.UpdateLevel(l.Depth+1, reached) // the next level's pipeline runs now
		},
	})
}

// writeLevels reports a dry run's levels and where their files stay.
func writeLevels(stdout, stderr io.Writer, res *bfs.Result, o *options) error {
	rep := bfs.NewLevelsReport(res)
	write := rep.WriteText
	if o.asJSON {
		write = rep.WriteJSON
	}
	if err := write(stdout); err != nil {
		return err
	}
	fmt.Fprintln(stderr, leftBehind(o.work))
	return nil
}

// writeTable writes the table file when the board's table fits one,
// removes a local working folder (unless -keep), and reports as
// enumerate does.
func writeTable(ctx context.Context, stdout, stderr io.Writer, res *bfs.Result, o *options, cache store.Cache) error {
	var seconds float64
	for _, l := range res.Levels() {
		seconds += l.Seconds
	}
	antipodes, err := res.Antipodes(ctx, 0)
	if err != nil {
		return err
	}
	var path string
	var size int64
	if bfs.TableWritable(o.goal) {
		path = cache.Path(store.TableFile(o.goal))
		if size, err = res.WriteTable(ctx, path); err != nil {
			return err
		}
		if !o.keep && !strings.Contains(o.work, "://") {
			if err := os.RemoveAll(o.work); err != nil {
				return err
			}
		}
	} else {
		fmt.Fprintf(stderr, "beam-enumerate: %s is too large for a table file; the distances' bits stay in %s\n", o.goal.Shape(), o.work)
	}
	rep := generate.NewTableReport(o.goal, res.Counts(), antipodes, path, size, seconds)
	if o.asJSON {
		return rep.WriteJSON(stdout)
	}
	return rep.WriteText(stdout)
}

// leftBehind says where a dry run left its working files, how much they
// take, and what to do with them.
func leftBehind(workDir string) string {
	if strings.Contains(workDir, "://") {
		return fmt.Sprintf("beam-enumerate: the dry run's levels stay in %s; the same command without -levels continues from them; remove them with the storage's own tools (gcloud storage rm -r %s)", workDir, workDir)
	}
	return fmt.Sprintf("beam-enumerate: the dry run's levels stay in %s (%s); the same command without -levels continues from them; remove them with: rm -r %s",
		workDir, twobit.Bytes(uint64(dirSize(workDir))), workDir)
}

// startProfile starts a CPU profile into path and returns what stops it.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// dirSize returns the bytes of the files under dir.
func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// progressTotal is the number of states the run will reach: the whole
// space, or with -levels N and a published distribution the states of
// levels 0 to N, so that the ETA of a partial run is its own.
func progressTotal(goal statespace.Board, size uint64, levels int) float64 {
	ref := bfs.Published(goal)
	if levels <= 0 || ref == nil {
		return float64(size)
	}
	var total uint64
	for d, c := range ref.Counts {
		if d <= levels {
			total += c
		}
	}
	return float64(total)
}
