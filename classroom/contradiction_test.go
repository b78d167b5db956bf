package classroom

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// A table forged with its counts kept (two boards moved by two, one each
// way) answers the raised board two too high. Compare used to print
// "A* (Manhattan) … -2 moves over optimal" beside it; a search that beats
// the table proves the table wrong, so Compare and ExplainDFS refuse it
// with the board, the table's distance and the path's length. Seeded
// forgeries of the 2x4 table (the 3x4 case of the report, 36 read as 38,
// at a small size).
func TestSearchRefusesForgedTable(t *testing.T) {
	for _, shape := range []statespace.Shape{{Rows: 2, Cols: 4}, {Rows: 3, Cols: 3}} {
		goal := statespace.GoalLast(shape)
		truth := fixture.TableFor(t, goal)
		rng := fixture.NewRand(33)
		for i := range 6 - shape.Rows {
			f := fixture.CountKeepingForgery(t, truth, rng)
			what := shape.String() + " forgery " + itoaTest(i)
			_, err := Compare(bg, f.Raised, goal, f.Table, search.Limits{})
			var ce *table.ContradictionError
			if !errors.As(err, &ce) {
				t.Fatalf("%s: Compare on the raised board %s (truth %d, stored %d): %v; want a *table.ContradictionError", what, f.Raised, f.D, f.D+2, err)
			}
			if ce.Board != f.Raised || ce.TableDistance != f.D+2 || ce.PathLength != f.D {
				t.Errorf("%s: %+v, want board %s, table %d, path %d", what, ce, f.Raised, f.D+2, f.D)
			}
			if msg := err.Error(); !strings.Contains(msg, "the table is damaged") || !strings.Contains(msg, itoaTest(f.D)+" moves") {
				t.Errorf("%s: message %q", what, msg)
			}
			if i < 2 && shape.Cells() == 8 {
				// DFS expands most of the space, a walk of the bits each:
				// seconds on a lazy table.
				_, err = ExplainDFS(bg, f.Raised, f.Table, ExplainOptions{})
				var te *table.DamageError
				switch {
				case errors.As(err, &ce):
					if ce.Board != f.Raised || ce.TableDistance != f.D+2 || ce.PathLength >= f.D+2 {
						t.Errorf("%s: ExplainDFS on the raised board: %+v", what, ce)
					}
				case errors.As(err, &te): // a board DFS expanded does not walk
				default:
					t.Errorf("%s: ExplainDFS on the raised board: %v", what, err)
				}
			}
			// The lowered board: whatever the forged table answers, a wrong
			// distance is refused, by the table or by a search.
			d, lerr := f.Table.Lookup(f.Lowered)
			_, err = Compare(bg, f.Lowered, goal, f.Table, search.Limits{})
			var te *table.DamageError
			switch {
			case lerr == nil && d == f.D+2:
				if err != nil {
					t.Errorf("%s: the lowered board answered rightly, yet Compare: %v", what, err)
				}
			case errors.As(err, &ce), errors.As(err, &te):
			default:
				t.Errorf("%s: the lowered board %s (truth %d) answered %d, %v, and Compare took it: %v", what, f.Lowered, f.D+2, d, lerr, err)
			}
		}
	}
}

// The intact tables are never refused: every board of a sample compares
// and explains without a contradiction.
func TestSearchKeepsTrueTable(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	truth := fixture.TableFor(t, goal)
	lazy, err := table.OpenMod4(goal, truth.Counts(), table.Mod4Bytes(truth.Mod4Payload()))
	if err != nil {
		t.Fatal(err)
	}
	rng := fixture.NewRand(34)
	for range 12 {
		b := truth.Space().Unrank(rng.Uint64N(truth.States()))
		for _, tab := range []table.Interface{truth, lazy} {
			if _, err := Compare(bg, b, goal, tab, search.Limits{}); err != nil {
				t.Errorf("Compare %s: %v", b, err)
			}
		}
	}
}
