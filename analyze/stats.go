package analyze

import (
	"math"

	"github.com/tilespace/tilespace/statespace"
)

// Exact returns the number of boards with h = h*.
func (p *Profile) Exact() uint64 {
	var s uint64
	for h, row := range p.Joint {
		if h < len(row) {
			s += row[h]
		}
	}
	return s
}

// ExactShare returns the share of boards with h = h*.
func (p *Profile) ExactShare() float64 { return float64(p.Exact()) / float64(p.States) }

// MeanH returns the mean heuristic value over all boards.
func (p *Profile) MeanH() float64 {
	var s float64
	for h, row := range p.Joint {
		for _, c := range row {
			s += float64(h) * float64(c)
		}
	}
	return s / float64(p.States)
}

// MeanHStar returns the mean exact distance over all boards.
func (p *Profile) MeanHStar() float64 {
	var s float64
	for _, row := range p.Joint {
		for hs, c := range row {
			s += float64(hs) * float64(c)
		}
	}
	return s / float64(p.States)
}

// MeanRatio returns the mean of h/h* over the boards other than the goal
// (h* = 0 only there, where the ratio is undefined).
func (p *Profile) MeanRatio() float64 {
	var s float64
	var n uint64
	for h, row := range p.Joint {
		for hs := 1; hs < len(row); hs++ {
			s += float64(h) / float64(hs) * float64(row[hs])
			n += row[hs]
		}
	}
	return s / float64(n)
}

// Gaps returns the number of boards with each value of h* − h, from
// Gaps' first value, lo (negative when some board is inadmissible), on.
func (p *Profile) Gaps() (lo int, counts []uint64) {
	lo, hi := math.MaxInt, math.MinInt
	for h, row := range p.Joint {
		for hs, c := range row {
			if c != 0 {
				lo, hi = min(lo, hs-h), max(hi, hs-h)
			}
		}
	}
	counts = make([]uint64, hi-lo+1)
	for h, row := range p.Joint {
		for hs, c := range row {
			if c != 0 {
				counts[hs-h-lo] += c
			}
		}
	}
	return lo, counts
}

// Eta returns the heuristic quality η: the mean over every board of
// b^−h with b = p.Branching, the brute-force branching factor. Korf's
// analysis makes IDA*'s expansions with a threshold d about
// b^d · b/(b−1) · η times a constant, so η is the factor a heuristic
// divides the brute-force tree by (Clausecker, "The Quality of Heuristic
// Functions for IDA*", ZIB-Report 20-17, 2020, which estimates it from
// samples; here every board counts).
func (p *Profile) Eta() float64 {
	var s float64
	for h, row := range p.Joint {
		var c uint64
		for _, x := range row {
			c += x
		}
		s += float64(c) * math.Pow(p.Branching, -float64(h))
	}
	return s / float64(p.States)
}

// HCounts returns the number of boards with each heuristic value.
func (p *Profile) HCounts() []uint64 {
	out := make([]uint64, len(p.Joint))
	for h, row := range p.Joint {
		for _, c := range row {
			out[h] += c
		}
	}
	return out
}

// Shape returns the boards' shape.
func (p *Profile) Shape() statespace.Shape { return p.Goal.Shape() }
