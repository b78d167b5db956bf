package twobit

import (
	"context"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// smallShapes are every shape of at most 10 cells.
var smallShapes = func() (out []statespace.Shape) {
	for _, rc := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}} {
		out = append(out, statespace.Shape{Rows: rc[0], Cols: rc[1]})
	}
	return out
}()

// The parallel 2-bit search must give the single-threaded Enumerate's
// counts and, for every board, bit 1 of its distance.
func TestSearchEqualsEnumerate(t *testing.T) {
	for _, sh := range smallShapes {
		for _, goal := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh)} {
			for _, workers := range []int{1, 3} {
				t.Run(fmt.Sprintf("%s-%s-%d", sh, statespace.GoalName(goal), workers), func(t *testing.T) {
					sp := statespace.MustSpace(goal)
					want, err := table.Enumerate(context.Background(), sp, nil)
					if err != nil {
						t.Fatal(err)
					}
					got, err := Search(context.Background(), sp, Options{Workers: workers})
					if err != nil {
						t.Fatal(err)
					}
					checkResult(t, got, want)
				})
			}
		}
	}
}

func checkResult(t *testing.T, got *Result, want *table.Table) {
	t.Helper()
	if fmt.Sprint(got.Counts()) != fmt.Sprint(want.Counts()) {
		t.Fatalf("counts %v, want %v", got.Counts(), want.Counts())
	}
	sp := want.Space()
	for r := uint64(0); r < sp.Size(); r++ {
		if g, w := got.mod4Bit(r), uint8(want.DistanceAt(r)>>1&1); g != w {
			t.Fatalf("rank %d (%s): bit 1 = %d, want %d (distance %d)", r, sp.Unrank(r), g, w, want.DistanceAt(r))
		}
	}
	payload := make([]byte, got.PayloadLen())
	if n, err := got.ReadAt(payload, 0); n != len(payload) || err != nil {
		t.Fatalf("ReadAt = %d, %v", n, err)
	}
	for r := uint64(0); r < sp.Size(); r++ {
		if b := payload[r/8] >> (r % 8) & 1; b != got.mod4Bit(r) {
			t.Fatalf("payload bit %d = %d, Mod4Bit %d", r, b, got.mod4Bit(r))
		}
	}
	wantAnts := want.Antipodes()
	var ants []uint64
	for _, b := range wantAnts {
		ants = append(ants, sp.Rank(b))
	}
	if fmt.Sprint(got.Antipodes()) != fmt.Sprint(ants) {
		t.Fatalf("antipodes %v, want %v", got.Antipodes(), ants)
	}
}

func benchmarkSearch(b *testing.B, sh statespace.Shape) {
	sp := statespace.MustSpace(statespace.GoalLast(sh))
	for b.Loop() {
		if _, err := Search(context.Background(), sp, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sp.Size()), "ns/state")
}

func BenchmarkSearch3x3(b *testing.B) { benchmarkSearch(b, statespace.Shape{Rows: 3, Cols: 3}) }
func BenchmarkSearch2x5(b *testing.B) { benchmarkSearch(b, statespace.Shape{Rows: 2, Cols: 5}) }

// BenchmarkSearch3x4 is the 12-cell search (seconds a run): only with
// TILESPACE_LONG=1.
func BenchmarkSearch3x4(b *testing.B) {
	longtest.Skip(b, "a 12-cell search")
	benchmarkSearch(b, statespace.Shape{Rows: 3, Cols: 4})
}

// BenchmarkSearch2x6 is the other 12-cell search, two rows like 2x7's:
// only with TILESPACE_LONG=1.
func BenchmarkSearch2x6(b *testing.B) {
	longtest.Skip(b, "a 12-cell search")
	benchmarkSearch(b, statespace.Shape{Rows: 2, Cols: 6})
}

// mod4Bit returns bit 1 of the distance of the board of rank i.
func (r *Result) mod4Bit(i uint64) uint8 {
	return uint8(r.codes[i/perWord] >> (i % perWord * 2) & 1)
}
