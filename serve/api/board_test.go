package api

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// On a shape without a distance table or pattern databases (7x3, searched
// on linear conflict, where a uniform board takes any time limit),
// /api/random answers at once with the board alone, the board query
// random draws with the same seed: a uniform board is not searched, a
// walk's only within randomSolveTime, and the page asks /api/board for
// the distance.
func TestRandomWithoutTable(t *testing.T) {
	s := newTestAPI(t, Config{}, resolve.Config{}) // the default limits: 10 s a board
	shape := statespace.Shape{Rows: 7, Cols: 3}
	goal := statespace.GoalLast(shape)
	t0 := time.Now()
	status, rec := do(t, s, "/api/random?shape=7x3&seed=5")
	if took := time.Since(t0); status != 200 || took > randomSolveTime {
		t.Fatalf("7x3 uniform: %d in %s: %v", status, took, rec)
	}
	var keys []string
	for k := range rec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"board", "distance_note", "goal", "goal_name", "seed", "shape"}; !slices.Equal(keys, want) {
		t.Errorf("7x3 uniform: keys %v, want %v", keys, want)
	}
	if rec["shape"] != "7x3" || rec["goal"] != goal.String() || rec["goal_name"] != "last" || rec["seed"] != "5" ||
		!strings.Contains(rec["distance_note"].(string), "7x3 has no distance table") {
		t.Errorf("7x3 uniform: %v", rec)
	}
	b, err := statespace.Parse(rec["board"].(string), shape)
	if err != nil || statespace.MustSpace(goal).Check(b) != nil {
		t.Fatalf("7x3 uniform drew %v: %v", rec["board"], err)
	}
	// query random -shape 7x3 -seed 5 1 draws the same board, also alone.
	out := queryRandom(t, shape, 5)
	var cli map[string]any
	if err := json.Unmarshal(out, &cli); err != nil || cli["board"] != rec["board"] || len(cli) != 1 {
		t.Errorf("query random draws %s, the API %v", out, rec["board"])
	}
	// A short walk is solved; a long one is searched for randomSolveTime,
	// then comes alone.
	status, rec = do(t, s, "/api/random?shape=7x3&walk=10&seed=5")
	if d, ok := rec["distance"].(float64); status != 200 || !ok || d > 10 || int(d)%2 != 0 || rec["limit_seconds"] != randomSolveTime.Seconds() {
		t.Errorf("7x3 walk of 10: %d %v", status, rec)
	}
	t0 = time.Now()
	status, rec = do(t, s, "/api/random?shape=7x3&walk=100000&seed=5")
	took := time.Since(t0)
	if _, ok := rec["distance"]; status != 200 || ok || !strings.Contains(rec["distance_note"].(string), "100000 random moves from the goal; the search did not find its distance within 1s") {
		t.Errorf("7x3 walk of 100,000: %d %v", status, rec)
	}
	if took < randomSolveTime || took > randomSolveTime+2*time.Second {
		t.Errorf("7x3 walk of 100,000 answered in %s, want its search cut at %s", took, randomSolveTime)
	}
	if status, rec := do(t, s, "/api/random?shape=7x3&depth=3"); status != 400 || !strings.Contains(rec["error"].(string), "walk=N") {
		t.Errorf("7x3 at a distance: %d %v", status, rec)
	}
}

// A board stopped by its time limit names whose limit it was (the
// server's, or Config.LimitsOf's: the static copy says this page's) and,
// when the board waited for its answers to be ready (databases built on
// first use), that the limit ran only from then.
func TestSolveLimitMessage(t *testing.T) {
	b := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	for _, c := range []struct {
		limitsOf string
		waited   time.Duration
		want     string
	}{
		{"", 0, "time limit: no optimal solution of " + b.String() + " found within 10s (the server's time limit for one board solved by search)"},
		{"", 900 * time.Millisecond, "(the server's time limit for one board solved by search)"},
		{"this page's", 0, "found within 10s (this page's time limit for one board solved by search)"},
		{"this page's", 7250 * time.Millisecond, "found within 10s (this page's time limit for one board solved by search, counted from when its answers were ready, 7.2 s after the request: building pattern databases on first use does not count)"},
	} {
		s := &Server{cfg: Config{LimitsOf: c.limitsOf}}
		if got := s.limitError(b, 10*time.Second, c.waited).Error(); !strings.HasSuffix(got, c.want) {
			t.Errorf("LimitsOf %q, waited %v: %q, want it to end %q", c.limitsOf, c.waited, got, c.want)
		}
	}
}

// queryRandom is the record query random -json -shape SHAPE -seed SEED 1
// writes on a shape without a distance table: the board alone.
func queryRandom(t *testing.T, shape statespace.Shape, seed uint64) []byte {
	t.Helper()
	var out bytes.Buffer
	w := record.NewWriter(&out, nil, record.Options{Format: record.JSON})
	err := resolve.Random(context.Background(), statespace.GoalLast(shape), nil, resolve.Draw{N: 1, Depth: -1, Seed: seed}, func(b statespace.Board, a *resolve.Answer) error {
		if a != nil {
			t.Errorf("%s: %s came with an answer", shape, b)
		}
		return w.Board(b)
	})
	if err != nil || w.Flush() != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
