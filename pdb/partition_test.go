package pdb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

var (
	sq4 = statespace.Shape{Rows: 4, Cols: 4}
	sq3 = statespace.Shape{Rows: 3, Cols: 3}
	r24 = statespace.Shape{Rows: 2, Cols: 4}
)

// The presets as the papers list them (blocks of goal cells after Korf &
// Felner 2002; for the goal first the blocks turned by 180°, t → 16 − t).
var presetCases = []struct {
	name, goal string
	want       string
}{
	{"7-8", "last", "1,2,3,4,5,6,7,8/9,10,11,12,13,14,15"},
	{"6-6-3", "last", "1,2,5,6,9,10/3,4,7,8,11,12/13,14,15"},
	{"5-5-5", "last", "1,2,3,5,6/4,7,8,11,12/9,10,13,14,15"},
	{"7-8", "first", "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"},
	{"6-6-3", "first", "1,2,3/4,5,8,9,12,13/6,7,10,11,14,15"},
	{"5-5-5", "first", "1,2,3,6,7/4,5,8,9,12/10,11,13,14,15"},
}

func TestPresets(t *testing.T) {
	for i, c := range presetCases {
		goal, _ := statespace.ParseGoal(c.goal, sq4)
		p, err := Preset(c.name, goal)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if p.String() != c.want || p.Name != c.name {
			t.Errorf("case %d: %s %s = %q (%q), want %q", i, c.name, c.goal, p.String(), p.Name, c.want)
		}
		if err := p.Validate(sq4); err != nil {
			t.Errorf("case %d: %v", i, err)
		}
		// Parsing the tiles gives the preset back, named.
		q, err := ParsePartition(c.want, goal)
		if err != nil || q.Name != c.name || q.String() != c.want {
			t.Errorf("case %d: ParsePartition(%q) = %+v, %v", i, c.want, q, err)
		}
		// Each block is its mirror image's block under t → 16 − t.
		if c.goal == "first" {
			last, _ := Preset(c.name, statespace.GoalLast(sq4))
			for _, pat := range p.Patterns {
				turned := make([]int, len(pat))
				for j, tile := range pat {
					turned[j] = 16 - tile
				}
				slices.Sort(turned)
				if !slices.ContainsFunc(last.Patterns, func(q []int) bool { return slices.Equal(q, turned) }) {
					t.Errorf("case %d: pattern %v turned is %v, not a pattern of %s last", i, pat, turned, c.name)
				}
			}
		}
	}
	if _, err := Preset("6-6-3", statespace.GoalLast(sq3)); err == nil {
		t.Error("a 4x4 preset was accepted for 3x3")
	}
	if _, err := Preset("4-4-4-3", statespace.GoalLast(sq4)); err == nil {
		t.Error("an unknown preset was accepted")
	}
}

var parseErrorCases = []struct {
	text    string
	shape   statespace.Shape
	pattern int
	tile    string
	msg     string // substring of the message
}{
	{"1,2,3/3,4,5,6,7,8", sq3, 2, "3", "tile 3 is also in pattern 1"},
	{"1,2,2/3,4,5,6,7,8", sq3, 1, "2", "tile 2 is listed twice"},
	{"1,2,3/4,5,6,7", sq3, 0, "8", "tile 8 is in no pattern"},
	{"1,2,3/4,5,6", sq3, 0, "7", "tiles 7, 8 are in no pattern"},
	{"1,2,3/4,5,6,7,8,9", sq3, 2, "9", "tile 9 is out of range: a 3x3 board has tiles 1..8"},
	{"0,1,2,3/4,5,6,7,8", sq3, 1, "0", "tile 0 is the blank"},
	{"1,2,3/-4,5,6,7,8", sq3, 2, "-4", "out of range"},
	{"1,2,x/3,4,5,6,7,8", sq3, 1, "x", `"x" is not a tile number`},
	{"1-3/4,5,6,7,8", sq3, 1, "1-3", "ranges are not supported"},
	{"1,2,3//4,5,6,7,8", sq3, 2, "", "the pattern is empty"},
	{"1,2,,3/4,5,6,7,8", sq3, 1, "", "missing between two commas"},
	{"", sq3, 0, "", "empty"},
	// A preset-like name that is none lists the presets and the custom form
	//, with an example for the shape.
	{"6-6-6", sq4, 0, "", `partition "6-6-6": not a preset: the presets are 7-8, 6-6-3, 5-5-5 on 4x4 and 6-6-6-6, 6-6-6-6x4, 6-6-6-6x7 on 5x5 (for the goals last and first); any other partition lists each pattern's tiles, tiles separated by "," and patterns by "/", such as 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15 on 4x4`},
	{"4-4", sq3, 0, "", "such as 1,2,3,4/5,6,7,8 on 3x3"},
	{"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", sq4, 1, "16", "out of range"},
}

func TestParsePartitionErrors(t *testing.T) {
	for i, c := range parseErrorCases {
		_, err := ParsePartition(c.text, statespace.GoalLast(c.shape))
		var pe *PartitionError
		if !errors.As(err, &pe) {
			t.Fatalf("case %d: ParsePartition(%q) error %v (%T), want a *PartitionError", i, c.text, err, err)
		}
		if pe.Pattern != c.pattern || pe.Tile != c.tile || !strings.Contains(pe.Error(), c.msg) {
			t.Errorf("case %d: ParsePartition(%q) = %q (pattern %d, tile %q), want pattern %d, tile %q, %q",
				i, c.text, pe.Error(), pe.Pattern, pe.Tile, c.pattern, c.tile, c.msg)
		}
	}
}

func TestParsePartitionAnyShape(t *testing.T) {
	cases := []struct {
		text  string
		shape statespace.Shape
		want  string
	}{
		{" 3, 1 ,2/ 8,7,6,5,4", sq3, "1,2,3/4,5,6,7,8"},
		{"1/2/3/4/5/6/7", r24, "1/2/3/4/5/6/7"},
		{"7,6,5,4,3,2,1", r24, "1,2,3,4,5,6,7"},
	}
	for i, c := range cases {
		p, err := ParsePartition(c.text, statespace.GoalLast(c.shape))
		if err != nil || p.String() != c.want || p.Name != "" {
			t.Errorf("case %d: ParsePartition(%q) = %q (%q), %v; want %q", i, c.text, p.String(), p.Name, err, c.want)
		}
	}
}

// FuzzParsePartition checks that ParsePartition never panics, that its
// errors are *PartitionErrors, and that what it accepts is a valid
// partition that reads back the same from its String form.
func FuzzParsePartition(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "partitions.txt"))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f.Add(line, 4)
	}
	f.Fuzz(func(t *testing.T, text string, side int) {
		sh := []statespace.Shape{sq3, sq4, r24, {Rows: 2, Cols: 2}}[uint(side)%4]
		goal := statespace.GoalLast(sh)
		p, err := ParsePartition(text, goal)
		if err != nil {
			var pe *PartitionError
			if !errors.As(err, &pe) && !strings.HasPrefix(err.Error(), "pdb: ") {
				t.Fatalf("untyped error %v (%T)", err, err)
			}
			return
		}
		if err := p.Validate(sh); err != nil {
			t.Fatalf("accepted %q but Validate says %v", text, err)
		}
		q, err := ParsePartition(p.String(), goal)
		if err != nil || q.String() != p.String() {
			t.Fatalf("%q: String %q reads back as %q, %v", text, p.String(), q.String(), err)
		}
	})
}

// TestPreset6666 checks the 24-puzzle's preset against Korf & Felner's
// partition as they print it (goal first), and for the goal last the same
// blocks turned by 180°: tile t becomes 25 − t.
func TestPreset6666(t *testing.T) {
	sh := statespace.Shape{Rows: 5, Cols: 5}
	kf := [][]int{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}
	p, err := Preset("6-6-6-6", statespace.GoalFirst(sh))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(p.Patterns) != fmt.Sprint(kf) {
		t.Errorf("goal first: %v, want %v", p.Patterns, kf)
	}
	last, err := Preset("6-6-6-6", statespace.GoalLast(sh))
	if err != nil {
		t.Fatal(err)
	}
	turned := map[string]bool{}
	for _, pat := range kf {
		var q []int
		for _, x := range pat {
			q = append([]int{25 - x}, q...)
		}
		turned[fmt.Sprint(q)] = true
	}
	for _, pat := range last.Patterns {
		if !turned[fmt.Sprint(pat)] {
			t.Errorf("goal last: pattern %v is not one of Korf & Felner's turned by 180° (%v)", pat, turned)
		}
	}
	if err := last.Validate(sh); err != nil {
		t.Error(err)
	}
	if _, err := Preset("6-6-6-6", statespace.GoalLast(sq4)); err == nil {
		t.Error("6-6-6-6 accepted for 4x4")
	}
	if sh2, ok := PresetShape("6-6-6-6"); !ok || sh2 != sh {
		t.Errorf("PresetShape: %v %v", sh2, ok)
	}
	if got := PresetsFor(sh); len(got) != 3 || got[0] != "6-6-6-6" || got[1] != "6-6-6-6x4" || got[2] != "6-6-6-6x7" {
		t.Errorf("PresetsFor(5x5) = %v", got)
	}
}

// TestBlockPartition: the suggested partitions are valid, patterns of at
// most six tiles in the goal's reading order, and as even as can be.
func TestBlockPartition(t *testing.T) {
	for _, c := range []struct {
		goal statespace.Board
		want string
	}{
		{statespace.GoalLast(sq3), "1,2,3,4/5,6,7,8"},
		{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}), "1,2,3,4,5,6/7,8,9,10,11"},
		{statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 5}), "1,2,3,4,5/6,7,8,9,10/11,12,13,14"},
		{statespace.MustBoard(sq3, 1, 2, 3, 4, 0, 5, 6, 7, 8), "1,2,3,4/5,6,7,8"},
		{statespace.MustBoard(sq3, 8, 7, 6, 5, 4, 3, 2, 1, 0), "5,6,7,8/1,2,3,4"},
	} {
		p := BlockPartition(c.goal)
		if p.String() != c.want {
			t.Errorf("%s: got %s, want %s", c.goal, p, c.want)
		}
		if err := p.Validate(c.goal.Shape()); err != nil {
			t.Errorf("%s: %v", c.goal, err)
		}
	}
	// Suggest prefers a preset that builds in seconds.
	if p := Suggest(statespace.GoalLast(sq4)); p.Name != "6-6-3" {
		t.Errorf("4x4: suggested %s, want 6-6-3", p.Label())
	}
	if p := Suggest(statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})); p.Name != "6-6-6-6" {
		t.Errorf("5x5: suggested %s, want 6-6-6-6", p.Label())
	}
	if p := Suggest(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})); p.String() != "1,2,3,4,5,6/7,8,9,10,11" {
		t.Errorf("3x4: suggested %s", p)
	}
}
