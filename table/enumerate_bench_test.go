package table

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

func benchmarkEnumerate(b *testing.B, sh statespace.Shape) {
	sp := statespace.MustSpace(statespace.GoalLast(sh))
	e, err := newEnumeration(sp)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		e.visited.ClearAll()
		e.counts = e.counts[:0]
		if err := e.run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sp.Size()), "ns/state")
}

// The memory is allocated and touched once, outside the timed loop.
func BenchmarkEnumerate3x3(b *testing.B) { benchmarkEnumerate(b, statespace.Shape{Rows: 3, Cols: 3}) }
func BenchmarkEnumerate2x5(b *testing.B) { benchmarkEnumerate(b, statespace.Shape{Rows: 2, Cols: 5}) }
