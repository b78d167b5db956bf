package bfs

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
)

// The tags that open an encoded bitmap, and the one value in the shuffle
// that is not a bitmap.
const (
	tagRaw    = 0 // the words, 8 bytes each, little-endian
	tagSparse = 1 // uvarint count, then the set bits' gaps as uvarints
	tagCarry  = 2 // "this partition has a state file at the level before": no bits
)

// words returns the number of 64-bit words of a bitmap of n bits.
func words(n uint64) int { return int((n + 63) / 64) }

// encodeBitmap encodes a bitmap of n bits in whichever of the raw and the
// sparse forms is shorter: a sparse level's bitmaps shrink to a few bytes a
// board instead of the partition's size, a dense one's never grow by more
// than the tag.
func encodeBitmap(bm []uint64, n uint64) []byte {
	set := 0
	for _, w := range bm {
		set += bits.OnesCount64(w)
	}
	raw := 1 + 8*len(bm)
	// A gap costs at most ceil(log2(n)/7) bytes.
	gapBytes := (bits.Len64(n) + 6) / 7
	if 1+binary.MaxVarintLen64+set*gapBytes < raw {
		out := make([]byte, 0, 1+binary.MaxVarintLen64+set*gapBytes)
		out = append(out, tagSparse)
		out = binary.AppendUvarint(out, uint64(set))
		prev := uint64(0)
		for i, w := range bm {
			for w != 0 {
				b := uint64(i)*64 + uint64(bits.TrailingZeros64(w))
				w &= w - 1
				out = binary.AppendUvarint(out, b-prev)
				prev = b
			}
		}
		return out
	}
	out := make([]byte, raw)
	out[0] = tagRaw
	for i, w := range bm {
		binary.LittleEndian.PutUint64(out[1+8*i:], w)
	}
	return out
}

// orBitmap decodes an encoded bitmap of n bits and ORs it into dst (of
// words(n) words), returning how many bits it held. It checks everything:
// a damaged encoding is an error, never bits outside the bitmap.
func orBitmap(dst []uint64, enc []byte, n uint64) (uint64, error) {
	if len(dst) != words(n) {
		return 0, fmt.Errorf("bitmap of %d words for %d bits", len(dst), n)
	}
	if len(enc) == 0 {
		return 0, fmt.Errorf("empty bitmap encoding")
	}
	switch enc[0] {
	case tagRaw:
		if len(enc) != 1+8*len(dst) {
			return 0, fmt.Errorf("raw bitmap of %d bytes, want %d for %d bits", len(enc), 1+8*len(dst), n)
		}
		var set uint64
		for i := range dst {
			w := binary.LittleEndian.Uint64(enc[1+8*i:])
			if i == len(dst)-1 && n%64 != 0 && w>>(n%64) != 0 {
				return 0, fmt.Errorf("raw bitmap has bits beyond its %d", n)
			}
			dst[i] |= w
			set += uint64(bits.OnesCount64(w))
		}
		return set, nil
	case tagSparse:
		return sparseBits(enc, n, func(b uint64) { dst[b/64] |= 1 << (b % 64) })
	}
	return 0, fmt.Errorf("unknown bitmap tag %d", enc[0])
}

// popcount returns the number of set bits of bm.
func popcount(bm []uint64) uint64 {
	var c uint64
	for _, w := range bm {
		c += uint64(bits.OnesCount64(w))
	}
	return c
}

// sparseBits checks a sparse encoding of n bits and calls set with each of
// its bits in increasing order, returning how many it held.
func sparseBits(enc []byte, n uint64, set func(b uint64)) (uint64, error) {
	rest := enc[1:]
	count, k := binary.Uvarint(rest)
	if k <= 0 || count > n {
		return 0, fmt.Errorf("sparse bitmap: bad count")
	}
	rest = rest[k:]
	var b uint64
	for i := uint64(0); i < count; i++ {
		gap, k := binary.Uvarint(rest)
		if k <= 0 {
			return 0, fmt.Errorf("sparse bitmap: truncated at bit %d of %d", i, count)
		}
		rest = rest[k:]
		if (i > 0 && gap == 0) || gap >= n || b+gap >= n {
			return 0, fmt.Errorf("sparse bitmap: bit %d of %d out of order or beyond %d", i, count, n)
		}
		b += gap
		set(b)
	}
	if len(rest) != 0 {
		return 0, fmt.Errorf("sparse bitmap: %d trailing bytes", len(rest))
	}
	return count, nil
}

// A set of a partition's boards by offset, in whichever form its size
// calls for: a sorted list of distinct offsets while it holds at most
// listLimit(n) (the list is then at most half the bitmap's bytes), a
// bitmap of words(n) words once it holds more. Sparse levels touch
// thousands of partitions with a few boards each; a set of those costs
// their boards, not a 227 KB bitmap.
type set struct {
	list []uint32 // sorted, distinct; unused once bm is not nil
	bm   []uint64
}

// listLimit is the most offsets a set of n bits keeps as a list.
func listLimit(n uint64) int { return words(n) }

// count returns the number of boards in s.
func (s *set) count() uint64 {
	if s.bm != nil {
		return popcount(s.bm)
	}
	return uint64(len(s.list))
}

// toBitmap turns s into its bitmap form.
func (s *set) toBitmap(n uint64) {
	if s.bm != nil {
		return
	}
	s.bm = make([]uint64, words(n))
	for _, i := range s.list {
		s.bm[i/64] |= 1 << (i % 64)
	}
	s.list = nil
}

// has reports whether offset i is in s.
func (s *set) has(i uint32) bool {
	if s.bm != nil {
		return s.bm[i/64]>>(i%64)&1 == 1
	}
	_, ok := slices.BinarySearch(s.list, i)
	return ok
}

// addSorted adds the sorted distinct offsets add, none of them in s, to
// s, turning it into a bitmap when it outgrows a list.
func (s *set) addSorted(add []uint32, n uint64) {
	if len(add) == 0 {
		return
	}
	if s.bm == nil && len(s.list)+len(add) > listLimit(n) {
		s.toBitmap(n)
	}
	if s.bm != nil {
		for _, i := range add {
			s.bm[i/64] |= 1 << (i % 64)
		}
		return
	}
	merged := make([]uint32, 0, len(s.list)+len(add))
	a, b := s.list, add
	for len(a) > 0 && len(b) > 0 {
		if a[0] < b[0] {
			merged, a = append(merged, a[0]), a[1:]
		} else {
			merged, b = append(merged, b[0]), b[1:]
		}
	}
	s.list = append(append(merged, a...), b...)
}

// orEncoded decodes an encoded bitmap of n bits into s (a union),
// returning how many bits the encoding held; a set in list form is left
// unsorted, with repeats, until normalize.
func (s *set) orEncoded(enc []byte, n uint64) (uint64, error) {
	if len(enc) > 0 && enc[0] == tagSparse && s.bm == nil {
		c, err := sparseBits(enc, n, func(b uint64) { s.list = append(s.list, uint32(b)) })
		if err != nil {
			return 0, err
		}
		if len(s.list) > listLimit(n) {
			s.toBitmap(n)
		}
		return c, nil
	}
	s.toBitmap(n)
	return orBitmap(s.bm, enc, n)
}

// normalize sorts and deduplicates a set in list form.
func (s *set) normalize() {
	if s.bm == nil {
		slices.Sort(s.list)
		s.list = slices.Compact(s.list)
	}
}

// decodeSet decodes an encoded bitmap of n bits: a list if it was encoded
// sparse and holds at most listLimit(n) offsets, a bitmap otherwise.
func decodeSet(enc []byte, n uint64) (set, error) {
	var s set
	_, err := s.orEncoded(enc, n)
	return s, err // a sparse encoding's bits are in order and distinct
}

// encodeSet encodes s like encodeBitmap (the same bytes for the same
// boards), from whichever form s is in.
func encodeSet(s set, n uint64) []byte {
	if s.bm != nil {
		return encodeBitmap(s.bm, n)
	}
	return encodeOffsets(s.list, n)
}

// encodeOffsets encodes the sorted distinct offsets offs of a bitmap of n
// bits as encodeBitmap encodes that bitmap.
func encodeOffsets(offs []uint32, n uint64) []byte {
	raw := 1 + 8*words(n)
	gapBytes := (bits.Len64(n) + 6) / 7
	if 1+binary.MaxVarintLen64+len(offs)*gapBytes < raw {
		out := make([]byte, 0, 1+binary.MaxVarintLen64+len(offs)*gapBytes)
		out = append(out, tagSparse)
		out = binary.AppendUvarint(out, uint64(len(offs)))
		prev := uint64(0)
		for _, o := range offs {
			out = binary.AppendUvarint(out, uint64(o)-prev)
			prev = uint64(o)
		}
		return out
	}
	s := set{list: offs}
	s.toBitmap(n)
	return encodeBitmap(s.bm, n)
}
