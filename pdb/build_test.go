package pdb

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"

	"github.com/tilespace/tilespace/internal/perm"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// exactTables caches the exact distance tables of small goals, built by
// the foundation's retrograde BFS (independent of this package).
var exactTables sync.Map

func exactTable(t testing.TB, goal statespace.Board) *table.Table {
	if v, ok := exactTables.Load(goal); ok {
		return v.(*table.Table)
	}
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	exactTables.Store(goal, tab)
	return tab
}

func mustParse(t testing.TB, text string, goal statespace.Board) Partition {
	t.Helper()
	p, err := ParsePartition(text, goal)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func buildAdditive(t testing.TB, goal statespace.Board, text string) *Additive {
	t.Helper()
	a, err := BuildPartition(context.Background(), goal, mustParse(t, text, goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var (
	centre3 = statespace.MustBoard(sq3, 1, 2, 3, 4, 0, 5, 6, 7, 8)
	edge3   = statespace.MustBoard(sq3, 1, 0, 2, 3, 4, 5, 6, 7, 8)
)

// admissibleCases lists partitions checked against the exact tables over
// every state of their space.
var admissibleCases = []struct {
	goal      statespace.Board
	partition string
}{
	{statespace.GoalLast(sq3), "1,2,3,4/5,6,7,8"},
	{statespace.GoalLast(sq3), "1,2,4,5/3,6,7,8"},
	{statespace.GoalLast(sq3), "1,2,3/4,5,6/7,8"},
	{statespace.GoalLast(sq3), "1/2/3/4/5/6/7/8"},
	{statespace.GoalLast(sq3), "1,2,3,4,5,6,7/8"},
	{statespace.GoalFirst(sq3), "1,2,3,4/5,6,7,8"},
	{statespace.GoalFirst(sq3), "1,3,5,7/2,4,6,8"},
	{centre3, "1,2,3/4,5/6,7,8"},
	{edge3, "1,2,3,4/5,6,7,8"},
	{statespace.GoalLast(r24), "1,2,3/4,5,6,7"},
	{statespace.GoalLast(r24), "1,2,5,6/3,4,7"},
	{statespace.GoalFirst(r24), "1,2,3,4/5,6,7"},
	{statespace.GoalFirst(r24), "1,2,3,4,5,6/7"},
}

// TestAdmissible checks over every state of 3x3 and 2x4 that the sum of a
// partition's databases, with the reflection where valid, never exceeds
// the exact distance, and that each database alone is exact at the goal.
func TestAdmissible(t *testing.T) {
	for i, c := range admissibleCases {
		tab := exactTable(t, c.goal)
		a := buildAdditive(t, c.goal, c.partition)
		sp := tab.Space()
		var sum, sumExact float64
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			h, d := a.Distance(b), tab.DistanceAt(r)
			if h > d {
				t.Fatalf("case %d (%s, goal %s): h(%s) = %d > distance %d", i, c.partition, statespace.GoalName(c.goal), b, h, d)
			}
			sum += float64(h)
			sumExact += float64(d)
		}
		if a.Distance(c.goal) != 0 {
			t.Errorf("case %d: h(goal) = %d", i, a.Distance(c.goal))
		}
		t.Logf("case %d: %s goal %s: mean h %.3f, mean distance %.3f, reflection %v", i, c.partition, statespace.GoalName(c.goal), sum/float64(sp.Size()), sumExact/float64(sp.Size()), a.Reflects())
	}
}

// TestWholePatternIsExact checks that the database of one pattern holding
// every tile equals the exact distance table on every reachable state:
// with all tiles placed the blank's cell is determined, so nothing is lost.
func TestWholePatternIsExact(t *testing.T) {
	goals := []statespace.Board{statespace.GoalLast(sq3), statespace.GoalFirst(sq3), centre3, edge3,
		statespace.GoalLast(r24), statespace.GoalFirst(r24), statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}),
		statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 2}), statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 2})}
	for i, goal := range goals {
		tab := exactTable(t, goal)
		n := goal.Cells()
		tiles := make([]int, n-1)
		for j := range tiles {
			tiles[j] = j + 1
		}
		p, err := Build(context.Background(), goal, tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		sp := tab.Space()
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			if h, d := p.Distance(b), tab.DistanceAt(r); h != d {
				t.Fatalf("case %d (goal %s): PDB of all tiles gives %d for %s, exact distance %d", i, statespace.GoalName(goal), h, b, d)
			}
		}
		// Half the placements are unreachable and stored as 0.
		if p.Counts()[0] != sp.Size()+1 {
			t.Errorf("case %d: %d zeros, want %d unreachable + 1 goal", i, p.Counts()[0], sp.Size())
		}
	}
}

// TestSingletonsAreManhattan checks that a partition of single tiles gives
// the Manhattan distance: a lone tile needs exactly as many of its own
// moves as its taxicab distance, and the blank can always get ahead of it.
func TestSingletonsAreManhattan(t *testing.T) {
	for i, goal := range []statespace.Board{statespace.GoalLast(sq3), statespace.GoalFirst(r24), statespace.GoalLast(sq4)} {
		n := goal.Cells()
		text := ""
		for j := 1; j < n; j++ {
			if j > 1 {
				text += "/"
			}
			text += fmt.Sprint(j)
		}
		a := buildAdditive(t, goal, text)
		a.reflect = false
		sh := goal.Shape()
		sp := statespace.MustSpace(goal)
		for r := uint64(0); r < sp.Size() && r < 50000; r += 1 + sp.Size()/50000 {
			b := sp.Unrank(r)
			want := 0
			for c := 0; c < n; c++ {
				if tile := b.Tile(c); tile != 0 {
					g := goal.Find(tile)
					want += abs(sh.Row(c)-sh.Row(g)) + abs(sh.Col(c)-sh.Col(g))
				}
			}
			if got := a.Distance(b); got != want {
				t.Fatalf("case %d: singletons give %d for %s, Manhattan %d", i, got, b, want)
			}
		}
	}
}

// oracle computes a pattern database the slow, obvious way: a 0-1 BFS
// (deque) over (cells of the pattern tiles, blank cell) held in a map,
// from the goal, where a blank move onto a pattern tile costs 1 and any
// other costs 0; a placement's value is its least distance over blank
// cells.
func oracle(goal statespace.Board, tiles []int) map[[16]int8]int {
	out := map[[16]int8]int{}
	for key, d := range oracleStates(goal, tiles) {
		key[15] = -1
		if old, ok := out[key]; !ok || d < old {
			out[key] = d
		}
	}
	return out
}

// oracleStates is oracle's 0-1 BFS: the distance of every abstract state,
// the cells of the pattern tiles with the blank's cell at index 15.
func oracleStates(goal statespace.Board, tiles []int) map[[16]int8]int {
	sh := goal.Shape()
	type state struct {
		cells [16]int8 // cell of each pattern tile; the blank's at index 15
	}
	var start state
	for i := range start.cells {
		start.cells[i] = -1
	}
	for i, t := range tiles {
		start.cells[i] = int8(goal.Find(t))
	}
	start.cells[15] = int8(goal.Blank())
	dist := map[state]int{start: 0}
	deque := []state{start}
	for len(deque) > 0 {
		s := deque[0]
		deque = deque[1:]
		d := dist[s]
		blank := int(s.cells[15])
		for _, m := range statespace.Moves {
			to, ok := sh.Neighbor(blank, m)
			if !ok {
				continue
			}
			next, cost := s, 0
			next.cells[15] = int8(to)
			for i := range tiles {
				if int(next.cells[i]) == to {
					next.cells[i] = int8(blank)
					cost = 1
				}
			}
			if old, seen := dist[next]; seen && old <= d+cost {
				continue
			}
			dist[next] = d + cost
			if cost == 0 {
				deque = append([]state{next}, deque...)
			} else {
				deque = append(deque, next)
			}
		}
	}
	out := make(map[[16]int8]int, len(dist))
	for s, d := range dist {
		out[s.cells] = d
	}
	return out
}

// TestBuildMatchesOracle compares every entry of small databases with the
// map-based 0-1 BFS above.
func TestBuildMatchesOracle(t *testing.T) {
	cases := []struct {
		goal  statespace.Board
		tiles []int
	}{
		{statespace.GoalLast(sq3), []int{1, 2, 3}},
		{statespace.GoalLast(sq3), []int{5, 7}},
		{statespace.GoalFirst(sq3), []int{1, 4, 8, 6}},
		{centre3, []int{2, 4, 6, 8}},
		{statespace.GoalLast(r24), []int{1, 2, 5, 6}},
		{statespace.GoalFirst(r24), []int{3, 4, 7}},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3}), []int{1, 2, 3, 4, 5}},
		{statespace.GoalLast(sq4), []int{1, 6, 11}},
		{statespace.GoalFirst(sq4), []int{13, 14, 15}},
		// Boards of more than 16 cells flood for the blank's region and
		// unrank 5-bit digits.
		{statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5}), []int{1, 2}},
		{statespace.GoalLast(statespace.Shape{Rows: 5, Cols: 5}), []int{24, 19}},
		{statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 5}), []int{7, 13}},
	}
	for i, c := range cases {
		p, err := Build(context.Background(), c.goal, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := oracle(c.goal, p.Tiles()) // entries follow ascending tiles
		n := c.goal.Cells()
		cells := make([]int, len(c.tiles))
		reached := 0
		for r := uint64(0); r < p.Entries(); r++ {
			UnrankPlacement(n, r, cells)
			var key [16]int8
			for j := range key {
				key[j] = -1
			}
			for j, cell := range cells {
				key[j] = int8(cell)
			}
			w, ok := want[key]
			if !ok {
				w = 0 // unreachable placements are stored as 0
			} else {
				reached++
			}
			if got := p.valueAt(r); got != w {
				t.Fatalf("case %d (tiles %v, goal %s): placement %v has %d, oracle %d", i, c.tiles, statespace.GoalName(c.goal), cells, got, w)
			}
		}
		if reached != len(want) {
			t.Errorf("case %d: %d placements reached, oracle %d", i, reached, len(want))
		}
	}
}

// TestZeroAwareMatchesOracle compares every entry of small zero-aware
// databases with the distance of the 0-1 BFS above for that placement
// and blank cell, and checks that the plain database is their least over
// the blank's cells.
func TestZeroAwareMatchesOracle(t *testing.T) {
	cases := []struct {
		goal  statespace.Board
		tiles []int
	}{
		{statespace.GoalLast(sq3), []int{1, 2, 3}},
		{statespace.GoalFirst(sq3), []int{1, 4, 8, 6}},
		{centre3, []int{2, 4, 6, 8}},
		{statespace.GoalLast(r24), []int{1, 2, 5, 6}},
		{statespace.GoalFirst(r24), []int{3, 4, 7}},
		{statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3}), []int{1, 2, 3, 4}},
		{statespace.GoalLast(sq4), []int{1, 6, 11}},
		{statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5}), []int{1, 2}},
		{statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 5}), []int{5, 6, 10}},
	}
	for i, c := range cases {
		z, err := BuildZeroAware(context.Background(), c.goal, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Build(context.Background(), c.goal, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		n, k := c.goal.Cells(), len(c.tiles)
		if !z.ZeroAware() || p.ZeroAware() || z.Entries() != p.Entries()*uint64(n-k) {
			t.Fatalf("case %d: zero-aware %v with %d entries, plain %v with %d", i, z.ZeroAware(), z.Entries(), p.ZeroAware(), p.Entries())
		}
		want := oracleStates(c.goal, z.Tiles())
		cells := make([]int, k)
		reached, higher := 0, 0
		for r := uint64(0); r < p.Entries(); r++ {
			UnrankPlacement(n, r, cells)
			var key [16]int8
			for j := range key {
				key[j] = -1
			}
			var used uint32
			for j, cell := range cells {
				key[j] = int8(cell)
				used |= 1 << cell
			}
			least := -1
			for blank := range n {
				if used&(1<<blank) != 0 {
					continue
				}
				key[15] = int8(blank)
				w, ok := want[key]
				if ok {
					reached++
				} else {
					w = 0
				}
				got := z.valueAt(r*uint64(n-k) + FreeIndex(used, uint8(blank)))
				if got != w {
					t.Fatalf("case %d (tiles %v, goal %s): placement %v, blank %d has %d, oracle %d", i, c.tiles, statespace.GoalName(c.goal), cells, blank, got, w)
				}
				if ok && (least < 0 || got < least) {
					least = got
				}
			}
			if least < 0 {
				least = 0
			}
			if p.valueAt(r) != least {
				t.Fatalf("case %d: placement %v: plain value %d, least zero-aware %d", i, cells, p.valueAt(r), least)
			}
			for blank := range n {
				if used&(1<<blank) == 0 && z.valueAt(r*uint64(n-k)+FreeIndex(used, uint8(blank))) > least {
					higher++
				}
			}
		}
		if reached != len(want) {
			t.Errorf("case %d: %d states reached, oracle %d", i, reached, len(want))
		}
		t.Logf("case %d: %d of %d entries above the plain value", i, higher, z.Entries())
	}
}

// TestZeroAwareAdmissible is TestAdmissible for zero-aware databases: over
// every state of 3x3 and 2x4 their sum (with the reflection) never
// exceeds the exact distance and is never below the plain sum, and it is
// above it somewhere.
func TestZeroAwareAdmissible(t *testing.T) {
	for i, c := range admissibleCases {
		tab := exactTable(t, c.goal)
		part := mustParse(t, c.partition, c.goal)
		plain, err := BuildPartition(context.Background(), c.goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = true
		z, err := BuildPartition(context.Background(), c.goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		sp := tab.Space()
		above := 0
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			h, hp, d := z.Distance(b), plain.Distance(b), tab.DistanceAt(r)
			if h > d || h < hp {
				t.Fatalf("case %d (%s, goal %s): zero-aware h(%s) = %d, plain %d, distance %d", i, c.partition, statespace.GoalName(c.goal), b, h, hp, d)
			}
			if h > hp {
				above++
			}
		}
		if z.Distance(c.goal) != 0 {
			t.Errorf("case %d: h(goal) = %d", i, z.Distance(c.goal))
		}
		single := true
		for _, pat := range part.Patterns {
			single = single && len(pat) == 1
		}
		if above == 0 && !single && len(part.Patterns) > 1 {
			t.Errorf("case %d (%s): the zero-aware sum is never above the plain one", i, c.partition)
		}
		t.Logf("case %d: %s: zero-aware above plain on %d of %d states", i, c.partition, above, sp.Size())
	}
}

// TestReflection checks the diagonal symmetry where Reflection claims it:
// the reflected goal is the goal, and every reflected board of the space
// is exactly as far from the goal (exact tables as the oracle).
func TestReflection(t *testing.T) {
	cases := []struct {
		goal statespace.Board
		ok   bool
	}{
		{statespace.GoalLast(sq3), true},
		{statespace.GoalFirst(sq3), true},
		{centre3, true},
		{edge3, false},
		{statespace.GoalLast(r24), false},
		{statespace.GoalLast(sq4), true},
		{statespace.GoalFirst(sq4), true},
		{statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 2}, 1, 2, 3, 0), true},
		{statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 2}, 1, 0, 2, 3), false},
	}
	for i, c := range cases {
		cells, tiles, ok := Reflection(c.goal)
		if ok != c.ok {
			t.Fatalf("case %d: Reflection(%s) ok = %v, want %v", i, c.goal, ok, c.ok)
		}
		if !ok {
			continue
		}
		if got := reflect(c.goal, cells, tiles); got != c.goal {
			t.Fatalf("case %d: reflected goal %s != %s", i, got, c.goal)
		}
		if c.goal.Cells() > 9 {
			// 4x4: check the mapping on the goal last by hand: tile 2
			// (cell (0,1)) maps to tile 5 (cell (1,0)), tile 15 to 12.
			if statespace.GoalName(c.goal) == "last" && (tiles[2] != 5 || tiles[15] != 12 || tiles[1] != 1) {
				t.Errorf("case %d: tile map %v", i, tiles)
			}
			if statespace.GoalName(c.goal) == "first" && (tiles[1] != 4 || tiles[14] != 11 || tiles[5] != 5) {
				t.Errorf("case %d: tile map %v", i, tiles)
			}
			continue
		}
		tab := exactTable(t, c.goal)
		sp := tab.Space()
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			rb := reflect(b, cells, tiles)
			if d := fixture.Dist(t, tab, rb); d != tab.DistanceAt(r) {
				t.Fatalf("case %d: %s is %d from the goal, its reflection %s is %d", i, b, tab.DistanceAt(r), rb, d)
			}
		}
	}
}

// reflect maps a board through a cell and tile mapping.
func reflect(b statespace.Board, cells, tiles [perm.Cells]uint8) statespace.Board {
	out := make([]int, b.Cells())
	for c := range out {
		out[cells[c]] = int(tiles[b.Tile(c)])
	}
	return statespace.MustBoard(b.Shape(), out...)
}

// valueAt returns the value of the entry with the given index: the
// placement's rank, times n − k plus the blank's free index when the
// database is zero-aware.
func (p *PDB) valueAt(index uint64) int { return int(p.values[index]) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
