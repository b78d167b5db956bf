package solver

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/prune"
	"github.com/tilespace/tilespace/statespace"
)

// engine is IDA* specialised for additive pattern databases. A node is a
// few arrays on the searcher (tile at each cell, cell of each tile, each
// pattern's rank and value for the board and for its mirror image, each
// group's sum); a move changes one tile's cell, so only the ranks of that
// tile's patterns (one per additive group, and the same for its mirror
// image) change, by an amount found without re-ranking (see perm.Delta),
// and only those values are looked up again. Nothing is allocated per
// node, and the move that undoes the previous one is never tried.
type engine struct {
	n, cols  int
	goal     [perm.Cells]uint8
	next     [perm.Cells][4]int8 // cell the blank reaches by each move, -1 if none
	pats     []pattern
	mem      [perm.Cells][pdb.MaxGroups]member // the patterns holding each tile
	nmem     [perm.Cells]uint8                 // how many there are
	inGroup  [perm.Cells][pdb.MaxGroups]uint8  // which of them is in each group
	groupsOf [perm.Cells]uint8                 // the groups each pattern adds to, a bit each
	groups   int                               // how many groups there are
	one      bool                              // one group, unpacked: dfsOne
	// packed: the databases hold excesses over the Manhattan distance
	// (pdb.Pack), so a value is the board's Manhattan distance, mdist
	// summed (kept as the search goes), plus twice a group's sum.
	packed   bool
	mdist    [perm.Cells][perm.Cells]int8 // each tile's Manhattan distance from each cell to its goal cell
	reflect  bool
	cellRefl [perm.Cells]uint8 // mirrored cell of each cell
	tileRefl [perm.Cells]uint8 // mirror image of each tile (0 for the blank)
	verify   bool              // tests: check every incremental rank against a full one

	// Dual lookups (see dualEstimate): the goal cell of each tile and the
	// blank's goal cell.
	goalCell  [perm.Cells]uint8
	goalBlank int8
}

// member is a tile's place in one pattern.
type member struct {
	pat    uint8
	weight uint64 // place value of the tile's digit in the pattern's rank
}

type pattern struct {
	tiles  []uint8 // the pattern's tiles, ascending
	rtiles []uint8 // the tiles whose mirrored cells place the pattern on the mirror image
	values []byte
	packed bool // values holds halved excesses, two a byte (pdb.Pack)
	// free is the number of cells the pattern leaves to the blank when
	// the database is zero-aware (values has free entries a placement),
	// else 0. A move changes the blank's region only for the patterns of
	// the tile that moved: for every other pattern the blank steps between
	// two cells free of its tiles, so its value stays.
	free uint64
}

// value returns p's value for the placement of rank idx whose tiles take
// the cells used, with the blank on cell blank.
func (p *pattern) value(idx uint32, used uint32, blank uint8) uint8 {
	i := uint64(idx)
	if p.free != 0 {
		i = i*p.free + pdb.FreeIndex(used, blank)
	}
	if p.packed {
		return pdb.Nibble(p.values, i)
	}
	return p.values[i]
}

func newEngine(a *pdb.Additive) *engine {
	goal := a.Goal()
	sh := goal.Shape()
	e := &engine{n: sh.Cells(), cols: sh.Stride(), reflect: a.Reflects()}
	for c := 0; c < e.n; c++ {
		e.goal[c] = uint8(goal.Tile(c))
		for _, m := range statespace.Moves {
			to, ok := sh.Neighbor(c, m)
			if !ok {
				to = -1
			}
			e.next[c][m] = int8(to)
		}
	}
	for c := 0; c < e.n; c++ {
		e.goalCell[e.goal[c]] = uint8(c)
	}
	for t := 1; t < e.n; t++ {
		g := int(e.goalCell[t])
		for c := 0; c < e.n; c++ {
			e.mdist[t][c] = int8(sh.Distance(c, g))
		}
	}
	e.goalBlank = int8(goal.Blank())
	cells, tiles, _ := pdb.Reflection(goal)
	e.cellRefl, e.tileRefl = cells, tiles
	sums := a.Partition().Sums()
	e.groups = len(sums)
	for g, sum := range sums {
		for _, k := range sum {
			e.groupsOf[k] |= 1 << g
		}
	}
	e.one = e.groups == 1 && !a.Packed()
	for i, p := range a.PDBs() {
		var pat pattern
		pt := p.Tiles()
		for _, t := range pt {
			for g := range e.groups {
				if e.groupsOf[i]&(1<<g) != 0 {
					e.inGroup[t][g] = e.nmem[t]
				}
			}
		}
		for j, t := range pt {
			pat.tiles = append(pat.tiles, uint8(t))
			// The mirror image holds tile tiles[t] where this board
			// holds t, and the mapping is its own inverse.
			pat.rtiles = append(pat.rtiles, tiles[t])
			e.mem[t][e.nmem[t]] = member{pat: uint8(i), weight: perm.Weight(e.n, len(pt), j)}
			e.nmem[t]++
		}
		pat.values = p.Values()
		pat.packed = p.Packed()
		e.packed = p.Packed()
		if p.ZeroAware() {
			pat.free = uint64(e.n - len(pt))
		}
		e.pats = append(e.pats, pat)
	}
	return e
}

// estimate returns the heuristic's value for the groups' sums gs on a
// board at Manhattan distance md (used only when the databases are
// packed).
func (e *engine) estimate(gs *[pdb.MaxGroups]int16, md int) int {
	if e.packed {
		return md + 2*e.top(gs)
	}
	return e.top(gs)
}

// argmax returns the group with the largest sum in gs.
func (e *engine) argmax(gs *[pdb.MaxGroups]int16) int {
	g := 0
	for i := 1; i < e.groups; i++ {
		if gs[i] > gs[g] {
			g = i
		}
	}
	return g
}

// order returns the k-th member to look up when member first goes first
// and the others follow in their order.
func order(k, first int) int {
	switch {
	case k == 0:
		return first
	case k <= first:
		return k - 1
	}
	return k
}

// estimateOf is estimate over the groups in mask only.
func (e *engine) estimateOf(gs *[pdb.MaxGroups]int16, mask uint8, md int) int {
	h := int16(0)
	for ; mask != 0; mask &= mask - 1 {
		h = max(h, gs[bits.TrailingZeros8(mask)])
	}
	if e.packed {
		return md + 2*int(h)
	}
	return int(h)
}

// manhattan returns the Manhattan distance of the board whose tiles sit
// at pos.
func (e *engine) manhattan(pos *[perm.Cells]uint8) int {
	md := 0
	for t := 1; t < e.n; t++ {
		md += int(e.mdist[t][pos[t]])
	}
	return md
}

// top returns the largest of the groups' sums gs.
func (e *engine) top(gs *[pdb.MaxGroups]int16) int {
	h := gs[0]
	for _, v := range gs[1:e.groups] {
		h = max(h, v)
	}
	return int(h)
}

// add adds d to the sums gs of the groups pattern p belongs to.
func (e *engine) add(gs *[pdb.MaxGroups]int16, p uint8, d int16) {
	for g := e.groupsOf[p]; g != 0; g &= g - 1 {
		gs[bits.TrailingZeros8(g)] += d
	}
}

// rank returns pattern p's rank for the board whose tiles sit at pos.
func (e *engine) rank(p *pattern, pos *[perm.Cells]uint8) uint32 {
	var cells [perm.Cells]uint8
	for i, t := range p.tiles {
		cells[i] = pos[t]
	}
	return uint32(perm.Rank(e.n, cells[:len(p.tiles)]))
}

// used returns the cells pattern p's tiles take on the board whose tiles
// sit at pos.
func (e *engine) used(p *pattern, pos *[perm.Cells]uint8) uint32 {
	var u uint32
	for _, t := range p.tiles {
		u |= 1 << pos[t]
	}
	return u
}

// rrank returns pattern p's rank for the board's mirror image.
func (e *engine) rrank(p *pattern, pos *[perm.Cells]uint8) uint32 {
	var cells [perm.Cells]uint8
	for i, t := range p.rtiles {
		cells[i] = e.cellRefl[pos[t]]
	}
	return uint32(perm.Rank(e.n, cells[:len(p.rtiles)]))
}

// rused is used on the board's mirror image.
func (e *engine) rused(p *pattern, pos *[perm.Cells]uint8) uint32 {
	var u uint32
	for _, t := range p.rtiles {
		u |= 1 << e.cellRefl[pos[t]]
	}
	return u
}

// node is a board with its heuristic values.
type node struct {
	tiles [perm.Cells]uint8 // tile at each cell
	pos   [perm.Cells]uint8 // cell of each tile (the blank's is not kept)
	blank int8
	idx   [perm.Cells]uint32   // each pattern's rank
	ridx  [perm.Cells]uint32   // each pattern's rank on the mirror image
	hv    [perm.Cells]uint8    // each pattern's value
	rhv   [perm.Cells]uint8    // each pattern's value on the mirror image
	gs    [pdb.MaxGroups]int16 // each group's sum
	rgs   [pdb.MaxGroups]int16 // each group's sum on the mirror image
	h, rh int                  // the heuristic's values: the largest sums
	md    int                  // the Manhattan distance, when the databases are packed
	state int32                // the pruning machine's state after the path to this node
}

func (e *engine) root(b statespace.Board) node {
	var x node
	for c := 0; c < e.n; c++ {
		t := uint8(b.Tile(c))
		x.tiles[c] = t
		x.pos[t] = uint8(c)
	}
	x.blank = int8(b.Blank())
	for i := range e.pats {
		p := &e.pats[i]
		x.idx[i] = e.rank(p, &x.pos)
		x.hv[i] = p.value(x.idx[i], e.used(p, &x.pos), uint8(x.blank))
		e.add(&x.gs, uint8(i), int16(x.hv[i]))
		if e.reflect {
			x.ridx[i] = e.rrank(p, &x.pos)
			x.rhv[i] = p.value(x.ridx[i], e.rused(p, &x.pos), e.cellRefl[x.blank])
			e.add(&x.rgs, uint8(i), int16(x.rhv[i]))
		}
	}
	if e.packed {
		x.md = e.manhattan(&x.pos)
	}
	x.h = e.estimate(&x.gs, x.md)
	if e.reflect {
		x.rh = e.estimate(&x.rgs, x.md)
	}
	return x
}

// weights are the searcher's per-cell weights along the path it searches:
// at[p][c] is the weight of the tile at cell c if it is in pattern p, else
// 0 (what perm.Delta reads), and rat the same on the mirror image (with
// the reflection). They are kept out of node, which tasks copy: on 32
// slots they are 16 KB, and copying them per task made short searches
// several times slower.
type weights struct {
	at, rat [perm.Cells][perm.Cells]uint64
	// occ[p] holds the cells pattern p's tiles take, and rocc[p] the same
	// on the mirror image: a zero-aware lookup's blank index.
	occ, rocc [perm.Cells]uint32
}

// load makes s search from x: its node, and the weights of x's board.
func (s *searcher) load(x *node) {
	e := s.e
	s.node = *x
	for p := range e.pats {
		s.at[p] = [perm.Cells]uint64{}
		s.rat[p] = [perm.Cells]uint64{}
		s.occ[p], s.rocc[p] = 0, 0
	}
	for c := 0; c < e.n; c++ {
		t := x.tiles[c]
		if t == 0 {
			continue
		}
		for _, mb := range e.mem[t][:e.nmem[t]] {
			s.at[mb.pat][c] = mb.weight
			s.occ[mb.pat] |= 1 << c
		}
		if e.reflect {
			rt := e.tileRefl[t]
			for _, mb := range e.mem[rt][:e.nmem[rt]] {
				s.rat[mb.pat][e.cellRefl[c]] = mb.weight
				s.rocc[mb.pat] |= 1 << e.cellRefl[c]
			}
		}
	}
}

// check panics unless x's ranks and values are those of its board (tests
// only).
func (e *engine) check(x *node) {
	for i := range e.pats {
		if x.idx[i] != e.rank(&e.pats[i], &x.pos) || e.reflect && x.ridx[i] != e.rrank(&e.pats[i], &x.pos) {
			panic(fmt.Sprintf("solver: pattern %d: incremental ranks %d, %d; board %v gives %d, %d",
				i, x.idx[i], x.ridx[i], x.tiles, e.rank(&e.pats[i], &x.pos), e.rrank(&e.pats[i], &x.pos)))
		}
	}
	pos := x.pos
	pos[0] = uint8(x.blank)
	var rpos [perm.Cells]uint8
	for t := 0; t < e.n; t++ {
		rpos[e.tileRefl[t]] = e.cellRefl[pos[t]]
	}
	if h := e.sum(&pos); x.h != h || e.reflect && x.rh != e.sum(&rpos) {
		panic(fmt.Sprintf("solver: incremental values %d, %d; board %v gives %d, %d", x.h, x.rh, x.tiles, h, e.sum(&rpos)))
	}
}

// dualEstimate returns the dual lookups of the board tiles (tile at each
// cell), whose blank must be on the goal's blank cell: the databases'
// sums for the dual board, on which a tile's cell and its label trade
// places (Felner, Zahavi, Schaeffer & Holte, "Dual lookups in pattern
// databases", IJCAI 2005), and for the dual's mirror image. Label each
// object by its goal cell; the dual board then holds the tile of goal
// cell x where this board's tile of goal cell x's cell has its goal.
// A solution of this board, replayed from the goal, is a solution of the
// dual of the same length only when the blank starts where the goal has
// it, so only there is the dual admissible (elsewhere it overestimates:
// see TestDualAdmissible).
func (e *engine) dualEstimate(tiles *[perm.Cells]uint8) int {
	var pos, rpos [perm.Cells]uint8 // cell of each tile on the dual board and on its mirror image
	for t := 1; t < e.n; t++ {
		pos[t] = e.goalCell[tiles[e.goalCell[t]]]
	}
	pos[0] = uint8(e.goalBlank) // the dual's blank is where this board's is
	h := e.sum(&pos)
	if e.reflect {
		for t := 0; t < e.n; t++ {
			rpos[e.tileRefl[t]] = e.cellRefl[pos[t]]
		}
		h = max(h, e.sum(&rpos))
	}
	return h
}

// sum returns the databases' largest group sum for the board whose tiles
// sit at pos (pos[0] the blank's cell).
func (e *engine) sum(pos *[perm.Cells]uint8) int {
	var gs [pdb.MaxGroups]int16
	for i := range e.pats {
		p := &e.pats[i]
		e.add(&gs, uint8(i), int16(p.value(e.rank(p, pos), e.used(p, pos), pos[0])))
	}
	return e.estimate(&gs, e.manhattan(pos))
}

// searcher runs bounded depth-first searches from nodes; one per goroutine.
type searcher struct {
	e *engine
	node
	weights
	bound     int
	fsm       []int32 // the pruning machine's transitions (prune.Machine.Table)
	dual      bool    // take dual lookups where they are admissible, with BPMX
	whole     bool    // the goal does not end the search (wholeCount)
	next      int     // least f above the bound seen
	expanded  uint64
	generated uint64
	path      [maxDepth + 1]uint8
	length    int // solution length, once found

	// Collecting: nodes at depth split become tasks instead of being
	// searched.
	split int
	tasks []task

	// Stopping: ctx is done, or a solution turned up in an earlier task.
	canceled *atomic.Bool
	best     *atomic.Int64
	task     int64
	stopped  bool
}

// task is a subtree of one iteration: a node at the split depth, the
// moves that reach it, and the work the sequential search does before it.
type task struct {
	node
	prev      int
	prefix    []uint8
	expanded  uint64 // above the split depth, before this task
	generated uint64
}

// dfs searches below the searcher's node, at depth g, reached by move
// prev (-2 at the root). It reports whether it found the goal; the path
// is then in s.path[:s.length].
func (s *searcher) dfs(g, prev int) bool {
	if s.e.one {
		return s.dfsOne(g, prev)
	}
	return s.dfsMany(g, prev)
}

// dfsMany is dfs for any databases: a maximum's groups, packed or not.
func (s *searcher) dfsMany(g, prev int) bool {
	s.expanded++
	if s.expanded&0x3FFF == 0 && s.mustStop() {
		s.stopped = true
		return false
	}
	e := s.e
	blank := s.blank
	// Every child the pruning machine lets through counts as generated
	// before any is searched, as in search.IDAStar, which makes them all
	// first (with the machine of depth 2, all but the one undoing prev).
	state := s.state
	row := (*[4]int32)(s.fsm[int(state)*4:])
	for _, ns := range row {
		if ns >= 0 {
			s.generated++
		}
	}
	// The group with the largest sum here is the likeliest to cut a
	// child: its lookup goes first.
	best, rbest := e.argmax(&s.gs), e.argmax(&s.rgs)
	dualMove, dualH := -1, 0
	if s.dual {
		dualMove, dualH = s.dualChild(prev)
		// BPMX (bidirectional pathmax): a child at least dualH from the
		// goal puts this board at least dualH − 1 from it, which may
		// exceed the bound before any child is searched.
		if dualMove >= 0 && g+dualH-1 > s.bound {
			s.next = min(s.next, g+dualH-1)
			return false
		}
	}
moves:
	for m := 0; m < 4; m++ {
		ns := row[m]
		if ns < 0 { // off the board, or a duplicate path
			continue
		}
		to := e.next[blank][m]
		t := s.tiles[to]
		// The tile goes from to to blank, and the blank to to: the
		// ranks, cells and values of t's patterns change.
		mem := e.mem[t][:e.nmem[t]]
		var nidx [pdb.MaxGroups]uint32
		var nocc [pdb.MaxGroups]uint32
		var nhv [pdb.MaxGroups]uint8
		md := s.md
		if e.packed {
			md += int(e.mdist[t][blank]) - int(e.mdist[t][to])
		}
		// A child that the groups looked up so far already cut, at an f
		// no lower than the least seen above the bound, needs no more
		// lookups (the other groups', the mirror image's): its f can
		// only rise, and it cannot lower next. This saves memory
		// accesses for most cut children and changes no count. (Looking
		// up first the sums that were the larger on the parent measured
		// the same.) A group's sum is the child's once the pattern in it
		// that holds t is looked up; until then it is the parent's.
		gs := s.gs
		var exact uint8 // the groups whose sums are the child's
		first := int(e.inGroup[t][best])
		for k := range mem {
			j := order(k, first)
			p := mem[j].pat
			mb := mem[j]
			nidx[j] = s.idx[p] + uint32(perm.Delta(mb.weight, e.cols, int(to), int(blank), &s.at[p]))
			nocc[j] = s.occ[p]&^(1<<to) | 1<<blank
			nhv[j] = e.pats[p].value(nidx[j], nocc[j], uint8(to))
			if d := int16(nhv[j]) - int16(s.hv[p]); d != 0 {
				e.add(&gs, p, d)
			}
			exact |= e.groupsOf[p]
			if k+1 < len(mem) || e.reflect {
				if f := g + 1 + e.estimateOf(&gs, exact, md); f > s.bound && f >= s.next {
					continue moves
				}
			}
		}
		h := e.estimate(&gs, md)
		rt := e.tileRefl[t]
		rmem := e.mem[rt][:0]
		var nridx [pdb.MaxGroups]uint32
		var nrocc [pdb.MaxGroups]uint32
		var nrhv [pdb.MaxGroups]uint8
		rgs, rh := s.rgs, s.rh
		rb, rto := e.cellRefl[blank], e.cellRefl[to]
		if e.reflect {
			rmem = e.mem[rt][:e.nmem[rt]]
			var rexact uint8
			rfirst := int(e.inGroup[rt][rbest])
			for k := range rmem {
				j := order(k, rfirst)
				p := rmem[j].pat
				mb := rmem[j]
				nridx[j] = s.ridx[p] + uint32(perm.Delta(mb.weight, e.cols, int(rto), int(rb), &s.rat[p]))
				nrocc[j] = s.rocc[p]&^(1<<rto) | 1<<rb
				nrhv[j] = e.pats[p].value(nridx[j], nrocc[j], rto)
				if d := int16(nrhv[j]) - int16(s.rhv[p]); d != 0 {
					e.add(&rgs, p, d)
				}
				rexact |= e.groupsOf[p]
				if k+1 < len(rmem) {
					if f := g + 1 + max(h, e.estimateOf(&rgs, rexact, md)); f > s.bound && f >= s.next {
						continue moves
					}
				}
			}
			rh = e.estimate(&rgs, md)
		}
		s.tiles[blank], s.tiles[to] = t, 0
		s.pos[t] = uint8(blank)
		s.blank = to
		hc := max(h, rh)
		if m == dualMove {
			hc = max(hc, dualH)
		}
		if f := g + 1 + hc; f <= s.bound {
			s.path[g] = uint8(m)
			if h == 0 && !s.whole && s.tiles == e.goal {
				s.length = g + 1
				return true
			}
			// Swap the child's values in, keeping the parent's in the
			// child's arrays to swap back.
			ogs, orgs, oh, orh, omd := s.gs, s.rgs, s.h, s.rh, s.md
			s.state = ns
			s.gs, s.h, s.rgs, s.rh, s.md = gs, h, rgs, rh, md
			for j, mb := range mem {
				p := mb.pat
				s.idx[p], nidx[j] = nidx[j], s.idx[p]
				s.hv[p], nhv[j] = nhv[j], s.hv[p]
				s.occ[p], nocc[j] = nocc[j], s.occ[p]
				at := &s.at[p]
				at[blank], at[to] = at[to], 0
			}
			for j, mb := range rmem {
				p := mb.pat
				s.ridx[p], nridx[j] = nridx[j], s.ridx[p]
				s.rhv[p], nrhv[j] = nrhv[j], s.rhv[p]
				s.rocc[p], nrocc[j] = nrocc[j], s.rocc[p]
				rat := &s.rat[p]
				rat[rb], rat[rto] = rat[rto], 0
			}
			if e.verify {
				e.check(&s.node)
			}
			if g+1 == s.split {
				s.collect(m, g+1)
			} else if s.dfsMany(g+1, m) {
				return true
			}
			s.state = state
			s.gs, s.h, s.rgs, s.rh, s.md = ogs, oh, orgs, orh, omd
			for j, mb := range mem {
				p := mb.pat
				s.idx[p], s.hv[p], s.occ[p] = nidx[j], nhv[j], nocc[j]
				at := &s.at[p]
				at[to], at[blank] = at[blank], 0
			}
			for j, mb := range rmem {
				p := mb.pat
				s.ridx[p], s.rhv[p], s.rocc[p] = nridx[j], nrhv[j], nrocc[j]
				rat := &s.rat[p]
				rat[rto], rat[rb] = rat[rb], 0
			}
			if s.stopped {
				return false
			}
		} else if f < s.next {
			s.next = f
		}
		s.tiles[to], s.tiles[blank] = t, 0
		s.pos[t] = uint8(to)
		s.blank = blank
	}
	return false
}

// dfsOne is dfs for one partition's databases, unpacked: a move changes
// one pattern's value and one on the mirror image, and the sums are the
// values, so none of the groups' bookkeeping is needed (Korf's 100 on
// 6-6-3 take a third longer through it).
func (s *searcher) dfsOne(g, prev int) bool {
	s.expanded++
	if s.expanded&0x3FFF == 0 && s.mustStop() {
		s.stopped = true
		return false
	}
	e := s.e
	blank := s.blank
	// Every child the pruning machine lets through counts as generated
	// before any is searched, as in search.IDAStar, which makes them all
	// first (with the machine of depth 2, all but the one undoing prev).
	state := s.state
	row := (*[4]int32)(s.fsm[int(state)*4:])
	for _, ns := range row {
		if ns >= 0 {
			s.generated++
		}
	}
	dualMove, dualH := -1, 0
	if s.dual {
		dualMove, dualH = s.dualChild(prev)
		// BPMX (bidirectional pathmax): a child at least dualH from the
		// goal puts this board at least dualH − 1 from it, which may
		// exceed the bound before any child is searched.
		if dualMove >= 0 && g+dualH-1 > s.bound {
			s.next = min(s.next, g+dualH-1)
			return false
		}
	}
	for m := 0; m < 4; m++ {
		ns := row[m]
		if ns < 0 { // off the board, or a duplicate path
			continue
		}
		to := e.next[blank][m]
		t := s.tiles[to]
		mb, rmb := e.mem[t][0], e.mem[e.tileRefl[t]][0]
		p, rp := mb.pat, rmb.pat
		oidx, ohv := s.idx[p], s.hv[p]
		nidx := oidx + uint32(perm.Delta(mb.weight, e.cols, int(to), int(blank), &s.at[p]))
		// The tile goes from to to blank, and the blank to to.
		oocc := s.occ[p]
		nocc := oocc&^(1<<to) | 1<<blank
		nhv := e.pats[p].value(nidx, nocc, uint8(to))
		h := s.h - int(ohv) + int(nhv)
		// A child the board's own sum already cuts, at an f no lower
		// than the least seen above the bound, needs no mirror lookup:
		// its f can only rise, and it cannot lower next. This saves a
		// memory access for most cut children and changes no count.
		// (Looking up first the sum that was the larger on the parent
		// measured the same.)
		if f := g + 1 + h; e.reflect && f > s.bound && f >= s.next {
			continue
		}
		oridx, orhv := s.ridx[rp], s.rhv[rp]
		nridx, nrhv, rh := oridx, orhv, s.rh
		rb, rto := e.cellRefl[blank], e.cellRefl[to]
		orocc := s.rocc[rp]
		nrocc := orocc
		if e.reflect {
			nridx = oridx + uint32(perm.Delta(rmb.weight, e.cols, int(rto), int(rb), &s.rat[rp]))
			nrocc = orocc&^(1<<rto) | 1<<rb
			nrhv = e.pats[rp].value(nridx, nrocc, rto)
			rh += int(nrhv) - int(orhv)
		}
		s.tiles[blank], s.tiles[to] = t, 0
		s.pos[t] = uint8(blank)
		s.blank = to
		hc := max(h, rh)
		if m == dualMove {
			hc = max(hc, dualH)
		}
		if f := g + 1 + hc; f <= s.bound {
			s.path[g] = uint8(m)
			if h == 0 && !s.whole && s.tiles == e.goal {
				s.length = g + 1
				return true
			}
			oh, orh := s.h, s.rh
			s.state = ns
			s.idx[p], s.hv[p], s.h = nidx, nhv, h
			s.ridx[rp], s.rhv[rp], s.rh = nridx, nrhv, rh
			s.occ[p], s.rocc[rp] = nocc, nrocc
			at, rat := &s.at[p], &s.rat[rp]
			w := at[to]
			at[blank], at[to] = w, 0
			rw := rat[rto]
			rat[rb], rat[rto] = rw, 0
			if e.verify {
				e.check(&s.node)
			}
			if g+1 == s.split {
				s.collect(m, g+1)
			} else if s.dfsOne(g+1, m) {
				return true
			}
			s.state = state
			s.occ[p], s.rocc[rp] = oocc, orocc
			s.idx[p], s.hv[p], s.h = oidx, ohv, oh
			s.ridx[rp], s.rhv[rp], s.rh = oridx, orhv, orh
			at[to], at[blank] = w, 0
			rat[rto], rat[rb] = rw, 0
			if s.stopped {
				return false
			}
		} else if f < s.next {
			s.next = f
		}
		s.tiles[to], s.tiles[blank] = t, 0
		s.pos[t] = uint8(to)
		s.blank = blank
	}
	return false
}

// dualChild returns the move that brings the blank to its goal cell, if
// the searcher's board has one other than the move undoing prev, and the
// dual lookups of the child it makes; else -1.
func (s *searcher) dualChild(prev int) (move, h int) {
	e := s.e
	blank := s.blank
	for m := 0; m < 4; m++ {
		to := e.next[blank][m]
		if to != e.goalBlank || m == prev^1 {
			continue
		}
		t := s.tiles[to]
		s.tiles[blank], s.tiles[to] = t, 0
		h = e.dualEstimate(&s.tiles)
		s.tiles[to], s.tiles[blank] = t, 0
		return m, h
	}
	return -1, 0
}

// collect records the searcher's node as a task.
func (s *searcher) collect(prev, depth int) {
	s.tasks = append(s.tasks, task{
		node:      s.node,
		prev:      prev,
		prefix:    append([]uint8(nil), s.path[:depth]...),
		expanded:  s.expanded,
		generated: s.generated,
	})
}

func (s *searcher) mustStop() bool {
	yield()
	return s.canceled.Load() || (s.best != nil && s.best.Load() < s.task)
}

// Parallel searches split an iteration at a depth that gives at least
// tasksPerWorker tasks per goroutine; bounds below minParallelBound are
// searched on one goroutine.
const (
	tasksPerWorker   = 64
	minParallelBound = 16
	maxSplitDepth    = 24
)

// iterate runs one bounded search from b on workers goroutines, pruned
// by the machine fsm, with dual lookups when dual is set. With p (a checkpointed search) the iteration
// is split into root subtrees even on one goroutine, each finished one is
// reported to p, and those p holds as done (p.cp.Done, at depth
// p.cp.Split) are not searched again.
//
// heavy, when not nil, holds the prefixes of the heaviest tasks of the
// iterations before (as letters): those tasks are cut RefineLevels deeper
// (refineTasks), and the heaviestPerWorker × workers heaviest of this
// iteration's tasks are added to it when the iteration ends without a
// solution.
func (e *engine) iterate(ctx context.Context, b statespace.Board, bound, workers int, fsm *prune.Machine, dual bool, p *progress, heavy map[string]bool) (iteration, error) {
	var canceled atomic.Bool
	defer cancelWatch(ctx, &canceled)()
	root := e.root(b)
	root.state = fsm.Start(b.Blank())
	newSearcher := func() *searcher {
		return &searcher{e: e, bound: bound, fsm: fsm.Table(), dual: dual, next: maxDepth + 1, canceled: &canceled}
	}
	if bound < minParallelBound || workers <= 1 && p == nil {
		s := newSearcher()
		s.load(&root)
		found := s.dfs(0, -2)
		it := iteration{found: found, expanded: s.expanded, generated: s.generated, next: s.next}
		if s.stopped {
			return it, ctx.Err()
		}
		if found {
			it.path = movesOf(s.path[:s.length])
		}
		return it, nil
	}

	// Split: deepen until there are enough tasks. The collecting search
	// is the top of the sequential search, so its counts before each task
	// are the sequential search's.
	var top *searcher
	first, resumed := 1, p != nil && p.cp.Split > 0
	if resumed {
		first = p.cp.Split // the subtrees done are those of this depth
	}
	for depth := first; ; depth++ {
		top = newSearcher()
		top.load(&root)
		top.split = depth
		if top.dfs(0, -2) { // a goal above the split depth: possible only at tiny bounds
			return iteration{found: true, path: movesOf(top.path[:top.length]), expanded: top.expanded, generated: top.generated}, nil
		}
		if top.stopped {
			return iteration{}, ctx.Err()
		}
		if resumed || len(top.tasks) >= tasksPerWorker*workers || depth >= bound-2 || depth >= maxSplitDepth {
			break
		}
	}

	tasks := top.tasks
	if len(heavy) > 0 {
		rt, err := refineTasks(tasks, heavy, RefineLevels, bound, func(t *task) (*searcher, error) {
			sr := newSearcher()
			sr.load(&t.node)
			copy(sr.path[:], t.prefix)
			return sr, nil
		})
		if err != nil {
			return iteration{}, err
		}
		if rt.stopped {
			return iteration{}, ctx.Err()
		}
		tasks = rt.tasks
		top.expanded, top.generated, top.next = top.expanded+rt.movedN, top.generated+rt.movedG, min(top.next, rt.next)
	}
	type outcome struct {
		expanded, generated uint64
		next                int
		found               bool
		path                []statespace.Move
	}
	results := make([]outcome, len(tasks))
	var done []bool // with p: the subtrees searched before
	if p != nil {
		p.mu.Lock()
		if resumed && p.cp.Tasks != len(tasks) {
			p.mu.Unlock()
			return iteration{}, &CheckpointError{Msg: fmt.Sprintf("bound %d at depth %d has %d subtrees, the checkpoint %d", bound, top.split, len(tasks), p.cp.Tasks)}
		}
		p.cp.Split, p.cp.Tasks, p.stop = top.split, len(tasks), &canceled
		done = make([]bool, len(tasks))
		for _, d := range p.cp.Done {
			done[d.Index] = true
			results[d.Index] = outcome{expanded: d.Nodes, generated: d.Generated, next: d.Next}
		}
		p.mu.Unlock()
	}
	var best atomic.Int64
	best.Store(int64(len(tasks)))
	var nextTask atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			s := newSearcher()
			s.best = &best
			for {
				i := nextTask.Add(1) - 1
				if i >= int64(len(tasks)) || i > best.Load() || canceled.Load() {
					return
				}
				if done != nil && done[i] {
					continue
				}
				t := &tasks[i]
				s.load(&t.node)
				s.task = i
				s.expanded, s.generated, s.next, s.stopped = 0, 0, maxDepth+1, false
				copy(s.path[:], t.prefix)
				found := s.dfs(len(t.prefix), t.prev)
				if s.stopped {
					continue // superseded by an earlier solution, or canceled
				}
				r := outcome{expanded: s.expanded, generated: s.generated, next: s.next, found: found}
				if found {
					r.path = movesOf(s.path[:s.length])
					for {
						old := best.Load()
						if old <= i || best.CompareAndSwap(old, i) {
							break
						}
					}
				}
				results[i] = r
				if p != nil && !found {
					p.finished(Subtree{Index: int(i), Nodes: r.expanded, Generated: r.generated, Next: r.next})
				}
			}
		})
	}
	wg.Wait()
	if canceled.Load() {
		if p != nil {
			p.mu.Lock()
			defer p.mu.Unlock()
			if p.err != nil {
				return iteration{}, p.err // a save failed
			}
		}
		return iteration{}, ctx.Err()
	}

	if j := best.Load(); j < int64(len(tasks)) {
		it := iteration{found: true, path: results[j].path,
			expanded: tasks[j].expanded, generated: tasks[j].generated}
		for i := int64(0); i <= j; i++ {
			it.expanded += results[i].expanded
			it.generated += results[i].generated
		}
		return it, nil
	}
	it := iteration{expanded: top.expanded, generated: top.generated, next: top.next}
	for _, r := range results {
		it.expanded += r.expanded
		it.generated += r.generated
		it.next = min(it.next, r.next)
	}
	if heavy != nil {
		order := make([]int, len(tasks))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(results[j].expanded, results[i].expanded) })
		for _, i := range order[:min(heaviestPerWorker*workers, len(order))] {
			heavy[prefixKey(tasks[i].prefix)] = true
		}
	}
	return it, nil
}

// RefineLevels is how much deeper a heavy task is cut (refineTasks): on
// the 24-puzzle, some 20 to 40 tasks in its place.
const RefineLevels = 4

// heaviestPerWorker is how many of an iteration's heaviest tasks, per
// goroutine, later iterations cut deeper: on Korf's 24-puzzle #44 one
// split depth left the largest task 10 to 18 % of an iteration, which
// bounds the speed-up of many cores near 10; cut, 0.27 to 0.63 %.
const heaviestPerWorker = 4

// wholeCount returns the boards the iteration with bound from b expands
// when the goal does not end it, on one goroutine, pruned by fsm: every
// node of the tree the machine leaves whose f = g + h is within the
// bound (0 when b's own value exceeds it). h is the larger of the sums on
// the board and on its mirror image, as in iterate; no dual lookups.
func (e *engine) wholeCount(ctx context.Context, b statespace.Board, bound int, fsm *prune.Machine) (uint64, error) {
	root := e.root(b)
	if max(root.h, root.rh) > bound {
		return 0, nil
	}
	root.state = fsm.Start(b.Blank())
	var canceled atomic.Bool
	defer cancelWatch(ctx, &canceled)()
	s := &searcher{e: e, bound: bound, fsm: fsm.Table(), whole: true, next: maxDepth + 1, canceled: &canceled}
	s.load(&root)
	s.dfs(0, -2)
	if s.stopped {
		return 0, ctx.Err()
	}
	return s.expanded, nil
}

func movesOf(p []uint8) []statespace.Move {
	out := make([]statespace.Move, len(p))
	for i, m := range p {
		out[i] = statespace.Move(m)
	}
	return out
}
