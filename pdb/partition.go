package pdb

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/statespace"
)

// A Partition splits a goal's tiles into disjoint patterns that together
// cover every tile. The pattern databases of a partition add up to an
// admissible heuristic because each one counts only the moves of its own
// tiles.
type Partition struct {
	// Name is the preset's name ("7-8", "6-6-3", "5-5-5"), or empty for a
	// custom partition.
	Name string
	// Patterns holds each pattern's tiles in ascending order, the patterns
	// in the order they were given.
	Patterns [][]int
	// ZeroAware asks for zero-aware databases (see PDB): 18 to 24 times
	// the entries (n − k per placement), and a larger value wherever the
	// blank's region matters.
	ZeroAware bool
}

// String writes the partition as its tiles, patterns separated by "/" and
// tiles by ",", e.g. "1,2,3/4,5,6,7,8": the form ParsePartition reads.
func (p Partition) String() string {
	parts := make([]string, len(p.Patterns))
	for i, pat := range p.Patterns {
		tiles := make([]string, len(pat))
		for j, t := range pat {
			tiles[j] = strconv.Itoa(t)
		}
		parts[i] = strings.Join(tiles, ",")
	}
	return strings.Join(parts, "/")
}

// Label names the partition for people: the preset's name, or its tiles
// (the form -pdb takes; ZeroAware is a flag of its own).
func (p Partition) Label() string {
	if p.Name != "" {
		return p.Name
	}
	return p.String()
}

// presetNames lists the preset partitions, the 4x4's strongest first, then
// the 5x5's.
var presetNames = []string{"7-8", "6-6-3", "5-5-5", "6-6-6-6"}

// preset is a preset partition as blocks of goal cells for one shape and
// one of its goals; the other goal (last or first) uses the same blocks
// turned by 180°: cell c becomes n − 1 − c.
type preset struct {
	shape  statespace.Shape
	first  bool // the blocks are for the goal first (else last)
	blocks [][]int
}

// presets holds the partitions of Korf & Felner (2002): the 4x4's for the
// goal last (blank at cell 15) and the 5x5's 6-6-6-6 for the goal first
// (blank at cell 0, tile t on cell t), as they give it.
var presets = map[string]preset{
	"7-8":   {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}},
	"6-6-3": {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}, {12, 13, 14}}},
	"5-5-5": {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 2, 4, 5}, {3, 6, 7, 10, 11}, {8, 9, 12, 13, 14}}},
	"6-6-6-6": {statespace.Shape{Rows: 5, Cols: 5}, true, [][]int{
		{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}},
}

// PresetShape returns the shape a preset partition is for (4x4 for 7-8,
// 6-6-3 and 5-5-5, 5x5 for 6-6-6-6) and whether name is a preset.
func PresetShape(name string) (statespace.Shape, bool) {
	pr, ok := presets[name]
	return pr.shape, ok
}

// PresetsFor lists the preset names for a shape, strongest first.
func PresetsFor(sh statespace.Shape) []string {
	var out []string
	for _, name := range presetNames {
		if presets[name].shape == sh {
			out = append(out, name)
		}
	}
	return out
}

// Preset returns the named preset partition for the goals "last" and
// "first" of its shape. On 4x4 (goal last) they are
// 7-8 = {1…8}/{9…15}, 6-6-3 = {1,2,5,6,9,10}/{3,4,7,8,11,12}/{13,14,15}
// and 5-5-5 = {1,2,3,5,6}/{4,7,8,11,12}/{9,10,13,14,15}; on 5x5 (goal
// first) 6-6-6-6 = {1,2,5,6,7,12}/{3,4,8,9,13,14}/{10,11,15,16,20,21}/
// {17,18,19,22,23,24}. The other goal uses the same blocks of cells turned
// by 180° (on 4x4 tile t becomes 16 − t, on 5x5 25 − t). The patterns come
// sorted by their smallest tile.
func Preset(name string, goal statespace.Board) (Partition, error) {
	pr, ok := presets[name]
	if !ok {
		return Partition{}, fmt.Errorf("pdb: no preset partition %q (presets: %s)", name, strings.Join(presetNames, ", "))
	}
	sh := pr.shape
	var turn bool
	switch goal {
	case statespace.GoalLast(sh):
		turn = pr.first
	case statespace.GoalFirst(sh):
		turn = !pr.first
	default:
		return Partition{}, fmt.Errorf("pdb: preset %s exists for the %s goals last and first, not for %s goal %s; give the patterns as tiles, e.g. 1,2,3/4,5,6/…",
			name, sh, goal.Shape(), statespace.GoalName(goal))
	}
	n := sh.Cells()
	p := Partition{Name: name}
	for _, block := range pr.blocks {
		pat := make([]int, len(block))
		for i, c := range block {
			if turn {
				c = n - 1 - c
			}
			pat[i] = goal.Tile(c)
		}
		slices.Sort(pat)
		p.Patterns = append(p.Patterns, pat)
	}
	slices.SortFunc(p.Patterns, func(a, b []int) int { return a[0] - b[0] })
	return p, nil
}

// PartitionError reports a partition that is not valid for a board: a
// tile that is not a number, out of range, the blank, listed twice, or in
// no pattern, or an empty pattern.
type PartitionError struct {
	Text    string // the partition as given, if it was parsed from text
	Pattern int    // 1-based pattern at fault, 0 when none in particular
	Tile    string // the offending tile as written, if any
	Msg     string
}

func (e *PartitionError) Error() string {
	var b strings.Builder
	b.WriteString("pdb: partition")
	if e.Text != "" {
		fmt.Fprintf(&b, " %q", e.Text)
	}
	if e.Pattern > 0 {
		fmt.Fprintf(&b, ", pattern %d", e.Pattern)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ParsePartition reads a partition for goal: a preset name ("7-8",
// "6-6-3", "5-5-5" for the 4x4 goals last and first, "6-6-6-6" for the
// 5x5's) or patterns separated
// by "/" with tiles separated by "," (spaces allowed), such as
// "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15". The patterns must be disjoint,
// cover every tile of the board and leave out the blank.
func ParsePartition(text string, goal statespace.Board) (Partition, error) {
	trimmed := strings.TrimSpace(text)
	if slices.Contains(presetNames, trimmed) {
		return Preset(trimmed, goal)
	}
	if trimmed == "" {
		return Partition{}, &PartitionError{Msg: "empty; give a preset (" + strings.Join(presetNames, ", ") + ") or patterns such as 1,2,3/4,5,6,7,8"}
	}
	var p Partition
	for i, part := range strings.Split(trimmed, "/") {
		var pat []int
		for _, tok := range strings.Split(part, ",") {
			tok = strings.TrimSpace(tok)
			if tok == "" {
				if strings.TrimSpace(part) == "" {
					return Partition{}, &PartitionError{Text: text, Pattern: i + 1, Msg: "the pattern is empty"}
				}
				return Partition{}, &PartitionError{Text: text, Pattern: i + 1, Msg: "a tile is missing between two commas"}
			}
			t, err := strconv.Atoi(tok)
			if err != nil && !strings.ContainsAny(trimmed, ",/") && looksLikePreset(trimmed) {
				return Partition{}, &PartitionError{Text: text, Msg: notPreset(goal)}
			}
			if err != nil {
				msg := fmt.Sprintf("%q is not a tile number", tok)
				if strings.Contains(tok, "-") && !strings.HasPrefix(tok, "-") {
					msg += " (ranges are not supported; list the tiles)"
				}
				return Partition{}, &PartitionError{Text: text, Pattern: i + 1, Tile: tok, Msg: msg}
			}
			pat = append(pat, t)
		}
		p.Patterns = append(p.Patterns, pat)
	}
	if err := p.Validate(goal.Shape()); err != nil {
		err.(*PartitionError).Text = text
		return Partition{}, err
	}
	for _, pat := range p.Patterns {
		slices.Sort(pat)
	}
	p.Name = presetName(p, goal)
	return p, nil
}

// looksLikePreset reports whether text is written like a preset's name:
// numbers joined by "-" ("6-6-6").
func looksLikePreset(text string) bool {
	parts := strings.Split(text, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err != nil || strings.HasPrefix(p, "+") {
			return false
		}
	}
	return true
}

// notPreset says which presets there are and how a custom partition is
// written, with one for goal as the example.
func notPreset(goal statespace.Board) string {
	var names []string
	for _, sh := range []statespace.Shape{{Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}} {
		names = append(names, strings.Join(PresetsFor(sh), ", ")+" on "+sh.String())
	}
	return fmt.Sprintf("not a preset: the presets are %s (for the goals last and first); "+
		"any other partition lists each pattern's tiles, tiles separated by \",\" and patterns by \"/\", such as %s on %s",
		strings.Join(names, " and "), BlockPartition(goal), goal.Shape())
}

// presetName returns the name of the preset p equals (as sets of
// patterns), or "".
func presetName(p Partition, goal statespace.Board) string {
	for _, name := range presetNames {
		q, err := Preset(name, goal)
		if err != nil || len(q.Patterns) != len(p.Patterns) {
			continue
		}
		same := true
		for _, a := range p.Patterns {
			if !slices.ContainsFunc(q.Patterns, func(b []int) bool { return slices.Equal(a, b) }) {
				same = false
				break
			}
		}
		if same {
			return name
		}
	}
	return ""
}

// Validate reports whether p is a partition of the tiles of a board of
// shape s: every pattern non-empty, every tile in 1..n−1 and in exactly
// one pattern. The error is a *PartitionError naming the first fault.
func (p Partition) Validate(s statespace.Shape) error {
	where, err := p.check(s)
	if err != nil {
		return err
	}
	var missing []string
	for t := 1; t < s.Cells(); t++ {
		if where[t] == 0 {
			missing = append(missing, strconv.Itoa(t))
		}
	}
	switch len(missing) {
	case 0:
		return nil
	case 1:
		return &PartitionError{Tile: missing[0], Msg: fmt.Sprintf("tile %s is in no pattern; every tile 1..%d must be in one", missing[0], s.Cells()-1)}
	default:
		return &PartitionError{Tile: missing[0], Msg: fmt.Sprintf("tiles %s are in no pattern; every tile 1..%d must be in one", strings.Join(missing, ", "), s.Cells()-1)}
	}
}

// validatePattern checks the tiles of one pattern database, which need not
// cover the board.
func validatePattern(tiles []int, s statespace.Shape) error {
	_, err := Partition{Patterns: [][]int{tiles}}.check(s)
	return err
}

// check validates the patterns' tiles and returns the 1-based pattern
// holding each tile (0 for none).
func (p Partition) check(s statespace.Shape) ([]int, error) {
	if err := s.Validate(); err != nil {
		return nil, &PartitionError{Msg: err.Error()}
	}
	n := s.Cells()
	if len(p.Patterns) == 0 {
		return nil, &PartitionError{Msg: "no patterns"}
	}
	where := make([]int, n)
	for i, pat := range p.Patterns {
		if len(pat) == 0 {
			return nil, &PartitionError{Pattern: i + 1, Msg: "the pattern is empty"}
		}
		for _, t := range pat {
			tok := strconv.Itoa(t)
			switch {
			case t == 0:
				return nil, &PartitionError{Pattern: i + 1, Tile: tok, Msg: "tile 0 is the blank, which belongs to no pattern"}
			case t < 0 || t >= n:
				return nil, &PartitionError{Pattern: i + 1, Tile: tok, Msg: fmt.Sprintf("tile %d is out of range: a %s board has tiles 1..%d", t, s, n-1)}
			case where[t] == i+1:
				return nil, &PartitionError{Pattern: i + 1, Tile: tok, Msg: fmt.Sprintf("tile %d is listed twice", t)}
			case where[t] != 0:
				return nil, &PartitionError{Pattern: i + 1, Tile: tok, Msg: fmt.Sprintf("tile %d is also in pattern %d", t, where[t])}
			}
			where[t] = i + 1
		}
	}
	return where, nil
}

// quickStates bounds the abstract space of each pattern BlockPartition
// makes, so that the partition it suggests builds in seconds.
const quickStates = 100_000_000

// BlockPartition returns a partition of goal's tiles into consecutive
// blocks of the goal's reading order (1,2,3,4/5,6,7,8 for the 3x3 goal
// last), as few and as even as patterns of at most six tiles allow, each
// small enough to build in seconds: a custom partition to suggest where
// no preset fits the shape and goal.
func BlockPartition(goal statespace.Board) Partition {
	n := goal.Shape().Cells()
	k := 6
	for k > 1 && Placements(n, k)*uint64(n-k) > quickStates {
		k--
	}
	var tiles []int
	for c := 0; c < n; c++ {
		if t := goal.Tile(c); t != 0 {
			tiles = append(tiles, t)
		}
	}
	groups := (len(tiles) + k - 1) / k
	var p Partition
	for g, start := 0, 0; g < groups; g++ {
		end := start + (len(tiles)-start+groups-g-1)/(groups-g) // the rest shared evenly
		pat := slices.Clone(tiles[start:end])
		slices.Sort(pat)
		p.Patterns = append(p.Patterns, pat)
		start = end
	}
	p.Name = presetName(p, goal)
	return p
}

// Suggest returns the partition to name in a command that builds pattern
// databases for goal: the shape's first preset when it fits the goal
// (6-6-3 on 4x4, 6-6-6-6 on 5x5), else BlockPartition's.
func Suggest(goal statespace.Board) Partition {
	for _, name := range PresetsFor(goal.Shape()) {
		if name == "7-8" {
			continue // minutes and 1.7 GB to build: not a first suggestion
		}
		if p, err := Preset(name, goal); err == nil {
			return p
		}
	}
	return BlockPartition(goal)
}
