package prune

import (
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// word is a path of the blank from a start cell, with the rearrangement
// of the cells it makes.
type word struct {
	moves []statespace.Move
	arr   string
}

// allWords lists every legal word of at most maxLen moves from cell q,
// shortest first and in move order within a length (the order the
// machine ranks words by), reversals included: a brute force that shares
// nothing with Build but the shape's geometry.
func allWords(sh statespace.Shape, q, maxLen int) []word {
	type item struct {
		moves []statespace.Move
		blank int
		arr   []byte
	}
	id := make([]byte, sh.Cells())
	for c := range id {
		id[c] = byte(c)
	}
	level := []item{{nil, q, id}}
	var out []word
	for l := 0; l <= maxLen; l++ {
		var next []item
		for _, it := range level {
			out = append(out, word{it.moves, string(it.arr)})
			if l == maxLen {
				continue
			}
			for _, mv := range statespace.Moves {
				to, ok := sh.Neighbor(it.blank, mv)
				if !ok {
					continue
				}
				a := append([]byte(nil), it.arr...)
				a[it.blank], a[to] = a[to], a[it.blank]
				next = append(next, item{append(append([]statespace.Move(nil), it.moves...), mv), to, a})
			}
		}
		level = next
	}
	return out
}

// TestMachineExact checks the machine against the definition on small
// boards: a word of at most the depth is accepted exactly when it is the
// least to its rearrangement; a longer word exactly when none of its
// subwords of at most the depth is rejected, and always when it is least
// itself (what keeps every board's least path).
func TestMachineExact(t *testing.T) {
	cases := []struct {
		sh           statespace.Shape
		depth, extra int
	}{
		{statespace.Shape{Rows: 2, Cols: 2}, 12, 2},
		{statespace.Shape{Rows: 2, Cols: 3}, 10, 3},
		{statespace.Shape{Rows: 3, Cols: 3}, 8, 2},
		{statespace.Shape{Rows: 3, Cols: 3}, 2, 6},
		{statespace.Shape{Rows: 2, Cols: 4}, 9, 2},
		{statespace.Shape{Rows: 3, Cols: 4}, 6, 2},
	}
	for _, tc := range cases {
		m, err := build(tc.sh, tc.depth)
		if err != nil {
			t.Fatal(err)
		}
		n := tc.sh.Cells()
		// By start cell: each word's rearrangement, and each
		// rearrangement's least word.
		arrOf := make([]map[string]string, n)
		leastOf := make([]map[string]string, n)
		words := make([][]word, n)
		for q := range n {
			words[q] = allWords(tc.sh, q, tc.depth+tc.extra)
			arrOf[q], leastOf[q] = map[string]string{}, map[string]string{}
			for _, w := range words[q] {
				arrOf[q][movesKey(w.moves)] = w.arr
				if _, ok := leastOf[q][w.arr]; !ok {
					leastOf[q][w.arr] = movesKey(w.moves)
				}
			}
		}
		isLeast := func(q int, moves []statespace.Move) bool {
			k := movesKey(moves)
			return leastOf[q][arrOf[q][k]] == k
		}
		var checked, rejected int
		for q := range n {
			for _, w := range words[q] {
				lst := isLeast(q, w.moves)
				got := m.accepts(q, w.moves)
				checked++
				if !got {
					rejected++
				}
				if len(w.moves) <= tc.depth {
					if got != lst {
						t.Fatalf("%s depth %d: from cell %d, %v: accepted %v, least %v", tc.sh, tc.depth, q, w.moves, got, lst)
					}
					continue
				}
				if lst && !got {
					t.Fatalf("%s depth %d: from cell %d, the least word %v is rejected", tc.sh, tc.depth, q, w.moves)
				}
				want := true
				for i := 0; i < len(w.moves) && want; i++ {
					cell := cellAfter(tc.sh, q, w.moves[:i])
					for j := i + 1; j <= len(w.moves) && j-i <= tc.depth; j++ {
						if !isLeast(cell, w.moves[i:j]) {
							want = false
							break
						}
					}
				}
				if got != want {
					t.Fatalf("%s depth %d: from cell %d, %v: accepted %v, want %v", tc.sh, tc.depth, q, w.moves, got, want)
				}
			}
		}
		if rejected == 0 {
			t.Fatalf("%s depth %d: nothing rejected among %d words", tc.sh, tc.depth, checked)
		}
		t.Logf("%s depth %d: %d states, %d words not least; %d of %d words rejected", tc.sh, tc.depth, m.numStates(), m.words, rejected, checked)
	}
}

func movesKey(moves []statespace.Move) string {
	b := make([]byte, len(moves))
	for i, mv := range moves {
		b[i] = byte(mv)
	}
	return string(b)
}

func cellAfter(sh statespace.Shape, q int, moves []statespace.Move) int {
	for _, mv := range moves {
		q, _ = sh.Neighbor(q, mv)
	}
	return q
}

// accepts reports whether the path moves from a blank on cell is legal
// and none of its words is rejected.
func (m *Machine) accepts(cell int, moves []statespace.Move) bool {
	s := m.Start(cell)
	for _, mv := range moves {
		if s = m.next[int(s)*4+int(mv)]; s == Dead {
			return false
		}
	}
	return true
}
