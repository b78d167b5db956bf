package statespace

import (
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/perm"
)

// Space is the set of boards reachable from one goal. It numbers them
// 0 … Size()−1 without holes (Rank, Unrank) and explains why a board is
// not in it (Check). A Space is immutable and safe for concurrent use.
//
// Ranking works on codes: each tile is renamed to the index of its goal
// cell among the goal's tile cells, so the goal reads 0,1,…,n−2 and every
// goal, in either parity class, ranks the same way. A rank is
//
//	blank cell × (n−1)!/2 + the Lehmer rank of the codes in reading order, halved
//
// The halving drops the last two Lehmer digits: the last is always 0 and
// the one before it is fixed by the parity the blank's cell imposes. With
// the blank's cell as the leading digit, a horizontal move keeps the codes'
// order, so it changes the rank by exactly ±(n−1)!/2.
type Space struct {
	shape  Shape
	n      int
	goal   Board
	code   [slots]uint8 // code of each tile
	tileOf [slots]uint8 // tile of each code
	half   uint64       // ranks per blank cell: (n-1)!/2
	size   uint64       // n!/2, or math.MaxUint64 when that overflows
	// wide: more than 16 cells, so codes no longer fit 4 bits and the
	// packed code sequence of codes() does not apply
	wide bool
	// parity of the codes' permutation for every reachable board with the
	// blank at each cell
	seqParity [slots]uint8
	// cells the blank reaches from each cell, by move; -1 off the board
	next [slots][4]int8
	// parity of every distance of boards with the blank at each cell: of
	// the blank's taxicab distance from the goal's blank
	cellPar [slots]uint8
}

// NewSpace returns the space of boards reachable from goal.
func NewSpace(goal Board) (*Space, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("statespace: no goal board")
	}
	sh := goal.Shape()
	n := sh.Cells()
	s := &Space{shape: sh, n: n, goal: goal}
	c := 0
	for cell := 0; cell < n; cell++ {
		t := goal.tiles[cell]
		if t == 0 {
			continue
		}
		s.code[t] = uint8(c)
		s.tileOf[c] = t
		c++
	}
	s.wide = n > 16
	if n <= maxRanked {
		s.half = 1
		for k := 3; k <= n-1; k++ {
			s.half *= uint64(k)
		}
		s.size = s.half * uint64(n)
	} else {
		s.half, s.size = math.MaxUint64, math.MaxUint64
	}
	gRow := sh.Row(goal.Blank())
	for cell := 0; cell < n; cell++ {
		if sh.Cols%2 == 0 {
			s.seqParity[cell] = uint8((sh.Row(cell) - gRow) & 1)
		}
		dr, dc := sh.Row(cell)-gRow, sh.Col(cell)-sh.Col(goal.Blank())
		s.cellPar[cell] = uint8((dr + dc) & 1)
		for _, m := range Moves {
			to, ok := sh.Neighbor(cell, m)
			if !ok {
				to = -1
			}
			s.next[cell][m] = int8(to)
		}
	}
	return s, nil
}

// MustSpace is NewSpace for goals known to be valid; it panics on error.
func MustSpace(goal Board) *Space {
	s, err := NewSpace(goal)
	if err != nil {
		panic(err)
	}
	return s
}

// Shape returns the shape of the space's boards.
func (s *Space) Shape() Shape { return s.shape }

// Goal returns the goal board.
func (s *Space) Goal() Board { return s.goal }

// maxRanked is the most cells whose n!/2 boards a uint64 can number.
const maxRanked = 20

// Size returns the number of reachable boards, n!/2. For more than 20
// cells, where n!/2 exceeds 2⁶⁴ − 1, it returns math.MaxUint64 (Counted
// reports false), so comparisons against table limits refuse those spaces.
func (s *Space) Size() uint64 { return s.size }

// Counted reports whether Size is exact and boards can be ranked: at most
// 20 cells.
func (s *Space) Counted() bool { return s.n <= maxRanked }

// Rank returns the index of a reachable board in [0, Size()). The result
// for a board that is not reachable (see Check) is meaningless; use
// RankChecked where that can happen. Rank allocates nothing.
func (s *Space) Rank(b Board) uint64 {
	if s.wide {
		r, _ := s.rankWide(b)
		return r
	}
	r, _ := s.rankCodes(s.codes(b), int(b.blank))
	return r
}

// RankChecked returns the rank of b and whether b belongs to the space
// (right shape and reachable from the goal).
func (s *Space) RankChecked(b Board) (uint64, bool) {
	if b.rows != s.goal.rows || b.cols != s.goal.cols {
		return 0, false
	}
	if s.wide {
		return s.rankWide(b)
	}
	return s.rankCodes(s.codes(b), int(b.blank))
}

// rankWide is Rank and its reachability for boards of more than 16 cells,
// whose codes take 5 bits: the same Lehmer rank, from an array. Above 20
// cells it only tells reachability and panics when asked for a rank
// (reachable reports it without ranking).
func (s *Space) rankWide(b Board) (rank uint64, ok bool) {
	if s.n > maxRanked {
		panic(fmt.Sprintf("statespace: the boards of %s are too many to rank (%d cells, at most %d)", s.shape, s.n, maxRanked))
	}
	var used uint32
	var r, parity uint64
	m := uint64(s.n - 1)
	k := uint64(0)
	for i := 0; i < s.n; i++ {
		t := b.tiles[i&(slots-1)]
		if t == 0 {
			continue
		}
		x := uint32(s.code[t&(slots-1)])
		d := uint64(x) - uint64(bits.OnesCount32(used&(1<<x-1)))
		used |= 1 << x
		if k < m-2 {
			r = r*(m-k) + d
		}
		parity += d
		k++
	}
	return uint64(b.blank)*s.half + r, uint8(parity&1) == s.seqParity[b.blank&(slots-1)]
}

// reachable reports whether b, of the space's shape, can reach the goal:
// whether the parity of its codes' permutation is the one the blank's
// cell imposes. It works for every size.
func (s *Space) reachable(b Board) bool {
	if !s.wide {
		_, ok := s.rankCodes(s.codes(b), int(b.blank))
		return ok
	}
	var used uint32
	var parity uint64
	for i := 0; i < s.n; i++ {
		t := b.tiles[i&(slots-1)]
		if t == 0 {
			continue
		}
		x := uint32(s.code[t&(slots-1)])
		parity += uint64(x) - uint64(bits.OnesCount32(used&(1<<x-1)))
		used |= 1 << x
	}
	return uint8(parity&1) == s.seqParity[b.blank&(slots-1)]
}

// codes packs the codes of b's tiles in reading order, skipping the blank,
// 4 bits each, the first in the lowest bits. A horizontal move leaves this
// sequence unchanged; a vertical one moves one code by Cols−1 places.
func (s *Space) codes(b Board) uint64 {
	var q uint64
	k := uint(0)
	for i := 0; i < s.n; i++ {
		// Branch-free: the blank's code is 0, so OR-ing it in changes
		// nothing, and k advances only past tiles.
		t := b.tiles[i&(slots-1)]
		q |= uint64(s.code[t&(slots-1)]) << (4 * k & 63)
		k += (uint(t) + 15) >> 4
	}
	return q
}

// rankCodes ranks the code sequence q (see codes) with the blank at cell
// blank; ok reports whether the sequence's parity is the one reachable
// boards have there.
func (s *Space) rankCodes(q uint64, blank int) (rank uint64, ok bool) {
	var used uint32
	var r uint64
	var parity uint64
	m := uint64(s.n - 1)
	for k := uint64(0); k < m-2; k++ {
		x := uint32(q) & 15
		q >>= 4
		d := uint64(x) - uint64(bits.OnesCount32(used&(1<<x-1)))
		used |= 1 << x
		r = r*(m-k) + d
		parity += d
	}
	// The last two codes: the dropped digit is 1 when they are inverted.
	if q&15 > q>>4&15 {
		parity++
	}
	return uint64(blank)*s.half + r, uint8(parity&1) == s.seqParity[blank&(slots-1)]
}

// Unrank returns the board with the given rank, which must be in [0, Size()).
// Unrank allocates nothing.
func (s *Space) Unrank(rank uint64) Board {
	if !s.Counted() {
		panic(fmt.Sprintf("statespace: the boards of %s are too many to rank (%d cells, at most %d)", s.shape, s.n, maxRanked))
	}
	if rank >= s.size {
		panic(fmt.Sprintf("statespace: rank %d out of range [0, %d)", rank, s.size))
	}
	blank := int(rank / s.half)
	r := rank % s.half
	m := s.n - 1
	var digits [slots]uint8
	var parity uint8
	if r <= 0xFFFFFFFF {
		// 32-bit division is several times faster than 64-bit on amd64.
		r32 := uint32(r)
		for i := m - 3; i >= 0; i-- {
			radix := uint32(m - i)
			digits[i&(slots-1)] = uint8(r32 % radix)
			parity += digits[i&(slots-1)]
			r32 /= radix
		}
	} else {
		for i := m - 3; i >= 0; i-- {
			radix := uint64(m - i)
			digits[i&(slots-1)] = uint8(r % radix)
			parity += digits[i&(slots-1)]
			r /= radix
		}
	}
	digits[(m-2)&(slots-1)] = (parity & 1) ^ s.seqParity[blank&(slots-1)]
	b := Board{rows: s.goal.rows, cols: s.goal.cols, blank: uint8(blank)}
	unused := uint32(1)<<m - 1
	k := 0
	for cell := 0; cell < s.n; cell++ {
		if cell == blank {
			continue
		}
		var x int
		if s.wide {
			x = perm.Select32(unused, int(digits[k&(slots-1)]))
		} else {
			x = perm.Select(unused, int(digits[k&(slots-1)]))
		}
		unused &^= 1 << x
		b.tiles[cell] = s.tileOf[x]
		k++
	}
	return b
}

// inversions counts the pairs of tiles that stand in the opposite order to
// the goal's, reading both boards row by row and skipping the blank.
func (s *Space) inversions(b Board) int {
	inv := 0
	for i := 0; i < s.n; i++ {
		if b.tiles[i] == 0 {
			continue
		}
		for j := i + 1; j < s.n; j++ {
			if b.tiles[j] != 0 && s.code[b.tiles[i]] > s.code[b.tiles[j]] {
				inv++
			}
		}
	}
	return inv
}

// Reachable reports whether b, of the space's shape, can reach the goal:
// Check's rule as a yes or no, with no explanation built.
func (s *Space) Reachable(b Board) bool {
	return b.Shape() == s.shape && s.reachable(b)
}

// Check reports whether b belongs to the space: an error when its shape is
// not the space's, an *UnsolvableError when the goal cannot be reached.
func (s *Space) Check(b Board) error {
	if b.Shape() != s.shape {
		return fmt.Errorf("board %s is %s, the goal is %s", b, b.Shape(), s.shape)
	}
	if s.reachable(b) {
		return nil
	}
	e := &UnsolvableError{
		Goal:         GoalName(s.goal),
		Inversions:   s.inversions(b),
		Cols:         s.shape.Cols,
		BlankRow:     s.shape.Row(int(b.blank)) + 1,
		GoalBlankRow: s.shape.Row(s.goal.Blank()) + 1,
	}
	for _, g := range []Board{GoalLast(s.shape), GoalFirst(s.shape)} {
		if MustSpace(g).reachable(b) && g != s.goal {
			e.SolvableFor = append(e.SolvableFor, GoalName(g))
		}
	}
	return e
}

// UnsolvableError explains why a board cannot reach the goal.
type UnsolvableError struct {
	Goal         string // the goal's name ("last", "first") or tiles
	Inversions   int    // tile pairs in the opposite order to the goal's
	Cols         int    // board width: odd widths keep the inversion parity
	BlankRow     int    // 1-based row of the blank
	GoalBlankRow int    // 1-based row of the goal's blank
	SolvableFor  []string
}

// Kind is errkind.Unsolvable.
func (*UnsolvableError) Kind() errkind.Kind { return errkind.Unsolvable }

func (e *UnsolvableError) Error() string {
	var s strings.Builder
	fmt.Fprintf(&s, "unsolvable for goal %s: ", e.Goal)
	if e.Cols%2 == 1 {
		fmt.Fprintf(&s, "the tiles have %s relative to the goal, an odd number; on a board of odd width every move keeps the inversion parity, and the goal has 0", count(e.Inversions, "inversion", "inversions"))
	} else {
		dr := e.BlankRow - e.GoalBlankRow
		if dr < 0 {
			dr = -dr
		}
		fmt.Fprintf(&s, "the tiles have %s relative to the goal and the blank is in row %d, %s from the goal blank's row %d; on a board of even width every vertical move changes the inversion parity, so inversions plus row distance must be even, and %d + %d = %d is odd",
			count(e.Inversions, "inversion", "inversions"), e.BlankRow, count(dr, "row", "rows"), e.GoalBlankRow, e.Inversions, dr, e.Inversions+dr)
	}
	for _, g := range e.SolvableFor {
		fmt.Fprintf(&s, "; solvable for goal %s", g)
	}
	return s.String()
}

// count writes n with the singular or plural noun.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
