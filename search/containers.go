package search

import (
	"unsafe"

	"github.com/tilespace/tilespace/statespace"
)

// Small containers tuned for the searches: open-addressing hash tables
// keyed by packed boards (statespace.Board.Packed, never zero for a real
// board, so the zero key marks an empty slot), and an arena that grows in chunks so
// appending never copies the nodes already stored.

// mem counts the bytes a search's containers have allocated and not yet
// let go, by capacity (a hash table's empty slots, an arena's unfilled
// chunk, a slice's spare room), and the most they ever held at once: a
// container that grows holds its old array and its new one together
// while it copies.
type mem struct{ held, peak int64 }

func (m *mem) alloc(n int64) {
	m.held += n
	m.peak = max(m.peak, m.held)
}

func (m *mem) free(n int64) { m.held -= n }

// growSlice returns s with room for one more element, doubling its
// capacity (at least 16) through m when it is full, so that every
// slice a search keeps grows by a known amount.
func growSlice[T any](s []T, m *mem) []T {
	if len(s) < cap(s) {
		return s
	}
	size := int64(unsafe.Sizeof(*new(T)))
	c := max(16, 2*cap(s))
	m.alloc(int64(c) * size)
	t := make([]T, len(s), c)
	copy(t, s)
	m.free(int64(cap(s)) * size)
	return t
}

// sliceGrowth is what growSlice allocates when k more elements are
// appended to s: 0 while they fit.
func sliceGrowth[T any](s []T, k int) int64 {
	if len(s)+k <= cap(s) {
		return 0
	}
	return int64(max(16, 2*cap(s))) * int64(unsafe.Sizeof(*new(T)))
}

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
	m     *mem
}

func newKeySet(hint int, m *mem) *keySet {
	size := 16
	for size < 2*hint {
		size *= 2
	}
	m.alloc(int64(size) * visitedEntryBytes)
	return &keySet{slots: make([]boardKey, size), m: m}
}

// growth is what adding k keys allocates: the doubled table, or 0.
func (s *keySet) growth(k int) int64 {
	if 2*(s.n+k) > len(s.slots) {
		return 2 * int64(len(s.slots)) * visitedEntryBytes
	}
	return 0
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
	s.m.alloc(2 * int64(len(old)) * visitedEntryBytes)
	defer s.m.free(int64(len(old)) * visitedEntryBytes)
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
	m    *mem
}

func newKeyIndex(hint int, m *mem) *keyIndex {
	size := 16
	for size < 2*hint {
		size *= 2
	}
	m.alloc(int64(size) * indexEntryBytes)
	return &keyIndex{keys: make([]boardKey, size), vals: make([]int32, size), m: m}
}

// growth is what adding k keys allocates: the doubled table, or 0.
func (m *keyIndex) growth(k int) int64 {
	if 2*(m.n+k) > len(m.keys) {
		return 2 * int64(len(m.keys)) * indexEntryBytes
	}
	return 0
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
	m.m.alloc(2 * int64(len(ok)) * indexEntryBytes)
	defer m.m.free(int64(len(ok)) * indexEntryBytes)
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

// arena stores nodes in chunks of arenaChunk; index i is chunk i>>shift.
type arena[T any] struct {
	chunks [][]T
	n      int
	m      *mem // set before the first push
}

const (
	arenaShift = 10
	arenaChunk = 1 << arenaShift
)

func (a *arena[T]) push(x T) int32 {
	if a.n&(arenaChunk-1) == 0 {
		a.chunks = growSlice(a.chunks, a.m)
		a.m.alloc(a.chunkBytes())
		a.chunks = append(a.chunks, make([]T, arenaChunk))
	}
	a.chunks[a.n>>arenaShift][a.n&(arenaChunk-1)] = x
	a.n++
	return int32(a.n - 1)
}

func (a *arena[T]) at(i int32) *T { return &a.chunks[i>>arenaShift][i&(arenaChunk-1)] }

func (a *arena[T]) len() int { return a.n }

func (a *arena[T]) chunkBytes() int64 { return arenaChunk * int64(unsafe.Sizeof(*new(T))) }

// growth is what pushing k nodes allocates: new chunks and a longer list
// of them, or 0.
func (a *arena[T]) growth(k int) int64 {
	if a.n+k <= len(a.chunks)*arenaChunk {
		return 0
	}
	return a.chunkBytes() + sliceGrowth(a.chunks, 1)
}

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
