package analyze

import (
	"context"

	"github.com/tilespace/tilespace/statespace"
)

// Conditional is a heuristic's conditional distribution over every board
// of a space: Count[cell][move][u][v] boards with the blank in cell and
// value u whose child by move has value v (Zahavi, Felner, Burch & Holte,
// "Predicting the performance of IDA* using conditional distributions",
// JAIR 37, 2010, with the blank's cell as the type; they estimate it from
// samples).
type Conditional struct {
	cells, values int
	count         []uint64 // [((cell*4+move)*values+u)*values+v]
	total         []uint64 // [(cell*4+move)*values+u]
}

// NewConditional counts the conditional distribution of h over every
// board of sp, on every core; values bounds h (at most MaxValue).
func NewConditional(ctx context.Context, sp *statespace.Space, h Heuristic, values int) (*Conditional, error) {
	return conditional(ctx, sp.Size(), sp.Unrank, sp.Shape().Cells(), h, values)
}

// SampleConditional estimates the conditional distribution from n boards
// drawn uniformly from sp (Sampler's boards) and each of their children.
func SampleConditional(ctx context.Context, sp *statespace.Space, h Heuristic, values int, n, seed uint64) (*Conditional, error) {
	return conditional(ctx, n, Sampler(sp, seed), sp.Shape().Cells(), h, values)
}

// conditional counts over the boards board(0) … board(n−1).
func conditional(ctx context.Context, n uint64, board func(uint64) statespace.Board, cells int, h Heuristic, values int) (*Conditional, error) {
	size := cells * 4 * values * values
	count, err := tally(ctx, n, board, size, func(b statespace.Board, cnt []uint64) *ValueError {
		u := h.value(b)
		for _, m := range statespace.Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			v := h.child(b, u, m, c)
			if u < 0 || u >= values || v < 0 || v >= values {
				return &ValueError{Heuristic: h.Name, Board: b, Value: max(u, v)}
			}
			cnt[((b.Blank()*4+int(m))*values+u)*values+v]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cd := &Conditional{cells: cells, values: values, count: count, total: make([]uint64, cells*4*values)}
	for i, x := range count {
		cd.total[i/values] += x
	}
	return cd, nil
}

// P returns the share of boards with the blank in cell and value u whose
// child by move m has value v (0 when no board has the blank in cell and
// value u).
func (cd *Conditional) P(cell int, m statespace.Move, u, v int) float64 {
	t := cd.total[(cell*4+int(m))*cd.values+u]
	if t == 0 {
		return 0
	}
	return float64(cd.count[((cell*4+int(m))*cd.values+u)*cd.values+v]) / float64(t)
}

// PredictCDP returns the conditional-distribution prediction of the nodes
// IDA* expands in its iteration with bound t from a start whose blank is
// in cell and whose value is h0: the expected nodes of the brute-force
// tree (the move back left out) whose own value and every ancestor's keep
// g + h ≤ t, level by level, a node's children's values drawn from the
// conditional distribution given its cell, value and move. Unlike
// PredictKRE it knows the start's value, and that a child's value is
// near its parent's.
func PredictCDP(shape statespace.Shape, cd *Conditional, cell, h0, t int) float64 {
	if h0 > t {
		return 0
	}
	vals := cd.values
	// level[(cell*5+last)*vals+h]: expected nodes expanded at this depth.
	level := make([]float64, shape.Cells()*5*vals)
	level[(cell*5+4)*vals+h0] = 1
	var expanded float64
	for g := 0; g <= t; g++ {
		next := make([]float64, len(level))
		any := false
		for i, x := range level {
			if x == 0 {
				continue
			}
			expanded += x
			h := i % vals
			c, last := i/vals/5, i/vals%5
			for _, m := range statespace.Moves {
				if last < 4 && m == statespace.Move(last).Opposite() {
					continue
				}
				to, ok := shape.Neighbor(c, m)
				if !ok {
					continue
				}
				for v := 0; v < vals && g+1+v <= t; v++ {
					if p := cd.P(c, m, h, v); p != 0 {
						next[(to*5+int(m))*vals+v] += x * p
						any = true
					}
				}
			}
		}
		if !any {
			break
		}
		level = next
	}
	return expanded
}
