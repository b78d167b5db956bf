package solver_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/prune"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// BenchmarkKorf24 solves three of Korf's easiest 24-puzzle instances
// (#40, #25, #38) on the 6-6-6-6 databases in the cache folder, at each
// depth of the duplicate-path machine; without the databases it is
// skipped (go run ./cmd/enumerate -shape 5x5 -goal first -pdb 6-6-6-6
// builds them, a few minutes):
//
//	go test ./solver -run XXX -bench Korf24 -benchtime 1x -count 5
func BenchmarkKorf24(b *testing.B) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	part, err := pdb.Preset("6-6-6-6", goal)
	if err != nil {
		b.Fatal(err)
	}
	h, _, err := store.LoadPartition(context.Background(), "", goal, part)
	if err != nil {
		b.Skipf("no 6-6-6-6 databases: %v", err)
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
	for _, depth := range []int{2, 10, 12, 14} {
		b.Run(fmt.Sprintf("prune=%d", depth), func(b *testing.B) {
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
