package bfs

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func randomBitmap(rng *rand.Rand, n uint64, density float64) []uint64 {
	bm := make([]uint64, words(n))
	for i := range n {
		if rng.Float64() < density {
			bm[i/64] |= 1 << (i % 64)
		}
	}
	return bm
}

// Every bitmap survives its encoding, in either form, and the sparse form
// is chosen for sparse bitmaps and never costs more than the raw one.
func TestBitmapRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []uint64{1, 3, 60, 64, 2520, 20160, 181440} {
		for _, density := range []float64{0, 0.0005, 0.01, 0.1, 0.5, 1} {
			bm := randomBitmap(rng, n, density)
			enc := encodeBitmap(bm, n)
			if len(enc) > 1+8*len(bm) {
				t.Errorf("n %d density %g: %d bytes, more than raw's %d", n, density, len(enc), 1+8*len(bm))
			}
			if density == 0.0005 && n >= 20160 && enc[0] != tagSparse {
				t.Errorf("n %d density %g: not sparse", n, density)
			}
			got := make([]uint64, words(n))
			set, err := orBitmap(got, enc, n)
			if err != nil {
				t.Fatalf("n %d density %g: %v", n, density, err)
			}
			if !slices.Equal(got, bm) || set != popcount(bm) {
				t.Errorf("n %d density %g: decoded bitmap differs (%d bits, want %d)", n, density, set, popcount(bm))
			}
		}
	}
}

// Damaged encodings are errors, never bits outside the bitmap.
func TestBitmapRejects(t *testing.T) {
	const n = 100
	for name, enc := range map[string][]byte{
		"empty":            {},
		"unknown tag":      {7},
		"carry":            {tagCarry},
		"raw too short":    {tagRaw, 1, 2, 3},
		"raw beyond n":     append([]byte{tagRaw}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF),
		"sparse no count":  {tagSparse},
		"sparse truncated": {tagSparse, 3, 1, 2},
		"sparse beyond n":  {tagSparse, 1, 100},
		"sparse repeated":  {tagSparse, 2, 5, 0},
		"sparse trailing":  {tagSparse, 1, 5, 9},
		"sparse count > n": {tagSparse, 101},
	} {
		dst := make([]uint64, words(n))
		if _, err := orBitmap(dst, enc, n); err == nil {
			t.Errorf("%s: no error", name)
		}
		if dst[1]>>(n-64) != 0 {
			t.Errorf("%s: bits beyond %d set", name, n)
		}
	}
}

func TestBitmapFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 2520
	a, b := randomBitmap(rng, n, 0.3), randomBitmap(rng, n, 0.001)
	data := encodeBitmapFile(4, 9, n, a, b)
	bms, err := decodeBitmapFile(data, 4, 9, n, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(bms[0], a) || !slices.Equal(bms[1], b) {
		t.Error("bitmaps differ after a round trip")
	}
	for name, want := range map[string][4]int{"partition": {5, 9, n, 2}, "level": {4, 8, n, 2}, "size": {4, 9, n + 1, 2}, "count": {4, 9, n, 1}} {
		if _, err := decodeBitmapFile(data, want[0], want[1], uint64(want[2]), want[3]); err == nil {
			t.Errorf("another %s accepted", name)
		}
	}
	for i := range data {
		bad := slices.Clone(data)
		bad[i] ^= 0x40
		if _, err := decodeBitmapFile(bad, 4, 9, n, 2); err == nil {
			t.Fatalf("a flip in byte %d accepted", i)
		}
	}
	for l := range len(data) {
		if _, err := decodeBitmapFile(data[:l], 4, 9, n, 2); err == nil {
			t.Fatalf("truncated to %d bytes accepted", l)
		}
	}
}

func TestIndexRoundTrip(t *testing.T) {
	recs := []PartRecord{{Partition: 1, New: 3, Visited: 7, Shuffled: 90, StateLevel: 12}, {Partition: 6, New: 0, Visited: 2, Shuffled: 1, StateLevel: 8}}
	data := encodeIndex(12, recs)
	got, err := decodeIndex(data, 12, 8, 2520)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, recs) {
		t.Errorf("records %v, want %v", got, recs)
	}
	if _, err := decodeIndex(data, 11, 8, 2520); err == nil {
		t.Error("index of another level accepted")
	}
	if _, err := decodeIndex(data, 12, 6, 2520); err == nil {
		t.Error("a partition beyond the space accepted")
	}
	for name, bad := range map[string][]PartRecord{
		"a partition listed twice":           {{Partition: 2, New: 1, Visited: 1, StateLevel: 5}, {Partition: 2, New: 1, Visited: 1, StateLevel: 5}},
		"more new boards than visited":       {{Partition: 2, New: 5, Visited: 1, StateLevel: 5}},
		"new boards in an older state":       {{Partition: 2, New: 1, Visited: 1, StateLevel: 3}},
		"a state of the other parity":        {{Partition: 2, New: 0, Visited: 1, StateLevel: 4}},
		"a state of a later level":           {{Partition: 2, New: 0, Visited: 1, StateLevel: 7}},
		"a partition with no board":          {{Partition: 2, New: 0, Visited: 0, StateLevel: 5}},
		"more boards than a partition holds": {{Partition: 2, New: 0, Visited: 2521, StateLevel: 5}},
	} {
		if _, err := decodeIndex(encodeIndex(5, bad), 5, 8, 2520); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestPlaceBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []uint64{3, 60, 64, 2520} {
		for _, off := range []uint64{0, n, 3 * n} {
			bm := randomBitmap(rng, n, 0.5)
			dst := make([]byte, (off+n+7)/8+1)
			placeBits(dst, off, bm, n)
			for i := range off + n + 8 {
				var want byte
				if i >= off && i < off+n {
					want = byte(bm[(i-off)/64] >> ((i - off) % 64) & 1)
				}
				if i/8 < uint64(len(dst)) && dst[i/8]>>(i%8)&1 != want {
					t.Fatalf("n %d off %d: bit %d is %d, want %d", n, off, i, dst[i/8]>>(i%8)&1, want)
				}
			}
		}
	}
}

// Sets, lists or bitmaps, encode to the bytes encodeBitmap gives the same
// boards, decode back to them, and subtract like bitmaps.
func TestSetsMatchBitmaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []uint64{60, 2520, 181440} {
		for _, density := range []float64{0, 0.0005, 0.005, 0.02, 0.3} {
			reachedBm := randomBitmap(rng, n, density)
			visitedBm := randomBitmap(rng, n, density)
			bit1Bm := make([]uint64, words(n))
			for i := range bit1Bm {
				bit1Bm[i] = visitedBm[i] & rng.Uint64()
			}
			enc := encodeBitmap(reachedBm, n)
			reached, err := decodeSet(enc, n)
			if err != nil {
				t.Fatal(err)
			}
			if got := encodeSet(reached, n); !slices.Equal(got, enc) {
				t.Errorf("n %d density %g: a set encodes differently from its bitmap", n, density)
			}
			// The neighbours arrive in two halves, in either encoding.
			var twice set
			h := len(reachedBm) / 2
			for _, r := range [][2]int{{0, h}, {h, len(reachedBm)}} {
				half := make([]uint64, words(n))
				copy(half[r[0]:r[1]], reachedBm[r[0]:r[1]])
				if _, err := twice.orEncoded(encodeBitmap(half, n), n); err != nil {
					t.Fatal(err)
				}
			}
			twice.normalize()
			visited, _ := decodeSet(encodeBitmap(visitedBm, n), n)
			bit1, _ := decodeSet(encodeBitmap(bit1Bm, n), n)
			fresh := subtract(&twice, &visited, &bit1, true, n)
			for i := range reachedBm {
				f := reachedBm[i] &^ visitedBm[i]
				visitedBm[i] |= f
				bit1Bm[i] |= f
				reachedBm[i] = f
			}
			for name, c := range map[string]struct {
				got  set
				want []uint64
			}{"fresh": {fresh, reachedBm}, "visited": {visited, visitedBm}, "bit1": {bit1, bit1Bm}} {
				if got := encodeSet(c.got, n); !slices.Equal(got, encodeBitmap(c.want, n)) || c.got.count() != popcount(c.want) {
					t.Errorf("n %d density %g: %s differs from the bitmaps' (%d boards, want %d)", n, density, name, c.got.count(), popcount(c.want))
				}
			}
		}
	}
}

// decodeBitmapFile decodes a bitmap file as bitmaps, each set whole.
func decodeBitmapFile(data []byte, p, level int, n uint64, k int) ([][]uint64, error) {
	sets, err := decodeSetFile(data, p, level, n, k)
	if err != nil {
		return nil, err
	}
	return bitmapsOf(sets, n), nil
}
