package analyze

import (
	"context"
	"math"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// mapBFS is the plain breadth-first search the tests trust: boards in a
// map, children by Board.Apply.
func mapBFS(goal statespace.Board) map[statespace.Board]int {
	dist := map[statespace.Board]int{goal: 0}
	queue := []statespace.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, m := range statespace.Moves {
			if c, ok := b.Apply(m); ok {
				if _, seen := dist[c]; !seen {
					dist[c] = dist[b] + 1
					queue = append(queue, c)
				}
			}
		}
	}
	return dist
}

func testGoals(t *testing.T) []statespace.Board {
	t.Helper()
	var goals []statespace.Board
	for _, s := range []statespace.Shape{{Rows: 2, Cols: 3}, {Rows: 2, Cols: 4}} {
		goals = append(goals, statespace.GoalLast(s), statespace.GoalFirst(s))
	}
	goals = append(goals, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	odd, err := statespace.Parse("1,2,3,4,0,5,6,7,8", statespace.Shape{Rows: 3, Cols: 3})
	if err != nil {
		t.Fatal(err)
	}
	return append(goals, odd)
}

func TestDistancesMatchMapBFS(t *testing.T) {
	for _, goal := range testGoals(t) {
		sp := statespace.MustSpace(goal)
		lv, err := Distances(context.Background(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := mapBFS(goal)
		if uint64(len(want)) != lv.States() {
			t.Fatalf("%s goal %s: %d boards by map, %d by rank", goal.Shape(), goal, len(want), lv.States())
		}
		counts := map[int]uint64{}
		for b, d := range want {
			counts[d]++
			if got := lv.At(sp.Rank(b)); got != d {
				t.Fatalf("%s goal %s: board %s at %d, want %d", goal.Shape(), goal, b, got, d)
			}
		}
		if len(lv.Counts()) != len(counts) || lv.Radius() != len(counts)-1 {
			t.Fatalf("%s: radius %d, want %d", goal.Shape(), lv.Radius(), len(counts)-1)
		}
		for d, c := range lv.Counts() {
			if counts[d] != c {
				t.Errorf("%s: %d boards at %d, want %d", goal.Shape(), c, d, counts[d])
			}
		}
	}
}

// recount is a profile computed the plain way: every board of the map
// BFS, every move, the heuristic called on each board.
type recount struct {
	joint        map[[2]int]uint64
	inadmissible uint64
	firstBad     statespace.Board
	firstRank    uint64
	edges, jumps uint64
	maxJump      int
	eta, ratio   float64
	exact, sumH  uint64
	gaps         map[int]uint64
	jumpRank     uint64
	jumpBoard    statespace.Board
	jumpMove     statespace.Move
	states       uint64
}

func recountProfile(sp *statespace.Space, dist map[statespace.Board]int, h pdb.Heuristic, b float64) recount {
	rc := recount{joint: map[[2]int]uint64{}, gaps: map[int]uint64{}, firstRank: math.MaxUint64, jumpRank: math.MaxUint64, maxJump: -1}
	seenEdge := map[[2]statespace.Board]bool{}
	for bd, hs := range dist {
		v := h.Distance(bd)
		rc.states++
		rc.joint[[2]int{v, hs}]++
		rc.gaps[hs-v]++
		rc.sumH += uint64(v)
		rc.eta += math.Pow(b, -float64(v))
		if hs > 0 {
			rc.ratio += float64(v) / float64(hs)
		}
		if v == hs {
			rc.exact++
		}
		r := sp.Rank(bd)
		if v > hs {
			rc.inadmissible++
			if r < rc.firstRank {
				rc.firstRank, rc.firstBad = r, bd
			}
		}
		for _, m := range statespace.Moves {
			c, ok := bd.Apply(m)
			if !ok {
				continue
			}
			jump := v - h.Distance(c)
			if jump < 0 {
				jump = -jump
			}
			if jump > rc.maxJump || jump == rc.maxJump && r < rc.jumpRank {
				rc.maxJump, rc.jumpRank, rc.jumpBoard, rc.jumpMove = jump, r, bd, m
			}
			key := [2]statespace.Board{bd, c}
			if sp.Rank(c) < r {
				key = [2]statespace.Board{c, bd}
			}
			if seenEdge[key] {
				continue
			}
			seenEdge[key] = true
			rc.edges++
			if jump > 1 {
				rc.jumps++
			}
		}
	}
	rc.eta /= float64(rc.states)
	rc.ratio /= float64(rc.states - 1)
	return rc
}

func checkProfile(t *testing.T, p *Profile, rc recount) {
	t.Helper()
	name := p.Shape().String() + " " + p.Goal.String() + " " + p.Heuristic
	if p.States != rc.states {
		t.Errorf("%s: %d states, want %d", name, p.States, rc.states)
	}
	var n uint64
	for h, row := range p.Joint {
		for hs, c := range row {
			n += c
			if rc.joint[[2]int{h, hs}] != c {
				t.Errorf("%s: joint (%d,%d) = %d, want %d", name, h, hs, c, rc.joint[[2]int{h, hs}])
			}
		}
	}
	if n != rc.states {
		t.Errorf("%s: joint sums to %d, want %d", name, n, rc.states)
	}
	if p.Exact() != rc.exact {
		t.Errorf("%s: exact %d, want %d", name, p.Exact(), rc.exact)
	}
	if got, want := p.MeanH(), float64(rc.sumH)/float64(rc.states); !close(got, want) {
		t.Errorf("%s: mean h %v, want %v", name, got, want)
	}
	if !close(p.MeanRatio(), rc.ratio) {
		t.Errorf("%s: mean ratio %v, want %v", name, p.MeanRatio(), rc.ratio)
	}
	if !close(p.Eta(), rc.eta) {
		t.Errorf("%s: eta %v, want %v", name, p.Eta(), rc.eta)
	}
	lo, gaps := p.Gaps()
	for i, c := range gaps {
		if rc.gaps[lo+i] != c {
			t.Errorf("%s: %d boards with h*-h = %d, want %d", name, c, lo+i, rc.gaps[lo+i])
		}
	}
	if p.Inadmissible != rc.inadmissible || p.FirstInadmissible != rc.firstBad {
		t.Errorf("%s: %d inadmissible, first %v; want %d, first %v", name, p.Inadmissible, p.FirstInadmissible, rc.inadmissible, rc.firstBad)
	}
	if p.Edges != rc.edges || p.InconsistentEdges != rc.jumps || p.MaxJump != rc.maxJump {
		t.Errorf("%s: %d edges, %d inconsistent, jump %d; want %d, %d, %d", name, p.Edges, p.InconsistentEdges, p.MaxJump, rc.edges, rc.jumps, rc.maxJump)
	}
	if p.JumpBoard != rc.jumpBoard || p.JumpMove != rc.jumpMove {
		t.Errorf("%s: largest jump at %v %v, want %v %v", name, p.JumpBoard, p.JumpMove, rc.jumpBoard, rc.jumpMove)
	}
}

func close(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestProfileMatchesRecount(t *testing.T) {
	ctx := context.Background()
	for _, goal := range testGoals(t) {
		sp := statespace.MustSpace(goal)
		lv, err := Distances(ctx, sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		dist := mapBFS(goal)
		hs, err := NewHeuristics(ctx, goal, DefaultHeuristics(goal))
		if err != nil {
			t.Fatal(err)
		}
		ps, err := Run(ctx, sp, lv, hs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			checkProfile(t, p, recountProfile(sp, dist, hs[i].H, p.Branching))
			if p.Inadmissible != 0 {
				t.Errorf("%s %s: %d boards overestimated by an admissible heuristic", goal.Shape(), p.Heuristic, p.Inadmissible)
			}
		}
	}
}

// inflated is Manhattan distance doubled: inadmissible and inconsistent.
type inflated struct{ m *pdb.Manhattan }

func (h inflated) Distance(b statespace.Board) int { return 2 * h.m.Distance(b) }

func TestInflatedHeuristicCaught(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	sp := statespace.MustSpace(goal)
	lv, err := Distances(ctx, sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := Heuristic{Name: "2*manhattan", H: inflated{pdb.NewManhattan(goal)}}
	ps, err := Run(ctx, sp, lv, []Heuristic{h}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Inadmissible == 0 || p.FirstInadmissible.IsZero() {
		t.Fatalf("doubled Manhattan distance not caught: %d inadmissible", p.Inadmissible)
	}
	if h.H.Distance(p.FirstInadmissible) <= lv.At(sp.Rank(p.FirstInadmissible)) || p.FirstH <= p.FirstHStar {
		t.Errorf("the board named, %s, is not overestimated", p.FirstInadmissible)
	}
	if p.MaxJump != 2 || p.InconsistentEdges != p.Edges {
		t.Errorf("doubled Manhattan: largest jump %d, %d of %d edges inconsistent; want 2 and all", p.MaxJump, p.InconsistentEdges, p.Edges)
	}
	checkProfile(t, p, recountProfile(sp, mapBFS(goal), h.H, p.Branching))
}
