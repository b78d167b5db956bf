package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const root = "../.."

// docRows names, for each row of docs/internals.md's table of the middle's
// measures, what its "now" column states first, in order.
var docRows = []struct {
	label    string
	measures []string
}{
	{"exported names (top-level and methods): `statespace`", []string{"names statespace", "names table"}},
	{"`resolve`", []string{"names resolve"}},
	{"`store`, `pdb`", []string{"names store", "names pdb"}},
	{"`analyze`, `report`", []string{"names analyze", "names report"}},
	{"`Resolver`'s exported methods", []string{"Resolver methods"}},
	{"types with an `Error` method (all packages, tests left out)", []string{"error types"}},
	{"functions over 80 lines (the whole repository, tests left out)", []string{"long functions"}},
}

// measure takes the measures docs/internals.md states, as apisurface
// prints them.
func measure(t *testing.T) map[string]int {
	t.Helper()
	m := map[string]int{}
	for _, pkg := range []string{"statespace", "table", "resolve", "store", "pdb", "analyze", "report"} {
		names, err := exported(filepath.Join(root, pkg))
		if err != nil {
			t.Fatal(err)
		}
		m["names "+pkg] = len(names)
		if pkg == "resolve" {
			for _, n := range names {
				if strings.HasPrefix(n, "Resolver.") {
					m["Resolver methods"]++
				}
			}
		}
	}
	tree, err := walk(root, 80)
	if err != nil {
		t.Fatal(err)
	}
	m["error types"], m["long functions"] = len(tree.errorTypes), len(tree.long)
	return m
}

// drift returns what docs/internals.md's table (doc) states otherwise than
// the measures m.
func drift(doc string, m map[string]int) []string {
	_, table, ok := strings.Cut(doc, "| measure | c246c95 | now |\n|---|---|---|\n")
	if !ok {
		return []string{"docs/internals.md has no table of measures"}
	}
	table, _, _ = strings.Cut(table, "\n\n")
	cells := map[string]string{}
	for _, line := range strings.Split(table, "\n") {
		c := strings.Split(strings.Trim(line, "|"), " | ")
		if len(c) == 3 {
			cells[strings.TrimSpace(c[0])] = c[2]
		}
	}
	number := regexp.MustCompile(`\d+(?:,\d{3})*`)
	var out []string
	for _, row := range docRows {
		now, ok := cells[row.label]
		if !ok {
			out = append(out, "no row "+row.label)
			continue
		}
		got := number.FindAllString(now, len(row.measures))
		for i, name := range row.measures {
			want := m[name]
			if i >= len(got) {
				out = append(out, row.label+": states no figure for "+name)
				continue
			}
			if n, _ := strconv.Atoi(strings.ReplaceAll(got[i], ",", "")); n != want {
				out = append(out, row.label+": "+name+" is "+strconv.Itoa(want)+", the page says "+got[i])
			}
		}
	}
	return out
}

// TestInternalsStatesTheMeasures fails when docs/internals.md's measures of
// the middle (exported names, the resolver's methods, error types, long
// functions) drift from what apisurface measures: run
// go run ./internal/apisurface -type resolve.Resolver statespace table resolve store pdb analyze report
// and write its figures into the page.
func TestInternalsStatesTheMeasures(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "internals.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range drift(string(doc), measure(t)) {
		t.Error("docs/internals.md: " + d)
	}
}

// TestDriftSeesAChangedFigure plants a drifted figure in the page's text and
// checks that drift names it.
func TestDriftSeesAChangedFigure(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "internals.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := measure(t)
	m["long functions"]++
	m["names pdb"]++
	got := drift(string(doc), m)
	if len(got) != 2 || !strings.Contains(got[0]+got[1], "long functions") || !strings.Contains(got[0]+got[1], "names pdb") {
		t.Fatalf("drift found %q, want the long functions and pdb's names", got)
	}
}
