package pdb

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// BenchmarkBuild5x5Five builds one 5-tile database of the 5x5 board: the
// flood-filled regions of boards of more than 16 cells.
func BenchmarkBuild5x5Five(b *testing.B) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	for b.Loop() {
		if _, err := Build(context.Background(), goal, []int{1, 2, 5, 6, 7}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
