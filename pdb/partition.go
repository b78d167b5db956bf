package pdb

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/perm"
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
	// in the order they were given, each pattern once.
	Patterns [][]int
	// Groups, when the heuristic is the maximum over several additive
	// partitions (Döbbelin, Schütt & Reinefeld 2013; Clausecker &
	// Reinefeld's catalogues), lists each one's patterns as indices into
	// Patterns: every group covers the tiles once, and a pattern may serve
	// several groups, its database read once. Nil means one group of all
	// the patterns, which are then disjoint.
	Groups [][]int
	// ZeroAware asks for zero-aware databases (see PDB): 18 to 24 times
	// the entries (n − k per placement), and a larger value wherever the
	// blank's region matters.
	ZeroAware bool
}

// MaxGroups bounds the additive partitions one heuristic takes the
// maximum of: each adds lookups to every node.
const MaxGroups = 8

// String writes the partition as its tiles, patterns separated by "/" and
// tiles by ",", e.g. "1,2,3/4,5,6,7,8", and the groups of a maximum
// separated by "|": the form ParsePartition reads.
func (p Partition) String() string {
	if p.Groups == nil {
		return patternsString(p.Patterns, nil)
	}
	groups := make([]string, len(p.Groups))
	for i, g := range p.Groups {
		groups[i] = patternsString(p.Patterns, g)
	}
	return strings.Join(groups, "|")
}

// patternsString writes the patterns of indices idx (all when nil) as
// String does.
func patternsString(patterns [][]int, idx []int) string {
	if idx == nil {
		idx = make([]int, len(patterns))
		for i := range idx {
			idx[i] = i
		}
	}
	parts := make([]string, len(idx))
	for i, k := range idx {
		pat := patterns[k]
		tiles := make([]string, len(pat))
		for j, t := range pat {
			tiles[j] = strconv.Itoa(t)
		}
		parts[i] = strings.Join(tiles, ",")
	}
	return strings.Join(parts, "/")
}

// Sums returns the additive groups the heuristic takes the maximum of,
// as indices into Patterns: Groups, or one group of every pattern.
func (p Partition) Sums() [][]int {
	if p.Groups != nil {
		return p.Groups
	}
	all := make([]int, len(p.Patterns))
	for i := range all {
		all[i] = i
	}
	return [][]int{all}
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
// the 5x5's: one partition, and the maximums of four and of seven.
var presetNames = []string{"7-8", "6-6-3", "5-5-5", "6-6-6-6", "6-6-6-6x4", "6-6-6-6x7"}

// preset is a preset partition as blocks of goal cells for one shape and
// one of its goals; the other goal (last or first) uses the same blocks
// turned by 180°: cell c becomes n − 1 − c.
type preset struct {
	shape  statespace.Shape
	first  bool // the blocks are for the goal first (else last)
	blocks [][]int
	groups [][]int // the maximum's additive groups as indices into blocks; nil for one
}

// presets holds the partitions of Korf & Felner (2002): the 4x4's for the
// goal last (blank at cell 15) and the 5x5's 6-6-6-6 for the goal first
// (blank at cell 0, tile t on cell t), as they give it; and two maximums
// of 6-6-6-6 partitions for the same goal.
var presets = map[string]preset{
	"7-8":   {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}, nil},
	"6-6-3": {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}, {12, 13, 14}}, nil},
	"5-5-5": {statespace.Shape{Rows: 4, Cols: 4}, false, [][]int{{0, 1, 2, 4, 5}, {3, 6, 7, 10, 11}, {8, 9, 12, 13, 14}}, nil},
	"6-6-6-6": {statespace.Shape{Rows: 5, Cols: 5}, true, [][]int{
		{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}, nil},
	// The maximum of four 6-6-6-6 partitions from eight databases,
	// Clausecker & Reinefeld's catalogue partitions 0–3 as transposed
	// (Korf & Felner's is the first): tiles 10 and 12 trade places
	// between the two left-hand patterns, the right-hand side splits by
	// rows or by columns, or both. With the reflection the lookups see
	// eight partitions.
	"6-6-6-6x4": {statespace.Shape{Rows: 5, Cols: 5}, true, [][]int{
		{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24},
		{1, 2, 5, 6, 7, 10}, {11, 12, 15, 16, 20, 21}, {3, 8, 13, 17, 18, 22}, {4, 9, 14, 19, 23, 24}},
		[][]int{{0, 1, 2, 3}, {4, 1, 5, 3}, {0, 6, 2, 7}, {4, 6, 5, 7}}},
	// The maximum of seven from fourteen databases: Clausecker &
	// Reinefeld's catalogue partitions 0–6 as transposed, those of
	// 6-6-6-6x4 and three more: two give tiles 1–6 a pattern of their
	// own, the third splits the lower rows into {11,12,16,17,18,19} and
	// {15,20,…,24}. With the reflection the lookups see their fourteen.
	"6-6-6-6x7": {statespace.Shape{Rows: 5, Cols: 5}, true, [][]int{
		{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24},
		{1, 2, 5, 6, 7, 10}, {11, 12, 15, 16, 20, 21}, {3, 8, 13, 17, 18, 22}, {4, 9, 14, 19, 23, 24},
		{1, 2, 3, 4, 5, 6}, {7, 8, 9, 12, 13, 14}, {15, 20, 21, 22, 23, 24}, {11, 12, 16, 17, 18, 19},
		{7, 8, 12, 13, 17, 18}, {9, 14, 19, 22, 23, 24}},
		[][]int{{0, 1, 2, 3}, {4, 1, 5, 3}, {0, 6, 2, 7}, {4, 6, 5, 7}, {8, 9, 2, 3}, {4, 1, 11, 10}, {8, 12, 13, 2}}},
}

// PresetShape returns the shape a preset partition is for (4x4 for 7-8,
// 6-6-3 and 5-5-5, 5x5 for 6-6-6-6, 6-6-6-6x4 and 6-6-6-6x7) and whether
// name is a preset.
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
	var patterns [][]int
	for _, block := range pr.blocks {
		pat := make([]int, len(block))
		for i, c := range block {
			if turn {
				c = n - 1 - c
			}
			pat[i] = goal.Tile(c)
		}
		slices.Sort(pat)
		patterns = append(patterns, pat)
	}
	p := sortPatterns(patterns, pr.groups)
	p.Name = name
	return p, nil
}

// sortPatterns returns the partition of patterns and groups (indices into
// patterns, nil for one group) with the patterns ordered by their
// smallest tile, then by their tiles, and each group's indices ascending.
func sortPatterns(patterns [][]int, groups [][]int) Partition {
	order := make([]int, len(patterns))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(patterns[a], patterns[b]) })
	at := make([]int, len(patterns)) // new index of each old one
	var p Partition
	for i, k := range order {
		at[k] = i
		p.Patterns = append(p.Patterns, patterns[k])
	}
	for _, g := range groups {
		ng := make([]int, len(g))
		for i, k := range g {
			ng[i] = at[k]
		}
		slices.Sort(ng)
		p.Groups = append(p.Groups, ng)
	}
	return p
}

// PartitionError reports a partition that is not valid for a board: a
// tile that is not a number, out of range, the blank, listed twice, or in
// no pattern, or an empty pattern.
type PartitionError struct {
	Text    string // the partition as given, if it was parsed from text
	Group   int    // 1-based additive group of a maximum at fault, 0 when none in particular
	Pattern int    // 1-based pattern at fault (within its group), 0 when none in particular
	Tile    string // the offending tile as written, if any
	Msg     string
}

// Kind is errkind.Value.
func (*PartitionError) Kind() errkind.Kind { return errkind.Value }

func (e *PartitionError) Error() string {
	var b strings.Builder
	b.WriteString("pdb: partition")
	if e.Text != "" {
		fmt.Fprintf(&b, " %q", e.Text)
	}
	if e.Group > 0 {
		fmt.Fprintf(&b, ", group %d", e.Group)
	}
	if e.Pattern > 0 {
		fmt.Fprintf(&b, ", pattern %d", e.Pattern)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ParsePartition reads a partition for goal: a preset name ("7-8",
// "6-6-3", "5-5-5" for the 4x4 goals last and first, "6-6-6-6" and
// "6-6-6-6x4" for the 5x5's) or patterns separated
// by "/" with tiles separated by "," (spaces allowed), such as
// "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15". The patterns must be disjoint,
// cover every tile of the board and leave out the blank. Several such
// partitions (or presets) separated by "|" make the maximum of their
// sums, at most MaxGroups of them, such as "1,2,3/4,5,6,7,8|1,2,4/3,5,6,7,8".
func ParsePartition(text string, goal statespace.Board) (Partition, error) {
	trimmed := strings.TrimSpace(text)
	if strings.Contains(trimmed, "|") {
		return parseMaximum(text, goal)
	}
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

// parseMaximum reads partitions separated by "|" as the maximum of their
// sums, each pattern kept once.
func parseMaximum(text string, goal statespace.Board) (Partition, error) {
	pieces := strings.Split(text, "|")
	var patterns [][]int
	var groups [][]int
	for i, piece := range pieces {
		q, err := ParsePartition(piece, goal)
		if err != nil {
			if pe, ok := err.(*PartitionError); ok {
				pe.Text, pe.Group = text, i+1
			}
			return Partition{}, err
		}
		for _, g := range q.Sums() {
			var ng []int
			for _, k := range g {
				j := slices.IndexFunc(patterns, func(x []int) bool { return slices.Equal(x, q.Patterns[k]) })
				if j < 0 {
					j = len(patterns)
					patterns = append(patterns, q.Patterns[k])
				}
				ng = append(ng, j)
			}
			groups = append(groups, ng)
		}
	}
	p := sortPatterns(patterns, groups)
	if err := p.Validate(goal.Shape()); err != nil {
		err.(*PartitionError).Text = text
		return Partition{}, err
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
// groups of patterns), or "".
func presetName(p Partition, goal statespace.Board) string {
	for _, name := range presetNames {
		q, err := Preset(name, goal)
		if err == nil && canonical(q) == canonical(p) {
			return name
		}
	}
	return ""
}

// canonical writes p with its groups' patterns sorted and its groups
// sorted: equal for partitions that differ only in order.
func canonical(p Partition) string {
	var groups []string
	for _, g := range p.Sums() {
		var pats []string
		for _, k := range g {
			pats = append(pats, fmt.Sprint(p.Patterns[k]))
		}
		slices.Sort(pats)
		groups = append(groups, strings.Join(pats, "/"))
	}
	slices.Sort(groups)
	return strings.Join(groups, "|")
}

// Validate reports whether p is a partition of the tiles of a board of
// shape s: every pattern non-empty, every tile in 1..n−1 and in exactly
// one pattern — in each group, for a maximum, whose groups (at most
// MaxGroups, none repeated) use every pattern, each pattern listed once.
// The error is a *PartitionError naming the first fault.
func (p Partition) Validate(s statespace.Shape) error {
	if p.Groups == nil {
		return p.validateOne(s)
	}
	if len(p.Groups) > MaxGroups {
		return &PartitionError{Msg: fmt.Sprintf("%d groups; a maximum takes at most %d", len(p.Groups), MaxGroups)}
	}
	if len(p.Patterns) >= perm.Cells {
		return &PartitionError{Msg: fmt.Sprintf("%d patterns; a maximum takes at most %d", len(p.Patterns), perm.Cells-1)}
	}
	used := make([]bool, len(p.Patterns))
	seen := map[string]int{}
	for gi, g := range p.Groups {
		var one Partition
		for _, k := range g {
			if k < 0 || k >= len(p.Patterns) {
				return &PartitionError{Group: gi + 1, Msg: fmt.Sprintf("pattern index %d is out of range (%d patterns)", k, len(p.Patterns))}
			}
			used[k] = true
			one.Patterns = append(one.Patterns, p.Patterns[k])
		}
		if err := one.validateOne(s); err != nil {
			err.(*PartitionError).Group = gi + 1
			return err
		}
		c := canonical(one)
		if first, ok := seen[c]; ok {
			return &PartitionError{Group: gi + 1, Msg: fmt.Sprintf("the group repeats group %d", first)}
		}
		seen[c] = gi + 1
	}
	for k, u := range used {
		if !u {
			return &PartitionError{Msg: fmt.Sprintf("pattern %v is in no group", p.Patterns[k])}
		}
		for j := range k {
			if slices.Equal(p.Patterns[j], p.Patterns[k]) {
				return &PartitionError{Msg: fmt.Sprintf("pattern %v is listed twice", p.Patterns[k])}
			}
		}
	}
	return nil
}

// validateOne is Validate for one additive group, p.Patterns.
func (p Partition) validateOne(s statespace.Shape) error {
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
