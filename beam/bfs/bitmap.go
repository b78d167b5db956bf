package bfs

import (
	"encoding/binary"
	"fmt"
	"math/bits"
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
		rest := enc[1:]
		set, k := binary.Uvarint(rest)
		if k <= 0 || set > n {
			return 0, fmt.Errorf("sparse bitmap: bad count")
		}
		rest = rest[k:]
		var b uint64
		for i := uint64(0); i < set; i++ {
			gap, k := binary.Uvarint(rest)
			if k <= 0 {
				return 0, fmt.Errorf("sparse bitmap: truncated at bit %d of %d", i, set)
			}
			rest = rest[k:]
			if (i > 0 && gap == 0) || gap >= n || b+gap >= n {
				return 0, fmt.Errorf("sparse bitmap: bit %d of %d out of order or beyond %d", i, set, n)
			}
			b += gap
			dst[b/64] |= 1 << (b % 64)
		}
		if len(rest) != 0 {
			return 0, fmt.Errorf("sparse bitmap: %d trailing bytes", len(rest))
		}
		return set, nil
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
