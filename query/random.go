package query

import (
	"context"
	"fmt"
	"github.com/tilespace/tilespace/internal/textfmt"
	"math/rand/v2"

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
// without repetition while there are enough of them (Table.Sample). The
// same seed gives the same boards. It needs a distance table. A note goes
// to out's error writer when n exceeds the boards there are.
func Random(ctx context.Context, o Oracle, n, depth int, seed uint64, out *RecordWriter) error {
	to, ok := o.(*TableOracle)
	if !ok {
		return fmt.Errorf("random boards need a distance table, and %s goal %s has none",
			o.Goal().Shape(), statespace.GoalName(o.Goal()))
	}
	t := to.Table
	if depth > t.Radius() {
		return fmt.Errorf("no boards at distance %d: the radius of %s goal %s is %d",
			depth, t.Space().Shape(), statespace.GoalName(o.Goal()), t.Radius())
	}
	if depth >= 0 && uint64(n) > t.Counts()[depth] {
		c := t.Counts()[depth]
		fmt.Fprintf(out.errw, "query: only %s %s at distance %d; the %d drawn repeat some\n",
			textfmt.Commas(c), textfmt.Plural(int(c), "board is", "boards are"), depth, n)
	}
	for _, b := range t.Sample(NewRand(seed), depth, n) {
		a, err := o.Answer(ctx, b, out.opts.WantsPath())
		if err != nil {
			return err
		}
		if err := out.Answer(a); err != nil {
			return err
		}
	}
	return nil
}
