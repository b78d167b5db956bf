package resolve

import (
	"context"
	"errors"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// query -path replays its path against the table: on a forged table whose
// counts are kept (a board two too high, another two too low), the
// raised board's answer with a path is refused as damage, not answered
// two too high; an intact table's paths replay.
func TestPathReplayRefusesForgedTable(t *testing.T) {
	ctx := context.Background()
	for _, shape := range []statespace.Shape{{Rows: 2, Cols: 4}, {Rows: 3, Cols: 3}} {
		goal := statespace.GoalLast(shape)
		truth := fixture.TableFor(t, goal)
		rng := fixture.NewRand(36)
		for i := range 8 {
			f := fixture.CountKeepingForgery(t, truth, rng)
			o := NewTableOracle(f.Table, "forged.tbl")
			a, err := o.Answer(ctx, f.Raised, Want{Path: true})
			var te *table.DamageError
			if !errors.As(err, &te) {
				t.Errorf("%s forgery %d: board %s (truth %d) answered %d with a path of %d moves: %v; want a *table.DamageError",
					shape, i, f.Raised, f.D, a.Distance, len(a.Path), err)
			}
			// Without a path the answer is the walk's (WithAnswerChecks
			// is the opt-in check of those).
			if a, err := o.Answer(ctx, f.Raised, Want{}); err != nil || a.Distance != f.D+2 {
				t.Errorf("%s forgery %d: without a path: %d, %v", shape, i, a.Distance, err)
			}
		}
		lazy, err := table.OpenMod4(goal, truth.Counts(), table.Mod4Bytes(truth.Mod4Payload()))
		if err != nil {
			t.Fatal(err)
		}
		for _, tab := range []table.Interface{truth, lazy} {
			o := NewTableOracle(tab, "true")
			for range 50 {
				b := truth.Space().Unrank(rng.Uint64N(truth.States()))
				a, err := o.Answer(ctx, b, Want{Path: true})
				if err != nil || a.Distance != fixture.Dist(t, truth, b) || len(a.Path) != a.Distance {
					t.Errorf("intact table, %s: %d (%d moves), %v; truth %d", b, a.Distance, len(a.Path), err, fixture.Dist(t, truth, b))
				}
			}
		}
	}
}
