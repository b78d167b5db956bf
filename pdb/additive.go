package pdb

import (
	"context"
	"fmt"
	"slices"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
)

// Additive is the heuristic of a partition's pattern databases: the sum of
// their values, which stays admissible because each database counts only
// the moves of its own tiles; for a maximum (Partition.Groups), the
// largest of its groups' sums, each admissible. Where the goal is
// symmetric about the main diagonal (see Reflection) it also looks up the
// board reflected about that diagonal and takes the larger value.
type Additive struct {
	goal      statespace.Board
	partition Partition
	sums      [][]int // the additive groups (Partition.Sums)
	pdbs      []*PDB
	reflect   bool
	cellRefl  [perm.Cells]uint8 // reflected cell of each cell
	tileRefl  [perm.Cells]uint8 // reflected tile of each tile
}

// NewAdditive combines the databases of a partition's patterns, one per
// pattern in the partition's order, all built for goal.
func NewAdditive(goal statespace.Board, part Partition, pdbs []*PDB) (*Additive, error) {
	if err := part.Validate(goal.Shape()); err != nil {
		return nil, err
	}
	if len(pdbs) != len(part.Patterns) {
		return nil, fmt.Errorf("pdb: %d databases for %d patterns", len(pdbs), len(part.Patterns))
	}
	for i, p := range pdbs {
		if p.goal != goal {
			return nil, fmt.Errorf("pdb: database %d is for goal %s, not %s", i+1, statespace.GoalName(p.goal), statespace.GoalName(goal))
		}
		if !slices.Equal(p.tiles, part.Patterns[i]) {
			return nil, fmt.Errorf("pdb: database %d holds tiles %v, pattern %d is %v", i+1, p.tiles, i+1, part.Patterns[i])
		}
	}
	for _, p := range pdbs[1:] {
		if p.packed != pdbs[0].packed {
			return nil, fmt.Errorf("pdb: packed and unpacked databases in one heuristic")
		}
	}
	a := &Additive{goal: goal, partition: part, sums: part.Sums(), pdbs: pdbs}
	a.cellRefl, a.tileRefl, a.reflect = Reflection(goal)
	return a, nil
}

// Reflection returns the symmetry of goal's puzzle about the main
// diagonal: the cell each cell (r, c) maps to, (c, r), and the tile each
// tile maps to, the one whose goal cell is the reflection of its own. It
// is valid — ok is true — on square boards whose goal blank lies on the
// main diagonal, such as "last" and "first": reflecting a board and
// renaming its tiles then maps the goal to itself and every move to a
// move, so the reflected board is exactly as far from the goal.
func Reflection(goal statespace.Board) (cells, tiles [perm.Cells]uint8, ok bool) {
	sh := goal.Shape()
	if !sh.Square() {
		return cells, tiles, false
	}
	n := sh.Cells()
	for c := 0; c < n; c++ {
		cells[c] = uint8(sh.Transpose(c))
	}
	if int(cells[goal.Blank()]) != goal.Blank() {
		return cells, tiles, false
	}
	for c := 0; c < n; c++ {
		tiles[goal.Tile(c)] = uint8(goal.Tile(int(cells[c])))
	}
	return cells, tiles, true
}

// Pack returns the heuristic with every database packed (see Pack): the
// same values in half the memory. done, if not nil, is called with each
// database's index as it is packed. A *PackError (naming the database)
// says one does not pack; a stays usable as it is.
func (a *Additive) Pack(ctx context.Context, done func(i int)) (*Additive, error) {
	pdbs := make([]*PDB, len(a.pdbs))
	// Last first: databases just read from files (memory-mapped) are then
	// packed while the last ones read are still in the page cache.
	for i := len(a.pdbs) - 1; i >= 0; i-- {
		p := a.pdbs[i]
		q, err := Pack(ctx, p)
		if pe, ok := err.(*PackError); ok {
			pe.Database = i
		}
		if err != nil {
			return nil, err
		}
		pdbs[i] = q
		if done != nil {
			done(i)
		}
	}
	b := *a
	b.pdbs = pdbs
	return &b, nil
}

// Packed reports whether the databases are packed (see Pack).
func (a *Additive) Packed() bool { return a.pdbs[0].packed }

// Goal returns the goal.
func (a *Additive) Goal() statespace.Board { return a.goal }

// Partition returns the partition.
func (a *Additive) Partition() Partition { return a.partition }

// PDBs returns the databases, one per pattern.
func (a *Additive) PDBs() []*PDB { return slices.Clone(a.pdbs) }

// Reflects reports whether lookups also use the diagonal reflection.
func (a *Additive) Reflects() bool { return a.reflect }

// Distance returns the largest sum of the databases' values (of a group's,
// for a maximum) for b and, when the reflection is valid, for b reflected.
func (a *Additive) Distance(b statespace.Board) int {
	var pos [perm.Cells]uint8 // cell of each tile
	n := b.Cells()
	for c := 0; c < n; c++ {
		pos[b.Tile(c)] = uint8(c)
	}
	h := a.sum(&pos)
	if a.reflect {
		var rpos [perm.Cells]uint8 // cell of each tile on the reflected board
		for t := 0; t < n; t++ {
			rpos[a.tileRefl[t]] = a.cellRefl[pos[t]]
		}
		h = max(h, a.sum(&rpos))
	}
	return h
}

// Plain returns the heuristic without the mirror image's lookup: the
// largest group sum of the board's own values.
func (a *Additive) Plain() Heuristic { return plain{a} }

type plain struct{ a *Additive }

func (h plain) Distance(b statespace.Board) int {
	var pos [perm.Cells]uint8 // cell of each tile
	for c := 0; c < b.Cells(); c++ {
		pos[b.Tile(c)] = uint8(c)
	}
	return h.a.sum(&pos)
}

// Parts returns each database's value for b, without the reflection: how
// the sum (each group's, for a maximum) is made up.
func (a *Additive) Parts(b statespace.Board) []int {
	out := make([]int, len(a.pdbs))
	for i, p := range a.pdbs {
		out[i] = p.Distance(b)
	}
	return out
}

// sum returns the largest group sum for the board whose tiles sit at pos.
func (a *Additive) sum(pos *[perm.Cells]uint8) int {
	var v [perm.Cells]int
	var cells [perm.Cells]uint8
	for k, p := range a.pdbs {
		for i, t := range p.tiles {
			cells[i] = pos[t]
		}
		v[k] = p.value(cells[:len(p.tiles)], pos[0]) // pos[0]: the blank's cell
	}
	h := 0
	for _, g := range a.sums {
		var s int
		for _, k := range g {
			s += v[k]
		}
		h = max(h, s)
	}
	return h
}

// BuildPartition builds the databases of every pattern of part for goal,
// one after the other, and combines them. progress, if not nil, receives
// the pattern's index with each report.
func BuildPartition(ctx context.Context, goal statespace.Board, part Partition, progress func(pattern, depth int, done, total uint64)) (*Additive, error) {
	if err := part.Validate(goal.Shape()); err != nil {
		return nil, err
	}
	pdbs := make([]*PDB, len(part.Patterns))
	for i, pat := range part.Patterns {
		var pr Progress
		if progress != nil {
			pr = func(d int, done, total uint64) { progress(i, d, done, total) }
		}
		build := Build
		if part.ZeroAware {
			build = BuildZeroAware
		}
		p, err := build(ctx, goal, pat, pr)
		if err != nil {
			return nil, err
		}
		pdbs[i] = p
	}
	return NewAdditive(goal, part, pdbs)
}
