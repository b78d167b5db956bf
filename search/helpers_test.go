package search

import (
	"context"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

var (
	sh33 = statespace.Shape{Rows: 3, Cols: 3}
	sh24 = statespace.Shape{Rows: 2, Cols: 4}
	sh23 = statespace.Shape{Rows: 2, Cols: 3}
	sh32 = statespace.Shape{Rows: 3, Cols: 2}
)

func mustParse(t testing.TB, text string) statespace.Board {
	t.Helper()
	b, err := statespace.Parse(text, statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	tablesMu sync.Mutex
	tables   = map[statespace.Board]*statespace.Table{}
)

// tableFor returns goal's distance table: the embedded one for the 3x3
// goals that ship, else one enumerated here (only for small spaces).
func tableFor(t testing.TB, goal statespace.Board) *statespace.Table {
	t.Helper()
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if tb, ok := tables[goal]; ok {
		return tb
	}
	var tb *statespace.Table
	var err error
	if goal == statespace.GoalLast(sh33) || goal == statespace.GoalFirst(sh33) {
		if tt, ok := t.(*testing.T); ok {
			tt.Setenv(store.EnvCache, tt.TempDir()) // never read a user's cache
		}
		tb, _, err = store.LoadTable(context.Background(), "", goal)
	} else {
		tb, err = statespace.MustSpace(goal).Enumerate(context.Background(), nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	tables[goal] = tb
	return tb
}

// replay checks that path is legal from start and ends at goal.
func replay(t testing.TB, name string, start, goal statespace.Board, path []statespace.Move) {
	t.Helper()
	end, bad := start.ApplyAll(path)
	if bad >= 0 {
		t.Errorf("%s from %s: move %d (%v) is illegal", name, start, bad, path[bad])
		return
	}
	if end != goal {
		t.Errorf("%s from %s: path of %d moves ends at %s, not the goal %s", name, start, len(path), end, goal)
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7117e5)) }

func comsGoal() statespace.Board { return statespace.GoalFirst(sh33) }

func fmtInt(n int) string { return strconv.Itoa(n) }

var bg = context.Background()

// must returns a search's result, panicking (failing the test) on an
// error: the tests that expect errors check them themselves.
func must(r Result, err error) Result {
	if err != nil {
		panic(err)
	}
	return r
}
