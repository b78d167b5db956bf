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
	os.Exit(report(os.Stderr, "beam-enumerate", err, "interrupted; the finished levels stay in the working folder and the same command resumes from them"))
}

// runners are the -runner values: Beam's runner names.
var runners = []string{"prism", "dataflow", "flink", "spark"}

// run parses args on fs (which may already hold Beam's flags), calls
// afterParse (beam.Init in main) and runs the search.
func run(ctx context.Context, stdout, stderr io.Writer, fs *flag.FlagSet, args []string, afterParse func()) error {
	fs.SetOutput(io.Discard)
	shapeFlag := fs.String("shape", "3x3", "board shape RxC")
	goalFlag := fs.String("goal", "last", "goal: last, first, or a board such as 1,2,3,4,0,5,6,7,8")
	out := fs.String("out", "", "folder for the table file and, unless -work, the working bitmaps (default: the tilespace cache folder)")
	work := fs.String("work", "", "working folder for the levels' bitmaps: a local folder, or gs://bucket/path for a distributed runner (default: OUT/beam-<shape>-<goal>)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	levels := fs.Int("levels", 0, "dry run: run the first `K` levels and print each one's states, bytes shuffled and seconds")
	keep := fs.Bool("keep", false, "keep the working bitmaps after a complete run (a local working folder is removed once the table is written)")
	verbose := fs.Bool("v", false, "show the runner's log on stderr")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole process (driver, runner and workers, in-process on prism) to `FILE`")
	chunkStates := fs.Uint64("chunk-states", bfs.DefaultChunkStates, "expand at most `N` frontier boards in one pipeline: a larger level runs as several, one after the other, so that an in-memory shuffle (prism) holds one chunk's")
	memProfile := fs.String("memprofile", "", "write the heap profile taken when the live heap was largest (sampled every 10 s) to `FILE`")
	if fs.Lookup("runner") == nil {
		fs.String("runner", "", "Beam runner: prism (default), dataflow, flink or spark")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: beam-enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-work DIR] [-json] [-levels K] [-cpuprofile FILE] [-runner prism|dataflow|flink|spark] [runner options]")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return err
		}
		return usageError{err}
	}
	if afterParse != nil {
		afterParse()
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	runner := fs.Lookup("runner").Value.String()
	if runner == "" {
		runner = "prism"
	}
	known := false
	for _, r := range runners {
		known = known || r == runner
	}
	if !known {
		return usagef("-runner %q: want one of %s", runner, strings.Join(runners, ", "))
	}
	if *chunkStates == 0 {
		return usagef("-chunk-states 0: want a positive number of boards")
	}
	if *levels < 0 {
		return usagef("-levels %d: want a positive number of levels", *levels)
	}
	shape, err := statespace.ParseShape(*shapeFlag)
	if err != nil {
		return usageError{err}
	}
	goal, err := statespace.ParseGoal(*goalFlag, shape)
	if err != nil {
		return usageError{err}
	}
	if runner != "prism" && !strings.Contains(*work, "://") {
		return usagef("-runner %s: the workers need a working folder they all reach: give -work gs://bucket/path", runner)
	}
	cache := store.NewCache(*out)
	if *out == "" {
		if cache, err = store.DefaultCache(); err != nil {
			return err
		}
	}
	workDir := *work
	if workDir == "" {
		workDir = cache.Path(store.BeamWorkFile(goal))
	}
	if !*verbose {
		// Prism and the runners' clients report every job step at INFO.
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		// On Ctrl-C the runner reports every bundle it aborts as an error;
		// one line from Report says it all.
		defer context.AfterFunc(ctx, func() { slog.SetDefault(slog.New(slog.DiscardHandler)) })()
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return err
	}
	if *cpuProfile != "" {
		stopProfile, err := startProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	if *memProfile != "" {
		defer profile.HeapAtPeak(ctx, *memProfile, 10*time.Second)()
	}
	bar := progress.New(stderr, "beam-enumerate", progressTotal(goal, sp.Size(), *levels))
	defer bar.Done()
	var reached float64
	res, err := bfs.Run(ctx, goal, bfs.Options{
		Runner:      runner,
		Work:        workDir,
		Levels:      *levels,
		ChunkStates: *chunkStates,
		OnLevel: func(l bfs.Level) {
			reached += float64(l.States)
			bar.UpdateLevel(l.Depth+1, reached) // the next level's pipeline runs now
		},
	})
	if err != nil {
		return err
	}
	bar.Done()
	if *levels > 0 {
		rep := bfs.NewLevelsReport(res)
		if *asJSON {
			err = rep.WriteJSON(stdout)
		} else {
			err = rep.WriteText(stdout)
		}
		if err != nil {
			return err
		}
		fmt.Fprintln(stderr, leftBehind(workDir))
		return nil
	}
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
	if bfs.TableWritable(goal) {
		path = cache.Path(store.TableFile(goal))
		if size, err = res.WriteTable(ctx, path); err != nil {
			return err
		}
		if !*keep && !strings.Contains(workDir, "://") {
			if err := os.RemoveAll(workDir); err != nil {
				return err
			}
		}
	} else {
		fmt.Fprintf(stderr, "beam-enumerate: %s is too large for a table file; the distances' bits stay in %s\n", sp.Shape(), workDir)
	}
	rep := generate.NewTableReport(goal, res.Counts(), antipodes, path, size, seconds)
	if *asJSON {
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
