package resolve

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
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
// distance when it is negative), by the generator of Seed (NewRand); Want
// is what each answer holds; Log, when set, receives a note when N
// exceeds the boards at Depth.
type Draw struct {
	N     int
	Depth int
	Seed  uint64
	Want  Want
	Log   io.Writer
}

// Random draws d.N boards of goal and calls each with every board in
// turn. When o, goal's oracle, answers from a distance table (callers pass
// it when Resolver.HasTable says there is one, so that drawing never
// starts a search) the boards are drawn uniformly from those at exactly
// distance d.Depth, without repetition while there are enough of them
// (table.Samples), and each comes with its answer. Otherwise (o nil
// or a search) they are drawn uniformly from every reachable board and
// come alone (a nil answer): solving each would cost a search; a depth
// then gives a *NoDepthTableError. The same seed gives the same boards;
// they stream one by one, so memory does not grow with d.N, and ctx stops
// the draw.
func Random(ctx context.Context, goal statespace.Board, o Oracle, d Draw, each func(statespace.Board, *Answer) error) error {
	t := TableOf(o)
	if t == nil {
		return randomBoards(ctx, goal, d.N, d.Depth, d.Seed, each)
	}
	n, depth := d.N, d.Depth
	if depth > t.Radius() {
		return fmt.Errorf("no boards at distance %d: the radius of %s goal %s is %d",
			depth, t.Space().Shape(), statespace.GoalName(goal), t.Radius())
	}
	if depth >= 0 && uint64(n) > t.Counts()[depth] && d.Log != nil {
		c := t.Counts()[depth]
		fmt.Fprintf(d.Log, "only %s %s at distance %d; the %d drawn repeat some\n",
			textfmt.Commas(c), textfmt.Plural(int(c), "board is", "boards are"), depth, n)
	}
	var werr error
	err := t.Draw(ctx, NewRand(d.Seed), depth, n, func(b statespace.Board) bool {
		a, err := o.Answer(ctx, b, d.Want)
		if err == nil {
			err = each(b, &a)
		}
		werr = err
		return err == nil
	})
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

// randomBoards calls each with n boards drawn uniformly from goal's
// space, without answers.
func randomBoards(ctx context.Context, goal statespace.Board, n, depth int, seed uint64, each func(statespace.Board, *Answer) error) error {
	sp, err := statespace.NewSpace(goal)
	if depth >= 0 {
		// A 12-cell shape has a table once it is built; larger ones have none.
		return &NoDepthTableError{Goal: goal, Buildable: err == nil && sp.Size() <= table.MaxEnumerate}
	}
	if err != nil {
		return err
	}
	rng := NewRand(seed)
	for i := range n {
		if i&1023 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		if err := each(sp.Random(rng), nil); err != nil {
			return err
		}
	}
	return nil
}
