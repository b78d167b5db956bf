package resolve

import (
	"context"
	"errors"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/statespace"
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
			var te *statespace.TableError
			if !errors.As(err, &te) {
				t.Errorf("%s forgery %d: board %s (truth %d) answered %d with a path of %d moves: %v; want a *statespace.TableError",
					shape, i, f.Raised, f.D, a.Distance, len(a.Path), err)
			}
			// Without a path the answer is the walk's (WithAnswerChecks
			// is the opt-in check of those).
			if a, err := o.Answer(ctx, f.Raised, Want{}); err != nil || a.Distance != f.D+2 {
				t.Errorf("%s forgery %d: without a path: %d, %v", shape, i, a.Distance, err)
			}
		}
		lazy, err := statespace.OpenMod4Table(goal, truth.Counts(), statespace.Mod4Bytes(fixture.Payload(t, truth)))
		if err != nil {
			t.Fatal(err)
		}
		for _, tab := range []statespace.DistanceTable{truth, lazy} {
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

// ReplayPath names the step and the distances where a path does not fall
// by one: a path with a move added is refused at the board that does not
// hold its distance.
func TestReplayPathNamesStep(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	truth := fixture.TableFor(t, goal)
	b := truth.Space().Unrank(1234)
	path, err := truth.Path(b)
	if err != nil {
		t.Fatal(err)
	}
	d := len(path)
	if err := truth.ReplayPath(b, d, path); err != nil {
		t.Fatalf("an optimal path: %v", err)
	}
	// Claim one more move than the table holds: step 0 is off by one.
	err = truth.ReplayPath(b, d+1, path)
	var re *statespace.PathReplayError
	if !errors.As(err, &re) || re.Step != 0 || re.Want != d+1 || re.Got != d || re.At != b {
		t.Errorf("distance claimed one too high: %v (%+v)", err, re)
	}
	// A path that goes back and forth: after the move back, step 2 is b
	// again, at d, not d-2.
	back := append([]statespace.Move{path[0], path[0].Opposite()}, path...)
	err = truth.ReplayPath(b, d, back)
	if !errors.As(err, &re) || re.Step != 2 || re.Want != d-2 || re.Got != d || re.At != b {
		t.Errorf("a path of %d moves back and forth: %v (%+v)", len(back), err, re)
	}
}
