// Package grade grades a COMS 4701 search assignment's output.txt against
// exact truth: the counts the assignment's rules give (package classroom's
// RunCOMS) and the board's exact distance from a table.
//
// The assignment grades each test run on eight items of 0.75 points: the
// seven lines of output.txt and one for a program that runs and writes any
// output at all. Every line has one correct answer, except running_time
// and max_ram_usage (present, numeric and not negative, never compared)
// and, for A*, the counts its handout lets vary by implementation: a
// nodes_expanded or max_search_depth unlike the reference's, or another
// shortest path, is "allowed", with both values, unless it is impossible.
// The format is checked whole: the line names and their order, ": "
// between a name and its value, "\n" line ends, the path as Python's
// str() of a list writes it; each near miss (a missing colon, double
// quotes, a CRLF line end, extra whitespace, …) is named and costs its
// line's item. A teacher may give a near miss whose value is right part
// of its item's points instead (Report.CreditNearMisses).
//
// It knows nothing of how output.txt was made (package
// classroom/submissions runs a class's programs) or of command lines.
package grade

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/statespace"
)

// Items are the eight graded items of one test run, in the handout's
// order: the seven lines of output.txt, then "runs".
var Items = []string{"path_to_goal", "cost_of_path", "nodes_expanded", "search_depth", "max_search_depth", "running_time", "max_ram_usage", "runs"}

// lineItems is how many of Items are lines of output.txt.
const lineItems = 7

// The items' indexes in Items.
const (
	itemPath = iota
	itemCost
	itemExpanded
	itemDepth
	itemMaxDepth
	itemTime
	itemRAM
	itemRuns
)

// PointsPerItem is what each item is worth.
const PointsPerItem = 0.75

// Verdict is an item's grade.
type Verdict string

// The verdicts: OK and Allowed score the item's points, Wrong none.
const (
	OK      Verdict = "ok"
	Allowed Verdict = "allowed" // differs from the reference, as the assignment allows
	Wrong   Verdict = "wrong"
	Near    Verdict = "near" // a near miss given partial credit (Report.CreditNearMisses)
)

// Item is one graded item.
type Item struct {
	Name     string  `json:"item"`
	Verdict  Verdict `json:"verdict"`
	Points   float64 `json:"points"`
	Expected string  `json:"expected"`          // the reference's value (a long one cut), or what is asked of an ungraded one
	Got      string  `json:"got"`               // the value written (a long one cut), "" when none
	Line     int     `json:"line,omitempty"`    // its line in output.txt
	Message  string  `json:"message,omitempty"` // the first difference, naming the expected value
	// NearMiss marks a wrong item whose only fault is its form (the name's
	// spelling, whitespace, a colon, a line end, the list's quotes or
	// commas): its value, read leniently, is right.
	NearMiss bool `json:"near_miss,omitempty"`
}

// Report is one output.txt's grade.
type Report struct {
	Method   string   `json:"method"`
	Board    string   `json:"board"`
	Distance int      `json:"distance"` // the exact distance to 0,1,…,8
	Items    []Item   `json:"items"`
	Score    float64  `json:"score"`
	Points   float64  `json:"points"` // what the run is worth: 8 × 0.75
	Notes    []string `json:"notes,omitempty"`
	// NearMissCredit is the share of an item's points a near miss scores
	// (0 unless CreditNearMisses gave one).
	NearMissCredit float64 `json:"near_miss_credit,omitempty"`
}

// grader grades one output.txt.
type grader struct {
	ref   Reference
	items []Item
	path  []statespace.Move // the path written, when it parses
	lines []Line
	notes []string
}

// Grade grades output.txt's bytes, out, against ref. The "runs" item is
// given for any output at all; a caller that ran the program may take it
// back with SetRuns.
func Grade(ref Reference, out []byte) Report {
	g := grader{ref: ref, items: make([]Item, len(Items))}
	for i, name := range Items {
		g.items[i] = Item{Name: name, Verdict: Wrong, Expected: shorten(expected(ref, i))}
	}
	switch {
	case len(out) > MaxBytes:
		for i := range g.items[:lineItems] {
			g.items[i].Message = fmt.Sprintf("output.txt is %d bytes, more than the %d the longest correct one needs; not read", len(out), MaxBytes)
		}
	case len(out) == 0:
		for i := range g.items[:lineItems] {
			g.items[i].Message = "output.txt is empty; expected " + g.expectedLine(i)
		}
	default:
		g.gradeLines(out)
	}
	g.items[itemRuns].Verdict = OK
	if len(out) == 0 {
		g.items[itemRuns].Verdict, g.items[itemRuns].Message = Wrong, "no output"
	}
	r := Report{Method: ref.Method, Board: ref.Board.String(), Distance: ref.Distance, Items: g.items, Notes: g.notes}
	r.total()
	return r
}

// SetRuns grades the "runs" item: ok, or wrong with why.
func (r *Report) SetRuns(ok bool, why string) {
	it := &r.Items[itemRuns]
	it.Verdict, it.Message = OK, why
	if !ok {
		it.Verdict = Wrong
	}
	r.total()
}

// Missing is the report of a run that wrote no output.txt, why saying
// what happened.
func Missing(ref Reference, why string) Report {
	r := Grade(ref, nil)
	for i := range r.Items {
		r.Items[i].Message = why + "; expected " + expectedLine(ref, i)
	}
	r.Items[itemRuns].Message = why
	return r
}

// CreditNearMisses gives each near miss (an item marked NearMiss) the
// share credit of its points, in (0, 1], with the verdict Near; 0 keeps
// the strict grade.
func (r *Report) CreditNearMisses(credit float64) {
	if credit <= 0 || credit > 1 {
		return
	}
	r.NearMissCredit = credit
	for i := range r.Items {
		if it := &r.Items[i]; it.NearMiss && it.Verdict == Wrong {
			it.Verdict = Near
		}
	}
	r.total()
}

func (r *Report) total() {
	r.Score, r.Points = 0, float64(len(r.Items))*PointsPerItem
	for i := range r.Items {
		it := &r.Items[i]
		switch it.Verdict {
		case Wrong:
			it.Points = 0
		case Near:
			it.Points = PointsPerItem * r.NearMissCredit
		default:
			it.Points = PointsPerItem
		}
		r.Score += it.Points
	}
}

// expected is what item i asks for.
func expected(ref Reference, i int) string {
	switch i {
	case itemPath:
		return PathText(ref.Path)
	case itemCost:
		return strconv.Itoa(len(ref.Path))
	case itemExpanded:
		return strconv.FormatInt(ref.Expanded, 10)
	case itemDepth:
		return strconv.Itoa(ref.Depth)
	case itemMaxDepth:
		return strconv.Itoa(ref.MaxDepth)
	case itemTime, itemRAM:
		return "a number, at least 0 (not compared)"
	}
	return "output.txt written"
}

// expectedLine is item i's line as the reference writes it.
func expectedLine(ref Reference, i int) string {
	switch i {
	case itemRuns:
		return expected(ref, i)
	case itemTime, itemRAM:
		return Items[i] + ": <a number, at least 0>"
	}
	return Items[i] + ": " + shorten(expected(ref, i))
}

func (g *grader) expected(i int) string     { return expected(g.ref, i) }
func (g *grader) expectedLine(i int) string { return expectedLine(g.ref, i) }

// shorten cuts a long value (a DFS path) for a message.
func shorten(v string) string {
	if len(v) <= 80 {
		return v
	}
	return v[:60] + "… (" + strconv.Itoa(len(v)) + " characters)"
}

// gradeLines finds each item's line and grades it.
func (g *grader) gradeLines(out []byte) {
	lines, more := Split(out)
	g.lines = lines
	if more {
		g.notes = append(g.notes, fmt.Sprintf("output.txt has more than %d lines; the rest were not read", MaxLines))
	}
	at := make([][]int, lineItems) // each item's lines, by index into lines
	for k, l := range lines {
		if l.Item < 0 {
			what := "none of the seven lines"
			if strings.TrimSpace(l.Text) == "" {
				what = "blank"
			}
			g.notes = append(g.notes, fmt.Sprintf("line %d is %s: %s", l.N, what, quote(l.Text)))
			continue
		}
		at[l.Item] = append(at[l.Item], k)
	}
	misplaced := outOfOrder(lines, at)
	for i := range lineItems {
		it := &g.items[i]
		switch len(at[i]) {
		case 0:
			it.Message = "missing; expected the line " + g.expectedLine(i)
			continue
		case 1:
		default:
			it.Message = fmt.Sprintf("%s is on %d lines; expected once: %s", Items[i], len(at[i]), g.expectedLine(i))
			it.Line = lines[at[i][0]].N
			continue
		}
		l := lines[at[i][0]]
		it.Line = l.N
		value, before, after := layout(Items[i], l.Text)
		it.Got = shorten(value)
		switch {
		case misplaced[i]:
			it.Message = fmt.Sprintf("out of order: the handout's order is %s; expected %s", strings.Join(Items[:lineItems], ", "), g.expectedLine(i))
		case before != "":
			it.Message = before + "; expected " + g.expectedLine(i)
			it.NearMiss = g.rightValue(i, value)
		default:
			it.Verdict, it.Message = g.value(i, value)
			if it.Verdict != Wrong && after != "" {
				it.Verdict, it.Message, it.NearMiss = Wrong, after+"; expected "+g.expectedLine(i), true
			} else if it.Verdict == Wrong && i == itemPath {
				it.NearMiss = g.rightValue(i, lenientPath(value))
			}
		}
	}
	g.crossCheck()
}

// outOfOrder reports the items whose lines are out of the handout's
// order: those missing from some longest run of lines in order, so that
// a missing line moves no other out of place, a line moved away is the
// only one out of place, and of two swapped lines both are.
func outOfOrder(lines []Line, at [][]int) []bool {
	var seq []int // each present item once, in file order
	for _, l := range lines {
		if l.Item >= 0 && lines[at[l.Item][0]].N == l.N {
			seq = append(seq, l.Item)
		}
	}
	best := longestRising(seq, -1)
	out := make([]bool, lineItems)
	for _, item := range seq {
		out[item] = longestRising(seq, item) == best
	}
	return out
}

// longestRising is the length of the longest increasing subsequence of
// seq without the value skip.
func longestRising(seq []int, skip int) int {
	best := make([]int, len(seq))
	longest := 0
	for i, v := range seq {
		if v == skip {
			continue
		}
		best[i] = 1
		for j := range i {
			if seq[j] != skip && seq[j] < v && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

// crossCheck notes cost_of_path and search_depth that do not match the
// path written (each item is graded against the reference alone).
func (g *grader) crossCheck() {
	if g.path == nil {
		return
	}
	for _, i := range []int{itemCost, itemDepth} {
		it := g.items[i]
		if n, problem := parseCount(it.Got); problem == "" && it.Got != "" && n != int64(len(g.path)) {
			g.notes = append(g.notes, fmt.Sprintf("%s is %d, but path_to_goal has %d moves", Items[i], n, len(g.path)))
		}
	}
}

// rightValue reports whether v would score as item i's value, leaving the
// grader as it was.
func (g *grader) rightValue(i int, v string) bool {
	path := g.path
	verdict, _ := g.value(i, v)
	g.path = path
	return verdict != Wrong
}

// lenientPath rewrites a list of moves in the form Python's str() gives:
// straight single quotes, ", " between moves, no spaces inside the
// brackets.
func lenientPath(v string) string {
	inner, open := strings.CutPrefix(v, "[")
	inner, closed := strings.CutSuffix(inner, "]")
	if !open || !closed {
		return v
	}
	inner = strings.NewReplacer(`"`, "'", "‘", "'", "’", "'").Replace(inner)
	parts := strings.Split(inner, ",")
	for k, p := range parts {
		parts[k] = strings.TrimSpace(p)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// value grades item i's value, its line's form being right.
func (g *grader) value(i int, v string) (Verdict, string) {
	switch i {
	case itemPath:
		return g.gradePath(v)
	case itemTime, itemRAM:
		if _, problem := parseAmount(v); problem != "" {
			return Wrong, problem + "; expected " + g.expectedLine(i)
		}
		return OK, ""
	}
	n, problem := parseCount(v)
	if problem != "" {
		return Wrong, problem + "; expected " + g.expectedLine(i)
	}
	want, _ := strconv.ParseInt(g.expected(i), 10, 64)
	if n == want {
		return OK, ""
	}
	diff := fmt.Sprintf("%d, expected %d (%s)", n, want, howFar(n, want))
	varies := g.ref.Method == "ast" && (i == itemExpanded || i == itemMaxDepth)
	if !varies {
		return Wrong, diff
	}
	// A*'s counts vary with the implementation, within what is possible:
	// the path's moves are each expanded once, and the goal is at its
	// depth; no search meets more than the reachable boards.
	low := int64(g.ref.Distance)
	switch {
	case n < low && i == itemExpanded:
		return Wrong, fmt.Sprintf("%d is impossible: the %d moves of the path each expand a board; expected %d", n, low, want)
	case n < low:
		return Wrong, fmt.Sprintf("%d is impossible: the goal is at depth %d; expected %d", n, low, want)
	case n > Reachable:
		return Wrong, fmt.Sprintf("%d is impossible: there are %d reachable boards; expected %d", n, Reachable, want)
	}
	return Allowed, fmt.Sprintf("differs: allowed by the assignment: %d here, %d in the reference (A*'s counts vary with the implementation)", n, want)
}

// howFar says how n differs from want.
func howFar(n, want int64) string {
	if n > want {
		return fmt.Sprintf("%d more", n-want)
	}
	return fmt.Sprintf("%d fewer", want-n)
}

// gradePath grades path_to_goal: its form, each move legal, reaching the
// goal, shortest for BFS and A*, and the path the assignment's rules give.
func (g *grader) gradePath(v string) (Verdict, string) {
	exp := shorten(PathText(g.ref.Path))
	moves, problem := parsePath(v)
	if problem != "" {
		return Wrong, problem + "; expected " + exp
	}
	b := g.ref.Board
	for k, m := range moves {
		next, ok := b.Apply(m)
		if !ok {
			return Wrong, fmt.Sprintf("move %d, '%s', is illegal: after %d moves the blank is in row %d, column %d of %s; expected %s",
				k+1, m, k, Shape.Row(b.Blank())+1, Shape.Col(b.Blank())+1, b, exp)
		}
		b = next
	}
	g.path = moves
	goal := statespace.GoalFirst(Shape)
	if b != goal {
		return Wrong, fmt.Sprintf("the %d moves end on %s, not the goal %s; expected %s (%d moves)", len(moves), b, goal, exp, len(g.ref.Path))
	}
	if g.ref.Method != "dfs" && len(moves) != g.ref.Distance {
		return Wrong, fmt.Sprintf("%d moves, but the shortest path is %d moves and %s finds one; expected %s", len(moves), g.ref.Distance, g.ref.Method, exp)
	}
	k := firstDifference(moves, g.ref.Path)
	if k < 0 {
		return OK, ""
	}
	var diff string
	switch {
	case k >= len(moves):
		diff = fmt.Sprintf("it ends after %d moves, the reference goes on with '%s'", k, g.ref.Path[k])
	case k >= len(g.ref.Path):
		diff = fmt.Sprintf("move %d is '%s', the reference ends after %d moves", k+1, moves[k], k)
	default:
		diff = fmt.Sprintf("move %d is '%s', the reference's is '%s'", k+1, moves[k], g.ref.Path[k])
	}
	if g.ref.Method == "ast" {
		return Allowed, fmt.Sprintf("differs: allowed by the assignment (another shortest path, %d moves, as A*'s ties may break another way): %s; the reference is %s", len(moves), diff, exp)
	}
	return Wrong, fmt.Sprintf("%d moves, not the path the handout's Up, Down, Left, Right order gives: %s; expected %s (%d moves)", len(moves), diff, exp, len(g.ref.Path))
}

// firstDifference returns the first index where a and b differ, or -1.
func firstDifference(a, b []statespace.Move) int {
	for k := range min(len(a), len(b)) {
		if a[k] != b[k] {
			return k
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
