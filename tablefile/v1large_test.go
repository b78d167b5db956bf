package tablefile

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// A version-1 pattern database whose compressed payload is several MiB
// (random values do not compress), the size at which the reader once
// wrongly reported a truncation, reads back whole; a real truncation is
// still an error.
func TestV1LargePayload(t *testing.T) {
	const entries = 16 * 15 * 14 * 13 * 12 * 11 // 6 tiles placed on 16 cells
	rng := rand.New(rand.NewPCG(7, 8))
	values := make([]byte, entries)
	counts := make([]uint64, 30)
	for i := range values {
		if i > 0 {
			values[i] = byte(1 + rng.IntN(29))
		}
		counts[values[i]]++
	}
	h := Header{Kind: KindPDB, Encoding: EncodingBytes, Rows: 4, Cols: 4,
		Goal: []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, Pattern: []uint8{4, 5, 8, 9, 12, 13}, Entries: entries, Counts: counts}
	path := filepath.Join(t.TempDir(), "large.pdb")
	if err := WriteFile(context.Background(), path, h, values); err != nil {
		t.Fatal(err)
	}
	got, payload, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Entries != entries || !bytes.Equal(payload, values) {
		t.Error("values changed on the way through the file")
	}
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, data[:len(data)-1000], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadFile(path); !errors.Is(err, ErrTruncated) {
		t.Errorf("truncated file: %v", err)
	}
}
