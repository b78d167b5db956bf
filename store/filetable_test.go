package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// A table read from a file says which file in every answer that finds it
// wrong, as *os.PathError names a file: a path a search found that
// contradicts it, a replayed path, a lazy walk that fails. Errors that are
// not about the table (a board of another shape) pass through unwrapped.
func TestFileTableWrapsDamage(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	truth := fixture.TableFor(t, goal)
	f := fixture.CountKeepingForgery(t, truth, fixture.NewRand(37))
	const path = "/cache/2x4-last.tbl"
	tab := &fileTable{DistanceTable: f.Table, path: path, goal: goal}
	damagedAt := func(what string, err error) {
		t.Helper()
		var de *DamagedError
		if !errors.As(err, &de) || de.Path != path || de.Goal != goal || !strings.HasPrefix(err.Error(), path+" is damaged: ") {
			t.Errorf("%s: %v, want a *DamagedError naming %s", what, err, path)
		}
	}
	err := tab.CheckPath(f.Raised, f.D, "BFS", true)
	var ce *statespace.TableContradictionError
	if !errors.As(err, &ce) || ce.TableDistance != f.D+2 || ce.PathLength != f.D {
		t.Errorf("CheckPath: %v, want the contradiction inside", err)
	}
	damagedAt("CheckPath", err)
	path2, perr := truth.Path(f.Raised)
	if perr != nil {
		t.Fatal(perr)
	}
	damagedAt("ReplayPath", tab.ReplayPath(f.Raised, f.D+2, path2))
	damagedAt("WithAnswerChecks", tab.WithAnswerChecks().ReplayPath(f.Raised, f.D+2, path2))
	if d, err := tab.Lookup(truth.Space().Goal()); err != nil || d != 0 {
		t.Errorf("the goal: %d, %v", d, err)
	}
	other := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	if _, err := tab.Lookup(other); err == nil || errors.As(err, new(*DamagedError)) {
		t.Errorf("a board of another shape: %v, want the space's error unwrapped", err)
	}
	if _, err := tab.Expand(context.Background()); err == nil {
		t.Error("Expand of the forged bits succeeded")
	} else {
		damagedAt("Expand", err)
	}
}
