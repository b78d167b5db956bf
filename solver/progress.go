package solver

import "time"

// IterationEstimate is what the iterations finished predict of the one
// under way. IDA*'s iterations grow by a roughly constant factor, so the
// one under way is expected to cost the last finished one's nodes times
// the growth from the one before. It says nothing of the iterations
// after it, which cost more still when the bound is not the optimum.
type IterationEstimate struct {
	// Growth is the last finished iteration's nodes over the one's
	// before.
	Growth float64
	// Expected are the nodes the iteration under way is expected to
	// expand: the last finished one's times Growth.
	Expected float64
	// Left is the time the nodes still expected take at the rate given:
	// (Expected − Nodes) / rate, 0 once Nodes reach Expected.
	Left time.Duration
}

// Estimate predicts the iteration under way from the last two iterations
// finished, the search expanding rate nodes a second. It is false when
// fewer than two iterations are known, the earlier of them expanded
// nothing, or rate is not positive.
func (p SearchProgress) Estimate(rate float64) (IterationEstimate, bool) {
	n := len(p.Finished)
	if n < 2 || p.Finished[n-2] == 0 || !(rate > 0) {
		return IterationEstimate{}, false
	}
	last := float64(p.Finished[n-1])
	e := IterationEstimate{Growth: last / float64(p.Finished[n-2])}
	e.Expected = last * e.Growth
	if left := e.Expected - float64(p.Nodes); left > 0 {
		e.Left = time.Duration(left / rate * float64(time.Second))
	}
	return e, true
}
