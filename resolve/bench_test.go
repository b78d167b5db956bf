package resolve

import (
	"context"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

var sampleShape = statespace.Shape{Rows: 3, Cols: 3}

func sampleBoards(tb testing.TB, n int) (*tableOracle, []statespace.Board) {
	tb.Helper()
	res, err := NewResolver(context.Background(), Config{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := res.For(context.Background(), sampleShape)
	if err != nil {
		tb.Fatal(err)
	}
	src := o.Source()
	if src.Table == nil {
		tb.Fatalf("%s: no table", sampleShape)
	}
	return newTableOracle(src.Table, src.From), slices.Collect(src.Table.Samples(NewRand(7), -1, n))
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

func BenchmarkParseBoard(b *testing.B) {
	line := []byte("8,6,7,2,5,4,3,0,1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseBoard(line, statespace.Shape{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseBoardSlow(b *testing.B) {
	line := "8,6,7,2,5,4,3,0,1"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := statespace.Parse(line, statespace.Shape{}); err != nil {
			b.Fatal(err)
		}
	}
}
