package analyze

import (
	"context"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// DatabaseDistribution returns the distribution by the blank's cell of
// the additive pattern databases' sum, from the databases' entries
// alone — the way for boards too many to count, at the cost of an
// assumption, the one analyses of additive databases make.
//
// Each database's own distribution is exact: an entry is a placement of
// its pattern's tiles, and every placement that leaves the blank's cell
// free stands for as many boards with the blank there (the other tiles
// in every order, half of them reaching the goal when two or more are
// left), so the share of boards with the blank in cell c and value v is
// the share of such entries with value v. The sum's distribution is the
// convolution of the databases', which is exact only if the patterns'
// values were independent; they are not (the tiles of one pattern take
// cells the others cannot), so that is an approximation.
//
// The reflection lookup, where a has one, is left out: the distribution
// is the plain sum's (for a maximum, its first group's). The heuristic's value, the larger of the board's
// sum and its mirror image's, is never below the plain sum, so this
// overstates the share of boards at or below each value; taking the two
// sums as independent instead would understate it far more, the two
// being strongly alike (docs/analyze.md gives both on 3x3).
func DatabaseDistribution(ctx context.Context, a *pdb.Additive) (*CellDistribution, error) {
	goal := a.Goal()
	n := goal.Cells()
	sum := make([][]float64, n) // sum[c][v]: the convolution so far
	for c := range sum {
		sum[c] = []float64{1}
	}
	pdbs := a.PDBs()
	for _, k := range a.Partition().Sums()[0] {
		p := pdbs[k]
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		d := databaseShares(p, goal, n)
		for c := range sum {
			sum[c] = convolve(sum[c], d[c])
		}
	}
	cum := make([][]float64, n)
	for c := range cum {
		cum[c] = make([]float64, MaxValue)
		var s float64
		for v := range cum[c] {
			if v < len(sum[c]) {
				s += sum[c][v]
			}
			cum[c][v] = min(1, s)
		}
	}
	top := 0
	for c := range sum {
		top = max(top, len(sum[c])-1)
	}
	return &CellDistribution{cum: cum, top: top}, nil
}

// databaseShares returns, for each cell c, the share of p's entries with
// each value among the placements that leave c free (for a zero-aware
// database, with the blank on c).
func databaseShares(p *pdb.PDB, goal statespace.Board, n int) [][]float64 {
	tiles := p.Tiles()
	values := p.Values()
	// A packed entry is the excess over the placement's Manhattan
	// distance, halved (pdb.Pack).
	sh := goal.Shape()
	dist := func(i, c int) int {
		return sh.Distance(c, goal.Find(tiles[i]))
	}
	k := len(tiles)
	free := uint64(0)
	if p.ZeroAware() {
		free = uint64(n - k)
	}
	counts := make([][]uint64, n)
	for c := range counts {
		counts[c] = make([]uint64, MaxValue)
	}
	// Placements in rank order: digit i is the place of tile i's cell
	// among the cells still free, so the rank counts up one at a time.
	var rank uint64
	var place func(i int, used uint32, md int)
	place = func(i int, used uint32, md int) {
		if i == k {
			for c := 0; c < n; c++ {
				if used&(1<<c) != 0 {
					continue
				}
				e := rank
				if free != 0 {
					e = rank*free + pdb.FreeIndex(used, uint8(c))
				}
				var v int
				if p.Packed() {
					v = md + 2*int(pdb.Nibble(values, e))
				} else {
					v = int(values[e])
				}
				counts[c][v]++
			}
			rank++
			return
		}
		for c := 0; c < n; c++ {
			if used&(1<<c) == 0 {
				place(i+1, used|1<<c, md+dist(i, c))
			}
		}
	}
	place(0, 0, 0)
	out := make([][]float64, n)
	for c := range counts {
		var total uint64
		top := 0
		for v, x := range counts[c] {
			total += x
			if x != 0 {
				top = v
			}
		}
		out[c] = make([]float64, top+1)
		for v := range out[c] {
			out[c][v] = float64(counts[c][v]) / float64(total)
		}
	}
	return out
}

func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}
