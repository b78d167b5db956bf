package resolve

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// countingAcquire is a Config.Acquire that counts the builds it lets run.
func countingAcquire(n *atomic.Int64) func(context.Context) (func(), error) {
	return func(context.Context) (func(), error) {
		n.Add(1)
		return func() {}, nil
	}
}

// Concurrent calls for one goal wait for one resolution.
func TestResolveOnce(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	var builds atomic.Int64
	ctx := context.Background()
	res, err := NewResolver(ctx, Config{Acquire: countingAcquire(&builds)})
	if err != nil {
		t.Fatal(err)
	}
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
	var wg sync.WaitGroup
	oracles := make([]Oracle, 16)
	for i := range oracles {
		wg.Go(func() {
			o, err := res.Oracle(ctx, goal, Need{})
			if err != nil {
				t.Error(err)
			}
			oracles[i] = o
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds for one goal, want 1", n)
	}
	for _, o := range oracles[1:] {
		if o != oracles[0] {
			t.Fatal("concurrent callers got different oracles")
		}
	}
	if o := oracles[0]; o.Source().Kind != FromTable || o.Goal() != goal {
		t.Errorf("goal %s, want %s", o.Goal(), goal)
	}
}

// The tables held stay within Config.CacheBytes, the least recently used
// dropped first and built again when asked for.
func TestCacheBound(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	var builds atomic.Int64
	ctx := context.Background()
	const table = 20_160 // 8!/2 boards, a byte each
	res, err := NewResolver(ctx, Config{Acquire: countingAcquire(&builds), CacheBytes: 2*table + table/2})
	if err != nil {
		t.Fatal(err)
	}
	sh := statespace.Shape{Rows: 2, Cols: 4}
	sp := statespace.MustSpace(statespace.GoalLast(sh))
	goals := []statespace.Board{sp.Unrank(1), sp.Unrank(2), sp.Unrank(3)}
	for _, g := range goals[:2] {
		if _, err := res.Oracle(ctx, g, Need{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := res.Oracle(ctx, goals[0], Need{}); err != nil { // goals[1] is now the least recent
		t.Fatal(err)
	}
	if _, err := res.Oracle(ctx, goals[2], Need{}); err != nil {
		t.Fatal(err)
	}
	if got := held(res); got != 2*table {
		t.Errorf("held %d bytes, want %d (two tables)", got, 2*table)
	}
	if builds.Load() != 3 {
		t.Fatalf("%d builds, want 3", builds.Load())
	}
	if _, err := res.Oracle(ctx, goals[0], Need{}); err != nil { // still held
		t.Fatal(err)
	}
	if builds.Load() != 3 {
		t.Errorf("the most recently used table was dropped")
	}
	if _, err := res.Oracle(ctx, goals[1], Need{}); err != nil { // dropped: built again
		t.Fatal(err)
	}
	if builds.Load() != 4 {
		t.Errorf("the least recently used table was kept: %d builds", builds.Load())
	}
}

// A build refused a work slot fails that call and is tried again by the
// next.
func TestAcquireRefused(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	busy := true
	res, err := NewResolver(ctx, Config{Acquire: func(context.Context) (func(), error) {
		if busy {
			return nil, os.ErrDeadlineExceeded
		}
		return func() {}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	if _, err := res.Oracle(ctx, goal, Need{}); err != os.ErrDeadlineExceeded {
		t.Fatalf("with no slot: %v, want the slot's error", err)
	}
	busy = false
	if _, err := res.Oracle(ctx, goal, Need{}); err != nil {
		t.Fatalf("with a slot: %v", err)
	}
}

// With ReadOnlyCache, databases built stay in memory and nothing is
// written to the cache folder; without it they are cached.
func TestReadOnlyCache(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, readOnly := range []bool{true, false} {
		dir := t.TempDir()
		t.Setenv(store.EnvCache, dir)
		res, err := NewResolver(ctx, Config{Cache: store.NewCache(dir), ReadOnlyCache: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		a, err := res.Databases(ctx, goal, part)
		if err != nil {
			t.Fatal(err)
		}
		if a.Partition().Label() != part.Label() {
			t.Errorf("partition %s, want %s", a.Partition().Label(), part.Label())
		}
		files, _ := os.ReadDir(dir)
		if readOnly && len(files) != 0 || !readOnly && len(files) != 2 {
			t.Errorf("read-only %v: %d files in the cache folder", readOnly, len(files))
		}
	}
}

// With KeepPath, a search whose context ends while the optimal moves are
// tested keeps its exact path and says the moves were cut short; without
// it, the context's error is the answer.
func TestKeepPath(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	// A board whose child searches are long enough to see the cancellation.
	b := walkFrom(5, goal, 60)
	for _, keep := range []bool{true, false} {
		count := &cancelingHeuristic{h: pdb.NewManhattan(goal)}
		o := NewSearchOracle(goal, count, "counting")
		if _, err := o.Answer(context.Background(), b, Want{Path: true}); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		count.calls, count.cancelAt, count.cancel = 0, count.calls+1, cancel
		a, err := o.Answer(ctx, b, Want{Path: true, AllMoves: true, KeepPath: keep})
		cancel()
		if !keep {
			if err != context.Canceled {
				t.Errorf("without KeepPath: %v, want context.Canceled", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !a.Search.OptimalCut || !a.Search.OptimalUnknown || len(a.Path) == 0 || a.Optimal != 0 {
			t.Fatalf("cut %v, unknown %v, path %d moves, optimal %v", a.Search.OptimalCut, a.Search.OptimalUnknown, len(a.Path), a.Optimal)
		}
	}
}

type cancelingHeuristic struct {
	h        pdb.Heuristic
	calls    int
	cancelAt int
	cancel   func()
}

func (c *cancelingHeuristic) Distance(b statespace.Board) int {
	c.calls++
	if c.cancel != nil && c.calls == c.cancelAt {
		c.cancel()
	}
	return c.h.Distance(b)
}

// held is the bytes res holds.
func held(res *Resolver) int64 {
	h, _ := res.Held()
	return h
}

// goalFor is b's goal as -shape shape and -goal text say it.
func goalFor(t testing.TB, shape statespace.Shape, text string, b statespace.Board) statespace.Board {
	t.Helper()
	g, err := statespace.ReadGoal(text, shape)
	if err != nil {
		t.Fatal(err)
	}
	goal, err := g.For(b.Shape())
	if err != nil {
		t.Fatal(err)
	}
	return goal
}

// Two callers building databases at once, each under its own progress
// (WithProgress), each see the progress of their own build only, up to
// its end; Config.Progress sees none of it.
func TestProgressPerCaller(t *testing.T) {
	ctx := context.Background()
	var global atomic.Int64
	res, err := NewResolver(ctx, Config{Cache: store.NewCache(t.TempDir()),
		Progress: func(string, uint64, uint64) { global.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	type seen struct {
		whats     map[string]bool
		last, tot uint64
		reports   int
		part      pdb.Partition
	}
	var wg sync.WaitGroup
	seens := make([]*seen, 2)
	for i, text := range []string{"1,2,3,4/5,6,7,8/9,10,11,12/13,14,15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"} {
		part, err := pdb.ParsePartition(text, goal)
		if err != nil {
			t.Fatal(err)
		}
		s := &seen{whats: map[string]bool{}, part: part}
		seens[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mu sync.Mutex
			pctx := WithProgress(ctx, func(what string, done, total uint64) {
				mu.Lock()
				defer mu.Unlock()
				s.whats[what] = true
				s.last, s.tot = done, total
				s.reports++
			})
			if _, err := res.Databases(pctx, goal, part); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for _, s := range seens {
		want := "building " + s.part.Label()
		if len(s.whats) != 1 || !s.whats[want] || s.reports == 0 || s.last != s.tot {
			t.Errorf("%s: progress %v (%d reports, last %d of %d), want %q only, to its end", s.part.Label(), s.whats, s.reports, s.last, s.tot, want)
		}
	}
	if seens[0].tot == seens[1].tot {
		t.Fatalf("both builds count %d: the test cannot tell them apart", seens[0].tot)
	}
	if n := global.Load(); n != 0 {
		t.Errorf("Config.Progress got %d reports of builds whose callers had their own", n)
	}
}
