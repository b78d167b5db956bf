package ida

import (
	"context"
	"os"
	"path/filepath"
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

// FuzzReadIteration: any bytes in an iteration's record are refused with
// a *RecordError or read as a record of that bound whose heaviest
// subtrees are paths the next iteration can cut, never a panic.
func FuzzReadIteration(f *testing.F) {
	f.Add([]byte(`{"bound":44,"subtrees":3,"skipped":0,"nodes":90,"generated":200,"max_subtree_nodes":50,"subtree_seconds":0.1,"next":46,"first_solution":-1}`), 44)
	f.Add([]byte(`{"bound":44,"subtrees":3,"nodes":90,"generated":200,"next":46,"first_solution":-1,"heaviest":[{"moves":"ULDR","nodes":50},{"moves":"UU","nodes":30}]}`), 44)
	f.Add([]byte(`{"bound":44,"subtrees":3,"nodes":90,"next":99,"first_solution":2,"heaviest":[{"moves":"UX","nodes":5}]}`), 44)
	f.Fuzz(func(t *testing.T, data []byte, bound int) {
		if bound < 0 || bound > solver.MaxBound {
			return
		}
		dir := t.TempDir()
		path := iterationPath(dir, bound)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := readIteration(context.Background(), dir, bound)
		if err != nil {
			if _, ok := err.(*RecordError); !ok {
				t.Fatalf("error %T %v, want a RecordError", err, err)
			}
			return
		}
		if rec.Bound != bound || len(rec.Heaviest) > MaxRefine {
			t.Fatalf("read %+v under bound %d", rec, bound)
		}
		for _, h := range rec.Heaviest {
			if m, err := parseMoves(h.Moves); err != nil || len(m) == 0 {
				t.Fatalf("heaviest %q does not read: %v", h.Moves, err)
			}
		}
	})
}
