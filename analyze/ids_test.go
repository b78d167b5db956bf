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

// plainIDS is Russell & Norvig's iterative deepening written out: depth-
// limited tree searches with every legal move, the goal tested when a
// node is visited, a node at the limit a cutoff (no children generated),
// every child of an expanded node generated (counted) before the first is
// searched.
func plainIDS(b, goal statespace.Board) uint64 {
	var n uint64
	var visit func(b statespace.Board, left int) bool
	visit = func(b statespace.Board, left int) bool {
		if b == goal {
			return true
		}
		if left == 0 {
			return false
		}
		var kids []statespace.Board
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok {
				n++
				kids = append(kids, c)
			}
		}
		for _, c := range kids {
			if visit(c, left-1) {
				return true
			}
		}
		return false
	}
	for limit := 0; !visit(b, limit); limit++ {
	}
	return n
}

func TestIDSCounterBookMatchesPlainIDS(t *testing.T) {
	for _, c := range []struct {
		goal     statespace.Board
		maxDepth int
	}{
		{statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}), 12},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), 8},
	} {
		dist := mapBFS(c.goal)
		counter := NewIDSCounterBook(c.goal.Shape(), c.maxDepth)
		lookup := func(b statespace.Board) int { return dist[b] }
		for b, d := range dist {
			if d > c.maxDepth {
				continue
			}
			if got, want := counter.Generated(b, d, lookup), plainIDS(b, c.goal); got != want {
				t.Fatalf("%s: %s at %d: counted %d, the plain search generates %d", c.goal.Shape(), b, d, got, want)
			}
		}
	}
}
