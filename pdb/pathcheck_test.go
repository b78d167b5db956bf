package pdb

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// movesOf counts the moves of tiles along path from b.
func movesOf(t *testing.T, b statespace.Board, path []statespace.Move, tiles []int) int {
	n := 0
	for _, m := range path {
		if slices.Contains(tiles, b.SlidingTile(m)) {
			n++
		}
		var ok bool
		if b, ok = b.Apply(m); !ok {
			t.Fatalf("illegal move %s on %s", m, b)
		}
	}
	return n
}

// A sound partition passes CheckPath on every path to the goal, shortest
// (the exact table's) or not (random walks reversed); a database entry
// raised above the moves a path makes with its tiles is refused, naming
// the database and the board, on the plain and zero-aware databases of a
// square goal (with reflection) and of a goal without it.
func TestCheckPath(t *testing.T) {
	ctx := context.Background()
	rng := fixture.NewRand(13)
	for _, c := range []struct {
		shape statespace.Shape
		part  string
		zero  bool
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, "1,2,3,4/5,6,7,8", false},
		{statespace.Shape{Rows: 3, Cols: 3}, "1,2,3,4/5,6,7,8", true},
		{statespace.Shape{Rows: 2, Cols: 4}, "1,2,5,6/3,4,7", false},
		{statespace.Shape{Rows: 2, Cols: 4}, "1,2,5,6/3,4,7", true},
	} {
		goal := statespace.GoalLast(c.shape)
		tab := exactTable(t, goal)
		part := mustParse(t, c.part, goal)
		part.ZeroAware = c.zero
		a, err := BuildPartition(ctx, goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Reflects() != (c.shape.Rows == c.shape.Cols) {
			t.Fatalf("%s reflects: %v", c.shape, a.Reflects())
		}
		var far []statespace.Board // boards with paths long enough to forge on
		for range 200 {
			b := tab.Space().Unrank(rng.Uint64N(tab.States()))
			path, err := tab.Path(b)
			if err != nil {
				t.Fatal(err)
			}
			if err := a.CheckPath(b, path); err != nil {
				t.Errorf("%s %s: sound databases refused on the optimal path of %s: %v", c.shape, c.part, b, err)
			}
			// A longer path: a walk from the goal, reversed.
			w := []statespace.Move{}
			at := goal
			for range 40 {
				m := statespace.Moves[rng.IntN(4)]
				if next, ok := at.Apply(m); ok {
					at, w = next, append(w, m.Opposite())
				}
			}
			slices.Reverse(w)
			if err := a.CheckPath(at, w); err != nil {
				t.Errorf("%s %s: sound databases refused on a walk of %d moves from %s: %v", c.shape, c.part, len(w), at, err)
			}
			if len(path) >= 12 {
				far = append(far, b)
			}
		}
		forged := 0
		for _, b := range far[:10] {
			path, _ := tab.Path(b)
			// Raise the entry of the board step moves along the path, in
			// the first database, above the moves the rest of the path
			// makes with its tiles: swap it with an entry that high.
			step := rng.IntN(len(path) / 2)
			at, _ := b.ApplyAll(path[:step])
			p := a.pdbs[0]
			moves := movesOf(t, at, path[step:], p.tiles)
			f := forgeAbove(t, p, at, moves)
			if f == nil {
				continue // no entry is that high
			}
			forged++
			fa, err := NewAdditive(goal, part, append([]*PDB{f}, a.pdbs[1:]...))
			if err != nil {
				t.Fatal(err)
			}
			err = fa.CheckPath(b, path)
			var pe *PathBoundError
			if !errors.As(err, &pe) || pe.Pattern != 0 || !slices.Equal(pe.Tiles, p.tiles) || pe.Step > step || pe.Board != b {
				t.Errorf("%s %s: entry of %s raised to %d, above its %d moves on the path from %s: %v", c.shape, c.part, at, f.Distance(at), moves, b, err)
			}
			// The first board of the path that meets the raised entry
			// is named: at or before the one raised.
			if pe != nil && !pe.Reflected && (pe.Bound != f.Distance(at) || f.Distance(pe.At) != pe.Bound || p.Distance(pe.At) == pe.Bound ||
				pe.Moves != movesOf(t, pe.At, path[pe.Step:], p.tiles)) {
				t.Errorf("%s %s: %+v, want the raised entry %d at or before step %d (%s)", c.shape, c.part, pe, f.Distance(at), step, at)
			}
		}
		if forged == 0 {
			t.Errorf("%s %s: no forgery made", c.shape, c.part)
		}
	}
}

// forgeAbove returns a copy of p with b's entry swapped for the first
// entry above v (the counts kept), or nil when there is none.
func forgeAbove(t *testing.T, p *PDB, b statespace.Board, v int) *PDB {
	var cells [16]uint8
	for i, tile := range p.tiles {
		cells[i] = uint8(b.Find(tile))
	}
	i := p.index(cells[:len(p.tiles)], uint8(b.Blank()))
	values := slices.Clone(p.values)
	j := slices.IndexFunc(values, func(x byte) bool { return int(x) > v })
	if j < 0 {
		return nil
	}
	values[i], values[j] = values[j], values[i]
	f, err := FromValues(p.goal, p.tiles, values, p.counts)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A path that is not one to the goal is an error, not a verdict on the
// databases.
func TestCheckPathRefusesOtherPaths(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	a, err := BuildPartition(context.Background(), goal, mustParse(t, "1,2,3,4/5,6,7,8", goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	var pe *PathBoundError
	if err := a.CheckPath(goal, []statespace.Move{statespace.Down}); err == nil || errors.As(err, &pe) {
		t.Errorf("an illegal move: %v", err)
	}
	if err := a.CheckPath(goal, []statespace.Move{statespace.Up}); err == nil || errors.As(err, &pe) {
		t.Errorf("a path that leaves the goal: %v", err)
	}
}
