package classroom

import (
	"regexp"
	"testing"

	"github.com/tilespace/tilespace/search"
)

// Every algorithm of search.Catalog has a style, and the styles tell the
// algorithms apart: no two share colour, dash and marker.
func TestCatalogStyles(t *testing.T) {
	c := Catalog()
	if len(c) != len(search.Catalog()) || len(presentation) != len(c) {
		t.Fatalf("%d algorithms with styles, %d styles, search has %d", len(c), len(presentation), len(search.Catalog()))
	}
	colour := regexp.MustCompile(`^#[0-9a-f]{6}$`)
	dash := regexp.MustCompile(`^([0-9]+( [0-9]+)*)?$`)
	markers := map[string]bool{"circle": true, "square": true, "triangle": true, "triangle-down": true, "diamond": true, "cross": true, "plus": true}
	seen := map[Style]string{}
	watched := map[string]bool{}
	for i, a := range c {
		if a.Key != search.Catalog()[i].Key || a.Name != search.Catalog()[i].Name {
			t.Errorf("algorithm %d is %s %q, search's %+v", i, a.Key, a.Name, search.Catalog()[i])
		}
		if _, ok := presentation[a.Key]; !ok {
			t.Errorf("%s has no style", a.Key)
		}
		if !colour.MatchString(a.Style.Colour) || !dash.MatchString(a.Style.Dash) || !markers[a.Style.Marker] {
			t.Errorf("%s's style %+v is not a colour, a dash array and a marker", a.Key, a.Style)
		}
		if other, ok := seen[a.Style]; ok {
			t.Errorf("%s and %s are drawn alike: %+v", a.Key, other, a.Style)
		}
		seen[a.Style] = a.Key
		if a.Watch != "" {
			if watched[a.Watch] {
				t.Errorf("watch key %q is given twice", a.Watch)
			}
			watched[a.Watch] = true
		}
	}
	if len(watched) != 4 {
		t.Errorf("%d algorithms are traced, want bfs, dfs, astar and idastar", len(watched))
	}
}
