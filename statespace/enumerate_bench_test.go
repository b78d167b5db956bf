package statespace

import (
	"context"
	"testing"
)

func benchmarkEnumerate(b *testing.B, sh Shape) {
	sp := MustSpace(GoalLast(sh))
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
func BenchmarkEnumerate3x3(b *testing.B) { benchmarkEnumerate(b, Shape{3, 3}) }
func BenchmarkEnumerate2x5(b *testing.B) { benchmarkEnumerate(b, Shape{2, 5}) }
