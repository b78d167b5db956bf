// Package mark2 is the marking kernel of the 2-bit breadth-first searches
// (twobit's whole-space search and pdb's database builder): an array of
// uint64 words holding 32 codes of 2 bits each, entry i in bits
// 2(i%32)..2(i%32)+1 of word i/32, code 0 meaning unseen. Workers share
// the array and mark entries with atomic ORs, which is enough while a
// level runs: an unseen entry can only become the level's one code, so
// ORing it in twice is harmless. Every function is small enough to be
// inlined in the searches' hot loops.
package mark2

import "sync/atomic"

// perWord is how many codes one uint64 word holds.
const perWord = 32

// Unseen reports whether entry i of words is 0: a plain atomic read,
// no locked instruction.
func Unseen(words []uint64, i uint64) bool {
	return atomic.LoadUint64(&words[i/perWord])>>(i%perWord*2)&3 == 0
}

// Or ORs code (0 to 3) into entry i of words, atomically.
func Or(words []uint64, i, code uint64) {
	atomic.OrUint64(&words[i/perWord], code<<(i%perWord*2))
}

// IfUnseen ORs code into entry i of words if it is unseen and reports
// whether it was: a read first, as most entries are seen already, and a
// locked OR only for the rest.
func IfUnseen(words []uint64, i, code uint64) bool {
	w := &words[i/perWord]
	sh := i % perWord * 2
	if atomic.LoadUint64(w)>>sh&3 != 0 {
		return false
	}
	atomic.OrUint64(w, code<<sh)
	return true
}
