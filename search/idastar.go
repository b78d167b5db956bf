package search

import (
	"context"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// idaEntryBytes is one pending child of IDA*: its board and h.
const idaEntryBytes = 24

// IDAStar is iterative-deepening A* (Korf 1985) on h: depth-first searches
// bounded by f = g + h ≤ bound, the bound rising each round to the least f
// that exceeded it, so with an admissible h the first path found is a
// shortest one. Children are generated in Up, Down, Left, Right order,
// except the move that undoes the previous one (the only pruning, as in
// Korf; longer cycles are rare and harmless); a child is tested against the
// bound when generated and for the goal when visited. Counters add up over
// all rounds; the frontier is the children generated and not yet visited
// along the current path. Memory O(d); time O(expansions × cost of h).
func IDAStar(ctx context.Context, p Problem, h pdb.Heuristic) (Result, error) {
	return idaStar(ctx, p, h, "IDA* ("+heuristicName(h)+")")
}

func idaStar(ctx context.Context, p Problem, h pdb.Heuristic, name string) (Result, error) {
	if h == nil {
		return Result{Algorithm: name}, ErrNoHeuristic
	}
	r, res, err := start(ctx, p, name)
	if r == nil {
		return res, err
	}
	s := &ida{r: r, h: h, goal: p.Goal, bound: h.Distance(p.Start)}
	r.frontier(1)
	for {
		s.next = -1
		s.pending = 1
		r.cur.Bound = s.bound
		switch s.visit(p.Start, 0, 4) {
		case idaFound:
			r.found(append([]statespace.Move(nil), s.path...))
			return r.done()
		case idaStopped:
			return r.done()
		}
		if s.next < 0 {
			return r.done() // nothing was pruned: no solution
		}
		s.bound = s.next
	}
}

type ida struct {
	r       *runner
	h       pdb.Heuristic
	goal    statespace.Board
	bound   int
	next    int // least f above bound seen this round, -1 if none
	path    []statespace.Move
	pending int64
}

type idaOutcome int

const (
	idaNotFound idaOutcome = iota
	idaFound
	idaStopped
)

// visit searches below b, reached at cost g by move last (4 at the root).
func (s *ida) visit(b statespace.Board, g int, last statespace.Move) idaOutcome {
	s.pending--
	if b == s.goal {
		return idaFound
	}
	r := s.r
	if r.stop() {
		return idaStopped
	}
	r.expand(b, g)
	var kids [4]statespace.Board
	var moves [4]statespace.Move
	k := 0
	for _, m := range statespace.Moves {
		if last < 4 && m == last.Opposite() {
			continue
		}
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		r.res.Generated++
		if f := g + 1 + s.h.Distance(c); f > s.bound {
			if s.next < 0 || f < s.next {
				s.next = f
			}
			continue
		}
		kids[k], moves[k] = c, m
		k++
	}
	if k > 0 {
		r.depth(g + 1)
	}
	s.pending += int64(k)
	r.expanded(s.pending)
	r.bytes(s.pending*idaEntryBytes + int64(len(s.path)))
	for j := 0; j < k; j++ {
		s.path = append(s.path, moves[j])
		switch s.visit(kids[j], g+1, moves[j]) {
		case idaFound:
			return idaFound
		case idaStopped:
			return idaStopped
		}
		s.path = s.path[:len(s.path)-1]
	}
	return idaNotFound
}
