package analyze

import (
	"math"
	"math/bits"

	"github.com/tilespace/tilespace/statespace"
)

// BruteForce is the brute-force search tree of a shape: every path of
// blank moves from a start, with the move that undoes the one before left
// out (as depth-first searches without a closed list prune it, search's
// IDDFS and IDA* among them). Its level sizes depend only on the blank's
// starting cell, because the tiles never change which moves are legal.
//
// A node's children depend only on its type: the blank's cell and the move
// that brought it there (none at the root). Counting nodes per type level
// by level — children of type (c', m') come from every type (c, m) whose
// blank can move by m' from c to c', unless m' undoes m — gives the tree's
// level sizes exactly, without searching.
type BruteForce struct {
	shape statespace.Shape
	n     int
}

// NewBruteForce returns the brute-force tree of shape s.
func NewBruteForce(s statespace.Shape) *BruteForce {
	return &BruteForce{shape: s, n: s.Cells()}
}

// types is the number of node types: a cell and the move that led there
// (4 moves, or none).
func (t *BruteForce) types() int { return t.n * 5 }

// step returns the node counts by type one level deeper.
func (t *BruteForce) step(v []float64) []float64 {
	out := make([]float64, len(v))
	for c := 0; c < t.n; c++ {
		for last := 0; last < 5; last++ {
			x := v[c*5+last]
			if x == 0 {
				continue
			}
			for _, m := range statespace.Moves {
				if last < 4 && m == statespace.Move(last).Opposite() {
					continue
				}
				if to, ok := t.shape.Neighbor(c, m); ok {
					out[to*5+int(m)] += x
				}
			}
		}
	}
	return out
}

// stepExact is step on exact counts; ok is false on overflow.
func (t *BruteForce) stepExact(v []uint64) (out []uint64, ok bool) {
	out = make([]uint64, len(v))
	for c := 0; c < t.n; c++ {
		for last := 0; last < 5; last++ {
			x := v[c*5+last]
			if x == 0 {
				continue
			}
			for _, m := range statespace.Moves {
				if last < 4 && m == statespace.Move(last).Opposite() {
					continue
				}
				if to, ok := t.shape.Neighbor(c, m); ok {
					var carry uint64
					out[to*5+int(m)], carry = bits.Add64(out[to*5+int(m)], x, 0)
					if carry != 0 {
						return nil, false
					}
				}
			}
		}
	}
	return out, true
}

// Levels returns the number of nodes at each depth 0 … depth of the tree
// rooted at a board whose blank is in cell, and false if a count
// overflows 64 bits.
func (t *BruteForce) Levels(cell, depth int) ([]uint64, bool) {
	v := make([]uint64, t.types())
	v[cell*5+4] = 1
	out := []uint64{1}
	for d := 1; d <= depth; d++ {
		var ok bool
		if v, ok = t.stepExact(v); !ok {
			return out, false
		}
		var sum uint64
		for _, x := range v {
			var carry uint64
			if sum, carry = bits.Add64(sum, x, 0); carry != 0 {
				return out, false
			}
		}
		out = append(out, sum)
	}
	return out, true
}

// Factor returns the brute-force branching factor: the growth rate of the
// tree's level sizes, lim (N(d+2)/N(d))^(1/2) (two levels at a time, since
// the blank alternates between the two colours of the board's
// chessboard colouring and one level's ratio may alternate). It is the
// dominant eigenvalue of the type matrix step applies, found by power
// iteration from every start cell at once; it does not depend on the
// start.
func (t *BruteForce) Factor() float64 {
	v := make([]float64, t.types())
	for c := 0; c < t.n; c++ {
		v[c*5+4] = 1
	}
	prev := 0.0
	for i := 0; i < 100000; i++ {
		s0 := sum(v)
		v = t.step(t.step(v))
		s2 := sum(v)
		b := math.Sqrt(s2 / s0)
		for j := range v {
			v[j] /= s2
		}
		if i > 10 && math.Abs(b-prev) < 1e-14*b {
			return b
		}
		prev = b
	}
	return prev
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}
