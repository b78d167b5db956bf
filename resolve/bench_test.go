package resolve

import (
	"context"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var sampleShape = statespace.Shape{Rows: 3, Cols: 3}

func sampleBoards(tb testing.TB, n int) (*tableOracle, []statespace.Board) {
	tb.Helper()
	res, err := NewResolver(context.Background(), Config{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := res.Oracle(context.Background(), statespace.GoalLast(sampleShape), Need{TableOnly: true})
	if err != nil {
		tb.Fatal(err)
	}
	t := o.(tabled)
	return newTableOracle(t.Table(), o.Source().From), slices.Collect(table.Samples(t.Table(), NewRand(7), -1, n))
}

// BenchmarkLookup measures exact distance plus every optimal move of
// random 8-puzzle boards: the target is 2,000,000 lookups/s.
func BenchmarkLookup(b *testing.B) {
	o, boards := sampleBoards(b, 4096)
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a, err := o.Answer(ctx, boards[i&4095], Want{})
		if err != nil || a.Distance < 0 {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
