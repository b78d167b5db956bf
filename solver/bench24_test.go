package solver_test

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/prune"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// BenchmarkKorf24 solves three of Korf's easiest 24-puzzle instances
// (#40, #25, #38) on the 6-6-6-6 databases in the cache folder, plain and
// zero-aware (each where it is there), at depths of the duplicate-path
// machine; without either it is skipped (go run ./cmd/enumerate -shape
// 5x5 -goal first -pdb 6-6-6-6 [-zero-aware] builds them, minutes):
//
//	go test ./solver -run XXX -bench Korf24 -benchtime 1x -count 5
func BenchmarkKorf24(b *testing.B) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	part, err := pdb.Preset("6-6-6-6", goal)
	if err != nil {
		b.Fatal(err)
	}
	zpart := part
	zpart.ZeroAware = true
	cache, err := store.DefaultCache()
	if err != nil {
		b.Skipf("no cache folder: %v", err)
	}
	dirs := []string{cache.Dir()}
	plain, _, perr := store.LoadPartition(context.Background(), dirs, goal, part, nil)
	zero, _, zerr := store.LoadPartition(context.Background(), dirs, goal, zpart, nil)
	if perr != nil && zerr != nil {
		b.Skipf("no 6-6-6-6 databases: %v", perr)
	}
	var boards []statespace.Board
	var lengths []int
	for _, id := range []int{40, 25, 38} {
		for _, in := range reference.Korf50() {
			if in.ID == id {
				bd, err := statespace.Parse(in.Board, goal.Shape())
				if err != nil {
					b.Fatal(err)
				}
				boards, lengths = append(boards, bd), append(lengths, in.Optimal)
			}
		}
	}
	for _, run := range []struct {
		name  string
		h     *pdb.Additive
		depth int
	}{{"plain/prune=2", plain, 2}, {"plain/prune=10", plain, 10}, {"plain/prune=12", plain, 12}, {"plain/prune=14", plain, 14},
		{"zero-aware/prune=2", zero, 2}, {"zero-aware/prune=12", zero, 12}, {"zero-aware/prune=14", zero, 14}} {
		if run.h == nil {
			continue
		}
		h, depth := run.h, run.depth
		b.Run(run.name, func(b *testing.B) {
			if _, err := prune.For(goal.Shape(), depth); err != nil {
				b.Fatal(err)
			}
			s, err := solver.New(h)
			if err != nil {
				b.Fatal(err)
			}
			s.Prune = depth
			for b.Loop() {
				var gen uint64
				for i, bd := range boards {
					r, err := s.Solve(context.Background(), bd)
					if err != nil {
						b.Fatal(err)
					}
					if len(r.Path) != lengths[i] {
						b.Fatalf("%d moves, published %d", len(r.Path), lengths[i])
					}
					gen += r.Generated
				}
				b.ReportMetric(float64(gen), "generated")
			}
		})
	}
}
