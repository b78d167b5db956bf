package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// zero is the heuristic that knows nothing: IDA* on it is iterative
// deepening.
type zero struct{}

func (zero) Distance(statespace.Board) int { return 0 }

func TestIDSCounterMatchesSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		goal     statespace.Board
		maxDepth int
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), 21},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3}), 21},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), 12},
		{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}), 13},
	} {
		dist := mapBFS(c.goal)
		counter := NewIDSCounter(c.goal.Shape(), c.maxDepth)
		lookup := func(b statespace.Board) int { return dist[b] }
		for b, d := range dist {
			if d > c.maxDepth {
				continue
			}
			r, err := search.IDAStar(ctx, search.Problem{Start: b, Goal: c.goal}, zero{})
			if err != nil || !r.Found {
				t.Fatalf("%s: IDA* on %s: %v %v", c.goal.Shape(), b, err, r.StoppedBy)
			}
			if got := counter.Generated(b, d, lookup); got != uint64(r.Generated) {
				t.Fatalf("%s: %s at %d: counted %d, IDA* with h = 0 generates %d", c.goal.Shape(), b, d, got, r.Generated)
			}
		}
	}
}
