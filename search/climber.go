package search

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/statespace"
)

// Score is how the climber report's climber scores a board.
type Score int

const (
	// ScoreAdjacent, the climber report's improved score: 1.0 for each cell holding
	// its goal tile, 0.5 for each cell whose goal tile stands on an
	// orthogonally adjacent cell.
	ScoreAdjacent Score = iota
	// ScoreMatched, the climber report's first score: 1.0 for each matched cell.
	ScoreMatched
)

// String is the score's flag value: "adjacent" or "matched".
func (s Score) String() string {
	switch s {
	case ScoreAdjacent:
		return "adjacent"
	case ScoreMatched:
		return "matched"
	}
	return fmt.Sprintf("Score(%d)", int(s))
}

// Stuck is what the climber report's climber does when every legal move leads to a
// board already on its walk.
type Stuck int

const (
	// StuckFirstLegal makes the first legal move in Up, Down, Left, Right
	// order anyway, so that board recurs on the walk; the walk fails
	// (StopLoop) once it only goes round boards it has seen. This is the
	// reading that reproduces the climber report's figures.
	StuckFirstLegal Stuck = iota
	// StuckStop gives up (StopStuck).
	StuckStop
)

// String is the rule's flag value: "first-legal" or "stop".
func (s Stuck) String() string {
	switch s {
	case StuckFirstLegal:
		return "first-legal"
	case StuckStop:
		return "stop"
	}
	return fmt.Sprintf("Stuck(%d)", int(s))
}

// ParseScore reads "adjacent" or "matched".
func ParseScore(text string) (Score, error) {
	for _, s := range []Score{ScoreAdjacent, ScoreMatched} {
		if text == s.String() {
			return s, nil
		}
	}
	return 0, fmt.Errorf("score %q: want adjacent or matched", text)
}

// ParseStuck reads "first-legal" or "stop".
func ParseStuck(text string) (Stuck, error) {
	for _, s := range []Stuck{StuckFirstLegal, StuckStop} {
		if text == s.String() {
			return s, nil
		}
	}
	return 0, fmt.Errorf("stuck rule %q: want first-legal or stop", text)
}

// ClimberRule is one reading of the climber report's climber; the zero value is the
// default reading (ScoreAdjacent, StuckFirstLegal).
type ClimberRule struct {
	Score Score
	Stuck Stuck
}

// String names the reading, e.g. "adjacent, first-legal".
func (c ClimberRule) String() string { return c.Score.String() + ", " + c.Stuck.String() }

// gainScore is the climber report's gain score of b for goal under s. The goal's
// blank cell is not scored.
func gainScore(b, goal statespace.Board, s Score) float64 {
	sh := b.Shape()
	score := 0.0
	for c, n := 0, b.Cells(); c < n; c++ {
		t := goal.Tile(c)
		if t == 0 {
			continue
		}
		if b.Tile(c) == t {
			score++
			continue
		}
		if s != ScoreAdjacent {
			continue
		}
		for _, m := range statespace.Moves {
			if nb, ok := sh.Neighbor(c, m); ok && b.Tile(nb) == t {
				score += 0.5
				break
			}
		}
	}
	return score
}

// GainClimber is the climber report's greedy climber: from the current board it
// scores every child not yet on its walk with gainScore and moves to the
// best one, ties going to the first in Up, Down, Left, Right order. When
// every child is on the walk already, rule.Stuck decides: StuckStop fails
// (StopStuck), StuckFirstLegal takes the first legal move and carries on.
// A walk that has made more moves in a row onto seen boards than it has
// seen boards is going round a cycle for ever (its choices depend only on
// the board it stands on while the seen set does not grow), and fails with
// StopLoop. It stops at the node limit (one expansion per move).
//
// Expanded counts moves made; MaxSearchDepth is the walk's length; the
// frontier is the allowed children of the current board; PeakBytes counts
// the walk (17 bytes a step) and its visited set (16 bytes a board).
func GainClimber(ctx context.Context, p Problem, rule ClimberRule) (Result, error) {
	name := "Gain climber"
	if rule != (ClimberRule{}) {
		name += " (" + rule.String() + ")"
	}
	r, res, err := start(ctx, p, name)
	if r == nil {
		return res, err
	}
	b := p.Start
	seen := newKeySet(0, &r.mem)
	seen.add(b.Packed())
	var path []statespace.Move
	sinceNew := 0 // moves in a row onto seen boards
	r.frontier(1)
	r.account(seen.growth(1) + sliceGrowth(path, 1))
	for b != p.Goal {
		if r.stop() {
			return r.done()
		}
		r.expand(b, len(path))
		bestScore, bestMove, allowed := -1.0, statespace.Move(0), 0
		var bestBoard, firstBoard statespace.Board
		firstMove := statespace.Move(0)
		for _, m := range statespace.Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			r.res.Generated++
			if firstBoard.IsZero() {
				firstBoard, firstMove = c, m
			}
			if seen.has(c.Packed()) {
				continue
			}
			allowed++
			if s := gainScore(c, p.Goal, rule.Score); s > bestScore {
				bestScore, bestMove, bestBoard = s, m, c
			}
		}
		r.expanded(int64(allowed))
		if allowed == 0 {
			if rule.Stuck == StuckStop {
				r.res.StoppedBy = StopStuck
				return r.done()
			}
			if sinceNew++; sinceNew > seen.len() {
				r.res.StoppedBy = StopLoop
				return r.done()
			}
			bestBoard, bestMove = firstBoard, firstMove
		} else {
			sinceNew = 0
		}
		b = bestBoard
		seen.add(b.Packed())
		path = append(growSlice(path, &r.mem), bestMove)
		r.depth(len(path))
		r.account(seen.growth(1) + sliceGrowth(path, 1))
	}
	r.found(path)
	return r.done()
}
