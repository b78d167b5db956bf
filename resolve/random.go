package resolve

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// DefaultSeed is the seed of Random when none is given, so that runs
// without -seed repeat.
const DefaultSeed = 1

// NewRand returns the generator Random draws with: PCG seeded with
// (seed, seed).
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }

// Random draws n boards of the resolver's shape and goal (Goal; the
// 8-puzzle's when it has no shape) and calls each with every board in
// turn. When the goal has a distance table (HasTable: a small one is
// built, a 12-cell or 2x7 one read from the cache) the boards are drawn
// uniformly from those at exactly distance depth (from all boards when
// depth < 0), without repetition while there are enough of them
// (Table.Samples), and each comes with its answer (its path with
// withPath). Otherwise they are drawn uniformly from every reachable
// board and come alone (a nil answer): solving each would cost a search,
// so drawing 15-puzzle boards never starts one; a depth then gives a
// *NoDepthTableError. The same seed gives the same boards; they stream
// one by one, so memory does not grow with n, and ctx stops the draw. A
// note goes to Config.Log when n exceeds the boards at depth.
func (r *Resolver) Random(ctx context.Context, n, depth int, seed uint64, withPath bool, each func(statespace.Board, *Answer) error) error {
	shape := r.shape
	if shape == (statespace.Shape{}) {
		shape = statespace.Shape{Rows: 3, Cols: 3}
	}
	goal, err := r.Goal(shape)
	if err != nil {
		return err
	}
	if !r.HasTable(goal) {
		return randomBoards(ctx, goal, n, depth, seed, each)
	}
	o, err := r.Oracle(ctx, goal)
	if err != nil {
		return err
	}
	t := o.Source().Table
	if t == nil {
		return randomBoards(ctx, goal, n, depth, seed, each)
	}
	if depth > t.Radius() {
		return fmt.Errorf("no boards at distance %d: the radius of %s goal %s is %d",
			depth, t.Space().Shape(), statespace.GoalName(goal), t.Radius())
	}
	if depth >= 0 && uint64(n) > t.Counts()[depth] {
		c := t.Counts()[depth]
		fmt.Fprintf(r.cfg.Log, "only %s %s at distance %d; the %d drawn repeat some\n",
			textfmt.Commas(c), textfmt.Plural(int(c), "board is", "boards are"), depth, n)
	}
	var werr error
	err = t.Draw(ctx, NewRand(seed), depth, n, func(b statespace.Board) bool {
		a, err := o.Answer(ctx, b, Want{Path: withPath})
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
		return &NoDepthTableError{Goal: goal, Buildable: err == nil && sp.Size() <= statespace.MaxEnumerate}
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
