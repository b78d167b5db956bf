package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// A table read from a file says which file in every answer that finds it
// wrong, as *os.PathError names a file: a path a search found that
// contradicts it, a path replayed against it, a lazy walk that fails, a
// draw whose gathered level disagrees with the counts. Errors that are not
// about the table (a board of another shape, a distance beyond the
// radius) pass through unwrapped.
func TestTableOriginNamesFile(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	truth := fixture.TableFor(t, goal)
	f := fixture.CountKeepingForgery(t, truth, fixture.NewRand(37))
	const path = "/cache/2x4-last.tbl"
	tab := table.WithOrigin(f.Table, origin(path, goal))
	damagedAt := func(what string, err error) {
		t.Helper()
		var de *DamagedError
		if !errors.As(err, &de) || de.Path != path || de.Goal != goal || !strings.HasPrefix(err.Error(), path+" is damaged: ") {
			t.Errorf("%s: %v, want a *DamagedError naming %s", what, err, path)
		}
	}
	err := tab.CheckPath(f.Raised, f.D, "BFS", true)
	var ce *table.ContradictionError
	if !errors.As(err, &ce) || ce.TableDistance != f.D+2 || ce.PathLength != f.D {
		t.Errorf("CheckPath: %v, want the contradiction inside", err)
	}
	damagedAt("CheckPath", err)
	// The lazy table's Path replays its path, board by board, each
	// checked against its neighbours: the raised board's is refused.
	p, err := tab.Path(f.Raised)
	var re *table.ReplayError
	if !errors.As(err, &re) {
		t.Errorf("Path of the raised board: %v (%d moves), want a *table.ReplayError inside", err, len(p))
	}
	damagedAt("Path", err)
	if d, err := tab.Lookup(truth.Space().Goal()); err != nil || d != 0 {
		t.Errorf("the goal: %d, %v", d, err)
	}
	other := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	if _, err := tab.Lookup(other); err == nil || errors.As(err, new(*DamagedError)) {
		t.Errorf("a board of another shape: %v, want the space's error unwrapped", err)
	}
	// Draw gathers the levels up to the distance from the stored bits
	// and checks each against the counts: the forgery moved boards
	// between levels, so one of them disagrees.
	err = tab.Draw(context.Background(), fixture.NewRand(1), f.D+2, 1, func(statespace.Board) bool { return true })
	damagedAt("Draw", err)
	_, err = table.DrawOne(context.Background(), tab, fixture.NewRand(1), f.D+2)
	damagedAt("DrawOne", err)
	var rare *table.RareError
	if _, err := table.DrawOne(context.Background(), tab, fixture.NewRand(1), tab.Radius()+1); !errors.As(err, &rare) || errors.As(err, new(*DamagedError)) {
		t.Errorf("a distance beyond the radius: %v, want a *table.RareError unwrapped", err)
	}
}
