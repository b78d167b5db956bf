package grade

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

var bg = context.Background()

// exactTable is the exact table toward the assignment's goal, 0,1,…,8.
func exactTable(t testing.TB) table.Interface {
	return fixture.TableFor(t, fixture.ComsGoal())
}

func reference(t testing.TB, method, board string) Reference {
	t.Helper()
	ref, err := NewReference(bg, method, fixture.MustParse(t, board), exactTable(t))
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// output writes the reference's output.txt with package classroom's
// writer, the one `classroom coms` uses.
func output(t testing.TB, ref Reference) string {
	t.Helper()
	r := search.Result{Found: true, Path: ref.Path, Cost: float64(len(ref.Path)), Expanded: ref.Expanded,
		SearchDepth: ref.Depth, MaxSearchDepth: ref.MaxDepth, Elapsed: 1234 * time.Microsecond}
	var b bytes.Buffer
	if err := classroom.WriteCOMS(&b, r, 5<<20); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestHandoutExamples grades the handout's two published output.txt
// files (data/reference/coms4701.tsv's counts, with the handout's times
// and memory) at full marks.
func TestHandoutExamples(t *testing.T) {
	f, err := os.Open("../../data/reference/coms4701.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	times := map[string]string{"bfs": "running_time: 0.00188088\nmax_ram_usage: 0.07812500\n", "dfs": "running_time: 5.01608433\nmax_ram_usage: 4.23940217\n"}
	sc := bufio.NewScanner(f)
	graded := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(sc.Text(), "#") || fields[0] == "method" || fields[2] == "" {
			continue
		}
		var moves []string
		for _, m := range strings.Split(fields[2], ",") {
			moves = append(moves, "'"+m+"'")
		}
		text := fmt.Sprintf("path_to_goal: [%s]\ncost_of_path: %s\nnodes_expanded: %s\nsearch_depth: %s\nmax_search_depth: %s\n%s",
			strings.Join(moves, ", "), fields[3], fields[4], fields[5], fields[6], times[fields[0]])
		r := Grade(reference(t, fields[0], fields[1]), []byte(text))
		if r.Score != 6 || r.Points != 6 || len(r.Notes) > 0 {
			t.Errorf("%s %s: %.2f of %.2f, want 6 of 6: %+v", fields[0], fields[1], r.Score, r.Points, r)
		}
		graded++
	}
	if graded != 2 {
		t.Fatalf("graded %d published examples, want 2", graded)
	}
}

// TestReferencePasses grades the reference output of boards drawn at
// random (seeded) at distances from 0 to the radius at full marks; the
// path's length is checked against the table on its own.
func TestReferencePasses(t *testing.T) {
	tab := exactTable(t)
	ds := []int{0, 1, 4, 9, 14, 19, 24, 31}
	if longtest.Enabled() {
		ds = ds[:0]
		for d := 0; d <= tab.Radius(); d++ {
			ds = append(ds, d)
		}
	}
	rng := fixture.NewRand(42)
	for _, d := range ds {
		b, err := table.DrawOne(bg, tab, rng, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range classroom.COMSMethods {
			ref := reference(t, m, b.String())
			if ref.Distance != d {
				t.Fatalf("%s: distance %d, drawn at %d", b, ref.Distance, d)
			}
			if m != "dfs" && len(ref.Path) != d {
				t.Errorf("%s %s: %d moves, the distance is %d", m, b, len(ref.Path), d)
			}
			if r := Grade(ref, []byte(output(t, ref))); r.Score != r.Points || r.Points != 6 {
				t.Errorf("%s %s: %.2f of %.2f: %+v", m, b, r.Score, r.Points, r.Items)
			}
		}
	}
}

// mutation is a change to a reference output.txt and the items it must
// cost.
type mutation struct {
	name string
	edit func(lines []string) []string
	lose []int
}

func mutations(ref Reference) []mutation {
	var ms []mutation
	set := func(i int, f func(string) string) func([]string) []string {
		return func(l []string) []string { l[i] = f(l[i]); return l }
	}
	for i := range lineItems {
		ms = append(ms,
			mutation{"missing " + Items[i], func(l []string) []string { return append(l[:i:i], l[i+1:]...) }, []int{i}},
			mutation{"CRLF on " + Items[i], set(i, func(s string) string { return s + "\r" }), []int{i}},
			mutation{"no colon on " + Items[i], set(i, func(s string) string { return strings.Replace(s, ":", "", 1) }), []int{i}},
			mutation{"trailing space on " + Items[i], set(i, func(s string) string { return s + " " }), []int{i}},
			mutation{"two spaces on " + Items[i], set(i, func(s string) string { return strings.Replace(s, ": ", ":  ", 1) }), []int{i}},
			mutation{"spaced name on " + Items[i], set(i, func(s string) string { return strings.Replace(s, "_", " ", 1) }), []int{i}},
		)
		if i+1 < lineItems {
			ms = append(ms, mutation{"swapped " + Items[i] + " and " + Items[i+1], func(l []string) []string {
				l[i], l[i+1] = l[i+1], l[i]
				return l
			}, []int{i, i + 1}})
		}
	}
	ms = append(ms, mutation{"moved path_to_goal last", func(l []string) []string { return append(l[1:], l[0]) }, []int{itemPath}})
	for _, i := range []int{itemCost, itemExpanded, itemDepth, itemMaxDepth} {
		for _, delta := range []string{"+1", "-1"} {
			ms = append(ms, mutation{Items[i] + " " + delta, set(i, func(s string) string {
				name, v, _ := strings.Cut(s, ": ")
				var n int
				fmt.Sscan(v, &n)
				if delta == "+1" {
					n++
				} else {
					n--
				}
				return fmt.Sprintf("%s: %d", name, n)
			}), []int{i}})
		}
		ms = append(ms, mutation{Items[i] + " as a decimal", set(i, func(s string) string { return s + ".0" }), []int{i}})
	}
	for _, i := range []int{itemTime, itemRAM} {
		ms = append(ms,
			mutation{Items[i] + " negative", set(i, func(s string) string { return strings.Replace(s, ": ", ": -", 1) }), []int{i}},
			mutation{Items[i] + " not a number", set(i, func(s string) string { name, _, _ := strings.Cut(s, ":"); return name + ": fast" }), []int{i}},
			mutation{Items[i] + " empty", set(i, func(s string) string { name, _, _ := strings.Cut(s, ":"); return name + ": " }), []int{i}},
		)
	}
	path := func(f func([]string) []string) func([]string) []string {
		return set(itemPath, func(s string) string {
			var moves []string
			for _, m := range ref.Path {
				moves = append(moves, "'"+m.String()+"'")
			}
			return "path_to_goal: [" + strings.Join(f(moves), ", ") + "]"
		})
	}
	if len(ref.Path) > 1 {
		ms = append(ms, mutation{"path without spaces", set(itemPath, func(s string) string { return strings.ReplaceAll(s, ", ", ",") }), []int{itemPath}})
	}
	if len(ref.Path) > 0 {
		ms = append(ms,
			mutation{"path one move short", path(func(m []string) []string { return m[:len(m)-1] }), []int{itemPath}},
			mutation{"path in double quotes", path(func(m []string) []string {
				for i := range m {
					m[i] = strings.ReplaceAll(m[i], "'", `"`)
				}
				return m
			}), []int{itemPath}},
			mutation{"path unquoted", path(func(m []string) []string { m[0] = strings.Trim(m[0], "'"); return m }), []int{itemPath}},
			mutation{"path lowercase", path(func(m []string) []string { m[0] = strings.ToLower(m[0]); return m }), []int{itemPath}},
		)
	}
	// An illegal move: the first move the blank cannot make from the start.
	for _, m := range statespace.Moves {
		if !ref.Board.LegalMoves().Has(m) {
			ms = append(ms, mutation{"illegal first move", path(func(ms []string) []string { return append([]string{"'" + m.String() + "'"}, ms...) }), []int{itemPath}})
			break
		}
	}
	// A detour: a legal move and its undoing, longer than the rules' path.
	first := statespace.Up
	for _, m := range statespace.Moves {
		if ref.Board.LegalMoves().Has(m) {
			first = m
			break
		}
	}
	ms = append(ms, mutation{"path with a detour", path(func(m []string) []string {
		return append([]string{"'" + first.String() + "'", "'" + first.Opposite().String() + "'"}, m...)
	}), []int{itemPath}})
	return ms
}

// TestMutations: each mutation of a reference output.txt costs exactly its
// items, with a message naming the expected value; for A*, counts that
// differ are allowed unless impossible.
func TestMutations(t *testing.T) {
	for _, c := range []struct{ method, board string }{
		{"bfs", "1,2,5,3,4,0,6,7,8"}, {"dfs", "1,2,5,3,4,0,6,7,8"}, {"ast", "1,2,5,3,4,0,6,7,8"},
		{"bfs", "3,1,2,0,4,5,6,7,8"}, {"ast", "3,1,2,0,4,5,6,7,8"}, {"bfs", "8,6,7,2,5,4,3,0,1"}, {"ast", "8,6,7,2,5,4,3,0,1"},
	} {
		ref := reference(t, c.method, c.board)
		text := output(t, ref)
		for _, m := range mutations(ref) {
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			mutated := strings.Join(m.edit(lines), "\n") + "\n"
			r := Grade(ref, []byte(mutated))
			lose := m.lose
			if c.method == "ast" && len(lose) == 1 && (lose[0] == itemExpanded || lose[0] == itemMaxDepth) && strings.Contains(m.name, "1") {
				// A*'s counts may vary, down to the path's length.
				n, _ := parseCount(strings.TrimPrefix(r.Items[lose[0]].Got, ""))
				if n >= int64(ref.Distance) {
					lose = nil
				}
			}
			checkLost(t, fmt.Sprintf("%s %s, %s", c.method, c.board, m.name), ref, r, lose)
		}
	}
}

// checkLost checks that r lost exactly the items lose, each with a
// message naming its expected value.
func checkLost(t *testing.T, name string, ref Reference, r Report, lose []int) {
	t.Helper()
	lost := map[int]bool{}
	for _, i := range lose {
		lost[i] = true
	}
	for i, it := range r.Items {
		if (it.Verdict == Wrong) != lost[i] {
			t.Errorf("%s: %s is %s (%s), want lost=%v", name, it.Name, it.Verdict, it.Message, lost[i])
			continue
		}
		if !lost[i] {
			continue
		}
		want := expected(ref, i)
		if i == itemTime || i == itemRAM {
			want = "<a number, at least 0>"
		}
		if !strings.Contains(it.Message, shorten(want)) {
			t.Errorf("%s: %s's message %q does not name the expected %q", name, it.Name, it.Message, want)
		}
	}
	if want := float64(len(Items)-len(lose)) * PointsPerItem; r.Score != want {
		t.Errorf("%s: score %.2f, want %.2f", name, r.Score, want)
	}
}

// TestAStarAllowed: A*'s counts that differ are allowed, with both
// values, unless impossible; another shortest path is allowed, a longer
// one is not.
func TestAStarAllowed(t *testing.T) {
	// A board with another shortest path than A*'s: drawn at random
	// (seeded) at distance 14 until one has one.
	tab := exactTable(t)
	rng := fixture.NewRand(7)
	var ref Reference
	var alt []statespace.Move
	for tries := 0; alt == nil; tries++ {
		b, err := table.DrawOne(bg, tab, rng, 14)
		if err != nil || tries == 100 {
			t.Fatalf("no board with two shortest paths in %d tries: %v", tries, err)
		}
		ref = reference(t, "ast", b.String())
		alt, _ = otherShortest(t, tab, ref.Board, ref.Path)
	}
	lines := strings.Split(strings.TrimSuffix(output(t, ref), "\n"), "\n")
	withRef := func(ref Reference, i int, v string) Report {
		l := append([]string(nil), lines...)
		l[i] = Items[i] + ": " + v
		return Grade(ref, []byte(strings.Join(l, "\n")+"\n"))
	}
	with := func(i int, v string) Report { return withRef(ref, i, v) }
	for _, c := range []struct {
		item int
		v    int64
		want Verdict
	}{
		{itemExpanded, ref.Expanded + 1, Allowed}, {itemExpanded, int64(ref.Distance), Allowed},
		{itemExpanded, int64(ref.Distance) - 1, Wrong}, {itemExpanded, Reachable + 1, Wrong}, {itemExpanded, Reachable, Allowed},
		{itemMaxDepth, int64(ref.MaxDepth) + 7, Allowed}, {itemMaxDepth, int64(ref.Distance) - 1, Wrong}, {itemMaxDepth, Reachable + 1, Wrong},
		{itemDepth, int64(ref.Depth) + 1, Wrong}, {itemCost, int64(len(ref.Path)) + 1, Wrong},
	} {
		r := with(c.item, fmt.Sprint(c.v))
		it := r.Items[c.item]
		if it.Verdict != c.want {
			t.Errorf("%s %d: %s (%s), want %s", Items[c.item], c.v, it.Verdict, it.Message, c.want)
		}
		if !strings.Contains(it.Message, fmt.Sprint(c.v)) || !strings.Contains(it.Message, expected(ref, c.item)) {
			t.Errorf("%s %d: message %q does not name both values", Items[c.item], c.v, it.Message)
		}
	}
	// Another shortest path: at the first board with two optimal moves,
	// take the other one, then follow the table.
	for _, m := range []string{"ast", "bfs"} {
		ref := reference(t, m, ref.Board.String())
		alt, ok := otherShortest(t, tab, ref.Board, ref.Path)
		if !ok {
			t.Fatalf("%s: no other shortest path from %s", m, ref.Board)
		}
		r := withRef(ref, itemPath, PathText(alt))
		want := map[string]Verdict{"ast": Allowed, "bfs": Wrong}[m]
		if it := r.Items[itemPath]; it.Verdict != want || !strings.Contains(it.Message, "move") {
			t.Errorf("%s, another shortest path: %s (%s), want %s", m, it.Verdict, it.Message, want)
		}
	}
}

// otherShortest returns a shortest path from b unlike path, from the table.
func otherShortest(t *testing.T, tab table.Interface, b statespace.Board, path []statespace.Move) ([]statespace.Move, bool) {
	var out []statespace.Move
	for k := range path {
		_, moves, err := tab.LookupMoves(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves.Moves() {
			if m != path[k] {
				out = append(out, m)
				b, _ = b.Apply(m)
				rest, err := tab.Path(b)
				if err != nil {
					t.Fatal(err)
				}
				return append(out, rest...), true
			}
		}
		out = append(out, path[k])
		b, _ = b.Apply(path[k])
	}
	return nil, false
}

// TestNearMissesNamed: each near miss is named in the message.
func TestNearMissesNamed(t *testing.T) {
	ref := reference(t, "bfs", "1,2,5,3,4,0,6,7,8")
	lines := strings.Split(strings.TrimSuffix(output(t, ref), "\n"), "\n")
	for _, c := range []struct {
		line int
		text string
		says string
	}{
		{0, `path_to_goal: ["Up", "Left", "Left"]`, "double quotes"},
		{0, `path_to_goal: [‘Up’, ‘Left’, ‘Left’]`, "curly quotes"},
		{0, `path_to_goal: [Up, Left, Left]`, "no quotes"},
		{0, `path_to_goal: ['Up','Left','Left']`, "no space after the comma"},
		{0, `path_to_goal: 'Up', 'Left', 'Left'`, "not a Python list"},
		{0, `path_to_goal: ['U', 'L', 'L']`, "written 'U'"},
		{0, `path_to_goal: ['Up', 'Left', 'Sideways']`, "not a move"},
		{0, "\ufeffpath_to_goal: ['Up', 'Left', 'Left']", "byte-order mark"},
		{1, "cost_of_path 3", "no colon"},
		{1, "cost_of_path:3", "no space after the colon"},
		{1, "cost_of_path : 3", "whitespace before the colon"},
		{1, " cost_of_path: 3", "whitespace before the name"},
		{1, "Cost_Of_Path: 3", "the name is written"},
		{1, "cost of path: 3", "the name is written"},
		{1, "cost_of_path: 3\r", "CRLF"},
		{1, "cost_of_path: 03", "leading zero"},
		{1, "cost_of_path: 3.0", "whole number"},
		{1, "cost_of_path: three", "not a number"},
		{5, "running_time: nan", "not a decimal number"},
		{5, "running_time: 1e999", "out of range"},
	} {
		l := append([]string(nil), lines...)
		l[c.line] = c.text
		r := Grade(ref, []byte(strings.Join(l, "\n")+"\n"))
		it := r.Items[c.line]
		if it.Verdict != Wrong || !strings.Contains(it.Message, c.says) {
			t.Errorf("%q: %s (%s), want wrong saying %q", c.text, it.Verdict, it.Message, c.says)
		}
	}
}

// TestBadFiles: an empty file, a huge one and binary junk are graded,
// never trusted.
func TestBadFiles(t *testing.T) {
	ref := reference(t, "bfs", "1,2,5,3,4,0,6,7,8")
	for name, data := range map[string][]byte{
		"empty": nil,
		"huge":  bytes.Repeat([]byte("path_to_goal: []\n"), MaxBytes/16),
		"junk":  {0xff, 0xfe, 0, 1, 2, '\n', 0x80},
		"lines": bytes.Repeat([]byte("\n"), 10*MaxLines),
	} {
		r := Grade(ref, data)
		if r.Score > PointsPerItem {
			t.Errorf("%s: %.2f points", name, r.Score)
		}
		if r.Items[itemRuns].Verdict == Wrong != (len(data) == 0) {
			t.Errorf("%s: runs %s", name, r.Items[itemRuns].Verdict)
		}
	}
	if _, err := NewReference(bg, "ast", fixture.MustParse(t, "1,2,3,4,5,6,8,7,0"), exactTable(t)); err == nil {
		t.Error("an unsolvable board: no error")
	}
	if _, err := NewReference(bg, "ucs", fixture.MustParse(t, "1,2,5,3,4,0,6,7,8"), exactTable(t)); err == nil {
		t.Error("method ucs: no error")
	}
	last := fixture.TableFor(t, statespace.GoalLast(fixture.Shape3x3))
	if _, err := NewReference(bg, "bfs", fixture.MustParse(t, "1,2,5,3,4,0,6,7,8"), last); err == nil {
		t.Error("a table of goal last: no error")
	}
}

// TestNearMissCredit: a near miss (the name as a PDF shows it, a CRLF, a
// list in double quotes) costs its item under the strict default and
// scores the share given with CreditNearMisses; a wrong value is never a
// near miss, and a near miss in form with a wrong value scores nothing.
func TestNearMissCredit(t *testing.T) {
	ref := reference(t, "bfs", "1,2,5,3,4,0,6,7,8")
	good := output(t, ref)
	cases := []struct {
		name string
		edit func(string) string
		item int
		near bool
	}{
		{"name with spaces", func(s string) string { return strings.Replace(s, "path_to_goal", "path to goal", 1) }, itemPath, true},
		{"CRLF", func(s string) string { return strings.Replace(s, "cost_of_path: 3\n", "cost_of_path: 3\r\n", 1) }, itemCost, true},
		{"double quotes", func(s string) string { return strings.ReplaceAll(s, "'", `"`) }, itemPath, true},
		{"name with spaces, wrong count", func(s string) string { return strings.Replace(s, "nodes_expanded: 10", "nodes expanded: 11", 1) }, itemExpanded, false},
		{"wrong count", func(s string) string { return strings.Replace(s, "nodes_expanded: 10", "nodes_expanded: 11", 1) }, itemExpanded, false},
	}
	for _, c := range cases {
		r := Grade(ref, []byte(c.edit(good)))
		it := r.Items[c.item]
		if it.Verdict != Wrong || it.NearMiss != c.near || r.Score != 7*PointsPerItem {
			t.Errorf("%s, strict: %s near=%v, %.3f points; want wrong near=%v, 5.25", c.name, it.Verdict, it.NearMiss, r.Score, c.near)
		}
		r.CreditNearMisses(0.5)
		want, verdict := 7*PointsPerItem, Wrong
		if c.near {
			want, verdict = 7.5*PointsPerItem, Near
		}
		if it := r.Items[c.item]; it.Verdict != verdict || r.Score != want {
			t.Errorf("%s, credit 0.5: %s, %.3f points; want %s, %.3f", c.name, it.Verdict, r.Score, verdict, want)
		}
		r.SetRuns(true, "")
		if r.Score != want {
			t.Errorf("%s: SetRuns changed the score to %.3f", c.name, r.Score)
		}
	}
}
