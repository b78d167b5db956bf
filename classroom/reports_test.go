package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/internal/textfmt"

	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

func TestCompare(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := fixture.TableFor(t, goal)
	b := fixture.MustParse(t, "1,2,5,3,4,0,6,7,8") // the notebook's Medium preset
	c, err := Compare(context.Background(), b, goal, tb, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	std := search.Standard(goal, tb)
	if len(c.Rows) != len(std) || c.Optimal != fixture.Dist(t, tb, b) {
		t.Fatalf("%d rows for %d algorithms, optimal %d", len(c.Rows), len(std), c.Optimal)
	}
	for i, row := range c.Rows {
		if row.Key != std[i].Key || row.Result.Algorithm != std[i].Name {
			t.Errorf("row %d: %s %q, want %s %q", i, row.Key, row.Result.Algorithm, std[i].Key, std[i].Name)
		}
		r := row.Result
		if row.Optimal && (!r.Found || len(r.Path) != c.Optimal) {
			t.Errorf("row %d %s: found %v, %d moves, optimum %d", i, r.Algorithm, r.Found, len(r.Path), c.Optimal)
		}
		if r.Found {
			fixture.Replay(t, r.Algorithm, b, goal, r.Path)
		}
	}
	var text bytes.Buffer
	if err := c.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Optimal distance (from the table): 21 moves", "Nodes expanded", "Max frontier", "A* (exact table)", "moves over optimal"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := c.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Optimal *int `json:"optimal_distance"`
		Rows    []struct {
			Key    string `json:"key"`
			Excess *int   `json:"excess_moves"`
			Result struct {
				Found    bool     `json:"found"`
				Path     []string `json:"path"`
				Expanded int64    `json:"nodes_expanded"`
			} `json:"result"`
		} `json:"algorithms"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Optimal == nil || *back.Optimal != 21 || len(back.Rows) != len(c.Rows) {
		t.Fatalf("JSON: optimal %v, %d rows", back.Optimal, len(back.Rows))
	}
	for i, r := range back.Rows {
		orig := c.Rows[i].Result
		if r.Result.Expanded != orig.Expanded || len(r.Result.Path) != len(orig.Path) ||
			(orig.Found && (r.Excess == nil || *r.Excess != len(orig.Path)-21)) {
			t.Errorf("JSON row %d differs from the result", i)
		}
	}
	// Without a table: no exact heuristic, no reference line.
	c, err = Compare(context.Background(), b, goal, nil, search.Limits{})
	if err != nil || c.Optimal != -1 || len(c.Rows) != len(std)-1 {
		t.Errorf("no table: err %v, optimal %d, %d rows", err, c.Optimal, len(c.Rows))
	}
	if _, err := Compare(context.Background(), fixture.MustParse(t, "1,2,3,4,5,6,8,7,0"), goal, tb, search.Limits{}); err == nil {
		t.Error("an unsolvable board was compared")
	}
}

func TestExplainDFS(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := fixture.TableFor(t, goal)
	b := fixture.MustParse(t, "1,2,5,3,4,0,6,7,8")
	e, err := ExplainDFS(context.Background(), b, tb, ExplainOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Recount the dive independently of the explanation's bookkeeping.
	var n int64
	var sum float64
	dfs, err := search.DFS(bg, search.Problem{Start: b, Goal: goal, OnStep: func(st search.Step) {
		n++
		sum += float64(fixture.Dist(t, tb, st.Board))
	}})
	if err != nil {
		t.Fatal(err)
	}
	if e.DFS.Expanded != dfs.Expanded || n != dfs.Expanded || len(e.DFS.Path) != len(dfs.Path) {
		t.Errorf("explanation's DFS differs: %d/%d expanded", e.DFS.Expanded, dfs.Expanded)
	}
	if mean := sum / float64(n); mean-e.ExpandedMeanDistance > 1e-9 || e.ExpandedMeanDistance-mean > 1e-9 {
		t.Errorf("mean distance %v, recounted %v", e.ExpandedMeanDistance, mean)
	}
	var bands int64
	for _, band := range e.DepthBands {
		bands += band.Expanded
	}
	if bands != n {
		t.Errorf("depth bands hold %d expansions of %d", bands, n)
	}
	// 29 is checked against the notebook's own DFS in TestDepthLimitedGraphDFSMisses.
	if e.Optimal != 21 || e.DFSAtOptimal.Found || e.SmallestDFSLimit != 29 || len(e.DFSAtSmallest.Path) > 29 {
		t.Errorf("optimal %d, found at optimum %v, smallest limit %d", e.Optimal, e.DFSAtOptimal.Found, e.SmallestDFSLimit)
	}
	if !e.DLSAtOptimal.Found || len(e.DLSAtOptimal.Path) != 21 || !e.IDDFS.Found || len(e.IDDFS.Path) != 21 {
		t.Errorf("DLS %v %d, IDDFS %v %d", e.DLSAtOptimal.Found, len(e.DLSAtOptimal.Path), e.IDDFS.Found, len(e.IDDFS.Path))
	}
	if e.PathMin != 0 || e.PathSamples[0].Distance != 21 || e.PathSamples[len(e.PathSamples)-1].Distance != 0 {
		t.Errorf("path distances: min %d, samples %v", e.PathMin, e.PathSamples)
	}
	if got := len([]rune(e.DiveDepthSpark)); got != 60 {
		t.Errorf("sparkline of %d columns", got)
	}
	var text, js bytes.Buffer
	if err := e.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The shortest solution is 21 moves; DFS returned one of 13,439 moves", "smallest limit that works is 29", "The numbers"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	// The path's samples are a table, a row per sample: the step (with
	// thousands separators) and its exact distance, never a list that
	// mixes the separators' commas with the list's.
	rows := regexp.MustCompile(`(?m)^  ([0-9,]+) +([0-9]+)$`).FindAllStringSubmatch(text.String()[strings.Index(text.String(), "along the path"):], -1)
	if len(rows) != len(e.PathSamples) {
		t.Fatalf("%d rows of path samples, want %d:\n%s", len(rows), len(e.PathSamples), text.String())
	}
	for i, r := range rows {
		if want := [2]string{textfmt.Commas(e.PathSamples[i].Step), fmt.Sprint(e.PathSamples[i].Distance)}; [2]string{r[1], r[2]} != want {
			t.Errorf("row %d: %q, want %q", i, r[0], want)
		}
	}
	if err := e.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back["smallest_dfs_limit"].(float64) != 29 {
		t.Errorf("JSON: %v, %v", err, back["smallest_dfs_limit"])
	}
	// On the goal itself there is no blow-up to explain, and the text says
	// so; one move away, counts of one take the singular.
	e, err = ExplainDFS(bg, goal, tb, ExplainOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text.Reset()
	if err := e.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if got := text.String(); strings.Contains(got, "blows up") || !strings.Contains(got, "is the goal itself") || strings.Contains(got, "1 entries") {
		t.Errorf("explaining the goal:\n%s", got)
	}
	e, err = ExplainDFS(bg, fixture.MustParse(t, "1,2,3,4,5,6,7,0,8"), tb, ExplainOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text.Reset()
	if err := e.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	// IDDFS expands the start once (limit 0 tests it, limit 1 expands it).
	for _, want := range []string{"(1 move)", "the optimum, 1 move, for 1 expansion in all"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("one move away: no %q in\n%s", want, text.String())
		}
	}
	if bad := regexp.MustCompile(`(^|[^0-9,.])1 (expansions|entries|moves|boards)`).FindString(text.String()); bad != "" {
		t.Errorf("one move away: %q in\n%s", bad, text.String())
	}
	// A board at the goal and a board one move away explain without trouble.
	for _, s := range []string{"1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,0,8"} {
		e, err := ExplainDFS(context.Background(), fixture.MustParse(t, s), tb, ExplainOptions{})
		if err != nil {
			t.Fatal(err)
		}
		text.Reset()
		if err := e.WriteText(&text); err != nil || !e.IDDFS.Found {
			t.Errorf("%s: %v, IDDFS found %v", s, err, e.IDDFS.Found)
		}
	}
}

func TestGreedyStats(t *testing.T) {
	goal := statespace.GoalLast(sh33)
	tb := fixture.TableFor(t, goal)
	opt := GreedyStatsOptions{Seed: 9, N: 40, Ks: []int{0, 10, 200}}
	g, err := GreedyStats(context.Background(), tb, opt)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := GreedyStats(context.Background(), tb, opt)
	if len(g.Rows) != 3 || g.Rows[2] != again.Rows[2] {
		t.Fatal("the same seed gave different statistics")
	}
	// k alone gives the same boards as k within a list.
	alone, _ := GreedyStats(context.Background(), tb, GreedyStatsOptions{Seed: 9, N: 40, Ks: []int{200}})
	if alone.Rows[0] != g.Rows[2] {
		t.Error("k=200 depends on the other ks")
	}
	if r := g.Rows[0]; r.SolveRate != 1 || r.AtGoal != 40 || r.MeanMoves != 0 {
		t.Errorf("k=0: %+v", r)
	}
	var total int
	for i, r := range g.Rows {
		total += r.Boards
		if r.Solved+r.Stuck+r.Looped+r.Capped != r.Boards || r.Boards != 40 || r.Capped != 0 || r.Stuck != 0 {
			t.Errorf("row %d: %d solved + %d stuck + %d looped + %d capped of %d", i, r.Solved, r.Stuck, r.Looped, r.Capped, r.Boards)
		}
		if r.MeanExcess < 0 || r.MeanMoves < r.MeanOptimalSolved {
			t.Errorf("row %d: mean excess %v, moves %v below the optimum %v", i, r.MeanExcess, r.MeanMoves, r.MeanOptimalSolved)
		}
		// Recount the mean optimal distance from the same random stream.
		rng := rand.New(rand.NewPCG(9, uint64(opt.Ks[i])))
		s := 0
		for j := 0; j < 40; j++ {
			s += fixture.Dist(t, tb, statespace.Walk(rng, goal, opt.Ks[i], statespace.AnyMove))
		}
		if want := float64(s) / 40; r.MeanOptimal != want {
			t.Errorf("row %d: mean optimal %v, recounted %v", i, r.MeanOptimal, want)
		}
	}
	if g.Overall.Boards != total {
		t.Errorf("overall %d boards of %d", g.Overall.Boards, total)
	}
	var text, js bytes.Buffer
	if err := g.WriteText(&text); err != nil || !strings.Contains(text.String(), "solve rate") {
		t.Errorf("text: %v\n%s", err, text.String())
	}
	if err := g.WriteJSON(&js); err != nil || !json.Valid(js.Bytes()) {
		t.Errorf("JSON: %v", err)
	}
	if _, err := GreedyStats(context.Background(), tb, GreedyStatsOptions{Ks: []int{-1}}); err == nil {
		t.Error("negative k accepted")
	}
}

func TestParseKs(t *testing.T) {
	ks, err := ParseKs("10, 20 50")
	if err != nil || len(ks) != 3 || ks[0] != 10 || ks[1] != 20 || ks[2] != 50 {
		t.Errorf("ParseKs: %v, %v", ks, err)
	}
	for _, bad := range []string{"", "10,x", "-1", "1.5"} {
		if _, err := ParseKs(bad); err == nil {
			t.Errorf("ParseKs(%q) accepted", bad)
		}
	}
}

// Compare and ExplainDFS work on a 10-cell board (2x5) without explicit
// limits: they bound every search themselves.
func TestReportsOnLargerBoard(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("enumerates the 1,814,400 boards of 2x5")
	}
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	tb := fixture.TableFor(t, goal)
	b := tb.Sample(fixture.NewRand(25), 18, 1)[0]
	c, err := Compare(context.Background(), b, goal, tb, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Rows {
		if r.Optimal && r.Result.Found && len(r.Result.Path) != 18 {
			t.Errorf("%s: %v, %d moves", r.Result.Algorithm, r.Result.StoppedBy, len(r.Result.Path))
		}
	}
	e, err := ExplainDFS(context.Background(), b, tb, ExplainOptions{})
	if err != nil || !e.DFS.Found || e.DFS.StoppedBy != search.StopNone {
		t.Errorf("explain 2x5: %v, DFS found %v (%v)", err, e.DFS.Found, e.DFS.StoppedBy)
	}
}
