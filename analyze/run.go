package analyze

import (
	"context"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// ProgressFunc receives a long step's progress: what is being done (the
// distances, or a heuristic's name), how much of it, and of how much.
type ProgressFunc func(stage string, done, total uint64)

// Profiles computes the distances of every board of goal's space and the
// profile of each named heuristic (NewHeuristics' names; none names
// DefaultHeuristics'). It returns a *table.TooManyBoardsError for a space of more
// than MaxStates boards.
func Profiles(ctx context.Context, goal statespace.Board, names []string, progress ProgressFunc) (*Levels, []*Profile, error) {
	sp, err := ProfileSpace(goal)
	if err != nil {
		return nil, nil, err
	}
	if len(names) == 0 {
		names = DefaultHeuristics(goal)
	}
	hs, err := NewHeuristics(ctx, goal, names)
	if err != nil {
		return nil, nil, err
	}
	return ProfileHeuristics(ctx, sp, hs, progress)
}

// ProfileSpace returns goal's space when the analyzer can profile it (at
// most MaxStates boards), a *table.TooManyBoardsError otherwise.
func ProfileSpace(goal statespace.Board) (*statespace.Space, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	if !sp.Counted() || sp.Size() > MaxStates {
		return nil, &table.TooManyBoardsError{Shape: goal.Shape(), States: sp.Size(), Max: MaxStates, To: analyzeAll}
	}
	return sp, nil
}

// ProfileHeuristics computes the distances of every board of sp (from
// ProfileSpace) and the profile of each heuristic: built-in ones
// (NewHeuristics), values read from a file (Values), or any
// pdb.Heuristic, such as a Go function's (HeuristicFunc).
func ProfileHeuristics(ctx context.Context, sp *statespace.Space, hs []Heuristic, progress ProgressFunc) (*Levels, []*Profile, error) {
	var levels table.Progress
	if progress != nil {
		levels = func(_ int, reached, total uint64) { progress("distances", reached, total) }
	}
	lv, err := Distances(ctx, sp, levels)
	if err != nil {
		return nil, nil, err
	}
	var each func(int, uint64)
	if progress != nil {
		each = func(i int, done uint64) { progress(hs[i].Name, done, sp.Size()) }
	}
	ps, err := Run(ctx, sp, lv, hs, each)
	return lv, ps, err
}

// HeuristicFunc is a heuristic written as a Go function of a board; it
// satisfies pdb.Heuristic. The profile calls it from several goroutines.
type HeuristicFunc func(statespace.Board) int

// Distance returns f(b).
func (f HeuristicFunc) Distance(b statespace.Board) int { return f(b) }
