package main

import (
	"bytes"
	"context"
	"io"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// boardLines returns n random 8-puzzle boards, a line each.
func boardLines(tb testing.TB, n int) []byte {
	tb.Helper()
	res, err := resolve.NewResolver(context.Background(), resolve.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := res.Oracle(context.Background(), statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), resolve.Need{TableOnly: true})
	if err != nil {
		tb.Fatalf("3x3: %v, no table", err)
	}
	t := resolve.TableOf(o)
	var in []byte
	for _, b := range slices.Collect(table.Samples(t, resolve.NewRand(7), -1, n)) {
		in = append(append(in, b.String()...), '\n')
	}
	return in
}

func benchmarkBatch(b *testing.B, opts record.Options) {
	const n = 100_000
	in := boardLines(b, n)
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		out := record.NewWriter(io.Discard, io.Discard, opts)
		sum, err := batch(ctx, bytes.NewReader(in), 0, asking{res: res, want: resolve.Want{Path: opts.WantsPath()}}, out)
		if err != nil || sum.Boards != n || sum.Failed != 0 {
			b.Fatal(sum, err)
		}
		if err := out.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*n/b.Elapsed().Seconds(), "boards/s")
}

// BenchmarkBatch runs the plain batch over 100,000 board lines end to end
// (read, parse, look up, format, write): the target is 500,000
// boards/s. BenchmarkBatchPath adds each board's path, BenchmarkBatchJSON
// writes JSON records.
func BenchmarkBatch(b *testing.B)     { benchmarkBatch(b, record.Options{}) }
func BenchmarkBatchPath(b *testing.B) { benchmarkBatch(b, record.Options{Path: true}) }
func BenchmarkBatchJSON(b *testing.B) { benchmarkBatch(b, record.Options{Format: record.JSON}) }
