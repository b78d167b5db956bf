package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// cachedDatabases returns what gives textbook's ida:pdb: columns their
// databases: read from pdbDir or the cache folder, else built and written
// to the cache folder (said on stderr). It is the one place textbook
// resolves databases.
func cachedDatabases(ctx context.Context, cache store.Cache, pdbDir string, stderr io.Writer) (func(context.Context, statespace.Board, pdb.Partition) (*pdb.Additive, error), error) {
	log := cli.LogWriter(stderr, "analyze")
	r, err := resolve.NewResolver(ctx, resolve.Config{Cache: cache, PDBDir: pdbDir, Log: log, Explain: cli.Explain})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, goal statespace.Board, part pdb.Partition) (*pdb.Additive, error) {
		a, err := r.Databases(ctx, goal, part)
		var missing *store.PDBNotFoundError
		if !errors.As(err, &missing) {
			return a, err
		}
		// Too large for the resolver to build on the fly (7-8): built here.
		fmt.Fprintf(log, "no pattern databases %s in the cache folder: building them in memory (minutes and gigabytes for 7-8), then writing them there\n", part.Label())
		start := time.Now()
		if a, err = pdb.BuildPartition(ctx, goal, part, nil); err != nil {
			return nil, err
		}
		files, err := cache.WritePDBs(ctx, a)
		if err != nil {
			fmt.Fprintf(log, "warning: built %s in %.1f s but could not cache it (%v)\n", part.Label(), time.Since(start).Seconds(), err)
			return a, nil
		}
		fmt.Fprintf(log, "built %s in %.1f s: %s\n", part.Label(), time.Since(start).Seconds(), strings.Join(files, ", "))
		return a, nil
	}, nil
}

// deepCheckpoint keeps a textbook run's finished searches in the cache
// folder (store.TextbookCheckpointFile, keyed by the run's parameters),
// written every checkpointEvery and when the run is interrupted, removed
// when it ends.
type deepCheckpoint struct {
	path    string
	goal    statespace.Board
	run     string
	results []store.TextbookResult
	saved   time.Time
	every   time.Duration
	log     io.Writer
}

// checkpointEvery is how often a textbook run writes its checkpoint: a
// crash loses at most this much work.
const checkpointEvery = 10 * time.Second

// deepRunKey describes a run by every parameter its results depend on.
func deepRunKey(cfg analyze.DeepConfig) string {
	return fmt.Sprintf("depths %v; boards %d; seed %d; bfs-depth %d; algorithms %s; search-time %s",
		cfg.Depths, cfg.N, cfg.Seed, cfg.BFSDepth, strings.Join(cfg.Algorithms, ","), cfg.MaxTime)
}

// openDeepCheckpoint makes cfg's run keep its results in cache, and with
// resume start from those an earlier run of the same parameters kept
// (cfg.Record, if set, still receives each new result). A damaged
// checkpoint is an error, not trusted.
func openDeepCheckpoint(cache store.Cache, cfg *analyze.DeepConfig, resume bool, stderr io.Writer) (*deepCheckpoint, error) {
	c := &deepCheckpoint{goal: cfg.Goal, run: deepRunKey(*cfg), saved: time.Now(), every: checkpointEvery, log: cli.LogWriter(stderr, "analyze")}
	c.path = cache.Path(store.TextbookCheckpointFile(cfg.Goal, c.run))
	if resume {
		rs, err := store.ReadTextbookCheckpoint(c.path, cfg.Goal, c.run)
		switch {
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(c.log, "no checkpoint of this run (%s): starting from the beginning\n", c.path)
		case err != nil:
			return nil, err
		}
		c.results = rs
		for _, r := range rs {
			cfg.Resume = append(cfg.Resume, analyze.DeepResult(r))
		}
	}
	then := cfg.Record
	cfg.Record = func(r analyze.DeepResult) error {
		if err := c.record(r); err != nil || then == nil {
			return err
		}
		return then(r)
	}
	return c, nil
}

// maxCheckpointResults bounds the searches a checkpoint keeps (about 150
// bytes each, well inside store.MaxTextbookCheckpoint); a run resumed
// past them searches the rest again.
const maxCheckpointResults = 300_000

// record keeps r, and writes the checkpoint when the last is old.
func (c *deepCheckpoint) record(r analyze.DeepResult) error {
	if len(c.results) >= maxCheckpointResults {
		return nil
	}
	c.results = append(c.results, store.TextbookResult(r))
	if time.Since(c.saved) < c.every {
		return nil
	}
	return c.save()
}

func (c *deepCheckpoint) save() error {
	c.saved = time.Now()
	return store.WriteTextbookCheckpoint(context.Background(), c.path, c.goal, c.run, c.results)
}

// finish ends the run under ctx that returned err: the checkpoint is
// removed when it succeeded, written when ctx ended it (Ctrl-C,
// -max-time: the error then names it), left as it was when it failed
// otherwise.
func (c *deepCheckpoint) finish(ctx context.Context, err error) error {
	switch {
	case err == nil:
		if rerr := os.Remove(c.path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			return rerr
		}
		return nil
	case ctx.Err() == nil || len(c.results) == 0:
		return err
	}
	if serr := c.save(); serr != nil {
		return errors.Join(err, serr)
	}
	if errors.Is(err, context.Canceled) {
		// Ctrl-C's message is the command's own: the checkpoint is said here.
		fmt.Fprintf(c.log, "%d searches kept in %s: the same command with -resume goes on from them\n", len(c.results), c.path)
	}
	return &resolve.InterruptedError{Checkpoint: c.path, Err: err}
}
