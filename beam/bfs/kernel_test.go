package bfs

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/twobit"
)

// expand's neighbours (lists and bitmaps) equal those built from boards: unrank every
// frontier board, make every legal move, rank the result and file it by
// its partition. 3x4 has partitions below the blank's cell (the blank's
// cell and the first tile), 2x5 and 3x3 one per blank cell.
func TestExpandMatchesMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, goal := range []statespace.Board{
		statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}),
		edge3,
		statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 5}),
		statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}),
	} {
		sp := statespace.MustSpace(goal)
		k := twobit.NewKernel(sp)
		x := sp.NewExpander()
		n := k.PartitionSize()
		for range 4 {
			p := rng.IntN(k.Partitions())
			lo, _ := k.Range(p)
			frontier := make([]uint64, words(n))
			for range 300 {
				i := rng.Uint64N(n)
				frontier[i/64] |= 1 << (i % 64)
			}
			want := map[int][]uint64{}
			for i := range n {
				if frontier[i/64]>>(i%64)&1 == 0 {
					continue
				}
				b := sp.Unrank(lo + i)
				for _, m := range b.LegalMoves().Moves() {
					nb, ok := b.Apply(m)
					if !ok {
						t.Fatalf("legal move %v refused", m)
					}
					r := sp.Rank(nb)
					q := int(r / n)
					if want[q] == nil {
						want[q] = make([]uint64, words(n))
					}
					j := r - uint64(q)*n
					want[q][j/64] |= 1 << (j % 64)
				}
			}
			got := map[int][]uint64{}
			for _, tg := range expand(k, x, p, frontier) {
				got[tg.Partition] = tg.Bits(n)
			}
			if len(got) != len(want) {
				t.Errorf("%s partition %d: neighbours in %d partitions, want %d", sp.Shape(), p, len(got), len(want))
			}
			for q, bm := range want {
				if !slices.Equal(got[q], bm) {
					t.Errorf("%s partition %d: neighbours in partition %d differ", sp.Shape(), p, q)
				}
				if k.Parity(q) == k.Parity(p) {
					t.Errorf("%s partition %d: a neighbour in partition %d of the same parity", sp.Shape(), p, q)
				}
			}
		}
	}
}

func BenchmarkExpandDensePartition(b *testing.B) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}))
	k := twobit.NewKernel(sp)
	x := sp.NewExpander()
	n := k.PartitionSize()
	rng := rand.New(rand.NewPCG(3, 4))
	frontier := make([]uint64, words(n))
	for i := range frontier {
		frontier[i] = rng.Uint64() & rng.Uint64() & rng.Uint64() // 1 board in 8
	}
	frontier[len(frontier)-1] &= 1<<(n%64) - 1
	set := popcount(frontier)
	b.ResetTimer()
	for range b.N {
		for _, t := range expand(k, x, 5, frontier) {
			if t.Bitmap != nil {
				_ = encodeBitmap(t.Bitmap, n)
			} else {
				_ = encodeOffsets(t.Offsets, n)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(set), "ns/state")
}
