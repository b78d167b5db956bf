package search

import "github.com/tilespace/tilespace/statespace"

// Small containers tuned for the searches: open-addressing hash tables
// keyed by packed boards (statespace.Board.Packed, never zero for a real
// board, so the zero key marks an empty slot), and an arena that grows in chunks so
// appending never copies the nodes already stored.

// boardKey is a packed board; the zero key marks an empty slot.
type boardKey = statespace.Key

// hash spreads a key: mix of the low word, with the high word (zero on
// boards of at most 16 cells) mixed in first.
func hash(k boardKey) uint64 { return mix(k.Lo ^ mix(k.Hi)) }

// mix is the 64-bit finalizer of MurmurHash3: packed boards differ in a
// few nibbles, and linear probing needs those differences spread.
func mix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// keySet is a set of packed boards (linear probing, at most half full).
type keySet struct {
	slots []boardKey
	n     int
}

func newKeySet(hint int) *keySet {
	size := 16
	for size < 2*hint {
		size *= 2
	}
	return &keySet{slots: make([]boardKey, size)}
}

// add inserts k and reports whether it was absent.
func (s *keySet) add(k boardKey) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := hash(k) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case boardKey{}:
			s.slots[i] = k
			s.n++
			return true
		case k:
			return false
		}
	}
}

func (s *keySet) grow() {
	old := s.slots
	s.slots = make([]boardKey, 2*len(old))
	mask := uint64(len(s.slots) - 1)
	for _, k := range old {
		if k == (boardKey{}) {
			continue
		}
		i := hash(k) & mask
		for s.slots[i] != (boardKey{}) {
			i = (i + 1) & mask
		}
		s.slots[i] = k
	}
}

func (s *keySet) len() int { return s.n }

// keyIndex maps packed boards to int32 (arena indices).
type keyIndex struct {
	keys []boardKey
	vals []int32
	n    int
}

func newKeyIndex(hint int) *keyIndex {
	size := 16
	for size < 2*hint {
		size *= 2
	}
	return &keyIndex{keys: make([]boardKey, size), vals: make([]int32, size)}
}

func (m *keyIndex) get(k boardKey) (int32, bool) {
	mask := uint64(len(m.keys) - 1)
	for i := hash(k) & mask; ; i = (i + 1) & mask {
		switch m.keys[i] {
		case boardKey{}:
			return 0, false
		case k:
			return m.vals[i], true
		}
	}
}

func (m *keyIndex) put(k boardKey, v int32) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := uint64(len(m.keys) - 1)
	for i := hash(k) & mask; ; i = (i + 1) & mask {
		switch m.keys[i] {
		case boardKey{}:
			m.keys[i], m.vals[i] = k, v
			m.n++
			return
		case k:
			m.vals[i] = v
			return
		}
	}
}

func (m *keyIndex) grow() {
	ok, ov := m.keys, m.vals
	m.keys = make([]boardKey, 2*len(ok))
	m.vals = make([]int32, 2*len(ok))
	mask := uint64(len(m.keys) - 1)
	for j, k := range ok {
		if k == (boardKey{}) {
			continue
		}
		i := hash(k) & mask
		for m.keys[i] != (boardKey{}) {
			i = (i + 1) & mask
		}
		m.keys[i], m.vals[i] = k, ov[j]
	}
}

func (m *keyIndex) len() int { return m.n }

// arena stores nodes in chunks of arenaChunk; index i is chunk i>>shift.
type arena[T any] struct {
	chunks [][]T
	n      int
}

const (
	arenaShift = 10
	arenaChunk = 1 << arenaShift
)

func (a *arena[T]) push(x T) int32 {
	if a.n&(arenaChunk-1) == 0 {
		a.chunks = append(a.chunks, make([]T, arenaChunk))
	}
	a.chunks[a.n>>arenaShift][a.n&(arenaChunk-1)] = x
	a.n++
	return int32(a.n - 1)
}

func (a *arena[T]) at(i int32) *T { return &a.chunks[i>>arenaShift][i&(arenaChunk-1)] }

func (a *arena[T]) len() int { return a.n }

func (s *keySet) has(k boardKey) bool {
	mask := uint64(len(s.slots) - 1)
	for i := hash(k) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case boardKey{}:
			return false
		case k:
			return true
		}
	}
}
