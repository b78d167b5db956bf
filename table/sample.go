package table

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/bits-and-blooms/bitset"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// Boards drawn from a table: uniform boards at a distance (Table.Draw,
// Samples, Sample, DrawOne). Boards drawn without one are Space.Random's
// and Walk's.

// Drawer is what Samples asks of a table (a *Table or a *Lazy): boards
// drawn uniformly at a distance, each kind of table its own way.
type Drawer interface {
	Draw(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error
}

// RadiusDrawer is what DrawOne asks of a table: a Drawer that knows its
// space and its radius, to refuse a distance no board has.
type RadiusDrawer interface {
	Drawer
	Space() *statespace.Space
	Radius() int
}

// DrawOne returns one board drawn uniformly from those at distance d of
// t, or why there is none (see Table.Draw): a *RareError, a *DamageError
// for damaged bits, or ctx's error.
func DrawOne(ctx context.Context, t RadiusDrawer, rng *rand.Rand, d int) (statespace.Board, error) {
	if d < 0 || d > t.Radius() {
		sp := t.Space()
		return statespace.Board{}, &RareError{Shape: sp.Shape(), Distance: d, Radius: t.Radius(), States: sp.Size()}
	}
	var out statespace.Board
	err := t.Draw(ctx, rng, d, 1, func(b statespace.Board) bool { out = b; return false })
	if err == nil && out.IsZero() {
		err = &DamageError{Msg: fmt.Sprintf("no board drawn at distance %d", d)}
	}
	return out, err
}

// RareError reports boards at a distance that a table cannot draw: none
// are there (beyond the radius), or a lazy table holds them too rarely to
// find by rejection and too far from the goal to gather (Draw).
type RareError struct {
	Shape    statespace.Shape
	Distance int
	Radius   int
	Count    uint64 // boards at Distance
	States   uint64 // boards in the table
	Gather   uint64 // the most boards Draw gathers, level by level
}

// Kind is errkind.Value.
func (*RareError) Kind() errkind.Kind { return errkind.Value }

func (e *RareError) Error() string {
	if e.Distance < 0 || e.Distance > e.Radius {
		return fmt.Sprintf("table: no boards of %s at distance %d: the radius is %d", e.Shape, e.Distance, e.Radius)
	}
	return fmt.Sprintf("table: the %d boards of %s at distance %d are too rare among %d to draw from a table read from bits, and too far from the goal to gather (more than %d boards up to there); the table's exported distances can be drawn from",
		e.Count, e.Shape, e.Distance, e.States, e.Gather)
}

// Sample returns the boards of Samples(t, rng, d, n) in a slice.
func (t *Table) Sample(rng *rand.Rand, d, n int) []statespace.Board {
	return slices.Collect(Samples(t, rng, d, n))
}

// Samples draws n boards of t uniformly from those at distance d (from
// all boards when d < 0), without repetition while n does not exceed
// their number, then with it (by t's Draw). The same rng state gives the
// same boards, in a random order. The boards are yielded one at a time,
// so memory does not grow with n: it holds at most the ranks at distance
// d, or, for d < 0, the ranks drawn in one round (a bitset of the space
// when that is smaller, 4 bytes a board beyond half the space). Choose
// draws with replacement. The sequence ends early where Draw would return an error.
func Samples(t Drawer, rng *rand.Rand, d, n int) iter.Seq[statespace.Board] {
	return func(yield func(statespace.Board) bool) {
		t.Draw(context.Background(), rng, d, n, yield)
	}
}

// lazyLevelLimit is how many boards Draw gathers, level by level from the
// goal, to draw from one distance of a lazy table (8M ranks, 64 MB);
// beyond it, boards are drawn by rejection, which needs the distance to
// hold at least 1/lazyRejectionShare of all boards (about 10,000 walks of
// a few microseconds per board drawn). Variables, so tests can lower them.
var (
	lazyLevelLimit     uint64 = 1 << 23
	lazyRejectionShare uint64 = 10_000
)

// Draw yields n boards drawn uniformly from those at distance d (from all
// boards when d < 0), as Samples describes, and says why it stopped early:
// ctx was canceled, a lazy table's bits are damaged, or the boards at
// distance d of a lazy table can be found neither by gathering the levels
// up to d (at most 8M boards) nor by rejection (at least one board in
// 10,000; a *RareError). A lazy table is never expanded:
// levels come from the stored bits (a neighbour of a board at distance k
// is at k+1 exactly when its stored distance mod 4 is (k+1) mod 4), and
// rejection tests random boards by walking them to the goal.
func (t *Table) Draw(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error {
	if n <= 0 || d >= len(t.counts) {
		return nil
	}
	if d < 0 {
		return t.sampleAll(ctx, rng, n, yield)
	}
	return shuffle(ctx, rng, t.space, t.ranksAt(d), n, yield)
}

// ranksAt lists the ranks of the boards at distance d, ascending.
func (t *Table) ranksAt(d int) []uint64 {
	ranks := make([]uint64, 0, t.counts[d])
	for r, v := range t.dist {
		if int(v) == d {
			ranks = append(ranks, uint64(r))
		}
	}
	return ranks
}

// Draw yields boards as Table.Draw does, never expanding the table: the
// levels up to d come from the stored bits (a neighbour of a board at
// distance k is at k+1 exactly when its stored distance mod 4 is (k+1)
// mod 4), and rejection tests random boards by walking them to the goal.
func (t *Lazy) Draw(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error {
	return t.told(t.draw(ctx, rng, d, n, yield))
}

// draw is Draw without the table's origin.
func (t *Lazy) draw(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error {
	if n <= 0 || d >= len(t.counts) {
		return nil
	}
	if d < 0 {
		return t.sampleAll(ctx, rng, n, yield)
	}
	var ranks []uint64
	switch {
	case t.cumulative(d) <= lazyLevelLimit:
		var err error
		if ranks, err = t.level(ctx, d); err != nil {
			return err
		}
	case t.counts[d]*lazyRejectionShare >= t.space.Size():
		return t.reject(ctx, rng, d, n, true, yield)
	default:
		return &RareError{Shape: t.space.Shape(), Distance: d, Radius: t.Radius(), Count: t.counts[d], States: t.space.Size(), Gather: lazyLevelLimit}
	}
	return shuffle(ctx, rng, t.space, ranks, n, yield)
}

// shuffle yields n boards of the given ranks, by rounds of a partial
// Fisher-Yates shuffle: each round draws without repetition.
func shuffle(ctx context.Context, rng *rand.Rand, sp *statespace.Space, ranks []uint64, n int, yield func(statespace.Board) bool) error {
	for left := n; left > 0; {
		for i := 0; i < len(ranks) && left > 0; i++ {
			if i&1023 == 1023 && ctx.Err() != nil {
				return ctx.Err()
			}
			j := i + rng.IntN(len(ranks)-i)
			ranks[i], ranks[j] = ranks[j], ranks[i]
			if !yield(sp.Unrank(ranks[i])) {
				return nil
			}
			left--
		}
	}
	return nil
}

// cumulative returns the number of boards at distance at most d.
func (t *Lazy) cumulative(d int) uint64 {
	var sum uint64
	for _, c := range t.counts[:d+1] {
		sum += c
	}
	return sum
}

// level returns the sorted ranks of a lazy table's boards at distance d,
// gathered level by level from the goal on the stored bits, each level's
// size checked against the counts.
func (t *Lazy) level(ctx context.Context, d int) ([]uint64, error) {
	sp := t.space
	cur := []uint64{sp.Rank(sp.Goal())}
	for k := 0; k < d; k++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		next := make([]uint64, 0, t.counts[k+1])
		for _, r := range cur {
			b := sp.Unrank(r)
			for _, m := range statespace.Moves {
				c, ok := b.Apply(m)
				if !ok {
					continue
				}
				rc := sp.Rank(c)
				got, err := t.mod4At(c.Blank(), rc)
				if err != nil {
					return nil, err
				}
				if got == (k+1)&3 {
					next = append(next, rc)
				}
			}
		}
		slices.Sort(next)
		next = slices.Compact(next)
		if uint64(len(next)) != t.counts[k+1] {
			return nil, &DamageError{Msg: fmt.Sprintf("the stored bits are damaged: %d boards at distance %d, the header counts %d", len(next), k+1, t.counts[k+1])}
		}
		cur = next
	}
	return cur, nil
}

// reject draws boards at distance d by testing uniform random boards:
// when distinct, distinct while n does not exceed their number, else
// independently.
func (t *Lazy) reject(ctx context.Context, rng *rand.Rand, d, n int, distinct bool, yield func(statespace.Board) bool) error {
	seen := map[uint64]bool{}
	tries := 0
	for left := n; left > 0; {
		if uint64(len(seen)) == t.counts[d] {
			clear(seen) // every board drawn once: repeat
		}
		if tries++; tries&255 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		r := t.space.Unrank(rng.Uint64N(t.space.Size()))
		dist, err := t.walk(r)
		if err != nil {
			return err
		}
		rank := t.space.Rank(r)
		if dist != d || (distinct && seen[rank]) {
			if uint64(tries) > 64*lazyRejectionShare*uint64(n-left+1) {
				return &DamageError{Msg: fmt.Sprintf("drew %d boards without finding enough at distance %d", tries, d)}
			}
			continue
		}
		if distinct {
			seen[rank] = true
		}
		if !yield(r) {
			return nil
		}
		left--
	}
	return nil
}

// sampleAll draws n boards from the whole space, distinct in rounds of at
// most Size() ranks, each round in a uniformly random order: a round of at
// most half the space by rejection (a map of the ranks drawn, or a bitset
// of the space when that is smaller), a larger one by a partial
// Fisher-Yates shuffle of every rank (4 bytes a board).
func (t *tableHead) sampleAll(ctx context.Context, rng *rand.Rand, n int, yield func(statespace.Board) bool) error {
	size := t.space.Size()
	for left := uint64(n); left > 0; {
		k := min(left, size)
		var err error
		var more bool
		if k*2 <= size || size > math.MaxUint32 {
			more, err = t.rejectAll(ctx, rng, k, yield)
		} else {
			more, err = t.permuteAll(ctx, rng, k, yield)
		}
		if err != nil || !more {
			return err
		}
		left -= k
	}
	return nil
}

// rejectAll yields k distinct uniform ranks of the space, redrawing a rank
// drawn before; k is at most half the space, so a draw is new at least
// half the time. It reports whether yield wants more.
func (t *tableHead) rejectAll(ctx context.Context, rng *rand.Rand, k uint64, yield func(statespace.Board) bool) (bool, error) {
	size := t.space.Size()
	// A map entry costs about 40 bytes and a bitset bit 1/8 byte.
	var inMap map[uint64]bool
	var seen *bitset.BitSet
	if k*320 < size {
		inMap = make(map[uint64]bool, k)
	} else {
		seen = bitset.New(uint(size))
	}
	for i := uint64(0); i < k; {
		r := rng.Uint64N(size)
		if inMap != nil {
			if inMap[r] {
				continue
			}
			inMap[r] = true
		} else {
			if seen.Test(uint(r)) {
				continue
			}
			seen.Set(uint(r))
		}
		if i&1023 == 1023 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		if !yield(t.space.Unrank(r)) {
			return false, nil
		}
		i++
	}
	return true, nil
}

// permuteAll yields k distinct ranks of the space by the first k steps of
// a Fisher-Yates shuffle of all of them. It reports whether yield wants
// more.
func (t *tableHead) permuteAll(ctx context.Context, rng *rand.Rand, k uint64, yield func(statespace.Board) bool) (bool, error) {
	size := t.space.Size()
	ranks := make([]uint32, size)
	for i := range ranks {
		ranks[i] = uint32(i)
	}
	for i := uint64(0); i < k; i++ {
		if i&1023 == 1023 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		j := i + rng.Uint64N(size-i)
		ranks[i], ranks[j] = ranks[j], ranks[i]
		if !yield(t.space.Unrank(uint64(ranks[i]))) {
			return false, nil
		}
	}
	return true, nil
}

// Choose yields n boards of t, each drawn uniformly and independently
// from those at distance d (from all boards when d < 0): with
// replacement, as a die is thrown, where Draw draws without. The same rng
// state gives the same boards; it stops early as Draw does, and a
// distance beyond the radius is a *RareError.
func (t *Table) Choose(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error {
	if n <= 0 {
		return nil
	}
	if d < 0 {
		return t.chooseAll(ctx, rng, n, yield)
	}
	if d >= len(t.counts) {
		return &RareError{Shape: t.space.Shape(), Distance: d, Radius: t.Radius(), States: t.space.Size()}
	}
	return pick(ctx, rng, t.space, t.ranksAt(d), n, yield)
}

// Choose yields boards as Table.Choose does, never expanding the table:
// the boards at distance d are gathered level by level or found by
// rejection, as Draw finds them.
func (t *Lazy) Choose(ctx context.Context, rng *rand.Rand, d, n int, yield func(statespace.Board) bool) error {
	if n <= 0 {
		return nil
	}
	if d < 0 {
		return t.chooseAll(ctx, rng, n, yield)
	}
	if d >= len(t.counts) {
		return &RareError{Shape: t.space.Shape(), Distance: d, Radius: t.Radius(), States: t.space.Size()}
	}
	switch {
	case t.cumulative(d) <= lazyLevelLimit:
		ranks, err := t.level(ctx, d)
		if err != nil {
			return t.told(err)
		}
		return pick(ctx, rng, t.space, ranks, n, yield)
	case t.counts[d]*lazyRejectionShare >= t.space.Size():
		return t.told(t.reject(ctx, rng, d, n, false, yield))
	}
	return &RareError{Shape: t.space.Shape(), Distance: d, Radius: t.Radius(), Count: t.counts[d], States: t.space.Size(), Gather: lazyLevelLimit}
}

// chooseAll yields n boards each drawn uniformly from the whole space.
func (t *tableHead) chooseAll(ctx context.Context, rng *rand.Rand, n int, yield func(statespace.Board) bool) error {
	for i := range n {
		if i&1023 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		if !yield(t.space.Unrank(rng.Uint64N(t.space.Size()))) {
			return nil
		}
	}
	return nil
}

// pick yields n boards of the given ranks, each drawn uniformly and
// independently.
func pick(ctx context.Context, rng *rand.Rand, sp *statespace.Space, ranks []uint64, n int, yield func(statespace.Board) bool) error {
	for i := range n {
		if i&1023 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		if !yield(sp.Unrank(ranks[rng.IntN(len(ranks))])) {
			return nil
		}
	}
	return nil
}

// TooFewError says more distinct boards were asked for than there are.
type TooFewError struct {
	Shape    statespace.Shape
	Distance int    // -1: every board
	Count    uint64 // the boards there are
	Asked    uint64
}

func (e *TooFewError) Error() string {
	where := "in all"
	if e.Distance >= 0 {
		where = fmt.Sprintf("at distance %d", e.Distance)
	}
	return fmt.Sprintf("%d distinct boards asked for, and %s has %d %s", e.Asked, e.Shape, e.Count, where)
}
