package search

import "github.com/tilespace/tilespace/statespace"

// GainScore is seed 003's gain score of b for goal: 1.0 for each cell
// whose goal tile is not the blank and which holds that tile, and 0.5 for
// each such cell whose goal tile stands on an orthogonally adjacent cell.
// With countBlank, the goal's blank cell scores the same way for the blank
// (the seed's text can be read either way; see GreedyStats).
func GainScore(b, goal statespace.Board, countBlank bool) float64 {
	sh := b.Shape()
	score := 0.0
	for c, n := 0, b.Cells(); c < n; c++ {
		t := goal.Tile(c)
		if t == 0 && !countBlank {
			continue
		}
		if b.Tile(c) == t {
			score += 1
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

// GainClimber is seed 003's greedy climber: from the current board it
// scores every child with GainScore and moves to the best one, ties going
// to the first in Up, Down, Left, Right order; a child equal to any board
// already on its walk is not allowed. It fails (StoppedBy "stuck") when no
// move is left, and stops at the node limit (one expansion per move).
// Expanded counts moves made; the frontier is the allowed children of the
// current board; PeakBytes counts the walk (9 bytes a step) and its
// visited set (8 bytes a board).
func GainClimber(p Problem) Result {
	return climb(p, "Gain climber", false)
}

// GainClimberCountingBlank is GainClimber with the blank's goal cell
// scored too (the other reading of the seed).
func GainClimberCountingBlank(p Problem) Result {
	return climb(p, "Gain climber (blank counted)", true)
}

func climb(p Problem, name string, countBlank bool) Result {
	r, res := start(p, name)
	if r == nil {
		return res
	}
	b := p.Start
	seen := newKeySet(0)
	seen.add(b.Packed())
	var path []statespace.Move
	r.frontier(1)
	r.bytes(visitedEntryBytes + pathEntryBytes)
	for b != p.Goal {
		if r.stop() {
			return r.done()
		}
		r.expand(b, len(path))
		bestScore, bestMove, allowed := -1.0, statespace.Move(0), 0
		var bestBoard statespace.Board
		for _, m := range statespace.Moves {
			c, ok := b.Apply(m)
			if !ok {
				continue
			}
			r.res.Generated++
			if seen.has(c.Packed()) {
				continue
			}
			allowed++
			if s := GainScore(c, p.Goal, countBlank); s > bestScore {
				bestScore, bestMove, bestBoard = s, m, c
			}
		}
		r.frontier(int64(allowed))
		if allowed == 0 {
			r.res.StoppedBy = StoppedStuck // the walk's length is MaxSearchDepth
			return r.done()
		}
		b = bestBoard
		seen.add(b.Packed())
		path = append(path, bestMove)
		r.depth(len(path))
		r.bytes(int64(seen.len())*visitedEntryBytes + int64(len(path)+1)*pathEntryBytes)
	}
	r.found(path)
	return r.done()
}
