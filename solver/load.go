package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Source says where a heuristic Load returned came from.
type Source struct {
	Partition string   // the preset's name, or "" for the fallback
	Files     []string // the pattern database files read
	Built     bool     // Load built the databases first
	Fallback  bool     // no databases: Manhattan distance plus linear conflict
}

// String describes the source for people, e.g. "pattern databases 6-6-3".
func (s Source) String() string {
	if s.Fallback {
		return "Manhattan distance plus linear conflict (no pattern databases)"
	}
	return "pattern databases " + s.Partition
}

// Load returns the heuristic to solve boards for goal with: the strongest
// preset pattern databases found in dir or the cache folder (7-8, else
// 6-6-3, else 5-5-5; see store.BestPartition). When there are none and
// the goal has presets (the 4x4 goals last and first) it first builds
// 6-6-3 into the cache folder, saying so on notify (with a progress bar
// if notify is a terminal); for other goals it falls back to Manhattan
// distance plus linear conflict, also saying so. notify may be nil.
func Load(ctx context.Context, goal statespace.Board, dir string, notify io.Writer) (pdb.Heuristic, Source, error) {
	if notify == nil {
		notify = io.Discard
	}
	a, files, err := store.LoadBestPDBs(ctx, dir, goal)
	if err == nil {
		return a, Source{Partition: a.Partition().Label(), Files: files}, nil
	}
	var nf *store.PDBNotFoundError
	if !errors.As(err, &nf) {
		return nil, Source{}, err
	}
	part, perr := pdb.Preset("6-6-3", goal)
	if perr != nil {
		fmt.Fprintf(notify, "no pattern databases for %s goal %s; using Manhattan distance plus linear conflict, which can take very long on hard boards\n",
			goal.Shape(), statespace.GoalName(goal))
		return pdb.NewLinearConflict(goal), Source{Fallback: true}, nil
	}
	cache, err := store.CacheDir()
	if err != nil {
		return nil, Source{}, err
	}
	fmt.Fprintf(notify, "no pattern databases for %s goal %s yet: building 6-6-3 into %s (once; a few seconds)\n",
		goal.Shape(), statespace.GoalName(goal), cache)
	bar := progress.New(notify, "building 6-6-3", generate.PDBWork(goal, part))
	start := time.Now()
	rep, err := generate.PDBs(ctx, goal, part, cache, bar, 0)
	bar.Done()
	if err != nil {
		return nil, Source{}, err
	}
	built := make([]string, len(rep.Patterns))
	for i, p := range rep.Patterns {
		built[i] = p.File
	}
	fmt.Fprintf(notify, "built 6-6-3 in %.1f s: %s\n", time.Since(start).Seconds(), strings.Join(built, ", "))
	a, files, err = store.LoadPartition(ctx, dir, goal, part)
	if err != nil {
		return nil, Source{}, err
	}
	return a, Source{Partition: part.Label(), Files: files, Built: true}, nil
}
