package resolve

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// DefaultSeed is the seed of Random when none is given, so that runs
// without -seed repeat.
const DefaultSeed = 1

// NewRand returns the generator Random draws with: PCG seeded with
// (seed, seed).
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }

// Draw says what Random draws: N boards, at distance Depth (from every
// distance when it is negative), by the generator of Seed (NewRand):
// independently (with replacement), or, when Distinct, without
// replacement; Want is what each answer holds.
type Draw struct {
	N        int
	Depth    int
	Seed     uint64
	Distinct bool
	Want     Want
}

// Random draws d.N boards of goal and calls each with every board in
// turn, in the order drawn. Each board is drawn uniformly and
// independently, or, with d.Distinct, uniformly among those not drawn yet
// (a *table.TooFewError when d.N exceeds the boards there are). When o,
// goal's oracle, answers from a distance table (callers pass it when
// Resolver.HasTable says there is one, so that drawing never starts a
// search) the boards are drawn from those at exactly distance d.Depth
// (table.Table.Choose and Draw), and each comes with its answer.
// Otherwise (o nil or a search) they are drawn from every reachable board
// and come alone (a nil answer): solving each would cost a search; a
// depth then gives a *NoDepthTableError. The same seed gives the same
// boards; they stream one by one, so memory does not grow with d.N, and
// ctx stops the draw.
func Random(ctx context.Context, goal statespace.Board, o Oracle, d Draw, each func(statespace.Board, *Answer) error) error {
	t := TableOf(o)
	if t == nil {
		return randomBoards(ctx, goal, d, each)
	}
	n, depth := d.N, d.Depth
	if depth > t.Radius() {
		return fmt.Errorf("no boards at distance %d: the radius of %s goal %s is %d",
			depth, t.Space().Shape(), statespace.GoalName(goal), t.Radius())
	}
	var werr error
	yield := func(b statespace.Board) bool {
		a, err := o.Answer(ctx, b, d.Want)
		if err == nil {
			err = each(b, &a)
		}
		werr = err
		return err == nil
	}
	var err error
	if d.Distinct {
		have := t.Space().Size()
		if depth >= 0 {
			have = t.Counts()[depth]
		}
		if uint64(n) > have {
			return &table.TooFewError{Shape: t.Space().Shape(), Distance: max(depth, -1), Count: have, Asked: uint64(n)}
		}
		err = t.Draw(ctx, NewRand(d.Seed), depth, n, yield)
	} else {
		err = t.Choose(ctx, NewRand(d.Seed), depth, n, yield)
	}
	return cmp.Or(werr, err)
}

// NoDepthTableError says boards at a given distance were asked for a goal
// without a distance table: one not built yet (Buildable) or one too large
// to tabulate.
type NoDepthTableError struct {
	Goal      statespace.Board
	Buildable bool
}

// Kind is errkind.Missing.
func (*NoDepthTableError) Kind() errkind.Kind { return errkind.Missing }

func (e *NoDepthTableError) Error() string {
	why := "only boards of at most 12 cells are tabulated"
	if e.Buildable {
		why = "it is not built"
	}
	return fmt.Sprintf("boards at a given distance need the distance table of %s goal %s, which it has none of (%s)",
		e.Goal.Shape(), statespace.GoalName(e.Goal), why)
}

// randomBoards calls each with d.N boards drawn uniformly from goal's
// space, without answers: independently, or distinct with d.Distinct
// (redrawing a board drawn before).
func randomBoards(ctx context.Context, goal statespace.Board, d Draw, each func(statespace.Board, *Answer) error) error {
	sp, err := statespace.NewSpace(goal)
	if d.Depth >= 0 {
		// A 12-cell shape has a table once it is built; larger ones have none.
		return &NoDepthTableError{Goal: goal, Buildable: err == nil && sp.Size() <= table.MaxEnumerate}
	}
	if err != nil {
		return err
	}
	if d.Distinct && sp.Counted() && uint64(d.N) > sp.Size() {
		return &table.TooFewError{Shape: sp.Shape(), Distance: -1, Count: sp.Size(), Asked: uint64(d.N)}
	}
	var seen map[statespace.Board]bool
	if d.Distinct {
		seen = make(map[statespace.Board]bool)
	}
	rng := NewRand(d.Seed)
	for i := 0; i < d.N; {
		if i&1023 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		b := sp.Random(rng)
		if seen != nil {
			if seen[b] {
				continue
			}
			seen[b] = true
		}
		if err := each(b, nil); err != nil {
			return err
		}
		i++
	}
	return nil
}
