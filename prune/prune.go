// Package prune builds the finite-state machine that keeps a depth-first
// search of a sliding-tile board from walking the same board twice by
// different short paths (Taylor & Korf, "Pruning duplicate nodes in
// depth-first search", AAAI 1993).
//
// Where the blank starts and which moves it makes decide how a path
// rearranges the board, whatever the tiles are; so two move words from
// the same blank cell that rearrange the cells alike reach the same board
// from every board. Order words shortest first, then by their moves in
// the order Up, Down, Left, Right. A breadth-first search over the words
// from each blank cell, up to a depth, finds every word that is not the
// least to its rearrangement: the machine rejects a path as soon as it
// ends in such a word (an Aho–Corasick automaton over the words, the
// blank's cell part of each state). The least path to any board contains
// no such word (replacing it would give a lesser path), so every board
// keeps its least path: an optimal solution is still found, and an
// iteration of IDA* is still complete. Depth 2 rejects exactly the move
// that undoes the last one.
//
// The package knows the board's geometry and nothing of tiles or
// heuristics.
package prune

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/statespace"
)

// Dead is the state after a move that is illegal or ends a path the
// machine rejects.
const Dead = -1

// maxDepth bounds the word length For accepts: its breadth-first search
// holds every board the blank reaches from each cell within the depth
// (about 2.4^depth of them on a 5x5 board).
const maxDepth = 16

// Machine is the pruning automaton of one shape. A search starts at
// Start(blank cell) and follows Table; a Dead state is a child it need not
// generate. It is immutable and safe for concurrent use.
type Machine struct {
	next  []int32 // 4 per state, by move
	start []int32 // by blank cell
	words int     // words found not least (the machine's patterns)
}

// numStates returns the number of states.
func (m *Machine) numStates() int { return len(m.next) / 4 }

// Start returns the state of the empty path with the blank on cell.
func (m *Machine) Start(cell int) int32 { return m.start[cell] }

// Table returns the transitions, 4 per state by move (read only): what a
// search's inner loop indexes directly.
func (m *Machine) Table() []int32 { return m.next }

type key struct {
	shape statespace.Shape
	depth int
}

var (
	cacheMu sync.Mutex
	cache   = map[key]*Machine{}
)

// For returns the machine of shape sh and depth, built once per process
// (the shapes and depths are few, so the memo is bounded).
func For(sh statespace.Shape, depth int) (*Machine, error) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	k := key{sh, depth}
	if m, ok := cache[k]; ok {
		return m, nil
	}
	m, err := build(sh, depth)
	if err != nil {
		return nil, err
	}
	cache[k] = m
	return m, nil
}

// trie is the forest of words, one root per blank cell: a node is a word
// that is least to its rearrangement (or, marked, one that is not, which
// has no children).
type trie struct {
	cell  []int8
	level []uint8
	child [][4]int32 // -1: none
	bad   []bool     // the word is not least
}

func (t *trie) add(cell, level int, bad bool) int32 {
	t.cell = append(t.cell, int8(cell))
	t.level = append(t.level, uint8(level))
	t.child = append(t.child, [4]int32{-1, -1, -1, -1})
	t.bad = append(t.bad, bad)
	return int32(len(t.cell) - 1)
}

// build returns the machine that rejects every path ending in a word of
// at most depth moves that is not the least to its rearrangement, for
// boards of shape sh; depth is 2 to maxDepth.
func build(sh statespace.Shape, depth int) (*Machine, error) {
	if err := sh.Validate(); err != nil {
		return nil, err
	}
	if depth < 2 || depth > maxDepth {
		return nil, fmt.Errorf("prune: depth %d, want 2 to %d", depth, maxDepth)
	}
	n := sh.Cells()
	nb := make([][4]int8, n)
	for c := range n {
		for _, mv := range statespace.Moves {
			to, ok := sh.Neighbor(c, mv)
			if !ok {
				to = -1
			}
			nb[c][mv] = int8(to)
		}
	}

	// The words of each start cell, breadth first in their order (the
	// first word to reach a rearrangement is its least), one start cell
	// per goroutine at a time.
	forests := make([]trie, n)
	counts := make([]int, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for {
				q := int(next.Add(1) - 1)
				if q >= n {
					return
				}
				forests[q], counts[q] = wordsFrom(q, n, depth, nb)
			}
		})
	}
	wg.Wait()
	// One forest, each start cell's words after the previous ones.
	var t trie
	roots := make([]int32, n)
	words := 0
	for q := range forests {
		f := &forests[q]
		base := int32(len(t.cell))
		roots[q] = base
		t.cell = append(t.cell, f.cell...)
		t.level = append(t.level, f.level...)
		t.bad = append(t.bad, f.bad...)
		for _, ch := range f.child {
			for i, v := range ch {
				if v >= 0 {
					ch[i] = v + base
				}
			}
			t.child = append(t.child, ch)
		}
		words += counts[q]
		forests[q] = trie{}
	}
	return compile(sh, depth, &t, roots, nb, words), nil
}

// wordsFrom returns the words from start cell q up to depth, breadth
// first (the root is node 0), and how many are not least. A
// rearrangement is known by a key of 5 bits a cell for all cells but the
// last, which the others decide.
func wordsFrom(q, n, depth int, nb [][4]int8) (trie, int) {
	type key [2]uint64
	field := func(c int) (word int, shift uint) { return c / 12, uint(c%12) * 5 }
	get := func(k *key, c int) uint64 {
		if c == n-1 {
			return 0 // not kept; swaps through it still work, see below
		}
		w, sh := field(c)
		return k[w] >> sh & 31
	}
	set := func(k *key, c int, v uint64) {
		if c == n-1 {
			return
		}
		w, sh := field(c)
		k[w] = k[w]&^(31<<sh) | v<<sh
	}
	type item struct {
		node  int32
		blank int8
		key   key
		last  uint8 // what the last cell holds, which the key leaves out
	}
	var t trie
	var id key
	for c := range n {
		set(&id, c, uint64(c))
	}
	root := t.add(q, 0, false)
	seen := map[key]struct{}{id: {}}
	level := []item{{root, int8(q), id, uint8(n - 1)}}
	words := 0
	for d := 1; d <= depth; d++ {
		var nextLevel []item
		for _, it := range level {
			for _, mv := range statespace.Moves {
				to := int(nb[it.blank][mv])
				if to < 0 {
					continue
				}
				k, last := it.key, it.last
				from := int(it.blank)
				a, b := get(&k, from), get(&k, to)
				if from == n-1 {
					a = uint64(last)
				}
				if to == n-1 {
					b = uint64(last)
				}
				set(&k, from, b)
				set(&k, to, a)
				switch n - 1 {
				case from:
					last = uint8(b)
				case to:
					last = uint8(a)
				}
				_, dup := seen[k]
				v := t.add(to, d, dup)
				t.child[it.node][mv] = v
				if dup {
					words++
					continue
				}
				seen[k] = struct{}{}
				nextLevel = append(nextLevel, item{v, int8(to), k, last})
			}
		}
		level = nextLevel
	}
	return t, words
}

// compile turns the forest of words into the automaton: it keeps only the
// words that lead to a rejected one, links each word to its longest
// proper suffix in the forest (failure links, breadth first), and makes
// every transition direct.
func compile(sh statespace.Shape, depth int, t *trie, roots []int32, nb [][4]int8, words int) *Machine {
	nodes := len(t.cell)
	order := t.trim(roots, depth)
	fail := make([]int32, nodes)
	reject := make([]bool, nodes) // the word or one of its suffixes is not least
	delta := make([][4]int32, nodes)
	for _, u := range order {
		c := t.cell[u]
		if t.level[u] == 0 {
			fail[u] = -1
		}
		reject[u] = t.bad[u] || t.level[u] > 0 && reject[fail[u]]
		for mv := range 4 {
			to := nb[c][mv]
			if to < 0 {
				delta[u][mv] = -1
				continue
			}
			v := t.child[u][mv]
			var viaFail int32
			if t.level[u] == 0 {
				viaFail = roots[to]
			} else {
				viaFail = delta[fail[u]][mv]
			}
			if v >= 0 {
				fail[v] = viaFail
				delta[u][mv] = v
			} else {
				delta[u][mv] = viaFail
			}
		}
	}

	// The states are the kept nodes no rejection has reached.
	id := make([]int32, nodes)
	for i := range id {
		id[i] = Dead
	}
	states := int32(0)
	for _, u := range order {
		if !reject[u] {
			id[u] = states
			states++
		}
	}
	m := &Machine{words: words,
		next: make([]int32, 4*states), start: make([]int32, len(roots))}
	for _, u := range order {
		s := id[u]
		if s == Dead {
			continue
		}
		for mv, v := range delta[u] {
			to := int32(Dead)
			if v >= 0 {
				to = id[v]
			}
			m.next[int(s)*4+mv] = to
		}
	}
	for q, r := range roots {
		m.start[q] = id[r]
	}
	return m.minimize()
}

// trim cuts the nodes of t that are neither roots nor have a rejected word
// below them, and returns the nodes kept, breadth first over the whole
// forest, by level (depth is the deepest level).
func (t *trie) trim(roots []int32, depth int) []int32 {
	nodes := len(t.cell)
	// Nodes are numbered breadth first within each root, so children come
	// after their parents.
	keep := make([]bool, nodes)
	for u := nodes - 1; u >= 0; u-- {
		if t.bad[u] {
			keep[u] = true
			continue
		}
		for _, v := range t.child[u] {
			if v >= 0 && keep[v] {
				keep[u] = true
			}
		}
	}
	for _, r := range roots {
		keep[r] = true
	}
	for u := range nodes {
		for mv, v := range t.child[u] {
			if v >= 0 && !keep[v] {
				t.child[u][mv] = -1
			}
		}
	}
	var order []int32
	byLevel := make([][]int32, depth+1)
	for u := range nodes {
		if keep[u] {
			byLevel[t.level[u]] = append(byLevel[t.level[u]], int32(u))
		}
	}
	for _, l := range byLevel {
		order = append(order, l...)
	}
	return order
}

// minimize merges the states no path can tell apart (Moore's partition
// refinement: states stay together while their moves lead to the same
// classes), which shrinks the table the search reads at every node.
func (m *Machine) minimize() *Machine {
	states := m.numStates()
	class := make([]int32, states) // all live states start in one class
	classes := 1
	type signature struct{ self, up, down, left, right int32 }
	for {
		ids := make(map[signature]int32, classes*2)
		next := make([]int32, states)
		for s := range states {
			sig := signature{self: class[s]}
			to := [4]int32{}
			for mv := range 4 {
				t := m.next[s*4+mv]
				if t != Dead {
					t = class[t]
				}
				to[mv] = t
			}
			sig.up, sig.down, sig.left, sig.right = to[0], to[1], to[2], to[3]
			c, ok := ids[sig]
			if !ok {
				c = int32(len(ids))
				ids[sig] = c
			}
			next[s] = c
		}
		class = next
		if len(ids) == classes {
			break
		}
		classes = len(ids)
	}
	min := &Machine{words: m.words,
		next: make([]int32, 4*classes), start: make([]int32, len(m.start))}
	for s := range states {
		c := class[s]
		for mv := range 4 {
			t := m.next[s*4+mv]
			if t != Dead {
				t = class[t]
			}
			min.next[int(c)*4+mv] = t
		}
	}
	for q, s := range m.start {
		min.start[q] = class[s]
	}
	return min
}
