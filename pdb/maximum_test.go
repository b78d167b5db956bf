package pdb

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// TestMaximumPreset checks 6-6-6-6x4 and 6-6-6-6x7 against the
// partitions they are made of: four groups over eight patterns and seven
// over fourteen, Korf & Felner's 6-6-6-6 the first group, every group a
// partition of the 24 tiles, and the groups and their mirror images all
// different partitions (which is what the reflection adds). Their tiles
// read back as the preset, named.
func TestMaximumPreset(t *testing.T) {
	sh := statespace.Shape{Rows: 5, Cols: 5}
	for _, c := range []struct {
		name             string
		patterns, groups int
		goal             statespace.Board
	}{
		{"6-6-6-6x4", 8, 4, statespace.GoalFirst(sh)}, {"6-6-6-6x4", 8, 4, statespace.GoalLast(sh)},
		{"6-6-6-6x7", 14, 7, statespace.GoalFirst(sh)}, {"6-6-6-6x7", 14, 7, statespace.GoalLast(sh)},
	} {
		goal := c.goal
		p, err := Preset(c.name, goal)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Patterns) != c.patterns || len(p.Groups) != c.groups {
			t.Fatalf("%s: %d patterns in %d groups", c.name, len(p.Patterns), len(p.Groups))
		}
		if err := p.Validate(sh); err != nil {
			t.Fatal(err)
		}
		single, _ := Preset("6-6-6-6", goal)
		_, tiles, ok := Reflection(goal)
		if !ok {
			t.Fatal("no reflection")
		}
		seen := map[string]bool{}
		for gi, g := range p.Groups {
			var group Partition
			for _, k := range g {
				group.Patterns = append(group.Patterns, p.Patterns[k])
			}
			if err := group.Validate(sh); err != nil {
				t.Errorf("group %d: %v", gi+1, err)
			}
			if gi == 0 && canonical(group) != canonical(single) {
				t.Errorf("group 1 is %s, not 6-6-6-6 %s", group, single)
			}
			var mirror Partition
			for _, pat := range group.Patterns {
				m := make([]int, len(pat))
				for i, tile := range pat {
					m[i] = int(tiles[tile])
				}
				slices.Sort(m)
				mirror.Patterns = append(mirror.Patterns, m)
			}
			for _, q := range []Partition{group, mirror} {
				c := canonical(q)
				if seen[c] {
					t.Errorf("group %d: partition %s seen twice", gi+1, q)
				}
				seen[c] = true
			}
		}
		q, err := ParsePartition(p.String(), goal)
		if err != nil || q.Name != c.name || q.String() != p.String() {
			t.Errorf("ParsePartition(%q) = %q (%q), %v", p.String(), q.String(), q.Name, err)
		}
	}
}

// TestParseMaximum reads maximums written with "|": patterns kept once,
// presets inside, and the faults named with their group.
func TestParseMaximum(t *testing.T) {
	g3 := statespace.GoalLast(sq3)
	p, err := ParsePartition("5,6,7,8/4,3,2,1 | 1,2,4,5/3,6,7,8", g3)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Patterns) != 4 || len(p.Groups) != 2 || p.String() != "1,2,3,4/5,6,7,8|1,2,4,5/3,6,7,8" {
		t.Fatalf("parsed %q: %d patterns, groups %v", p.String(), len(p.Patterns), p.Groups)
	}
	p.Groups = append(p.Groups, []int{p.Groups[0][1], p.Groups[0][0]})
	if err := p.Validate(sq3); err == nil || !strings.Contains(err.Error(), "group 3: the group repeats group 1") {
		t.Errorf("a group repeated: %v", err)
	}
	g4 := statespace.GoalLast(sq4)
	p, err = ParsePartition("6-6-3|5-5-5", g4)
	if err != nil || len(p.Patterns) != 6 || len(p.Groups) != 2 || p.Name != "" {
		t.Fatalf("6-6-3|5-5-5: %+v, %v", p, err)
	}
	bad := []struct {
		text  string
		group int
		msg   string
	}{
		{"1,2,3,4/5,6,7,8|1,2,3/4,5,6,7", 2, "tile 8 is in no pattern"},
		{"1,2,3,4/5,6,7,8|5,6,7,8/1,2,3,4", 2, "repeats group 1"},
		{"1,2,3,4/5,6,7,8|", 2, "empty"},
		{"1,2,3,4/5,6,7,8|1,2,9/3,4,5,6,7,8", 2, "out of range"},
		{strings.Repeat("1,2,3,4/5,6,7,8|", 8) + "1,2/3,4,5,6,7,8", 0, "at most 8"},
	}
	for _, c := range bad {
		_, err := ParsePartition(c.text, g3)
		var pe *PartitionError
		if !errors.As(err, &pe) || pe.Group != c.group && c.group != 0 || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v, want group %d and %q", c.text, err, c.group, c.msg)
		}
	}
}

// TestMaximumAdmissible builds maximums of zero-aware partitions with the
// reflection, as 6-6-6-6x4 is built, on 3x3 goals and checks them over
// every state against the exact table: never above the distance, equal to
// the largest of its groups' heuristics built on their own (without the
// mirror image too: Plain), and above each of them somewhere.
func TestMaximumAdmissible(t *testing.T) {
	cases := []struct {
		goal statespace.Board
		text string
	}{
		{statespace.GoalFirst(sq3), "1,2,5/3,4/6,7,8|1,2,4/3,5/6,7,8|1,2,5/3,4,8/6,7|1,2,4/3,5,8/6,7"},
		{statespace.GoalLast(sq3), "1,2,3/4,5,6/7,8|1,4,7/2,5/3,6,8"},
	}
	for _, c := range cases {
		tab := exactTable(t, c.goal)
		p := mustParse(t, c.text, c.goal)
		p.ZeroAware = true
		h, err := BuildPartition(context.Background(), c.goal, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !h.Reflects() {
			t.Fatalf("%s: no reflection", c.text)
		}
		var groups []*Additive
		for _, text := range strings.Split(c.text, "|") {
			q := mustParse(t, text, c.goal)
			q.ZeroAware = true
			a, err := BuildPartition(context.Background(), c.goal, q, nil)
			if err != nil {
				t.Fatal(err)
			}
			groups = append(groups, a)
		}
		above := make([]int, len(groups))
		sp := tab.Space()
		for r := uint64(0); r < sp.Size(); r++ {
			b := sp.Unrank(r)
			v, d := h.Distance(b), tab.DistanceAt(r)
			if v > d {
				t.Fatalf("%s: h(%s) = %d > distance %d", c.text, b, v, d)
			}
			best, bestPlain := 0, 0
			for i, a := range groups {
				gv := a.Distance(b)
				best, bestPlain = max(best, gv), max(bestPlain, a.Plain().Distance(b))
				if v > gv {
					above[i]++
				}
			}
			if v != best || h.Plain().Distance(b) != bestPlain {
				t.Fatalf("%s: h(%s) = %d, the groups' largest %d; without the mirror image %d and %d", c.text, b, v, best, h.Plain().Distance(b), bestPlain)
			}
		}
		for i, n := range above {
			if n == 0 {
				t.Errorf("%s: the maximum is never above group %d", c.text, i+1)
			}
		}
		t.Logf("%s: above each group on %v of %d states", c.text, above, sp.Size())
	}
}
