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

// Random writes the answers for n boards drawn uniformly from those at
// exactly distance depth from the goal (from all boards when depth < 0),
// without repetition while there are enough of them (Table.Samples). The
// same seed gives the same boards. The boards stream out one by one, so
// memory does not grow with n, and ctx stops the draw. A note goes to
// out's error writer when n exceeds the boards there are.
//
// Without a distance table (o answers by search, or is nil), boards are
// drawn uniformly from all reachable boards of goal's space and written
// without answers (RecordWriter.Board), since solving each would cost a
// search; feeding them back to query solves them. A depth needs a table.
func Random(ctx context.Context, o Oracle, goal statespace.Board, n, depth int, seed uint64, out *RecordWriter) error {
	var t statespace.DistanceTable
	if o != nil {
		t = o.Source().Table
	}
	if t == nil {
		return randomBoards(ctx, goal, n, depth, seed, out)
	}
	if depth > t.Radius() {
		return fmt.Errorf("no boards at distance %d: the radius of %s goal %s is %d",
			depth, t.Space().Shape(), statespace.GoalName(o.Goal()), t.Radius())
	}
	if depth >= 0 && uint64(n) > t.Counts()[depth] {
		c := t.Counts()[depth]
		fmt.Fprintf(out.errw, "query: only %s %s at distance %d; the %d drawn repeat some\n",
			textfmt.Commas(c), textfmt.Plural(int(c), "board is", "boards are"), depth, n)
	}
	var werr error
	err := t.Draw(ctx, NewRand(seed), depth, n, func(b statespace.Board) bool {
		a, err := o.Answer(ctx, b, out.opts.WantsPath())
		if err == nil {
			err = out.Answer(a)
		}
		werr = err
		return err == nil
	})
	return cmp.Or(werr, err)
}

// Random draws n boards for the resolver's shape and goal as the function
// Random does: answered from the distance table when the shape has one
// (HasTable: a small one is built, a 12-cell or 2x7 one read from the
// cache), boards only otherwise, so drawing 15-puzzle boards (or 12-cell
// boards before their table is built) never starts a search. Without a
// shape (Config.Shape, a goal board or a table file) it draws 8-puzzle
// boards.
func (r *Resolver) Random(ctx context.Context, n, depth int, seed uint64, out *RecordWriter) error {
	shape := r.shape
	if shape == (statespace.Shape{}) {
		shape = statespace.Shape{Rows: 3, Cols: 3}
	}
	goal, err := statespace.ParseGoal(r.cfg.Goal, shape)
	if err != nil {
		return err
	}
	var o Oracle
	if r.HasTable(goal) {
		if o, err = r.For(ctx, shape); err != nil {
			return err
		}
	}
	return Random(ctx, o, goal, n, depth, seed, out)
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

// randomBoards writes n boards drawn uniformly from goal's space, boards
// only.
func randomBoards(ctx context.Context, goal statespace.Board, n, depth int, seed uint64, out *RecordWriter) error {
	if depth >= 0 {
		// A 12-cell shape has a table once it is built; larger ones have none.
		sp, err := statespace.NewSpace(goal)
		return &NoDepthTableError{Goal: goal, Buildable: err == nil && sp.Size() <= statespace.MaxEnumerate}
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return err
	}
	rng := NewRand(seed)
	for i := range n {
		if i&1023 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		if err := out.Board(sp.Random(rng)); err != nil {
			return err
		}
	}
	return nil
}

// Board writes the record of a board with no answer: a line with just the
// board in the plain format, {"board": …} in JSON, a row with only the
// board in CSV.
func (rw *RecordWriter) Board(b statespace.Board) error {
	rw.start()
	buf := rw.buf[:0]
	switch rw.opts.Format {
	case JSON:
		buf = append(buf, `{"board":"`...)
		buf = AppendBoard(buf, b)
		buf = append(buf, `"}`...)
	case CSV:
		buf = append(buf, '"')
		buf = AppendBoard(buf, b)
		buf = append(buf, `",,,,`...)
		if rw.opts.SearchColumns {
			buf = append(buf, ",,,"...)
		}
	default:
		buf = AppendBoard(buf, b)
	}
	buf = append(buf, '\n')
	rw.buf = buf
	_, err := rw.w.Write(buf)
	return err
}
