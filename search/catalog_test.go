package search

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/pdb"

	"github.com/tilespace/tilespace/statespace"
)

// manhattanTable is an "exact table" for the catalog's test: Manhattan
// distance, which is exact on the board searched (one move away).
type manhattanTable struct{ goal statespace.Board }

func (t manhattanTable) Lookup(b statespace.Board) (int, error) {
	return pdb.NewManhattan(t.goal).Distance(b), nil
}

// Standard lists Catalog's algorithms, in its order, with its names and
// optimality, those that need a table only when there is one; each
// result carries the name the catalog gives.
func TestStandardIsTheCatalog(t *testing.T) {
	sh, err := statespace.ParseShape("2x3")
	if err != nil {
		t.Fatal(err)
	}
	goal := statespace.GoalLast(sh)
	start, err := statespace.Parse("1,2,3,4,0,5", sh)
	if err != nil {
		t.Fatal(err)
	}
	for _, withTable := range []bool{false, true} {
		var tab manhattanTable
		var algs []Algorithm
		if withTable {
			tab.goal = goal
			algs = Standard(goal, tab)
		} else {
			algs = Standard(goal, nil)
		}
		var want []Info
		for _, in := range Catalog() {
			if withTable || !in.NeedsTable {
				want = append(want, in)
			}
		}
		if len(algs) != len(want) {
			t.Fatalf("table %v: Standard lists %d algorithms, the catalog %d", withTable, len(algs), len(want))
		}
		for i, a := range algs {
			if a.Key != want[i].Key || a.Name != want[i].Name || a.Optimal != want[i].Optimal {
				t.Errorf("table %v: algorithm %d is %s %q %v, the catalog's %+v", withTable, i, a.Key, a.Name, a.Optimal, want[i])
			}
			r, err := a.Run(context.Background(), Problem{Start: start, Goal: goal, Limits: Limits{MaxExpanded: 1000}})
			if err != nil {
				t.Fatalf("%s: %v", a.Key, err)
			}
			if r.Algorithm != a.Name {
				t.Errorf("%s's result says %q, the catalog %q", a.Key, r.Algorithm, a.Name)
			}
		}
	}
	c := Catalog()
	c[0].Key = "changed"
	if Catalog()[0].Key == "changed" {
		t.Error("Catalog hands out its own list")
	}
}
