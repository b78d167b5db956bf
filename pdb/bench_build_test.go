package pdb

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// BenchmarkBuild663 builds the three databases of the 6-6-3 partition for
// the 4x4 goal last (target: ≤ 5 s on 2 cores).
func BenchmarkBuild663(b *testing.B) {
	goal := statespace.GoalLast(sq4)
	part, _ := Preset("6-6-3", goal)
	for b.Loop() {
		if _, err := BuildPartition(context.Background(), goal, part, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild6 builds one 6-tile database of the 4x4 board.
func BenchmarkBuild6(b *testing.B) {
	goal := statespace.GoalLast(sq4)
	for b.Loop() {
		if _, err := Build(context.Background(), goal, []int{1, 2, 5, 6, 9, 10}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild7 builds the 7-tile database of the 7-8 partition.
func BenchmarkBuild7(b *testing.B) {
	goal := statespace.GoalLast(sq4)
	for b.Loop() {
		if _, err := Build(context.Background(), goal, []int{9, 10, 11, 12, 13, 14, 15}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup663 measures the additive heuristic's lookup (both sums,
// regular and reflected) with the 6-6-3 databases on random boards.
func BenchmarkLookup663(b *testing.B) {
	goal := statespace.GoalFirst(sq4)
	part, _ := Preset("6-6-3", goal)
	a, err := BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		b.Fatal(err)
	}
	boards := make([]statespace.Board, 1024)
	sp := statespace.MustSpace(goal)
	for i := range boards {
		boards[i] = sp.Unrank(uint64(i) * (sp.Size() / 1024))
	}
	b.ResetTimer()
	var sink int
	for i := 0; b.Loop(); i++ {
		sink += a.Distance(boards[i&1023])
	}
	_ = sink
}

// BenchmarkBuild8 builds the 8-tile database of the 7-8 partition for the
// goal first, the largest the builder takes on (the whole 7-8
// build in at most 2 minutes within 4 GiB). Run it with -benchtime 1x.
func BenchmarkBuild8(b *testing.B) {
	goal := statespace.GoalFirst(sq4)
	for b.Loop() {
		if _, err := Build(context.Background(), goal, []int{8, 9, 10, 11, 12, 13, 14, 15}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
