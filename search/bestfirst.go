package search

import (
	"context"
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// costNode is an arena node of the best-first searches, with its path cost.
type costNode struct {
	node
	g float64
}

// heapEntry orders the best-first frontier: by f, then by h (the node the
// estimate puts nearer the goal first), then by insertion order, which is
// the arena index (so siblings come out in Up, Down, Left, Right order).
type heapEntry struct {
	f   float64
	h   int32
	idx int32
}

func (a heapEntry) less(b heapEntry) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.h != b.h {
		return a.h < b.h
	}
	return a.idx < b.idx
}

// minHeap is a binary heap of entries; specialised rather than
// container/heap to keep the hot loop free of interface calls.
type minHeap []heapEntry

func (h *minHeap) push(e heapEntry, m *mem) {
	*h = append(growSlice(*h, m), e)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !s[i].less(s[p]) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *minHeap) pop() heapEntry {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(s) {
			break
		}
		c := l
		if r := l + 1; r < len(s) && s[r].less(s[l]) {
			c = r
		}
		if !s[c].less(s[i]) {
			break
		}
		s[i], s[c] = s[c], s[i]
		i = c
	}
	*h = s
	return top
}

type bestFirstMode int

const (
	modeUCS    bestFirstMode = iota // f = g
	modeAStar                       // f = g + h, ties to lower h
	modeGreedy                      // f = h; a board is added at most once
)

// UCS is uniform-cost search (the notebook's ucs with its cost_fn): the
// frontier is a heap on path cost g, ties broken by insertion order; a
// child is added when no cheaper path to it is known, and a node whose
// board has since been reached more cheaply is skipped when popped. The
// goal test is on popping, so the path is a cheapest one. With cost nil,
// every move costs 1 (then it finds the same path lengths as BFS but pays
// a heap). Time O(n log n) for n states reached.
func UCS(ctx context.Context, p Problem, cost CostFunc) (Result, error) {
	name := "UCS"
	if cost != nil {
		name = "UCS (custom cost)"
	}
	return bestFirst(ctx, p, name, modeUCS, cost, nil)
}

// AStar is A* graph search on h: the frontier is a heap on f = g + h, ties
// going to the lower h (the deeper node) and then to the earlier inserted
// (so siblings in Up, Down, Left, Right order). A child is added when no
// shorter path to it is known — even if it was already expanded, so an
// admissible but inconsistent h still gives an optimal path — and stale
// entries are skipped when popped. The goal test is on popping, so with an
// admissible h the path is a shortest one. With the exact table as h it
// expands only boards on shortest paths, and with the tie rule exactly the
// boards of one shortest path.
func AStar(ctx context.Context, p Problem, h pdb.Heuristic) (Result, error) {
	return bestFirst(ctx, p, "A* ("+heuristicName(h)+")", modeAStar, nil, h)
}

// Greedy is greedy best-first graph search on h: the frontier is a heap on
// h alone, ties by insertion order; a child already in the frontier or
// expanded is skipped. Fast when h is good, never guaranteed short.
func Greedy(ctx context.Context, p Problem, h pdb.Heuristic) (Result, error) {
	return bestFirst(ctx, p, "Greedy ("+heuristicName(h)+")", modeGreedy, nil, h)
}

// ErrNoHeuristic is returned by the informed searches when given a nil
// heuristic.
var ErrNoHeuristic = errors.New("search: no heuristic")

func bestFirst(ctx context.Context, p Problem, name string, mode bestFirstMode, cost CostFunc, h pdb.Heuristic) (Result, error) {
	if mode != modeUCS && h == nil {
		return Result{Algorithm: name}, ErrNoHeuristic
	}
	r, res, err := start(ctx, p, name)
	if r == nil {
		return res, err
	}
	est := func(b statespace.Board) int32 {
		if mode == modeUCS {
			return 0
		}
		return int32(h.Distance(b))
	}
	nodes := arena[costNode]{m: &r.mem}
	nodes.push(costNode{node: node{board: p.Start, parent: -1}})
	best := newKeyIndex(0, &r.mem) // board → its cheapest node
	best.put(p.Start.Packed(), 0)
	h0 := est(p.Start)
	var frontier minHeap
	frontier.push(heapEntry{f: key(mode, 0, h0), h: h0, idx: 0}, &r.mem)
	r.frontier(1)
	r.account(nodes.growth(4) + best.growth(4) + sliceGrowth(frontier, 4))
	for len(frontier) > 0 {
		e := frontier.pop()
		n := *nodes.at(e.idx)
		if cur, _ := best.get(n.board.Packed()); cur != e.idx {
			continue // reached more cheaply since this entry was pushed
		}
		if n.board == p.Goal {
			r.found(pathTo(&nodes, e.idx))
			r.res.Cost = n.g
			return r.done()
		}
		if r.stop() {
			return r.done()
		}
		r.expand(n.board, int(n.depth))
		for _, m := range statespace.Moves {
			c, ok := n.board.Apply(m)
			if !ok {
				continue
			}
			r.res.Generated++
			g := n.g + 1
			if cost != nil {
				step := cost(m, n.board)
				if step < 0 || step != step {
					res, _ := r.done()
					return res, fmt.Errorf("search: step cost %v of %v from %v is not a non-negative number", step, m, n.board)
				}
				g = n.g + step
			}
			ck := c.Packed()
			if old, seen := best.get(ck); seen && (mode == modeGreedy || nodes.at(old).g <= g) {
				continue
			}
			idx := nodes.push(costNode{node: node{board: c, move: m, parent: e.idx, depth: n.depth + 1}, g: g})
			best.put(ck, idx)
			hc := est(c)
			frontier.push(heapEntry{f: key(mode, g, hc), h: hc, idx: idx}, &r.mem)
			r.depth(int(n.depth) + 1)
		}
		r.expanded(int64(len(frontier)))
		r.account(nodes.growth(4) + best.growth(4) + sliceGrowth(frontier, 4))
	}
	return r.done()
}

func key(mode bestFirstMode, g float64, h int32) float64 {
	switch mode {
	case modeAStar:
		return g + float64(h)
	case modeGreedy:
		return float64(h)
	}
	return g
}
