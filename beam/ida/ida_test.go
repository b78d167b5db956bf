package ida

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	//lint:ignore SA1019 the results are checked on the direct runner as well as on prism
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// The runners report every job at INFO; a test prints only failures.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	os.Exit(m.Run())
}

var (
	sq4   = statespace.Shape{Rows: 4, Cols: 4}
	goal4 = statespace.GoalFirst(sq4) // Korf's goal
)

var (
	dbOnce sync.Once
	dbDir  string
	dbErr  error
)

// databases builds the 15-puzzle's 5-5-5 databases (seconds) once into a
// folder for every test, as a cache folder holds them.
func databases(t *testing.T) string {
	t.Helper()
	dbOnce.Do(func() {
		dbDir, dbErr = os.MkdirTemp("", "ida-pdb-")
		if dbErr != nil {
			return
		}
		part, err := pdb.Preset("5-5-5", goal4)
		if err != nil {
			dbErr = err
			return
		}
		a, err := pdb.BuildPartition(context.Background(), goal4, part, nil)
		if err != nil {
			dbErr = err
			return
		}
		_, dbErr = store.NewCache(dbDir).WritePDBs(context.Background(), a)
	})
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return dbDir
}

// easiest returns the n of Korf's 100 with the shortest solutions.
func easiest(t *testing.T, n int) []reference.Instance {
	all := reference.Korf100()
	slices.SortStableFunc(all, func(a, b reference.Instance) int { return a.Optimal - b.Optimal })
	return all[:n]
}

func board(t *testing.T, in reference.Instance) statespace.Board {
	t.Helper()
	b, err := statespace.Parse(in.Board, sq4)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// local solves b with the local solver on the same databases.
func local(t *testing.T, h Heuristic, b statespace.Board) solver.Result {
	t.Helper()
	return localFor(t, goal4, h, b)
}

func localFor(t *testing.T, goal statespace.Board, h Heuristic, b statespace.Board) solver.Result {
	t.Helper()
	s, err := loadSolver(context.Background(), goal, h)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Solve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// same fails unless the Beam search's result is the local solver's: the
// path, the totals and each iteration's bound and nodes.
func same(t *testing.T, label string, got *Result, want solver.Result) {
	t.Helper()
	var bounds []int
	var nodes []uint64
	for _, it := range got.Iterations {
		bounds = append(bounds, it.Bound)
		nodes = append(nodes, it.Nodes)
	}
	if fmt.Sprint(got.Path) != fmt.Sprint(want.Path) || got.Nodes != want.Nodes || got.Generated != want.Generated ||
		!slices.Equal(bounds, want.Bounds) || !slices.Equal(nodes, want.IterationNodes) {
		t.Errorf("%s: Beam %d moves, %d nodes, %d generated, bounds %v, nodes %v; local %d, %d, %d, %v, %v", label,
			len(got.Path), got.Nodes, got.Generated, bounds, nodes, len(want.Path), want.Nodes, want.Generated, want.Bounds, want.IterationNodes)
	}
}

// runAgainst runs the Beam search of b with opts in a new results folder
// and fails unless its path is optimal (of the published length) and its
// counts are the local solver's (want).
func runAgainst(t *testing.T, label string, goal, b statespace.Board, optimal int, opts Options, want solver.Result) *Result {
	t.Helper()
	opts.Results = t.TempDir()
	got, err := Run(context.Background(), goal, b, opts)
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	if len(got.Path) != optimal {
		t.Errorf("%s: %d moves, the published optimum is %d", label, len(got.Path), optimal)
	}
	if end, bad := b.ApplyAll(got.Path); bad >= 0 || end != goal {
		t.Errorf("%s: the path does not reach the goal", label)
	}
	same(t, label, got, want)
	return got
}

// TestMatchesLocalSolver checks that the Beam search's paths and counts
// equal the local solver's on Korf's easiest instances, on the direct
// runner and on Prism, at several split depths, with and without the
// heaviest subtrees cut deeper.
func TestMatchesLocalSolver(t *testing.T) {
	dir := databases(t)
	for _, runner := range []string{"direct", "prism"} {
		for i, in := range easiest(t, 3) {
			b := board(t, in)
			for _, prune := range []int{0, 2} {
				h := Heuristic{Databases: dir, Partition: "5-5-5", Prune: prune}
				want := local(t, h, b)
				split, refine := 4+2*i, 2*prune // the heaviest cut deeper, or not
				label := fmt.Sprintf("%s, instance %d, prune %d, split %d, refine %d", runner, in.ID, prune, split, refine)
				runAgainst(t, label, goal4, b, in.Optimal, Options{Runner: runner, Heuristic: h, Split: split, Refine: refine}, want)
			}
		}
	}
}

// errKilled stands for a worker dying: the bundle fails, and the job with it.
var errKilled = errors.New("killed")

// TestResumeAfterKill kills runs after a few subtrees of an iteration are
// finished, resumes them, and checks that no finished subtree is searched
// again and that the result is the local solver's, the heaviest subtrees
// cut deeper from the records as the first run cut them.
func TestResumeAfterKill(t *testing.T) {
	for _, runner := range []string{"direct", "prism"} {
		t.Run(runner, func(t *testing.T) { testResume(t, runner) })
	}
}

func testResume(t *testing.T, runner string) {
	dir := databases(t)
	h := Heuristic{Databases: dir, Partition: "5-5-5"}
	in := easiest(t, 4)[3]
	b := board(t, in)
	want := local(t, h, b)
	results := t.TempDir()
	var mu sync.Mutex
	searched := map[string]int{} // bound/index: searches started
	finished := map[string]bool{}
	var written int
	key := func(bound, i int) string { return fmt.Sprintf("%d/%d", bound, i) }
	t.Cleanup(func() { beforeSearch, afterWrite = nil, nil })
	beforeSearch = func(bound, i int) error {
		mu.Lock()
		defer mu.Unlock()
		searched[key(bound, i)]++
		return nil
	}
	for kill := range 3 {
		// Kill every run after it writes 7 more results.
		limit := written + 7
		afterWrite = func(bound, i int) error {
			mu.Lock()
			defer mu.Unlock()
			k := key(bound, i)
			if finished[k] {
				t.Errorf("subtree %s written twice", k)
			}
			finished[k] = true
			written++
			if written >= limit {
				return errKilled
			}
			return nil
		}
		_, err := Run(context.Background(), goal4, b, Options{Runner: runner, Heuristic: h, Split: 5, Refine: 3, Results: results})
		if err == nil {
			t.Fatalf("run %d was not killed", kill+1)
		}
	}
	afterWrite = func(bound, i int) error {
		mu.Lock()
		defer mu.Unlock()
		finished[key(bound, i)] = true
		return nil
	}
	got, err := Run(context.Background(), goal4, b, Options{Runner: runner, Heuristic: h, Split: 5, Refine: 3, Results: results})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "resumed", got, want)
	refined := 0
	for _, it := range got.Iterations {
		if len(it.heaviest) > 3 {
			t.Errorf("bound %d: %d heaviest kept, want 3", it.Bound, len(it.heaviest))
		}
		refined += len(it.heaviest)
	}
	if refined == 0 {
		t.Error("no iteration kept its heaviest subtrees")
	}
	var again []string
	for k, n := range searched {
		if n > 1 {
			again = append(again, k)
		}
	}
	if len(again) > 0 {
		t.Errorf("subtrees searched more than once: %v", again)
	}
	if written < 21 {
		t.Errorf("only %d results written before the kills", written)
	}
	t.Logf("%d subtree searches in %d iterations, %d of them before the kills", len(searched), len(got.Iterations), written)
}

// TestSkipsAfterASolution checks that a subtree after one known to hold a
// solution is emitted as skipped, unsearched, and one before it searched.
func TestSkipsAfterASolution(t *testing.T) {
	dir := databases(t)
	h := Heuristic{Databases: dir, Partition: "5-5-5"}
	in := easiest(t, 1)[0]
	b := board(t, in)
	s, err := loadSolver(context.Background(), goal4, h)
	if err != nil {
		t.Fatal(err)
	}
	bound := in.Optimal
	sp, err := s.SplitIteration(context.Background(), b, bound, 3)
	if err != nil || len(sp.Roots) < 3 {
		t.Fatalf("split: %d roots, %v", len(sp.Roots), err)
	}
	results := t.TempDir()
	if err := writeFile(context.Background(), foundPath(results, bound), []byte("1\n")); err != nil {
		t.Fatal(err)
	}
	fn := &searchFn{Search: Search{Shape: "4x4", Goal: goal4.String(), Board: b.String(), Heuristic: h, Results: results, Bound: bound}}
	if err := fn.Setup(context.Background()); err != nil {
		t.Fatal(err)
	}
	var searched []int
	t.Cleanup(func() { beforeSearch = nil })
	beforeSearch = func(_, i int) error { searched = append(searched, i); return nil }
	for i := range 3 {
		var got []Record
		if err := fn.ProcessElement(context.Background(), Task{Index: i, Moves: movesText(sp.Roots[i].Moves)}, func(r Record) { got = append(got, r) }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Skipped != (i == 2) || got[0].Index != i {
			t.Errorf("subtree %d: emitted %+v", i, got)
		}
	}
	if !slices.Equal(searched, []int{0, 1}) {
		t.Errorf("searched %v, want the subtrees 0 and 1", searched)
	}
}

// TestRefusesAnotherSearchAndDamage checks that a results folder is not
// resumed by another search, and that a damaged subtree file stops the
// run with a RecordError naming it.
func TestRefusesAnotherSearchAndDamage(t *testing.T) {
	dir := databases(t)
	h := Heuristic{Databases: dir, Partition: "5-5-5"}
	in := easiest(t, 2)[1]
	b := board(t, in)
	results := t.TempDir()
	got, err := Run(context.Background(), goal4, b, Options{Runner: "direct", Heuristic: h, Split: 5, Results: results})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), goal4, b, Options{Runner: "direct", Heuristic: h, Split: 6, Results: results})
	var ce *ClaimError
	if !errors.As(err, &ce) {
		t.Errorf("another split depth in the same folder: %v, want a ClaimError", err)
	}
	// The last iteration's record gone and its first subtree's file
	// damaged: the rerun reads the file and stops.
	last := got.Iterations[len(got.Iterations)-1]
	if last.Subtrees == 0 {
		t.Fatalf("the last iteration has no subtrees")
	}
	if err := os.Remove(iterationPath(results, last.Bound)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(subtreePath(results, last.Bound, 0), []byte(`{"bound":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), goal4, b, Options{Runner: "direct", Heuristic: h, Split: 5, Results: results})
	if err == nil || !strings.Contains(err.Error(), "subtree-000000.json") {
		t.Errorf("a damaged subtree file: %v, want an error naming it", err)
	}
}

// TestHeaviestWhateverTheOrder checks the combine keeps the same heaviest
// subtrees, in the same order, however the runner groups and orders the
// records: ties broken by the moves.
func TestHeaviestWhateverTheOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	var records []Record
	for i := range 200 {
		records = append(records, Record{Index: i, Moves: fmt.Sprintf("%08b", i), Nodes: uint64(rng.IntN(20)), Next: 99})
	}
	f := sumFn{Keep: 7}
	var want []Heavy
	for trial := range 20 {
		rng.Shuffle(len(records), func(i, j int) { records[i], records[j] = records[j], records[i] })
		cut := rng.IntN(len(records))
		a, b := f.CreateAccumulator(), f.CreateAccumulator()
		for _, r := range records[:cut] {
			a = f.AddInput(a, r)
		}
		for _, r := range records[cut:] {
			b = f.AddInput(b, r)
		}
		got := f.ExtractOutput(f.MergeAccumulators(b, a)).Heaviest
		if trial == 0 {
			want = got
			if len(want) != 7 || !slices.IsSortedFunc(want, func(x, y Heavy) int { return cmp.Compare(y.Nodes, x.Nodes) }) {
				t.Fatalf("kept %v", want)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d kept %v, the first %v", trial, got, want)
		}
	}
}
