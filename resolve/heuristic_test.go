package resolve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

var sq4 = statespace.Shape{Rows: 4, Cols: 4}

// buildInto builds the databases of partition text for goal in memory and
// writes them into dir (created if need be).
func buildInto(t *testing.T, dir string, goal statespace.Board, text string) *pdb.Additive {
	t.Helper()
	part, err := pdb.ParsePartition(text, goal)
	if err != nil {
		t.Fatal(err)
	}
	a, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		t.Fatal(err)
	}
	writeInto(t, dir, a)
	return a
}

func writeInto(t *testing.T, dir string, a *pdb.Additive) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range a.PDBs() {
		if _, err := store.WritePDB(context.Background(), filepath.Join(dir, store.PDBFile(a.Goal(), p.Tiles()).Name()), p); err != nil {
			t.Fatal(err)
		}
	}
}

// touch writes empty (damaged) files for every pattern of partition text.
func touch(t *testing.T, dir string, goal statespace.Board, text string) {
	t.Helper()
	part, err := pdb.ParsePartition(text, goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, pat := range part.Patterns {
		if err := os.WriteFile(filepath.Join(dir, store.PDBFile(goal, pat).Name()), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The 5-5-5 databases of 4x4 goal first, built once (under a second).
var (
	first555Once sync.Once
	first555     *pdb.Additive
	first555Err  error
)

func first555PDBs(t *testing.T) *pdb.Additive {
	first555Once.Do(func() {
		goal := statespace.GoalFirst(sq4)
		part, _ := pdb.Preset("5-5-5", goal)
		first555, first555Err = pdb.BuildPartition(context.Background(), goal, part, nil)
	})
	if first555Err != nil {
		t.Fatal(first555Err)
	}
	return first555
}

// walkFrom makes n random moves from b.
func walkFrom(seed uint64, b statespace.Board, n int) statespace.Board {
	rng := rand.New(rand.NewPCG(seed, seed))
	for range n {
		moves := b.LegalMoves().Moves()
		b, _ = b.Apply(moves[rng.IntN(len(moves))])
	}
	return b
}

// checkSolved checks a search answer against an independent solver: the
// generic IDA* on linear conflict gives the distance, and the path must
// lead from the board to the goal in that many moves.
func checkSolved(t *testing.T, a Answer, goal statespace.Board) {
	t.Helper()
	ref, err := search.IDAStar(context.Background(), search.Problem{Start: a.Board, Goal: goal, Limits: search.Limits{MaxExpanded: math.MaxInt64}}, pdb.NewLinearConflict(goal))
	if err != nil || !ref.Found || len(ref.Path) != a.Distance {
		t.Fatalf("%s: distance %d, IDA* on linear conflict says %d (%s)", a.Board, a.Distance, len(ref.Path), ref.StoppedBy)
	}
	end, bad := a.Board.ApplyAll(a.Path)
	if bad >= 0 || end != goal || len(a.Path) != a.Distance {
		t.Fatalf("%s: a path of %d moves (illegal at %d) ends at %s", a.Board, len(a.Path), bad, end)
	}
}

// TestDatabasesFound checks that the databases enumerate builds for any
// shape and goal are found and used: a custom
// partition for a custom 4x4 goal in the cache folder, and a partition of
// the 3x5 board in -pdb-dir; the heuristic each answer names is theirs.
func TestDatabasesFound(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		shape     statespace.Shape
		goal      string
		partition string
		inPDBDir  bool
	}{
		{sq4, "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15", false},
		{statespace.Shape{Rows: 3, Cols: 5}, "last", "1,2,3,6,7/4,5,8,9,10/11,12,13,14", true},
	} {
		cache, pdbDir := t.TempDir(), t.TempDir()
		t.Setenv(store.EnvCache, cache)
		goal, err := statespace.ParseGoal(tc.goal, tc.shape)
		if err != nil {
			t.Fatal(err)
		}
		dir := cache
		cfg := Config{Cache: store.NewCache(cache)}
		if tc.inPDBDir {
			dir, cfg.PDBDir = pdbDir, pdbDir
		}
		built := buildInto(t, dir, goal, tc.partition)
		var log strings.Builder
		cfg.Log = &log
		res, err := NewResolver(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := "pdb " + tc.partition
		if built.Reflects() {
			want += "+reflection"
		}
		for i := range 4 {
			b := walkFrom(uint64(i), goal, 30+10*i)
			a, err := res.Answer(ctx, goal, b, Want{Path: true})
			if err != nil {
				t.Fatalf("%s goal %s: %v", tc.shape, tc.goal, err)
			}
			if a.Heuristic != want || a.Search == nil {
				t.Errorf("%s goal %s: heuristic %q, want %q", tc.shape, tc.goal, a.Heuristic, want)
			}
			checkSolved(t, a, goal)
		}
		if !strings.Contains(log.String(), "solving by IDA* on "+want+" ("+filepath.Join(dir, "")) {
			t.Errorf("log does not name the heuristic and its files:\n%s", log.String())
		}
	}
}

// TestPDBDirPrecedence checks that -pdb-dir takes precedence over the
// cache folder, even over a stronger partition there,
// and that -pdb chooses a set.
func TestPDBDirPrecedence(t *testing.T) {
	ctx := context.Background()
	cache, pdbDir := t.TempDir(), t.TempDir()
	t.Setenv(store.EnvCache, cache)
	goal := statespace.GoalFirst(sq4)
	a555 := first555PDBs(t)
	writeInto(t, pdbDir, a555)
	// A stronger but damaged 6-6-3 in the cache: reading it fails, so an
	// answer shows that the cache was not chosen.
	touch(t, cache, goal, "6-6-3")
	b := walkFrom(7, goal, 40)
	answer := func(cfg Config) (Answer, error) {
		cfg.Cache = store.NewCache(cache)
		res, err := NewResolver(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res.Answer(ctx, goal, b, Want{Path: true})
	}
	a, err := answer(Config{PDBDir: pdbDir})
	if err != nil || a.Heuristic != heuristicName(a555) || a.Heuristic != "pdb 1,2,3,6,7/4,5,8,9,12/10,11,13,14,15+reflection" {
		t.Fatalf("with -pdb-dir: %q, %v", a.Heuristic, err)
	}
	checkSolved(t, a, goal)
	// Without -pdb-dir the cache's 6-6-3 is chosen; being damaged, it is
	// warned about and the board answered by the next heuristic.
	var log strings.Builder
	if a, err := answer(Config{Log: &log, Explain: explained}); err != nil || a.Heuristic != HeuristicLinearConflict ||
		!strings.Contains(log.String(), "4x4-first-pdb-1.2.3.pdb is damaged") || !strings.Contains(log.String(), explainedMark) {
		t.Errorf("without -pdb-dir: %q, %v; log:\n%s", a.Heuristic, err, log.String())
	}
	// -pdb 5-5-5 finds it in the cache folder too, past the 6-6-3 there.
	writeInto(t, cache, a555)
	if a, err := answer(Config{Partition: pdb.Partition{Name: "5-5-5"}}); err != nil || a.Heuristic != heuristicName(a555) {
		t.Errorf("-pdb 5-5-5: %q, %v", a.Heuristic, err)
	}
	// -pdb 6-6-3 takes the damaged files and says so.
	if _, err := answer(Config{Partition: pdb.Partition{Name: "6-6-3"}}); err == nil {
		t.Error("-pdb 6-6-3 read empty files")
	}
	// Too large to build on the fly: what to build (the commands name
	// the command).
	os.RemoveAll(cache)
	var nf *store.PDBNotFoundError
	if _, err := answer(Config{Partition: pdb.Partition{Name: "7-8"}}); !errors.As(err, &nf) || nf.Partition != "7-8" || !strings.Contains(err.Error(), "too large to build on the fly") {
		t.Errorf("-pdb 7-8 missing: %v", err)
	}
}

// TestUnwritableCache checks that databases built when none are found
// answer even when the cache folder cannot be written,
// with a warning, and that the build reports its progress.
func TestUnwritableCache(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalFirst(sq4)
	part, _ := pdb.Preset("5-5-5", goal)
	for _, setup := range []string{"under a file", "names taken"} {
		cache := filepath.Join(t.TempDir(), "cache")
		switch setup {
		case "under a file": // no folder can be made there
			os.WriteFile(filepath.Dir(cache)+"/file", nil, 0o644)
			cache = filepath.Dir(cache) + "/file/cache"
		case "names taken": // the folder exists, but folders stand where the files go
			for _, pat := range part.Patterns {
				if err := os.MkdirAll(filepath.Join(cache, store.PDBFile(goal, pat).Name()), 0o755); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Setenv(store.EnvCache, cache)
		var log strings.Builder
		var last, total uint64
		res, err := NewResolver(ctx, Config{Cache: store.NewCache(cache), Partition: pdb.Partition{Name: "5-5-5"}, Log: &log,
			Progress: func(what string, done, of uint64) {
				if what != "building 5-5-5" || done < last {
					t.Errorf("%s: progress %q %d of %d after %d", setup, what, done, of, last)
				}
				last, total = done, of
			}})
		if err != nil {
			t.Fatal(err)
		}
		a, err := res.Answer(ctx, goal, walkFrom(3, goal, 50), Want{Path: true})
		if err != nil {
			t.Fatalf("%s: %v", setup, err)
		}
		checkSolved(t, a, goal)
		if !strings.Contains(log.String(), "warning: built 5-5-5") || !strings.Contains(log.String(), "could not cache it") {
			t.Errorf("%s: no warning:\n%s", setup, log.String())
		}
		if total != 3*524160 || last != total {
			t.Errorf("%s: progress ended at %d of %d, want 3 × 16!/11!", setup, last, total)
		}
	}
}

// TestDefaultBuildUnwritable is the first reported case: a 4x4 query with no
// databases builds 6-6-3 in memory (a few seconds, so TILESPACE_LONG=1
// only) and answers from it although the cache is read-only.
func TestDefaultBuildUnwritable(t *testing.T) {
	longtest.Skip(t, "builds 6-6-3 in memory, a few seconds")
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	t.Setenv(store.EnvCache, filepath.Join(file, "cache"))
	var log strings.Builder
	res, err := NewResolver(context.Background(), Config{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	goal := statespace.GoalLast(sq4)
	a, err := res.Answer(context.Background(), goal, walkFrom(5, goal, 60), Want{Path: true})
	if err != nil {
		t.Fatal(err)
	}
	checkSolved(t, a, goal)
	if !strings.Contains(log.String(), "building 6-6-3") || !strings.Contains(log.String(), "could not cache it") || !strings.HasPrefix(a.Heuristic, "pdb 1,2,5,6,9,10/") {
		t.Errorf("heuristic %q, log:\n%s", a.Heuristic, log.String())
	}
}

// TestLinearConflictFallback checks that a goal without databases or
// presets is solved on linear conflict, saying so.
func TestLinearConflictFallback(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	var log strings.Builder
	text := "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15"
	res, err := NewResolver(context.Background(), Config{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := statespace.ParseGoal(text, sq4)
	a, err := res.Answer(context.Background(), goal, walkFrom(9, goal, 30), Want{Path: true})
	if err != nil {
		t.Fatal(err)
	}
	checkSolved(t, a, goal)
	if a.Heuristic != HeuristicLinearConflict || !strings.Contains(log.String(), "Manhattan distance plus linear conflict") {
		t.Errorf("heuristic %q, log %q", a.Heuristic, log.String())
	}
	// The facts for the remedy (cmd/internal/cli's TestRemedy checks the
	// command it names parses).
	if !strings.Contains(log.String(), "no pattern databases for 4x4 goal "+text) {
		t.Errorf("log %q does not say which databases are missing", log.String())
	}
}

// TestTableDespitePDBOptions checks that database options apply where
// boards are searched: a goal with a table is answered from it, so one
// Resolver serves every shape (refusing the options for it is the
// command's business).
func TestTableDespitePDBOptions(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []Config{{PDBDir: t.TempDir()}, {Partition: part}} {
		res, err := NewResolver(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		o, err := res.Oracle(context.Background(), goal, Need{})
		if err != nil || o.Source().Kind != FromTable {
			t.Errorf("%+v: %v, %v", cfg, o, err)
		}
	}
}

// The best databases in the cache being damaged is warned about, with the
// command that rebuilds them, and boards are still answered: by the next
// heuristic (here linear conflict, 3x3 having no presets).
func TestDamagedPDBFallsBack(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	a := buildInto(t, cache, goal, "1,2,3,4/5,6,7,8")
	path := filepath.Join(cache, store.PDBFile(goal, a.PDBs()[0].Tiles()).Name())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0xff
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	r, err := NewResolver(context.Background(), Config{Cache: store.NewCache(cache), Log: &log, Explain: explained})
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.heuristic(context.Background(), goal)
	if err != nil {
		t.Fatal(err)
	}
	if h.Name != HeuristicLinearConflict || !strings.Contains(log.String(), "warning: "+path+" is damaged") ||
		!strings.Contains(log.String(), explainedMark) {
		t.Errorf("heuristic %q, log:\n%s", h.Name, log.String())
	}
}
