package search

import (
	"context"
	"strconv"

	"github.com/tilespace/tilespace/statespace"
)

// BFS is breadth-first graph search with the COMS 4701 semantics: a FIFO
// queue; a node is tested for the goal when dequeued; a child already in
// the queue or already expanded is skipped. It returns a shortest path.
// Time and memory O(states reached); the arena of nodes doubles as the
// queue (the frontier is the arena past the head), so each reached board
// costs one 28-byte node and one 8-byte visited entry.
func BFS(ctx context.Context, p Problem) (Result, error) {
	r, res, err := start(ctx, p, "BFS")
	if r == nil {
		return res, err
	}
	nodes := arena[node]{m: &r.mem}
	nodes.push(node{board: p.Start, parent: -1})
	seen := newKeySet(0, &r.mem)
	seen.add(p.Start.Packed())
	r.frontier(1)
	r.account(seen.growth(4) + nodes.growth(4))
	for head := int32(0); int(head) < nodes.len(); head++ {
		n := *nodes.at(head)
		if n.board == p.Goal {
			r.found(pathTo(&nodes, head))
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
			if !seen.add(c.Packed()) {
				continue
			}
			nodes.push(node{board: c, move: m, parent: head, depth: n.depth + 1})
			r.depth(int(n.depth) + 1)
		}
		r.expanded(int64(nodes.len()) - int64(head) - 1)
		r.account(seen.growth(4) + nodes.growth(4))
	}
	return r.done()
}

// DFS is depth-first graph search with one global visited set, as the
// seeds and COMS 4701 write it: a LIFO stack, children pushed in reverse
// so they pop in Up, Down, Left, Right order; a node is tested for the
// goal when popped; a child already on the stack or already expanded is
// skipped. With p.Limits.MaxDepth > 0, nodes at that depth are tested but
// not expanded (the notebook's depth cut-off).
//
// It is not optimal, and with a depth limit it is not even complete within
// the limit: a board first reached by a long path is marked visited, so a
// shorter path through it found later is never explored. DLS and IDDFS
// do not have this flaw. Time and memory O(states reached).
func DFS(ctx context.Context, p Problem) (Result, error) {
	r, res, err := start(ctx, p, "DFS")
	if r == nil {
		return res, err
	}
	limit := int32(p.Limits.MaxDepth)
	if limit > 0 {
		r.res.Algorithm = "DFS (limit " + strconv.Itoa(int(limit)) + ")"
	}
	nodes := arena[node]{m: &r.mem}
	nodes.push(node{board: p.Start, parent: -1})
	stack := append(growSlice([]int32(nil), &r.mem), 0)
	seen := newKeySet(0, &r.mem)
	seen.add(p.Start.Packed())
	r.frontier(1)
	r.account(seen.growth(4) + nodes.growth(4) + sliceGrowth(stack, 4))
	cutoff := false
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := *nodes.at(i)
		if n.board == p.Goal {
			r.found(pathTo(&nodes, i))
			return r.done()
		}
		if limit > 0 && n.depth >= limit {
			cutoff = true
			continue
		}
		if r.stop() {
			return r.done()
		}
		r.expand(n.board, int(n.depth))
		var kids [4]statespace.Board
		var moves [4]statespace.Move
		k := 0
		for _, m := range statespace.Moves {
			if c, ok := n.board.Apply(m); ok {
				r.res.Generated++
				kids[k], moves[k] = c, m
				k++
			}
		}
		for j := k - 1; j >= 0; j-- {
			if !seen.add(kids[j].Packed()) {
				continue
			}
			stack = growSlice(stack, &r.mem)
			stack = append(stack, nodes.push(node{board: kids[j], move: moves[j], parent: i, depth: n.depth + 1}))
			r.depth(int(n.depth) + 1)
		}
		r.expanded(int64(len(stack)))
		r.account(seen.growth(4) + nodes.growth(4) + sliceGrowth(stack, 4))
	}
	if cutoff {
		r.res.StoppedBy = StopDepthLimit
	}
	return r.done()
}

// treeEntry is a stack entry of the tree searches: the board itself, since
// they keep no arena.
type treeEntry struct {
	board statespace.Board
	move  statespace.Move
	depth int32
}

// pathSet is the current path of a tree search: its boards (packed) and
// the moves that reached them, with a membership test that scans short
// paths and mirrors long ones in a map.
type pathSet struct {
	keys  []boardKey
	moves []statespace.Move // moves[i] reached keys[i]; moves[0] is unused
	m     map[boardKey]struct{}
}

// pathSetScan is the path length up to which membership is a linear scan.
const pathSetScan = 48

func (s *pathSet) truncate(n int) {
	if s.m != nil {
		if n <= pathSetScan {
			s.m = nil
		} else {
			for _, k := range s.keys[n:] {
				delete(s.m, k)
			}
		}
	}
	s.keys, s.moves = s.keys[:n], s.moves[:n]
}

func (s *pathSet) push(k boardKey, m statespace.Move) {
	s.keys = append(s.keys, k)
	s.moves = append(s.moves, m)
	if s.m != nil {
		s.m[k] = struct{}{}
	} else if len(s.keys) > pathSetScan {
		s.m = make(map[boardKey]struct{}, 2*len(s.keys))
		for _, k := range s.keys {
			s.m[k] = struct{}{}
		}
	}
}

func (s *pathSet) has(k boardKey) bool {
	if s.m != nil {
		_, ok := s.m[k]
		return ok
	}
	for i := len(s.keys) - 1; i >= 0; i-- { // the parent, most often hit, is last
		if s.keys[i] == k {
			return true
		}
	}
	return false
}

func (s *pathSet) bytes() int64 {
	n := int64(len(s.keys)) * pathEntryBytes
	if s.m != nil {
		n += int64(len(s.m)) * visitedEntryBytes
	}
	return n
}

// DLS is depth-limited tree search: depth-first to depth limit, rejecting
// only children already on the current path (no global visited set, so no
// solution within the limit is missed; a board may be expanded many times
// through different paths). Nodes at depth limit are tested for the goal
// but not expanded. StoppedBy is "depth limit" when it found nothing and
// the limit cut some branch off; "" with Found false proves there is no
// solution at all. Memory O(limit); time O(b^limit).
func DLS(ctx context.Context, p Problem, limit int) (Result, error) {
	r, res, err := start(ctx, p, "DLS (limit "+strconv.Itoa(limit)+")")
	if r == nil {
		return res, err
	}
	var path pathSet
	if r.dls(&path, limit) == dlsCutoff {
		r.res.StoppedBy = StopDepthLimit
	}
	return r.done()
}

type dlsOutcome int

const (
	dlsFound dlsOutcome = iota
	dlsCutoff
	dlsExhausted // no solution at all: nothing was cut off
	dlsStopped   // a node, time or cancel limit
)

// dls runs one depth-limited tree search, adding to r's counters.
func (r *runner) dls(path *pathSet, limit int) dlsOutcome {
	stack := []treeEntry{{board: r.p.Start}}
	path.truncate(0)
	r.frontier(1)
	cutoff := false
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		d := int(e.depth)
		path.truncate(d)
		path.push(e.board.Packed(), e.move)
		if e.board == r.p.Goal {
			r.found(append([]statespace.Move(nil), path.moves[1:]...))
			return dlsFound
		}
		if d >= limit {
			cutoff = true
			continue
		}
		if r.stop() {
			return dlsStopped
		}
		r.expand(e.board, d)
		var kids [4]statespace.Board
		var moves [4]statespace.Move
		k := 0
		for _, m := range statespace.Moves {
			if c, ok := e.board.Apply(m); ok {
				r.res.Generated++
				kids[k], moves[k] = c, m
				k++
			}
		}
		for j := k - 1; j >= 0; j-- {
			if path.has(kids[j].Packed()) {
				continue
			}
			stack = append(stack, treeEntry{board: kids[j], move: moves[j], depth: int32(d + 1)})
			r.depth(d + 1)
		}
		r.expanded(int64(len(stack)))
		r.bytes(int64(len(stack))*treeEntryBytes + path.bytes())
	}
	if cutoff {
		return dlsCutoff
	}
	return dlsExhausted
}

// IDDFS runs DLS with limits 0, 1, 2, … until one finds the goal, so the
// first path found is a shortest one. Counters add up over all iterations
// (the node limit applies to the total); MaxFrontier, MaxSearchDepth and
// PeakBytes are the largest of any iteration. Memory O(d); time
// O(b^d), about b/(b−1) times the last iteration's.
func IDDFS(ctx context.Context, p Problem) (Result, error) {
	r, res, err := start(ctx, p, "IDDFS")
	if r == nil {
		return res, err
	}
	var path pathSet
	for limit := 0; ; limit++ {
		switch r.dls(&path, limit) {
		case dlsFound, dlsExhausted, dlsStopped:
			return r.done()
		}
	}
}
