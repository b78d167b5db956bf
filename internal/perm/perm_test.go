package perm

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/combin"
)

// TestRankBijection checks that Rank numbers the placements 0 … n!/(n−k)!−1
// without holes, with gonum's k-permutations as the oracle for the count
// and the set of placements (its numbering differs).
func TestRankBijection(t *testing.T) {
	for _, c := range []struct{ n, k int }{{4, 1}, {4, 3}, {6, 2}, {9, 4}, {9, 8}, {16, 2}, {12, 3}} {
		total := uint64(combin.NumPermutations(c.n, c.k))
		if Placements(c.n, c.k) != total {
			t.Fatalf("Placements(%d, %d) = %d, gonum says %d", c.n, c.k, Placements(c.n, c.k), total)
		}
		seen := make([]bool, total)
		gen := combin.NewPermutationGenerator(c.n, c.k)
		cells := make([]uint8, c.k)
		for gen.Next() {
			for i, x := range gen.Permutation(nil) {
				cells[i] = uint8(x)
			}
			r := Rank(c.n, cells)
			if r >= total || seen[r] {
				t.Fatalf("n %d: rank %d of %v out of range or repeated", c.n, r, cells)
			}
			seen[r] = true
		}
	}
}

// TestWeight checks that the weights are the place values of the digits:
// the rank is the sum of digit times weight.
func TestWeight(t *testing.T) {
	n, k := 16, 6
	cells := []uint8{3, 14, 0, 9, 7, 12}
	var used uint32
	var sum uint64
	for i, c := range cells {
		digit := uint64(c)
		for x := uint8(0); x < c; x++ {
			if used&(1<<x) != 0 {
				digit--
			}
		}
		used |= 1 << c
		sum += digit * Weight(n, k, i)
	}
	if r := Rank(n, cells); r != sum {
		t.Errorf("Rank %d, digits times weights %d", r, sum)
	}
}

// TestDelta moves random tiles of random placements to every neighbouring
// free cell on several shapes and checks the rank change against ranking
// the moved placement afresh.
func TestDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range [][2]int{{3, 3}, {4, 4}, {3, 5}, {2, 4}} {
		rows, cols := sh[0], sh[1]
		n := rows * cols
		for trial := 0; trial < 2000; trial++ {
			k := 1 + rng.IntN(n-1)
			order := rng.Perm(n)
			cells := make([]uint8, k)
			var weightAt [16]uint64
			for i := range cells {
				cells[i] = uint8(order[i])
				weightAt[cells[i]] = Weight(n, k, i)
			}
			i := rng.IntN(k)
			a := int(cells[i])
			for _, b := range []int{a - cols, a + cols, a - 1, a + 1} {
				if b < 0 || b >= n || (b == a-1 || b == a+1) && b/cols != a/cols || weightAt[b] != 0 {
					continue
				}
				moved := append([]uint8(nil), cells...)
				moved[i] = uint8(b)
				want := Rank(n, moved) - Rank(n, cells)
				if got := Delta(Weight(n, k, i), cols, a, b, &weightAt); got != want {
					t.Fatalf("%dx%d %v: tile %d from %d to %d: Delta %d, re-ranking %d", rows, cols, cells, i, a, b, int64(got), int64(want))
				}
			}
		}
	}
}

func TestSelect(t *testing.T) {
	for m := uint32(1); m < 1<<16; m++ {
		j := 0
		for i := 0; i < 16; i++ {
			if m&(1<<i) != 0 {
				if got := Select(m, j); got != i {
					t.Fatalf("Select(%#x, %d) = %d, want %d", m, j, got, i)
				}
				j++
			}
		}
	}
}

func BenchmarkRank6of16(b *testing.B) {
	cells := []uint8{3, 14, 0, 9, 7, 12}
	var sink uint64
	for b.Loop() {
		sink += Rank(16, cells)
		cells[0] = (cells[0] + 1) & 1
	}
	_ = sink
}
