package table

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

func fullTable(t *testing.T, goal statespace.Board) *Table {
	t.Helper()
	full, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	return full
}

// Opening a table's bits recounts the boards of each distance mod 4 and
// refuses counts or bits that disagree, with the facts.
func TestOpenMod4TableRecountsCodes(t *testing.T) {
	full := fullTable(t, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	goal, counts := full.Space().Goal(), full.Counts()
	bits := full.Mod4Payload()
	if _, err := OpenMod4(goal, counts, Mod4Bytes(bits)); err != nil {
		t.Fatalf("the true table: %v", err)
	}
	R := len(counts) - 1
	forged := map[string]func() ([]uint64, []byte){
		"a flipped bit": func() ([]uint64, []byte) {
			b := slices.Clone(bits)
			b[100] ^= 8
			return counts, b
		},
		"swapped counts": func() ([]uint64, []byte) {
			c := slices.Clone(counts)
			c[5], c[6] = c[6], c[5]
			return c, bits
		},
		"radius+1": func() ([]uint64, []byte) {
			c := slices.Clone(counts)
			c[R-1]--
			return append(c, 1), bits
		},
		"radius-1": func() ([]uint64, []byte) {
			c := slices.Clone(counts)
			c[R-1] += c[R]
			return c[:R], bits
		},
	}
	for name, f := range forged {
		c, b := f()
		_, err := OpenMod4(goal, c, Mod4Bytes(b))
		var te *DamageError
		var ce *CodeCountsError
		if !errors.As(err, &te) || !errors.As(err, &ce) {
			t.Errorf("%s: %v, want a *CodeCountsError in a *DamageError", name, err)
		} else if ce.Stored == ce.Header {
			t.Errorf("%s: %+v states no disagreement", name, ce)
		}
	}
	c := slices.Clone(counts)
	c[3] += c[7]
	c[7] = 0
	var te *DamageError
	if _, err := OpenMod4(goal, c, Mod4Bytes(bits)); !errors.As(err, &te) {
		t.Errorf("no board at distance 7 below the radius: %v", err)
	}
}

// A distance moved by two at a board keeps every local rule of the codes;
// with a second bit flipped the other way, the code counts too. With
// answer checks (WithAnswerChecks) the answer for that board is refused by
// its neighbours' walks, never wrong.
func TestLazyAnswerChecksNeighbours(t *testing.T) {
	full := fullTable(t, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	sp := full.Space()
	goal, counts := sp.Goal(), full.Counts()
	refused := 0
	for r := uint64(1); r < sp.Size(); r += 97 {
		bits := full.Mod4Payload()
		flip := func(r uint64) { bits[r>>3] ^= 1 << (r & 7) }
		// A partner of the same parity class (same blank cell) whose bit
		// is the opposite, so the code counts stay as they were.
		bit := func(r uint64) byte { return bits[r>>3] >> (r & 7) & 1 }
		p := r
		half := sp.Size() / uint64(sp.Shape().Cells()) // ranks per blank cell
		for q := (r/half)*half + (r%half+1)%half; q != r; q = (q/half)*half + (q%half+1)%half {
			if bit(q) != bit(r) {
				p = q
				break
			}
		}
		flip(r)
		flip(p)
		plain, err := OpenMod4(goal, counts, Mod4Bytes(bits))
		if err != nil {
			t.Fatalf("rank %d: balanced flips refused when opened: %v", r, err)
		}
		lazy := plain.WithAnswerChecks()
		for _, x := range []uint64{r, p} {
			b := sp.Unrank(x)
			d, set, err := lazy.LookupMoves(b)
			if err != nil {
				refused++
				continue
			}
			if d != full.DistanceAt(x) || set != optimal(t, full, b) {
				t.Fatalf("board %s with its bit flipped: answered %d %v, the truth is %d %v", b, d, set, full.DistanceAt(x), optimal(t, full, b))
			}
		}
	}
	if refused == 0 {
		t.Fatal("no flipped board was refused")
	}
}

// A lazy table's Path replays its path (replay), which names the step and
// the distances where a path does not fall by one: a path with a move
// added is refused at the board that does not hold its distance.
func TestReplayNamesStep(t *testing.T) {
	full := fullTable(t, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	lazy, err := OpenMod4(full.Space().Goal(), full.Counts(), Mod4Bytes(full.Mod4Payload()))
	if err != nil {
		t.Fatal(err)
	}
	b := full.Space().Unrank(1234)
	path, err := lazy.Path(b)
	if err != nil {
		t.Fatal(err)
	}
	d := len(path)
	if d != full.DistanceAt(1234) {
		t.Fatalf("a path of %d moves, the distance is %d", d, full.DistanceAt(1234))
	}
	if err := lazy.replay(b, d, path); err != nil {
		t.Fatalf("an optimal path: %v", err)
	}
	// Claim one more move than the table holds: step 0 is off by one.
	err = lazy.replay(b, d+1, path)
	var re *ReplayError
	var te *DamageError
	if !errors.As(err, &te) || !errors.As(err, &re) || re.Step != 0 || re.Want != d+1 || re.Got != d || re.At != b {
		t.Errorf("distance claimed one too high: %v (%+v)", err, re)
	}
	// A path that goes back and forth: after the move back, step 2 is b
	// again, at d, not d-2.
	back := append([]statespace.Move{path[0], path[0].Opposite()}, path...)
	err = lazy.replay(b, d, back)
	if !errors.As(err, &re) || re.Step != 2 || re.Want != d-2 || re.Got != d || re.At != b {
		t.Errorf("a path of %d moves back and forth: %v (%+v)", len(back), err, re)
	}
}
