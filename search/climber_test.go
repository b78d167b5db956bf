package search

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// Hand-computed gain scores against 1 2 3 / 4 5 6 / 7 8 _. One move from
// the goal (1 2 3 / 4 5 6 / 7 _ 8): seven cells hold their tiles (7.0) and
// tile 8 stands next to its cell (0.5); counting the blank's goal cell, the
// blank next to it adds 0.5. On 8 6 7 / 2 5 4 / 3 _ 1 only 5 is home and
// no tile is next to its cell; the blank's goal cell has the blank next to
// it.
func TestGainScoreHandComputed(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	cases := []struct {
		board            string
		score, withBlank float64
	}{
		{"1,2,3,4,5,6,7,8,0", 8, 9},
		{"1,2,3,4,5,6,7,0,8", 7.5, 8},
		{"8,6,7,2,5,4,3,0,1", 1, 1.5},
	}
	for i, c := range cases {
		b := mustParse(t, c.board)
		if got := GainScore(b, goal, false); got != c.score {
			t.Errorf("case %d: GainScore(%s) = %v, want %v", i, c.board, got, c.score)
		}
		if got := GainScore(b, goal, true); got != c.withBlank {
			t.Errorf("case %d: GainScore(%s, blank) = %v, want %v", i, c.board, got, c.withBlank)
		}
	}
}

// plainClimb is seed 003's climber written from the tiles' side: each tile
// scores 1 on its goal cell and 0.5 next to it.
func plainClimb(start, goal statespace.Board, countBlank bool) (bool, []string) {
	sh := start.Shape()
	home := map[int]int{}
	for c := 0; c < goal.Cells(); c++ {
		home[goal.Tile(c)] = c
	}
	score := func(b statespace.Board) float64 {
		s := 0.0
		for c := 0; c < b.Cells(); c++ {
			t := b.Tile(c)
			if t == 0 && !countBlank {
				continue
			}
			h := home[t]
			dr, dc := sh.Row(c)-sh.Row(h), sh.Col(c)-sh.Col(h)
			switch {
			case dr == 0 && dc == 0:
				s += 1
			case dr*dr+dc*dc == 1:
				s += 0.5
			}
		}
		return s
	}
	visited := map[string]bool{start.String(): true}
	var path []string
	cur := start
	for cur != goal {
		best, bestScore, name := statespace.Board{}, -1.0, ""
		for _, m := range statespace.Moves {
			c, ok := cur.Apply(m)
			if !ok || visited[c.String()] {
				continue
			}
			if s := score(c); s > bestScore {
				best, bestScore, name = c, s, m.String()
			}
		}
		if bestScore < 0 {
			return false, path
		}
		cur = best
		visited[cur.String()] = true
		path = append(path, name)
	}
	return true, path
}

// The climber agrees with the plain version move for move, under both
// readings of the score, on random boards of two shapes; when it solves,
// the path replays.
func TestGainClimberMatchesPlain(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(sh33), statespace.GoalLast(sh24)} {
		tb := tableFor(t, goal)
		for i, b := range tb.Sample(newRand(3), -1, 60) {
			for _, blank := range []bool{false, true} {
				p := Problem{Start: b, Goal: goal}
				r := GainClimber(p)
				if blank {
					r = GainClimberCountingBlank(p)
				}
				found, path := plainClimb(b, goal, blank)
				if r.Found != found || (found && strings.Join(moveNames(r.Path), " ") != strings.Join(path, " ")) ||
					(!found && (r.StoppedBy != StoppedStuck || r.MaxSearchDepth != len(path))) {
					t.Errorf("case %d (blank %v): %s: found %v after %d moves (%q); plain %v after %d",
						i, blank, b, r.Found, max(len(r.Path), r.MaxSearchDepth), r.StoppedBy, found, len(path))
				}
				if r.Found {
					replay(t, r.Algorithm, b, goal, r.Path)
				}
			}
		}
	}
}
