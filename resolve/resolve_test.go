package resolve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

func TestBuildOnTheFly(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	var log strings.Builder
	ctx := context.Background()
	res, err := NewResolver(ctx, Config{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	sh := statespace.Shape{Rows: 2, Cols: 4}
	for range 2 { // the second time comes from the resolver's memory
		o, err := res.Oracle(ctx, statespace.GoalLast(sh), Need{})
		if err != nil {
			t.Fatal(err)
		}
		if src := o.Source().From; src != "built in memory" {
			t.Errorf("source %q", src)
		}
	}
	// A table of 8!/2 = 20,160 boards is built in a millisecond: no
	// note, on this call or any other.
	if log.String() != "" {
		t.Errorf("log %q, want none", log.String())
	}
}

func TestFromCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(store.EnvCache, dir)
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	tab, err := table.Enumerate(ctx, statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, store.TableFile(goal).Name())
	if _, err := store.WriteTable(context.Background(), path, tab, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	res, err := NewResolver(ctx, Config{Cache: store.NewCache(dir), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	o, err := res.Oracle(ctx, goal, Need{})
	if err != nil {
		t.Fatal(err)
	}
	if src := o.Source().From; src != path || log.Len() != 0 {
		t.Errorf("source %q, log %q; want the cached %s and no log", src, log.String(), path)
	}
}

// TestSearchWithoutTable checks that shapes whose table is missing and
// too large to build are solved by search, saying so, instead of refused.
func TestSearchWithoutTable(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	var log strings.Builder
	res, err := NewResolver(ctx, Config{Log: &log, Explain: explained})
	if err != nil {
		t.Fatal(err)
	}
	// 3x4 has 12!/2 = 239,500,800 boards, above the build limit.
	o, err := res.Oracle(ctx, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}), Need{})
	if err != nil {
		t.Fatal(err)
	}
	if o.Source().Kind != FromSearch {
		t.Fatalf("3x4: %T, want a search", o)
	}
	for _, want := range []string{"no distance table for 3x4 goal last", explainedMark + "; until then, solving by search", "linear conflict"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	// A lower limit searches what it would otherwise build.
	res, err = NewResolver(ctx, Config{BuildLimit: 360})
	if err != nil {
		t.Fatal(err)
	}
	if o, err := res.Oracle(ctx, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), Need{TableOnly: true}); err != nil || o.Source().Kind != FromTable {
		t.Errorf("2x3 (360 boards) under a limit of 360: %T, %v", o, err)
	}
	o, err = res.Oracle(ctx, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}), Need{})
	if err != nil || o.Source().Kind != FromSearch {
		t.Errorf("2x4 over a limit of 360: %T, %v", o, err)
	}
	// The searched answers, every optimal move included, are the BFS's.
	oracle := fixture.NewBFS(2, 4, []int{1, 2, 3, 4, 5, 6, 7, 0})
	for _, text := range []string{"0,7,2,1,4,3,6,5", "1,2,3,4,5,6,0,7", "1,2,3,4,5,6,7,0"} {
		b, _ := statespace.Parse(text, statespace.Shape{Rows: 2, Cols: 4})
		a, err := o.Answer(ctx, b, Want{Path: true, AllMoves: true})
		if err != nil {
			t.Fatal(err)
		}
		if a.Heuristic != HeuristicLinearConflict || a.Search == nil {
			t.Errorf("%s: heuristic %q, search %v", text, a.Heuristic, a.Search)
		}
		oracle.Check(t, b, a.Distance, a.Optimal, a.Path, true)
	}
}

// TestUnsolvable4x4 checks that an unsolvable 4x4 board is explained
// before any database is looked for or built.
func TestUnsolvable4x4(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	ctx := context.Background()
	korf1, err := statespace.Parse("14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3", statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewResolver(ctx, Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = res.Answer(ctx, statespace.GoalLast(korf1.Shape()), korf1, Want{})
	var u *statespace.UnsolvableError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "solvable for goal first") {
		t.Errorf("Korf's first instance for goal last: %v; want unsolvable", err)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("the cache holds %d files", len(entries))
	}
}

func TestTableFile(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 2})
	tab, err := table.Enumerate(ctx, statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "my.tbl")
	if _, err := store.WriteTable(context.Background(), path, tab, tablefile.EncodingBytes); err != nil {
		t.Fatal(err)
	}
	read, err := store.ReadTable(ctx, path, statespace.Board{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewResolver(ctx, Config{Table: NewTableOracle(read, path)})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := statespace.Parse("1,2/3,4/0,5", statespace.Shape{})
	oracle := fixture.NewBFS(3, 2, []int{1, 2, 3, 4, 5, 0})
	a, err := res.Answer(ctx, goal, b, Want{Path: true})
	if err != nil {
		t.Fatal(err)
	}
	oracle.Check(t, b, a.Distance, a.Optimal, a.Path, true)
	if a.Source.From != path || !res.HasTable(goal) {
		t.Errorf("answered from %q, HasTable %v; want the file %s", a.Source.From, res.HasTable(goal), path)
	}
	// Only a table's oracle is one.
	if _, err := NewResolver(ctx, Config{Table: NewSearchOracle(goal, pdb.NewManhattan(goal), "manhattan")}); err == nil {
		t.Error("a search accepted as Config.Table")
	}
}

func TestCommas(t *testing.T) {
	for i, tc := range []struct {
		n    uint64
		want string
	}{{0, "0"}, {12, "12"}, {999, "999"}, {1000, "1,000"}, {181440, "181,440"}, {1814400, "1,814,400"}} {
		if got := textfmt.Commas(tc.n); got != tc.want {
			t.Errorf("case %d: textfmt.Commas(%d) = %q, want %q", i, tc.n, got, tc.want)
		}
	}
}

// TestNeed6666 checks that 5x5 boards without databases get an error
// naming the command that builds 6-6-6-6, for both goals, and that nothing
// is built or written meanwhile.
func TestNeed6666(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	ctx := context.Background()
	sh := statespace.Shape{Rows: 5, Cols: 5}
	for _, goal := range []string{"first", "last"} {
		res, err := NewResolver(ctx, Config{Memory: 8 << 30})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := statespace.ParseGoal(goal, sh)
		b, _ := g.Apply(statespace.Right)
		if goal == "last" {
			b, _ = g.Apply(statespace.Left)
		}
		_, err = res.Answer(ctx, g, b, Want{Path: true})
		var need *NeedPDBsError
		if !errors.As(err, &need) || need.Goal != g || need.Partition != "6-6-6-6" || need.ZeroAware || need.Machine.Memory != 8<<30 {
			t.Errorf("goal %s: %v (%+v), want a *NeedPDBsError for the plain 6-6-6-6 on 8 GiB", goal, err, need)
		}
		if files, _ := os.ReadDir(cache); len(files) != 0 {
			t.Errorf("goal %s: %d files written to the cache", goal, len(files))
		}
	}
}

// A failed resolution is remembered, so a batch says its reason once,
// until Need.Retry: then a table copied in meanwhile is found (the page
// forgets each failure it reports).
func TestForgetFailure(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	path := filepath.Join(dir, store.TableFile(goal).Name())
	if err := os.WriteFile(path, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Under a build limit of 1 the damaged table is not rebuilt in memory.
	res, err := NewResolver(ctx, Config{Cache: store.NewCache(dir), BuildLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := res.Oracle(ctx, goal, Need{}); err == nil {
		t.Fatal("a damaged table resolved")
	}
	tab, err := table.Enumerate(ctx, statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.WriteTable(ctx, path, tab, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	if _, err := res.Oracle(ctx, goal, Need{}); err == nil {
		t.Error("the failure was not remembered")
	}
	o, err := res.Oracle(ctx, goal, Need{Retry: true})
	if err != nil || o.Source().From != path {
		t.Fatalf("after a retry: %v, %v", o, err)
	}
	// a resolution that succeeded is kept
	if again, err := res.Oracle(ctx, goal, Need{Retry: true}); err != nil || again != o {
		t.Errorf("a retry dropped a resolved oracle: %v, %v", again, err)
	}
}
