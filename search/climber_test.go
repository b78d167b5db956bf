package search

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// Hand-computed gain scores against 1 2 3 / 4 5 6 / 7 8 _ (the blank's
// goal cell is never scored). The goal: eight matched cells. One move from
// it (1 2 3 / 4 5 6 / 7 _ 8): seven cells hold their tiles and tile 8
// stands next to its cell (+0.5 with the adjacency bonus). On
// 8 6 7 / 2 5 4 / 3 _ 1 only 5 is home and no tile is next to its cell.
// On 2 1 3 / 4 5 6 / 7 8 _ six cells match and tiles 1 and 2 each stand
// next to their cells.
func TestGainScoreHandComputed(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	cases := []struct {
		board             string
		matched, adjacent float64
	}{
		{"1,2,3,4,5,6,7,8,0", 8, 8},
		{"1,2,3,4,5,6,7,0,8", 7, 7.5},
		{"8,6,7,2,5,4,3,0,1", 1, 1},
		{"2,1,3,4,5,6,7,8,0", 6, 7},
	}
	for i, c := range cases {
		b := mustParse(t, c.board)
		if got := gainScore(b, goal, ScoreMatched); got != c.matched {
			t.Errorf("case %d: gainScore(%s, matched) = %v, want %v", i, c.board, got, c.matched)
		}
		if got := gainScore(b, goal, ScoreAdjacent); got != c.adjacent {
			t.Errorf("case %d: gainScore(%s, adjacent) = %v, want %v", i, c.board, got, c.adjacent)
		}
	}
}

// plainClimb is the climber report's climber written from the tiles' side (each tile
// scores 1 on its goal cell and, with the adjacency bonus, 0.5 next to it),
// with boards as strings and a map for the walk. It detects a loop its own
// way: the forced walk is a function of the board and of how many boards
// have been seen, so a (board, seen count) pair met twice repeats for ever.
func plainClimb(start, goal statespace.Board, rule ClimberRule) (found bool, path []string, forced int) {
	sh := start.Shape()
	home := map[int]int{}
	for c := 0; c < goal.Cells(); c++ {
		home[goal.Tile(c)] = c
	}
	score := func(b statespace.Board) float64 {
		s := 0.0
		for c := 0; c < b.Cells(); c++ {
			t := b.Tile(c)
			if t == 0 {
				continue
			}
			h := home[t]
			dr, dc := sh.Row(c)-sh.Row(h), sh.Col(c)-sh.Col(h)
			switch {
			case dr == 0 && dc == 0:
				s += 1
			case dr*dr+dc*dc == 1 && rule.Score == ScoreAdjacent:
				s += 0.5
			}
		}
		return s
	}
	visited := map[string]bool{start.String(): true}
	type state struct {
		board string
		seen  int
	}
	forcedAt := map[state]bool{}
	cur := start
	for cur != goal {
		best, bestScore, name := statespace.Board{}, -1.0, ""
		first, firstName := statespace.Board{}, ""
		for _, m := range statespace.Moves {
			c, ok := cur.Apply(m)
			if !ok {
				continue
			}
			if firstName == "" {
				first, firstName = c, m.String()
			}
			if visited[c.String()] {
				continue
			}
			if s := score(c); s > bestScore {
				best, bestScore, name = c, s, m.String()
			}
		}
		if bestScore < 0 {
			if rule.Stuck == StuckStop {
				return false, path, forced
			}
			st := state{cur.String(), len(visited)}
			if forcedAt[st] {
				return false, path, forced
			}
			forcedAt[st] = true
			best, name = first, firstName
			forced++
		}
		cur = best
		visited[cur.String()] = true
		path = append(path, name)
	}
	return true, path, forced
}

// The climber agrees with the plain version move for move, under every
// reading, on random boards of two shapes; when it solves, the path
// replays. Under StuckFirstLegal some of the solved walks did make forced
// moves (else the rule would be untested).
func TestGainClimberMatchesPlain(t *testing.T) {
	solvedAfterForced := 0
	for _, goal := range []statespace.Board{statespace.GoalLast(sh33), statespace.GoalLast(sh24)} {
		tb := tableFor(t, goal)
		for i, b := range tb.Sample(newRand(3), -1, 60) {
			for _, rule := range []ClimberRule{{}, {Score: ScoreMatched}, {Stuck: StuckStop}, {Score: ScoreMatched, Stuck: StuckStop}} {
				r := must(GainClimber(bg, Problem{Start: b, Goal: goal}, rule))
				found, path, forced := plainClimb(b, goal, rule)
				wantStop := StopLoop
				if rule.Stuck == StuckStop {
					wantStop = StopStuck
				}
				if found && forced > 0 {
					solvedAfterForced++
				}
				if r.Found != found || (found && strings.Join(moveNames(r.Path), " ") != strings.Join(path, " ")) ||
					(!found && (r.StoppedBy != wantStop || (rule.Stuck == StuckStop && r.MaxSearchDepth != len(path)))) {
					t.Errorf("case %d (%v): %s: found %v after %d moves (%v); plain %v after %d",
						i, rule, b, r.Found, max(len(r.Path), r.MaxSearchDepth), r.StoppedBy, found, len(path))
				}
				if r.Found {
					replay(t, r.Algorithm, b, goal, r.Path)
				}
			}
		}
	}
	if solvedAfterForced == 0 {
		t.Error("no walk solved after a forced move: the first-legal rule went untested")
	}
}

func TestParseClimberFlags(t *testing.T) {
	for _, s := range []Score{ScoreAdjacent, ScoreMatched} {
		if got, err := ParseScore(s.String()); err != nil || got != s {
			t.Errorf("ParseScore(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []Stuck{StuckFirstLegal, StuckStop} {
		if got, err := ParseStuck(s.String()); err != nil || got != s {
			t.Errorf("ParseStuck(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseScore("blank"); err == nil {
		t.Error("ParseScore accepted blank")
	}
	if _, err := ParseStuck(""); err == nil {
		t.Error("ParseStuck accepted the empty string")
	}
}
