package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/statespace"
)

// published3x3 pairs 3x3 goals with the distribution published for the
// blank's cell (OEIS A089473 corner, A089474 centre, A089483 edge; copied
// into data/reference/distributions.tsv).
var published3x3 = []struct{ goal, blank string }{
	{"1,2,3,4,5,6,7,8,0", "corner"},
	{"0,1,2,3,4,5,6,7,8", "corner"},
	{"1,2,3,4,0,5,6,7,8", "centre"},
	{"1,0,2,3,4,5,6,7,8", "edge"},
}

// publishedCounts returns the published distribution of shape with the
// blank in the given cell of the goal; a transposed board has the same.
func publishedCounts(t *testing.T, shape statespace.Shape, blank string) []uint64 {
	t.Helper()
	for _, sh := range []statespace.Shape{shape, {Rows: shape.Cols, Cols: shape.Rows}} {
		if d, ok := reference.FindDistribution(sh.String(), blank); ok {
			return d.Counts
		}
	}
	t.Fatalf("no published distribution for %s, blank in the %s", shape, blank)
	return nil
}

func TestEnumeratePublished3x3(t *testing.T) {
	for i, c := range published3x3 {
		goal, err := statespace.Parse(c.goal, statespace.Shape{Rows: 3, Cols: 3})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		tab, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got, want := tab.Counts(), publishedCounts(t, goal.Shape(), c.blank); !slices.Equal(got, want) {
			t.Errorf("case %d goal %s: counts %v, want %v", i, c.goal, got, want)
		}
	}
}

// Every published distribution of a board of at most 10 cells, for both
// corner goals and the transposed board (data/reference/distributions.tsv:
// OEIS A090034-A090036).
func TestEnumeratePublishedCorner(t *testing.T) {
	for i, sh := range []statespace.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 2, Cols: 5}, {Rows: 5, Cols: 2}} {
		if !longtest.Enabled() && sh.Cells() > 8 {
			continue
		}
		want := publishedCounts(t, sh, "corner")
		for _, goal := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh)} {
			tab, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			if got := tab.Counts(); !slices.Equal(got, want) {
				t.Errorf("case %d %s goal %s: counts %v, want %v", i, sh, statespace.GoalName(goal), got, want)
			}
		}
	}
}

// Radius and states at the radius for corner goals, OEIS A090034-A090036,
// A090166, A090167, A089484 (data/reference/distributions.tsv).
var publishedRadius = []struct {
	shape     statespace.Shape
	states    uint64
	radius    int
	antipodes uint64
}{
	{statespace.Shape{Rows: 2, Cols: 2}, 12, 6, 1},
	{statespace.Shape{Rows: 2, Cols: 3}, 360, 21, 1},
	{statespace.Shape{Rows: 3, Cols: 2}, 360, 21, 1},
	{statespace.Shape{Rows: 2, Cols: 4}, 20160, 36, 1},
	{statespace.Shape{Rows: 4, Cols: 2}, 20160, 36, 1},
	{statespace.Shape{Rows: 3, Cols: 3}, 181440, 31, 2},
	{statespace.Shape{Rows: 2, Cols: 5}, 1814400, 55, 2},
}

func TestEnumeratePublishedRadius(t *testing.T) {
	for i, c := range publishedRadius {
		if !longtest.Enabled() && c.states > 200000 {
			continue
		}
		for _, goal := range []statespace.Board{statespace.GoalLast(c.shape), statespace.GoalFirst(c.shape)} {
			tab, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			var sum uint64
			for _, n := range tab.Counts() {
				sum += n
			}
			if sum != c.states || tab.States() != c.states {
				t.Errorf("case %d %s goal %s: %d states counted, %d in space, want %d", i, c.shape, statespace.GoalName(goal), sum, tab.States(), c.states)
			}
			if tab.Radius() != c.radius || uint64(len(tab.Antipodes())) != c.antipodes {
				t.Errorf("case %d %s goal %s: radius %d with %d antipodes, want %d with %d", i, c.shape, statespace.GoalName(goal), tab.Radius(), len(tab.Antipodes()), c.radius, c.antipodes)
			}
		}
	}
}

// The two 31-move positions of the 8-puzzle (OEIS A089473, example).
func TestAntipodes3x3(t *testing.T) {
	tab, err := Enumerate(context.Background(), statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range tab.Antipodes() {
		got = append(got, b.String())
	}
	slices.Sort(got)
	want := []string{"6,4,7,8,5,0,3,2,1", "8,6,7,2,5,4,3,0,1"}
	if !slices.Equal(got, want) {
		t.Errorf("antipodes %v, want %v", got, want)
	}
}

// plainBFS is an independent oracle: a BFS over boards as strings with a
// map, sharing nothing with the ranker or Enumerate.
func plainBFS(shape statespace.Shape, goal []int) map[string]int {
	key := func(t []int) string { return fmt.Sprint(t) }
	dist := map[string]int{key(goal): 0}
	queue := [][]int{goal}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		z := slices.Index(cur, 0)
		r, c := z/shape.Cols, z%shape.Cols
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr >= shape.Rows || nc >= shape.Cols {
				continue
			}
			next := slices.Clone(cur)
			to := nr*shape.Cols + nc
			next[z], next[to] = next[to], 0
			if _, seen := dist[key(next)]; !seen {
				dist[key(next)] = dist[key(cur)] + 1
				queue = append(queue, next)
			}
		}
	}
	return dist
}

func TestEnumerateMatchesPlainBFS(t *testing.T) {
	goals := []struct {
		shape statespace.Shape
		tiles []int
	}{
		{statespace.Shape{Rows: 2, Cols: 2}, []int{1, 2, 3, 0}},
		{statespace.Shape{Rows: 2, Cols: 3}, []int{0, 1, 2, 3, 4, 5}},
		{statespace.Shape{Rows: 3, Cols: 2}, []int{1, 2, 0, 3, 4, 5}},
		{statespace.Shape{Rows: 2, Cols: 4}, []int{1, 2, 3, 4, 5, 6, 7, 0}},
		{statespace.Shape{Rows: 2, Cols: 4}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{statespace.Shape{Rows: 2, Cols: 4}, []int{3, 1, 0, 7, 5, 6, 2, 4}}, // an arbitrary goal
		{statespace.Shape{Rows: 4, Cols: 2}, []int{1, 2, 3, 4, 5, 6, 7, 0}},
		{statespace.Shape{Rows: 3, Cols: 3}, []int{1, 2, 3, 4, 0, 5, 6, 7, 8}},
		{statespace.Shape{Rows: 3, Cols: 3}, []int{8, 1, 3, 4, 0, 2, 7, 6, 5}},
	}
	for i, g := range goals {
		if !longtest.Enabled() && g.shape.Cells() > 8 {
			continue
		}
		goal := statespace.MustBoard(g.shape, g.tiles...)
		sp := statespace.MustSpace(goal)
		tab, err := Enumerate(context.Background(), sp, nil)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		want := plainBFS(g.shape, g.tiles)
		if uint64(len(want)) != tab.States() {
			t.Fatalf("case %d: oracle reached %d boards, table has %d", i, len(want), tab.States())
		}
		for r := uint64(0); r < tab.States(); r++ {
			b := sp.Unrank(r)
			if d, ok := want[fmt.Sprint(b.Tiles())]; !ok || d != tab.DistanceAt(r) {
				t.Fatalf("case %d: board %s: table %d, oracle %d (found %v)", i, b, tab.DistanceAt(r), d, ok)
			}
		}
	}
}

// In every table, the goal alone is at 0, every other board has a
// neighbour exactly one closer, and no neighbour differs by more than one.
func TestTableInvariant(t *testing.T) {
	shapes := []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 5, Cols: 2}}
	for _, sh := range shapes {
		if !longtest.Enabled() && sh.Cells() > 9 {
			continue
		}
		for _, goal := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh)} {
			tab, err := Enumerate(context.Background(), statespace.MustSpace(goal), nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := tab.Verify(); err != nil {
				t.Errorf("%s goal %s: %v", sh, statespace.GoalName(goal), err)
			}
		}
	}
}

func TestEnumerateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Enumerate(ctx, statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})), nil); err != context.Canceled {
		t.Fatalf("cancelled enumeration returned %v, want context.Canceled", err)
	}
}

// Verify catches a damaged table: one entry changed by two.
func TestVerifyCatchesDamage(t *testing.T) {
	tab, err := Enumerate(context.Background(), statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})), nil)
	if err != nil {
		t.Fatal(err)
	}
	for r := range tab.dist {
		tab.dist[r] += 2
		if tab.Verify() == nil {
			t.Fatalf("Verify accepts the table with rank %d moved by 2", r)
		}
		tab.dist[r] -= 2
	}
	if err := tab.Verify(); err != nil {
		t.Fatal(err)
	}
}

func TestSample(t *testing.T) {
	tab, err := Enumerate(context.Background(), statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(7, 0)) }
	for _, d := range []int{0, 1, 5, 20, 31} {
		got := tab.Sample(rng(), d, 5)
		if len(got) != 5 {
			t.Fatalf("depth %d: %d boards, want 5", d, len(got))
		}
		seen := map[statespace.Board]bool{}
		for _, b := range got {
			if distOf(t, tab, b) != d {
				t.Errorf("depth %d: sampled %s at distance %d", d, b, distOf(t, tab, b))
			}
			seen[b] = true
		}
		if want := min(5, int(tab.counts[d])); len(seen) != want {
			t.Errorf("depth %d: %d distinct boards, want %d", d, len(seen), want)
		}
		if again := tab.Sample(rng(), d, 5); !slices.Equal(again, got) {
			t.Errorf("depth %d: same seed gave %v then %v", d, got, again)
		}
	}
	// Any depth: distinct boards while there are enough, all when all are
	// asked for (2x3: 360 boards).
	small, err := Enumerate(context.Background(), statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{50, 360} {
		if got := small.Sample(rng(), -1, n); len(slices.Compact(sortedKeys(got))) != n {
			t.Errorf("sampling %d of all boards repeats boards", n)
		}
	}
	// All 221 boards at 30, each once, when 221 are asked for.
	if got := tab.Sample(rng(), 30, 221); len(got) != 221 || len(slices.Compact(sortedKeys(got))) != 221 {
		t.Errorf("sampling all of depth 30 repeats boards")
	}
}

func sortedKeys(bs []statespace.Board) []uint64 {
	var ks []uint64
	for _, b := range bs {
		ks = append(ks, b.Packed().Lo)
	}
	slices.Sort(ks)
	return ks
}
