package pdb

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
)

// Packing holds a database in half the memory (Felner, Korf, Meshulam &
// Holte 2007 compress pattern databases; this is the lossless kind). A
// database counts only its own tiles' moves, each moving one of them one
// cell, so every value is its placement's Manhattan distance (the
// pattern's tiles only) plus an even excess. A packed database keeps the
// excess, halved, in four bits, and a lookup adds it, doubled, to the
// Manhattan distance, which a search keeps as it goes.

// HeldPacked reports whether the databases of part are held packed when
// they are read or built: those of a maximum of zero-aware databases, the
// largest sets (6-6-6-6x7's fourteen take 33.9 GB as stored). Packing
// keeps every value, so it changes no answer and no node count.
func (p Partition) HeldPacked() bool { return p.Groups != nil && p.ZeroAware }

// maxExcess is the largest halved excess four bits hold.
const maxExcess = 15

// Packed reports whether the database holds its values packed (Pack).
func (p *PDB) Packed() bool { return p.packed }

// nibble returns the halved excess of entry i of a packed database.
func nibble(values []byte, i uint64) byte { return values[i>>1] >> (4 * (i & 1)) & 0xF }

// Nibble returns the halved excess over the pattern's Manhattan distance
// of entry i of a packed database: its value is that distance plus twice
// this.
func Nibble(values []byte, i uint64) byte { return nibble(values, i) }

// PackError says a database cannot be packed without losing values: an
// entry's excess over its placement's Manhattan distance is larger than
// four bits hold, or not an even number of moves at least 0, which no
// database of its pattern has (damage).
type PackError struct {
	Database int // the database's index in its heuristic (Additive.Pack); 0 from Pack
	Entry    uint64
	Value    int
	Distance int // the placement's Manhattan distance
	Damaged  bool
}

// Kind is errkind.Value.
func (*PackError) Kind() errkind.Kind { return errkind.Value }

func (e *PackError) Error() string {
	if e.Damaged {
		return fmt.Sprintf("pdb: entry %d has value %d, its placement's Manhattan distance is %d: no pattern database has that", e.Entry, e.Value, e.Distance)
	}
	return fmt.Sprintf("pdb: entry %d has value %d, %d above its placement's Manhattan distance %d, more than a packed entry holds (%d)", e.Entry, e.Value, e.Value-e.Distance, e.Distance, 2*maxExcess)
}

// Pack returns the database p packed: the same values in half the memory
// (see Packed), computed on every core. It returns a *PackError when an
// entry does not fit (p stays usable as it is); the packed database then
// would not be the same heuristic. A packed database packs to itself.
func Pack(ctx context.Context, p *PDB) (*PDB, error) {
	if p.packed {
		return p, nil
	}
	k := len(p.tiles)
	free := uint64(1)
	if p.zero {
		free = uint64(p.n - k)
	}
	places := Placements(p.n, k)
	goalCell := make([]int, k)
	for i, t := range p.tiles {
		goalCell[i] = p.goal.Find(t)
	}
	sh := p.goal.Shape()
	entries := places * free
	out := make([]byte, (entries+1)/2)
	// Workers take runs of an even number of placements, so that no two
	// write the same byte.
	const run = 1 << 16
	var next atomic.Uint64
	var failed atomic.Pointer[PackError]
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			cells := make([]int, k)
			for {
				lo := next.Add(run) - run
				if lo >= places || failed.Load() != nil || ctx.Err() != nil {
					return
				}
				for r := lo; r < min(lo+run, places); r++ {
					UnrankPlacement(p.n, r, cells)
					md := 0
					for i, c := range cells {
						md += sh.Distance(c, goalCell[i])
					}
					for j := r * free; j < (r+1)*free; j++ {
						v := int(p.values[j])
						excess := v - md
						if excess < 0 || excess&1 != 0 || excess > 2*maxExcess {
							failed.CompareAndSwap(nil, &PackError{Entry: j, Value: v, Distance: md, Damaged: excess < 0 || excess&1 != 0})
							return
						}
						out[j>>1] |= byte(excess/2) << (4 * (j & 1))
					}
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if e := failed.Load(); e != nil {
		return nil, e
	}
	q := *p
	q.values, q.packed = out, true
	q.counts = p.counts // the same values
	return &q, nil
}

// manhattan returns the Manhattan distance of the pattern's tiles at
// cells (ascending tile order) from their goal cells.
func (p *PDB) manhattan(cells []uint8) int {
	sh := p.goal.Shape()
	md := 0
	for i, c := range cells {
		md += sh.Distance(int(c), p.goal.Find(p.tiles[i]))
	}
	return md
}

// value returns the value of the placement at cells with the blank on
// cell blank, packed or not.
func (p *PDB) value(cells []uint8, blank uint8) int {
	i := p.index(cells, blank)
	if !p.packed {
		return int(p.values[i])
	}
	return p.manhattan(cells) + 2*int(nibble(p.values, i))
}
