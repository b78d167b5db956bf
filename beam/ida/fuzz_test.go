package ida

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/solver"
)

// FuzzDecodeRecord checks that a subtree's result file, whatever its
// bytes, is refused with a RecordError or read into a record that fits the
// subtree it was read for and re-encodes to itself.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(encodeRecord(Record{Bound: 40, Index: 3, Moves: "UL", Nodes: 120, Generated: 250, Next: 42, Seconds: 0.01}), 40, 3, "UL")
	f.Add(encodeRecord(Record{Bound: 4, Index: 0, Moves: "UL", Nodes: 3, Generated: 5, Next: 6, Found: true, Path: "ULDR"}), 4, 0, "UL")
	f.Add([]byte(`{"bound":4,"index":0,"moves":"U","nodes":1,"generated":9,"next":5,"found":false}`), 4, 0, "U")
	f.Fuzz(func(t *testing.T, data []byte, bound, index int, moves string) {
		r, err := decodeRecord("f", data, bound, index, moves)
		if err != nil {
			if _, ok := err.(*RecordError); !ok {
				t.Fatalf("error %T %v, want a RecordError", err, err)
			}
			return
		}
		if r.Bound != bound || r.Index != index || r.Moves != moves || r.Generated > 4*r.Nodes {
			t.Fatalf("decoded %+v for subtree %d at %q under bound %d", r, index, moves, bound)
		}
		if r.Found && (len(r.Path) != bound || !strings.HasPrefix(r.Path, moves)) || !r.Found && (r.Next <= bound || r.Next > solver.MaxBound+1) {
			t.Fatalf("decoded an inconsistent %+v", r)
		}
		if _, err := r.result(); err != nil {
			t.Fatalf("decoded %+v, whose path does not read: %v", r, err)
		}
		again, err := decodeRecord("f", encodeRecord(r), bound, index, moves)
		if err != nil || again != r {
			t.Fatalf("re-encoded %+v reads as %+v, %v", r, again, err)
		}
	})
}
