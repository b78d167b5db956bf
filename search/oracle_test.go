package search

// Independent, deliberately plain implementations used as oracles: boards
// as int slices keyed by their string form, children made by swapping
// cells, no arenas, no packing. They follow the written semantics of the
// COMS 4701 assignment and of the notebook directly.

import (
	"container/heap"

	"github.com/tilespace/tilespace/statespace"
)

type plainBoard struct {
	rows, cols int
	tiles      []int
}

func toPlain(b statespace.Board) plainBoard {
	sh := b.Shape()
	return plainBoard{sh.Rows, sh.Cols, b.Tiles()}
}

func (p plainBoard) key() string {
	k := make([]byte, len(p.tiles))
	for i, t := range p.tiles {
		k[i] = byte('a' + t)
	}
	return string(k)
}

// children returns the children in Up, Down, Left, Right order with move names.
func (p plainBoard) children() ([]plainBoard, []string) {
	z := 0
	for i, t := range p.tiles {
		if t == 0 {
			z = i
		}
	}
	r, c := z/p.cols, z%p.cols
	var out []plainBoard
	var names []string
	try := func(ok bool, to int, name string) {
		if !ok {
			return
		}
		n := append([]int(nil), p.tiles...)
		n[z], n[to] = n[to], n[z]
		out = append(out, plainBoard{p.rows, p.cols, n})
		names = append(names, name)
	}
	try(r > 0, z-p.cols, "Up")
	try(r < p.rows-1, z+p.cols, "Down")
	try(c > 0, z-1, "Left")
	try(c < p.cols-1, z+1, "Right")
	return out, names
}

type plainResult struct {
	found                    bool
	path                     []string
	expanded, maxDepth       int
	searchDepth, maxFrontier int
}

type plainNode struct {
	b     plainBoard
	depth int
}

type plainLink struct {
	parent, move string
}

// plainPath follows parent links from k back to the start.
func plainPath(links map[string]plainLink, k string) []string {
	var rev []string
	for {
		l, ok := links[k]
		if !ok {
			break
		}
		rev = append(rev, l.move)
		k = l.parent
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// plainCOMS is the assignment's BFS (lifo false) or DFS (lifo true):
// remove, check, expand; a child in the frontier or explored is skipped.
func plainCOMS(start, goal statespace.Board, lifo bool) plainResult {
	g := toPlain(goal).key()
	frontier := []plainNode{{b: toPlain(start)}}
	inFrontier := map[string]bool{toPlain(start).key(): true}
	explored := map[string]bool{}
	links := map[string]plainLink{}
	res := plainResult{maxFrontier: 1}
	for len(frontier) > 0 {
		var n plainNode
		if lifo {
			n, frontier = frontier[len(frontier)-1], frontier[:len(frontier)-1]
		} else {
			n, frontier = frontier[0], frontier[1:]
		}
		k := n.b.key()
		delete(inFrontier, k)
		explored[k] = true
		if k == g {
			res.found, res.path, res.searchDepth = true, plainPath(links, k), n.depth
			return res
		}
		res.expanded++
		kids, names := n.b.children()
		order := []int{0, 1, 2, 3}[:len(kids)]
		if lifo {
			for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
				order[i], order[j] = order[j], order[i]
			}
		}
		for _, i := range order {
			ck := kids[i].key()
			if inFrontier[ck] || explored[ck] {
				continue
			}
			inFrontier[ck] = true
			links[ck] = plainLink{k, names[i]}
			frontier = append(frontier, plainNode{kids[i], n.depth + 1})
			res.maxDepth = max(res.maxDepth, n.depth+1)
		}
		res.maxFrontier = max(res.maxFrontier, len(frontier))
	}
	return res
}

// notebookDFS is the notebook's dfs(start, depth_limit): a stack, one visited
// set filled when pushing, a node at the limit is not expanded.
func notebookDFS(start, goal statespace.Board, limit int) plainResult {
	g := toPlain(goal).key()
	stack := []plainNode{{b: toPlain(start)}}
	visited := map[string]bool{toPlain(start).key(): true}
	links := map[string]plainLink{}
	var res plainResult
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.b.key() == g {
			res.found, res.path = true, plainPath(links, g)
			return res
		}
		if n.depth >= limit {
			continue
		}
		kids, names := n.b.children()
		for i := len(kids) - 1; i >= 0; i-- {
			if ck := kids[i].key(); !visited[ck] {
				visited[ck] = true
				links[ck] = plainLink{n.b.key(), names[i]}
				stack = append(stack, plainNode{kids[i], n.depth + 1})
			}
		}
	}
	return res
}

// plainDLS is recursive depth-limited tree search that skips boards on
// the current path; it returns the first path in Up, Down, Left, Right
// order and the number of nodes expanded (children generated).
func plainDLS(start, goal statespace.Board, limit int) plainResult {
	g := toPlain(goal).key()
	onPath := map[string]bool{}
	var res plainResult
	var rec func(b plainBoard, path []string) bool
	rec = func(b plainBoard, path []string) bool {
		k := b.key()
		if k == g {
			res.found, res.path = true, append([]string(nil), path...)
			return true
		}
		if len(path) >= limit {
			return false
		}
		res.expanded++
		onPath[k] = true
		defer delete(onPath, k)
		kids, names := b.children()
		for i, c := range kids {
			if onPath[c.key()] {
				continue
			}
			if rec(c, append(path, names[i])) {
				return true
			}
		}
		return false
	}
	rec(toPlain(start), nil)
	return res
}

// plainDijkstra returns the cheapest cost from start to goal with the
// given step costs (moves named as statespace.Move).
func plainDijkstra(start, goal statespace.Board, cost CostFunc) float64 {
	dist := map[statespace.Board]float64{start: 0}
	pq := &plainPQ{{start, 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(plainItem)
		if it.d > dist[it.b] {
			continue
		}
		if it.b == goal {
			return it.d
		}
		for _, m := range statespace.Moves {
			c, ok := it.b.Apply(m)
			if !ok {
				continue
			}
			nd := it.d + cost(m, it.b)
			if old, seen := dist[c]; !seen || nd < old {
				dist[c] = nd
				heap.Push(pq, plainItem{c, nd})
			}
		}
	}
	return -1
}

type plainItem struct {
	b statespace.Board
	d float64
}
type plainPQ []plainItem

func (q plainPQ) Len() int           { return len(q) }
func (q plainPQ) Less(i, j int) bool { return q[i].d < q[j].d }
func (q plainPQ) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *plainPQ) Push(x any)        { *q = append(*q, x.(plainItem)) }
func (q *plainPQ) Pop() any          { o := *q; x := o[len(o)-1]; *q = o[:len(o)-1]; return x }

func moveNames(path []statespace.Move) []string {
	out := make([]string, len(path))
	for i, m := range path {
		out[i] = m.String()
	}
	return out
}

// notebookBFS is the notebook's bfs: the goal is tested when a child is
// generated, and max_frontier is measured before each pop.
func notebookBFS(start, goal statespace.Board) (expanded, maxFrontier, depth int) {
	g := toPlain(goal).key()
	type item struct {
		b plainBoard
		d int
	}
	queue := []item{{toPlain(start), 0}}
	visited := map[string]bool{toPlain(start).key(): true}
	for len(queue) > 0 {
		maxFrontier = max(maxFrontier, len(queue))
		n := queue[0]
		queue = queue[1:]
		expanded++
		kids, _ := n.b.children()
		for _, c := range kids {
			k := c.key()
			if visited[k] {
				continue
			}
			visited[k] = true
			if k == g {
				return expanded, maxFrontier, n.d + 1
			}
			queue = append(queue, item{c, n.d + 1})
		}
	}
	return expanded, maxFrontier, -1
}

// notebookUCS is the notebook's ucs with unit costs: a heap of (g, counter),
// visited holds popped boards with their cost, a popped board is skipped
// only if it was popped before more cheaply, so equal-cost duplicates are
// expanded again.
func notebookUCS(start, goal statespace.Board) (expanded, maxFrontier, cost int) {
	g := toPlain(goal).key()
	pq := &notebookPQ{{0, 0, toPlain(start)}}
	visited := map[string]int{}
	counter := 0
	for pq.Len() > 0 {
		maxFrontier = max(maxFrontier, pq.Len())
		it := heap.Pop(pq).(notebookItem)
		k := it.b.key()
		if v, ok := visited[k]; ok && v < it.g {
			continue
		}
		visited[k] = it.g
		expanded++
		if k == g {
			return expanded, maxFrontier, it.g
		}
		kids, _ := it.b.children()
		for _, c := range kids {
			ng := it.g + 1
			if v, ok := visited[c.key()]; !ok || v > ng {
				counter++
				heap.Push(pq, notebookItem{ng, counter, c})
			}
		}
	}
	return expanded, maxFrontier, -1
}

type notebookItem struct {
	g, counter int
	b          plainBoard
}
type notebookPQ []notebookItem

func (q notebookPQ) Len() int { return len(q) }
func (q notebookPQ) Less(i, j int) bool {
	if q[i].g != q[j].g {
		return q[i].g < q[j].g
	}
	return q[i].counter < q[j].counter
}
func (q notebookPQ) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *notebookPQ) Push(x any)   { *q = append(*q, x.(notebookItem)) }
func (q *notebookPQ) Pop() any     { o := *q; x := o[len(o)-1]; *q = o[:len(o)-1]; return x }
