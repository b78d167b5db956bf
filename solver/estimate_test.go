package solver

// estimate is the heuristic of node x: the larger of its sums.
func (x *node) estimate() int { return max(x.h, x.rh) }
