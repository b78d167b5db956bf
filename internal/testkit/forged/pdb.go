// Package forged makes the tests' forged and damaged files: pattern
// databases with two entries swapped, so that their counts (and, once
// written by the codec, their checksums) are those of sound ones, the
// forgery the file's own checks cannot see; a table file with a byte
// flipped, which its checksum refuses.
package forged

import (
	"slices"
	"testing"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Index returns the entry of p that board b looks up.
func Index(p *pdb.PDB, b statespace.Board) int {
	tiles := p.Tiles()
	cells := make([]uint8, len(tiles))
	var used uint32
	for i, t := range tiles {
		cells[i] = uint8(b.Find(t))
		used |= 1 << cells[i]
	}
	n := b.Cells()
	r := perm.Rank(n, cells)
	if !p.ZeroAware() {
		return int(r)
	}
	return int(r*uint64(n-len(tiles)) + pdb.FreeIndex(used, uint8(b.Blank())))
}

// Raise returns p with the entry b looks up swapped for the first entry
// whose value is at least v, and the value b now gets; ok is false when
// no entry is that high, or b's entry is the goal's (which the decoder
// checks is 0).
func Raise(t testing.TB, p *pdb.PDB, b statespace.Board, v int) (f *pdb.PDB, raised int, ok bool) {
	values := slices.Clone(p.Values())
	j := slices.IndexFunc(values, func(x byte) bool { return int(x) >= v })
	i := Index(p, b)
	if j < 0 || i == Index(p, p.Goal()) {
		return nil, 0, false
	}
	values[i], values[j] = values[j], values[i]
	f, err := pdb.FromValues(p.Goal(), p.Tiles(), values, p.Counts())
	if err != nil {
		t.Fatal(err)
	}
	return f, int(values[i]), true
}

// Replace returns a with its database of pattern k replaced by p.
func Replace(t testing.TB, a *pdb.Additive, k int, p *pdb.PDB) *pdb.Additive {
	pdbs := a.PDBs()
	pdbs[k] = p
	f, err := pdb.NewAdditive(a.Goal(), a.Partition(), pdbs)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
