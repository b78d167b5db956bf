package bfs

import "testing"

// The readers of everything a working folder holds take any bytes without
// panicking or setting bits outside the bitmap.
func FuzzOrBitmap(f *testing.F) {
	f.Add(encodeBitmap([]uint64{0b1011}, 100)[:], uint16(100))
	f.Add(encodeBitmap([]uint64{^uint64(0), 7}, 67), uint16(67))
	f.Add([]byte{tagSparse, 2, 1, 3}, uint16(10))
	f.Fuzz(func(t *testing.T, enc []byte, n16 uint16) {
		n := uint64(n16) + 1
		dst := make([]uint64, words(n))
		set, err := orBitmap(dst, enc, n)
		if err != nil {
			return
		}
		if n%64 != 0 && dst[len(dst)-1]>>(n%64) != 0 {
			t.Fatalf("bits beyond %d", n)
		}
		if set > n || popcount(dst) > set {
			t.Fatalf("%d bits reported, %d set, of %d", set, popcount(dst), n)
		}
	})
}

func FuzzDecodeBitmapFile(f *testing.F) {
	f.Add(encodeBitmapFile(3, 5, 130, []uint64{1, 2, 3}, []uint64{0, 0, 1}), uint16(130), uint8(2))
	f.Add(encodeBitmapFile(0, 0, 60, []uint64{1 << 59}), uint16(60), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, n16 uint16, k uint8) {
		n := uint64(n16) + 1
		bms, err := decodeBitmapFile(data, 3, 5, n, int(k%3)+1)
		if err != nil {
			return
		}
		for _, bm := range bms {
			if len(bm) != words(n) {
				t.Fatalf("bitmap of %d words for %d bits", len(bm), n)
			}
		}
	})
}

func FuzzDecodeIndex(f *testing.F) {
	f.Add(encodeIndex(4, []PartRecord{{Partition: 1, New: 2, Visited: 3, Shuffled: 4, StateLevel: 4}, {Partition: 3, Visited: 1, StateLevel: 2}}))
	f.Add(encodeIndex(4, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := decodeIndex(data, 4, 10, 1000)
		if err != nil {
			return
		}
		if len(recs) > 10 {
			t.Fatalf("%d records for 10 partitions", len(recs))
		}
	})
}
