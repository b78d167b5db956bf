package pdb

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

func smallPDB(t *testing.T) *PDB {
	t.Helper()
	p, err := Build(context.Background(), statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), []int{1, 2, 3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A database made from a file's values (memory-mapped, used in place) has
// its values recounted: forged header counts are refused, with the facts.
func TestFromValuesRecounts(t *testing.T) {
	p := smallPDB(t)
	h := struct{ Counts []uint64 }{p.Counts()}
	payload := p.Values()
	if _, err := FromValues(p.goal, p.tiles, payload, h.Counts); err != nil {
		t.Fatalf("the true counts: %v", err)
	}
	top := len(h.Counts) - 1
	forge := map[string]func(c []uint64) []uint64{
		"radius+1": func(c []uint64) []uint64 { c[top]--; return append(c, 1) },
		"radius-1": func(c []uint64) []uint64 { c[top-1] += c[top]; return c[:top] },
		"swapped":  func(c []uint64) []uint64 { c[1], c[2] = c[2], c[1]; return c },
		"moved":    func(c []uint64) []uint64 { c[3]--; c[4]++; return c },
	}
	for name, f := range forge {
		fh := h
		fh.Counts = f(slices.Clone(h.Counts))
		_, err := FromValues(p.goal, p.tiles, payload, fh.Counts)
		var ce *CountsError
		var de *InvalidError
		if !errors.As(err, &ce) || !errors.As(err, &de) {
			t.Errorf("%s header counts %v: %v, want a *CountsError in an *InvalidError", name, fh.Counts, err)
			continue
		}
		var truth uint64
		if ce.Value <= top {
			truth = p.counts[ce.Value]
		}
		if ce.Entries == ce.Header || ce.Entries != truth || ce.Header != fh.Counts[ce.Value] {
			t.Errorf("%s: %+v does not state the facts (true counts %v)", name, ce, p.counts)
		}
	}
}

// Values swapped between two entries keep every count: only a rebuild
// tells, and Verify names the first entry that differs.
func TestVerifyRebuilds(t *testing.T) {
	p := smallPDB(t)
	if err := Verify(context.Background(), p, nil); err != nil {
		t.Fatalf("a true database: %v", err)
	}
	payload := p.Values()
	forged := slices.Clone(payload)
	rng := rand.New(rand.NewPCG(1, 2))
	var a, b int
	for forged[a] == forged[b] {
		a, b = rng.IntN(len(forged)), rng.IntN(len(forged))
	}
	forged[a], forged[b] = forged[b], forged[a]
	q, err := FromValues(p.goal, p.tiles, forged, p.Counts())
	if err != nil {
		t.Fatalf("a swap keeps the counts, yet: %v", err)
	}
	err = Verify(context.Background(), q, nil)
	var ve *VerifyError
	if !errors.As(err, &ve) {
		t.Fatalf("Verify of a swapped database: %v, want a *VerifyError", err)
	}
	if first := min(a, b); ve.Rank != uint64(first) || ve.Stored != int(forged[first]) || ve.Rebuilt != int(payload[first]) {
		t.Errorf("%v: want rank %d stored %d rebuilt %d", ve, first, forged[first], payload[first])
	}
	cells := make([]int, 4)
	UnrankPlacement(9, ve.Rank, cells)
	if !slices.Equal(cells, ve.Cells) {
		t.Errorf("cells %v, rank %d is %v", ve.Cells, ve.Rank, cells)
	}
}

// The parallel count equals a plain one.
func TestCountValuesParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	values := make([]byte, 9<<20+7)
	for i := range values {
		values[i] = byte(rng.IntN(40))
	}
	var want [256]uint64
	top := 0
	for _, v := range values {
		want[v]++
		top = max(top, int(v))
	}
	if got := countValues(values); !slices.Equal(got, want[:top+1]) {
		t.Errorf("countValues: %v, want %v", got, want[:top+1])
	}
}
