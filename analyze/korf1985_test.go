package analyze

import (
	"context"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
)

// easiestKorf returns the n instances of Korf's 1985 table with the
// fewest published nodes: the ones a test can search in milliseconds.
func easiestKorf(t *testing.T, n int) []KorfInstance {
	t.Helper()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	var out []KorfInstance
	for _, in := range reference.Korf1985() {
		b, err := statespace.Parse(in.Board, goal.Shape())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, KorfInstance{ID: in.ID, Board: b, Published: in.Generated})
	}
	slices.SortFunc(out, func(a, b KorfInstance) int { return int(a.Published) - int(b.Published) })
	return out[:n]
}

// TestKorfBracket: on the easiest instances of Korf's table, the published
// count lies between the nodes the complete iterations generate and those
// with the whole last iteration; each run's length is the instance's
// optimal one, and its complete iterations expand what package solver's
// engine (with its own move order) expands in them.
func TestKorfBracket(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	hs, err := NewHeuristics(context.Background(), goal, []string{"manhattan"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMeasurer(context.Background(), goal, hs[0], 1)
	if err != nil {
		t.Fatal(err)
	}
	optimal := map[int]int{}
	for _, in := range reference.Korf100() {
		optimal[in.ID] = in.Optimal
	}
	reproduced := 0
	for _, in := range easiestKorf(t, 5) {
		r, err := KorfIDA(context.Background(), in.Board, goal)
		if err != nil {
			t.Fatal(err)
		}
		rec := KorfRecordOf(in, r)
		if rec.Complete > in.Published || in.Published > rec.Top {
			t.Errorf("instance %d: published %d outside [%d, %d]", in.ID, in.Published, rec.Complete, rec.Top)
		}
		if rec.Rerun > rec.Top || r.Length != optimal[in.ID] {
			t.Errorf("instance %d: re-run %d above the top %d, or length %d, optimal %d", in.ID, rec.Rerun, rec.Top, r.Length, optimal[in.ID])
		}
		if rec.Verdict == VerdictReproduced {
			reproduced++
		}
		bounds, exp, err := m.Iterations(context.Background(), in.Board)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(bounds, r.Bounds) || !slices.Equal(exp[:len(exp)-1], r.Expanded[:len(r.Expanded)-1]) {
			t.Errorf("instance %d: complete iterations %v expanding %v; the solver's %v expanding %v", in.ID, r.Bounds, r.Expanded, bounds, exp)
		}
	}
	if reproduced < 3 {
		t.Errorf("%d of the 5 easiest instances reproduced exactly", reproduced)
	}
}

// TestKorfIDAGenerated: on every 2x3 board, each iteration of KorfIDA
// generates one child per legal move of each board it searches, less the
// move back (the start excepted), counted here from a plain recursion.
func TestKorfIDAGenerated(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	sp := statespace.MustSpace(goal)
	dist := mapBFS(goal)
	md := mustHeuristic(t, goal, "manhattan")
	for r := uint64(0); r < sp.Size(); r++ {
		b := sp.Unrank(r)
		if b == goal {
			continue
		}
		run, err := KorfIDA(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		if run.Length != dist[b] {
			t.Fatalf("%s: length %d, distance %d", b, run.Length, dist[b])
		}
		for i, bound := range run.Bounds[:len(run.Bounds)-1] {
			exp, gen := plainIteration(b, statespace.Move(255), 0, bound, md)
			if exp != run.Expanded[i] || gen != run.Generated[i] {
				t.Fatalf("%s bound %d: searched %d generating %d; plainly %d generating %d", b, bound, run.Expanded[i], run.Generated[i], exp, gen)
			}
		}
		exp, gen := plainIteration(b, statespace.Move(255), 0, run.Length, md)
		if gen != run.LastWhole || exp < run.Expanded[len(run.Expanded)-1] {
			t.Fatalf("%s: the whole last iteration generates %d, plainly %d (searching %d)", b, run.LastWhole, gen, exp)
		}
	}
}

// plainIteration searches below b (reached by move prev) at depth g with
// bound, the goal not ending it, and returns the boards searched and the
// children generated.
func plainIteration(b statespace.Board, prev statespace.Move, g, bound int, h Heuristic) (searched, generated uint64) {
	searched = 1
	for _, m := range statespace.Moves {
		if prev != 255 && m == prev.Opposite() {
			continue
		}
		c, ok := b.Apply(m)
		if !ok {
			continue
		}
		generated++
		if g+1+h.H.Distance(c) <= bound {
			s, n := plainIteration(c, m, g+1, bound, h)
			searched += s
			generated += n
		}
	}
	return searched, generated
}

func mustHeuristic(t *testing.T, goal statespace.Board, name string) Heuristic {
	t.Helper()
	hs, err := NewHeuristics(context.Background(), goal, []string{name})
	if err != nil {
		t.Fatal(err)
	}
	return hs[0]
}

func TestKorfVerdicts(t *testing.T) {
	r := &KorfRun{Bounds: []int{10, 12}, Generated: []uint64{100, 50}, LastWhole: 80, Length: 12}
	for _, c := range []struct {
		published uint64
		want      string
	}{{151, VerdictReproduced}, {100, VerdictBelow}, {101, VerdictInside}, {181, VerdictInside}, {182, VerdictAbove}} {
		if got := KorfRecordOf(KorfInstance{Published: c.published}, r).Verdict; got != c.want {
			t.Errorf("published %d: %s, want %s", c.published, got, c.want)
		}
	}
}
