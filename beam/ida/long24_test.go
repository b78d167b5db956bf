package ida

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// TestMatchesLocalSolver24 checks the Beam search against the local solver
// on three of Korf's 24-puzzle instances, the three that 6-6-6-6x7 solves
// with the fewest expansions (#40, #25 and #44: 3.7, 14.6 and 16.3
// million), on Prism, with and without the heaviest subtrees cut deeper,
// with the databases of the cache folder (17 GB held packed; about 8
// minutes to read on a 2-core machine).
func TestMatchesLocalSolver24(t *testing.T) {
	longtest.Skip(t, "the 24-puzzle's 6-6-6-6x7 databases: Beam's counts against the local solver's")
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	cache, err := store.DefaultCache()
	if err != nil {
		t.Fatal(err)
	}
	h := Heuristic{Databases: cache.Dir(), Partition: "6-6-6-6x7", ZeroAware: true}
	if _, err := loadSolver(context.Background(), goal, h); err != nil {
		var nf *store.PDBNotFoundError
		if errors.As(err, &nf) {
			t.Fatalf("%v: build them with: go run ./cmd/enumerate databases -shape 5x5 -goal first -pdb 6-6-6-6x7 -zero-aware", err)
		}
		t.Fatal(err)
	}
	want := map[int]bool{40: true, 25: true, 44: true}
	n := 0
	for _, in := range reference.Korf50() {
		if !want[in.ID] {
			continue
		}
		n++
		b, err := statespace.Parse(in.Board, goal.Shape())
		if err != nil {
			t.Fatal(err)
		}
		local := localFor(t, goal, h, b)
		for _, refine := range []int{0, 32} {
			label := fmt.Sprintf("24-puzzle instance %d, refine %d", in.ID, refine)
			got := runAgainst(t, label, goal, b, in.Optimal, Options{Runner: "prism", Heuristic: h, Split: 10, Refine: refine}, local)
			t.Logf("%s: %d moves, %d nodes in %d iterations", label, len(got.Path), got.Nodes, len(got.Iterations))
			for _, it := range got.Iterations {
				// What docs/DISTRIBUTED.md's cost model takes from a 24-puzzle
				// split: the subtrees, the largest against the mean, the time.
				mean := float64(it.SearchedNodes) / float64(max(it.Subtrees, 1))
				t.Logf("  bound %d: %d subtrees, %d nodes searched (%d counted), largest subtree %d (%.0f× the mean), %.1f s in subtrees, %.1f s wall",
					it.Bound, it.Subtrees, it.SearchedNodes, it.Nodes, it.MaxSubtreeNodes, float64(it.MaxSubtreeNodes)/max(mean, 1), it.SubtreeSeconds, it.Seconds)
			}
		}
	}
	if n != len(want) {
		t.Fatalf("%d of the %d instances found in Korf's 50", n, len(want))
	}
}
