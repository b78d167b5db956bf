package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/pdb"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// pageResolver is the resolver and work slots cmd/serve makes for cfg's
// limits, from qc (a cache folder of the test's own unless qc has one;
// cfg's Log and Explain unless qc has its own), closed when the test
// ends.
func pageResolver(t testing.TB, cfg Config, qc resolve.Config) (*resolve.Resolver, *api.Slots) {
	t.Helper()
	if qc.Cache.IsZero() {
		qc.Cache = store.NewCache(t.TempDir())
	}
	if qc.Log == nil {
		qc.Log = cfg.Log
	}
	if qc.Explain == nil {
		qc.Explain = cfg.Explain
	}
	slots := api.NewSlots(cfg.Limits)
	ctx, cancel := context.WithCancel(context.Background())
	res, err := api.NewResolver(ctx, qc, slots)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Close(); cancel() })
	return res, slots
}

// newServer is New with the resolver cmd/serve makes (pageResolver).
func newServer(t testing.TB, cfg Config, qc resolve.Config) *Server {
	t.Helper()
	res, slots := pageResolver(t, cfg, qc)
	s := New(cfg, res, slots)
	t.Cleanup(s.Close)
	return s
}

// newTestServer serves cfg over HTTP (newServer).
func newTestServer(t testing.TB, cfg Config, qc resolve.Config) (*Server, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("TILESPACE_CACHE", dir)
	if qc.Cache.IsZero() {
		qc.Cache = store.NewCache(dir)
	}
	s := newServer(t, cfg, qc)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// testPartition gives the 15-puzzle small pattern databases, built in a
// moment, where the servers of these tests search (Config.Partition).
// One tile a database: the Manhattan distance, as weak as it is honest, so
// that Korf's first instance takes far longer than the tests' time limits.
var testPartition = oneTileEach(16)

// oneTileEach is the partition of a board of n cells with one tile a
// pattern: its databases add up to the Manhattan distance.
func oneTileEach(n int) pdb.Partition {
	var p pdb.Partition
	for tile := 1; tile < n; tile++ {
		p.Patterns = append(p.Patterns, []int{tile})
	}
	return p
}

// get fetches path and decodes its JSON body.
func get(t testing.TB, ts *httptest.Server, path string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("%s: %d, body not JSON: %v\n%s", path, resp.StatusCode, err, body)
	}
	return resp.StatusCode, m
}

func moveNames(v any) []statespace.Move {
	var out []statespace.Move
	for _, x := range v.([]any) {
		m, err := statespace.ParseMove(x.(string))
		if err != nil {
			panic(err)
		}
		out = append(out, m)
	}
	return out
}

// checkAnswer checks a board record against an independent table: the
// distance, every optimal move and only those, and a path of that length
// reaching the goal.
func checkAnswer(t *testing.T, rec map[string]any, tab *table.Table) {
	t.Helper()
	b, err := statespace.Parse(rec["board"].(string), tab.Space().Shape())
	if err != nil {
		t.Fatal(err)
	}
	d := fixture.Dist(t, tab, b)
	if got := int(rec["distance"].(float64)); got != d {
		t.Fatalf("%s: distance %d, the table says %d", b, got, d)
	}
	var want []statespace.Move
	for _, m := range statespace.Moves {
		if c, ok := b.Apply(m); ok && fixture.Dist(t, tab, c) == d-1 {
			want = append(want, m)
		}
	}
	if got := moveNames(rec["optimal_moves"]); !equalMoves(got, want) {
		t.Errorf("%s: optimal moves %v, want %v", b, got, want)
	}
	path := moveNames(rec["path"])
	end, bad := b.ApplyAll(path)
	if bad >= 0 || end != tab.Space().Goal() || len(path) != d {
		t.Errorf("%s: path %v (%d moves) ends at %s, want the goal in %d", b, path, len(path), end, d)
	}
}

func equalMoves(a, b []statespace.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBoardAnswersExactly(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	cases := []struct {
		query string
		goal  statespace.Board
		blank string // the goal blank's cell, for the published radius
	}{
		{"b=8,6,7,2,5,4,3,0,1", statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), "corner"},
		{"b=1 2 3/4 5 6/7 8 _", statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), "corner"},
		{"b=867254301&goal=first", statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3}), "corner"},
		{"b=1,2,3,4,5,6,0,7&shape=2x4", statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}), "corner"},
		{"b=1,2,3,4,5,0&shape=2x3&goal=first", statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3}), "corner"},
		{"b=1,2,3,4,5,6,7,8,9,0&shape=2x5", statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5}), "corner"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			status, rec := get(t, ts, "/api/board?"+strings.ReplaceAll(c.query, " ", "+"))
			if status != 200 {
				t.Fatalf("status %d: %v", status, rec)
			}
			tab := fixture.TableFor(t, c.goal)
			checkAnswer(t, rec, tab)
			if rec["goal"] != c.goal.String() || rec["shape"] != c.goal.Shape().String() {
				t.Errorf("goal %v shape %v, want %s %s", rec["goal"], rec["shape"], c.goal, c.goal.Shape())
			}
			ref, ok := reference.FindDistribution(c.goal.Shape().String(), c.blank)
			if !ok {
				t.Fatalf("no published distribution for %s", c.goal.Shape())
			}
			if got := int(rec["radius"].(float64)); got != ref.Radius {
				t.Errorf("radius %d, published %d (%s)", got, ref.Radius, ref.OEIS)
			}
		})
	}
}

// The board record has query -json's keys and values: the page and
// programs read one format.
func TestBoardRecordIsQueryJSON(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	for _, text := range []string{"8,6,7,2,5,4,3,0,1", "1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,0,8"} {
		_, rec := get(t, ts, "/api/board?b="+text)
		res, err := resolve.NewResolver(context.Background(), resolve.Config{})
		if err != nil {
			t.Fatal(err)
		}
		buf := queryJSON(t, res, text)
		var want map[string]any
		if err := json.Unmarshal(buf, &want); err != nil {
			t.Fatalf("%v: %s", err, buf)
		}
		for k, v := range want {
			if got, ok := rec[k]; !ok || !jsonEqual(got, v) {
				t.Errorf("%s: key %q is %v, query -json has %v", text, k, got, v)
			}
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestBadInput(t *testing.T) {
	s, ts := newTestServer(t, Config{Limits: Limits{MaxQuery: 300, WatchSteps: 100}}, resolve.Config{})
	s.cfg.AllowedHosts = nil
	parseErr := func(text string, shape statespace.Shape) string {
		_, err := statespace.Parse(text, shape)
		if err == nil {
			t.Fatalf("%q parses", text)
		}
		return err.Error()
	}
	unsolvable := func(text string) string {
		b := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, tilesOf(text)...)
		return statespace.MustSpace(statespace.GoalLast(b.Shape())).Check(b).Error()
	}
	cases := []struct {
		path   string
		status int
		want   string // a part of the error
	}{
		{"/api/board", 400, "give the board as b="},
		{"/api/board?b=1,2,x", 400, parseErr("1,2,x", statespace.Shape{})},
		{"/api/board?b=1,2,3,4,5,6,7,8", 400, parseErr("1,2,3,4,5,6,7,8", statespace.Shape{})},
		{"/api/board?b=1,2,3,4,5,6,7,8,8", 400, parseErr("1,2,3,4,5,6,7,8,8", statespace.Shape{})},
		{"/api/board?b=1,2,3,4,5,6,7,8,0&shape=2x4", 400, parseErr("1,2,3,4,5,6,7,8,0", statespace.Shape{Rows: 2, Cols: 4})},
		{"/api/board?b=1,2,3,4,5,6,8,7,0", 422, unsolvable("1,2,3,4,5,6,8,7,0")},
		{"/api/board?b=1,2,3,4,5,6,7,8,0&shape=9x9", 400, "shape"},
		{"/api/board?b=1,2,3,4,5,6,7,8,0&goal=1,2,3,0", 400, "for a 2x2 board, got 9"},
		{"/api/board?b=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24", 404, "no pattern databases for 5x5"},
		{"/api/random?depth=32", 400, "radius of 3x3 goal last is 31"},
		{"/api/random?depth=-1", 400, "depth=-1"},
		{"/api/random?depth=3&walk=3", 400, "exclude"},
		{"/api/random?seed=x", 400, "seed=x"},
		{"/api/compare?b=1,2,3,4,5,6,8,7,0", 422, "unsolvable"},
		{"/api/watch?b=1,2,3,4,5,6,7,8,0&alg=ucs", 400, "want one of bfs, dfs, astar, idastar"},
		{"/api/watch?b=1,2,3,4,5,6,7,8,0&alg=bfs&steps=101", 400, "from 1 to 100"},
		{"/api/watch?b=1,2,3,4,5,6,7,8,0&alg=bfs&steps=0", 400, "from 1 to 100"},
		{"/api/nothing", 404, "no API endpoint"},
		{"/api/board?b=" + strings.Repeat("1,", 200), 414, "at most 300"},
	}
	for _, c := range cases {
		status, body := get(t, ts, c.path)
		msg, _ := body["error"].(string)
		if status != c.status || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q, want %d containing %q", c.path, status, msg, c.status, c.want)
		}
	}
	// Methods, bodies and hosts.
	resp, err := http.Post(ts.URL+"/api/board?b=1,2,3,4,5,6,7,8,0", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/shapes", strings.NewReader("body"))
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Errorf("GET with a body: %d, want 413", resp.StatusCode)
	}
	s.cfg.AllowedHosts = []string{"localhost", "127.0.0.1"}
	req, _ = http.NewRequest("GET", ts.URL+"/api/shapes", nil)
	req.Host = "rebound.example:80"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("foreign Host: %d, want 403", resp.StatusCode)
	}
	if status, _ := get(t, ts, "/api/shapes"); status != 200 {
		t.Errorf("Host 127.0.0.1: %d, want 200", status)
	}
}

func tilesOf(text string) []int {
	var out []int
	for _, f := range strings.Split(text, ",") {
		var v int
		for _, c := range f {
			v = v*10 + int(c-'0')
		}
		out = append(out, v)
	}
	return out
}

func TestSecurityHeadersAndPage(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	for _, path := range []string{"/", "/app.js", "/style.css", "/api/shapes", "/api/board?b=x"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q allows unsafe sources", path, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, resp.Header)
		}
	}
	// The policy needs no exception: no inline script, handler or style.
	page, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, m := range regexp.MustCompile(`(?is)<script([^>]*)>(.*?)</script>`).FindAllStringSubmatch(html, -1) {
		if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
			t.Errorf("inline script: %s", m[0])
		}
	}
	if regexp.MustCompile(`(?i)\s(on[a-z]+|style)\s*=`).MatchString(html) || strings.Contains(html, "<style") {
		t.Error("index.html has an inline handler or style, which the policy forbids")
	}
	if regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:)?//`).MatchString(html) {
		t.Error("index.html loads something from another site")
	}
	js, _ := staticFiles.ReadFile("static/app.js")
	if strings.Contains(string(js), "innerHTML") || strings.Contains(string(js), "eval(") {
		t.Error("app.js writes HTML from strings or evaluates code")
	}
}

func TestRandom(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	tab := fixture.TableFor(t, goal)
	for _, d := range []int{1, 2, 10, 20, 31} {
		status, rec := get(t, ts, "/api/random?depth="+itoa(d))
		if status != 200 {
			t.Fatalf("depth %d: %d %v", d, status, rec)
		}
		checkAnswer(t, rec, tab)
		if got := int(rec["distance"].(float64)); got != d {
			t.Errorf("depth %d: drew a board at %d", d, got)
		}
	}
	// The same seed draws the same board; another seed (almost surely) not.
	_, a := get(t, ts, "/api/random?depth=15&seed=7")
	_, b := get(t, ts, "/api/random?depth=15&seed=7")
	_, c := get(t, ts, "/api/random?depth=15&seed=8")
	if a["board"] != b["board"] || a["board"] == c["board"] {
		t.Errorf("seeds: %v %v %v", a["board"], b["board"], c["board"])
	}
	// A seed above 2^53 comes back as the same string of digits, which
	// JavaScript's numbers could not carry, and draws the same board again.
	const big = "18446744073709551557"
	_, d1 := get(t, ts, "/api/random?depth=15&seed="+big)
	_, d2 := get(t, ts, "/api/random?depth=15&seed="+big)
	if s, ok := d1["seed"].(string); !ok || s != big {
		t.Errorf("seed %s came back as %#v, want the string %q", big, d1["seed"], big)
	}
	if d1["board"] != d2["board"] {
		t.Errorf("seed %s drew %v, then %v", big, d1["board"], d2["board"])
	}
	// Uniform boards and random walks, on other shapes and goals.
	g24 := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
	tab24 := fixture.TableFor(t, g24)
	for seed := range 5 {
		_, rec := get(t, ts, "/api/random?shape=2x4&goal=first&seed="+itoa(seed))
		checkAnswer(t, rec, tab24)
		_, rec = get(t, ts, "/api/random?shape=2x4&goal=first&walk=6&seed="+itoa(seed))
		checkAnswer(t, rec, tab24)
		if d := int(rec["distance"].(float64)); d > 6 || d%2 != 0 {
			t.Errorf("a walk of 6 moves reached distance %d", d)
		}
	}
	// The two antipodes are drawn from as any other distance.
	for _, d := range []int{12, 22, 31} {
		_, rec := get(t, ts, "/api/random?depth="+itoa(d))
		checkAnswer(t, rec, tab)
		if got := int(rec["distance"].(float64)); got != d {
			t.Errorf("at depth %d: drew %d", d, got)
		}
	}
}

func itoa(v int) string { return strconv.Itoa(v) }

// The 15-puzzle is answered by the solver within the request's time
// limit, and a board it cannot solve in time says so.
func TestFifteenPuzzleTimeLimit(t *testing.T) {
	_, ts := newTestServer(t, Config{Limits: Limits{SolveTime: 200 * time.Millisecond}}, resolve.Config{Partition: testPartition})
	status, rec := get(t, ts, "/api/random?shape=4x4&walk=12&seed=3")
	if status != 200 {
		t.Fatalf("easy 4x4: %d %v", status, rec)
	}
	b, err := statespace.Parse(rec["board"].(string), statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	d := int(rec["distance"].(float64))
	end, bad := b.ApplyAll(moveNames(rec["path"]))
	if bad >= 0 || end != statespace.GoalLast(b.Shape()) || len(moveNames(rec["path"])) != d {
		t.Errorf("4x4 path does not reach the goal in %d moves", d)
	}
	// Every optimal move, checked by solving each child by BFS.
	var want []statespace.Move
	for _, m := range statespace.Moves {
		if c, ok := b.Apply(m); ok {
			if bfsDistance(t, c, statespace.GoalLast(b.Shape())) == d-1 {
				want = append(want, m)
			}
		}
	}
	if got := moveNames(rec["optimal_moves"]); !equalMoves(got, want) {
		t.Errorf("4x4 optimal moves %v, want %v", got, want)
	}
	for _, k := range []string{"nodes", "seconds", "limit_seconds"} {
		if _, ok := rec[k]; !ok {
			t.Errorf("4x4 record lacks %q: %v", k, rec)
		}
	}
	if status, rec := get(t, ts, "/api/random?shape=4x4&depth=3"); status != 400 || !strings.Contains(rec["error"].(string), "walk=N") {
		t.Errorf("4x4 at a distance: %d %v", status, rec)
	}
	// Korf's first instance takes Manhattan IDA* far longer than 200 ms.
	korf := reference.Korf100()[0]
	status, rec = get(t, ts, "/api/board?goal=first&b="+korf.Board)
	if msg, _ := rec["error"].(string); status != 503 || !strings.Contains(msg, "time limit") || !strings.Contains(msg, "200ms") {
		t.Errorf("hard 4x4: %d %v, want 503 naming the time limit", status, rec)
	}
}

func TestCompare(t *testing.T) {
	_, ts := newTestServer(t, Config{Limits: Limits{CompareNodes: 5000}}, resolve.Config{})
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	tab := fixture.TableFor(t, goal)
	text := "4,1,3,7,0,2,5,8,6"
	b, _ := statespace.Parse(text, statespace.Shape{})
	status, c := get(t, ts, "/api/compare?b="+text)
	if status != 200 {
		t.Fatalf("%d %v", status, c)
	}
	d := fixture.Dist(t, tab, b)
	if int(c["optimal_distance"].(float64)) != d {
		t.Errorf("optimal %v, table %d", c["optimal_distance"], d)
	}
	lim := c["limits"].(map[string]any)
	if lim["nodes"].(float64) != 5000 {
		t.Errorf("limits %v", lim)
	}
	rows := c["algorithms"].([]any)
	seen := map[string]bool{}
	for _, x := range rows {
		row := x.(map[string]any)
		key := row["key"].(string)
		seen[key] = true
		r := row["result"].(map[string]any)
		if r["nodes_expanded"].(float64) > 5000 {
			t.Errorf("%s expanded %v, over the limit", key, r["nodes_expanded"])
		}
		if !r["found"].(bool) {
			if r["stopped_by"] == "" {
				t.Errorf("%s found nothing and says no limit", key)
			}
			continue
		}
		path := moveNames(r["path"])
		end, bad := b.ApplyAll(path)
		if bad >= 0 || end != goal {
			t.Errorf("%s: path does not reach the goal", key)
		}
		if row["optimal_algorithm"].(bool) && len(path) != d {
			t.Errorf("%s: %d moves, optimal %d", key, len(path), d)
		}
		if int(row["excess_moves"].(float64)) != len(path)-d {
			t.Errorf("%s: excess %v", key, row["excess_moves"])
		}
		prof := row["path_profile"].(map[string]any)
		dists := prof["distances"].([]any)
		if int(dists[0].(float64)) != d || int(dists[len(dists)-1].(float64)) != 0 {
			t.Errorf("%s: profile from %v to %v", key, dists[0], dists[len(dists)-1])
		}
	}
	for _, k := range []string{"bfs", "dfs", "ucs", "astar-manhattan", "astar-exact", "idastar"} {
		if !seen[k] {
			t.Errorf("no %s row", k)
		}
	}
	// A board far away: DFS hits the node limit and says so.
	_, c = get(t, ts, "/api/compare?b=8,6,7,2,5,4,3,0,1")
	for _, x := range c["algorithms"].([]any) {
		row := x.(map[string]any)
		if row["key"] == "bfs" {
			if r := row["result"].(map[string]any); r["stopped_by"] != search.StopNodeLimit.String() {
				t.Errorf("BFS on a 31-move board with 5000 nodes: stopped by %q", r["stopped_by"])
			}
		}
	}
}

// The compare record's keys are classroom compare -json's.
func TestCompareKeysAreQueryJSON(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	b := statespace.MustBoard(goal.Shape(), 1, 2, 3, 4, 0, 5)
	c, err := classroom.Compare(context.Background(), b, goal, fixture.TableFor(t, goal), search.Limits{MaxExpanded: 1000, MaxTime: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	var want map[string]any
	json.Unmarshal(raw, &want)
	_, ts := newTestServer(t, Config{Limits: Limits{CompareNodes: 1000}}, resolve.Config{})
	_, got := get(t, ts, "/api/compare?b=1,2,3,4,0,5&shape=2x3")
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	wr := want["algorithms"].([]any)[0].(map[string]any)
	gr := got["algorithms"].([]any)[0].(map[string]any)
	for k := range wr {
		if _, ok := gr[k]; !ok {
			t.Errorf("row key %q missing", k)
		}
	}
	for k := range wr["result"].(map[string]any) {
		if _, ok := gr["result"].(map[string]any)[k]; !ok {
			t.Errorf("result key %q missing", k)
		}
	}
}

// Requests over the in-flight limit get 503 (the work slots are tested
// in package api, which answers every request).
func TestInFlight(t *testing.T) {
	s, ts := newTestServer(t, Config{Limits: Limits{InFlight: 4}}, resolve.Config{})
	s.inFlight.Add(4)
	status, rec := get(t, ts, "/api/board?b=1,2,3,4,5,6,0,7,8")
	s.inFlight.Add(-4)
	if msg, _ := rec["error"].(string); status != 503 || !strings.Contains(msg, "busy") {
		t.Errorf("over the in-flight limit: %d %v", status, rec)
	}
}

func TestRunServesAndStops(t *testing.T) {
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	res, slots := pageResolver(t, Config{}, resolve.Config{})
	go func() { done <- Run(ctx, Config{}, res, slots, "127.0.0.1:0", pw); pw.Close() }()
	buf := make([]byte, 256)
	n, err := pr.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(string(buf[:n]))
	if m == nil {
		t.Fatalf("no address in %q", buf[:n])
	}
	resp, err := http.Get(m[1] + "api/board?b=1,2,3,4,5,6,7,0,8")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	// A loopback server refuses other host names (DNS rebinding).
	u, _ := url.Parse(m[1])
	req, _ := http.NewRequest("GET", m[1]+"api/shapes", nil)
	req.Host = "attacker.example:" + u.Port()
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("foreign host: %d", resp.StatusCode)
	}
	go io.Copy(io.Discard, pr)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after Ctrl-C: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	if _, err := http.Get(m[1]); err == nil {
		t.Error("the server still answers after stopping")
	}
}

type safeBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *safeBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *safeBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A comparison whose searches hit the time limit says so, row by row.
func TestCompareTimeLimit(t *testing.T) {
	// BFS from the 8-puzzle's hardest board expands 181,438 boards, which
	// no machine does in a millisecond.
	_, ts := newTestServer(t, Config{Limits: Limits{CompareNodes: 10_000_000, CompareTime: time.Millisecond}}, resolve.Config{})
	status, c := get(t, ts, "/api/compare?b=8,6,7,2,5,4,3,0,1")
	if status != 200 {
		t.Fatalf("%d %v", status, c)
	}
	for _, x := range c["algorithms"].([]any) {
		row := x.(map[string]any)
		if row["key"] == "bfs" {
			r := row["result"].(map[string]any)
			if r["stopped_by"] != search.StopTimeLimit.String() || r["found"].(bool) {
				t.Errorf("BFS with 1 ms: stopped by %q, found %v", r["stopped_by"], r["found"])
			}
		}
	}
}

// A 12-cell goal whose table is not in the cache is solved by search, as
// the command line does, and the page does not offer its shape.
func TestTwelveCellTableMissing(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	status, rec := get(t, ts, "/api/board?shape=3x4&b=1,2,3,4,5,6,7,8,9,10,0,11")
	if status != 200 || rec["heuristic"] != resolve.HeuristicLinearConflict || rec["distance"].(float64) != 1 || rec["solver"] != "IDA* on "+resolve.HeuristicLinearConflict {
		t.Fatalf("no 3x4 table: %d %v", status, rec)
	}
	status, shapes := get(t, ts, "/api/shapes")
	if status != 200 || strings.Contains(fmt.Sprint(shapes), "3x4") {
		t.Errorf("3x4 offered without its table: %v", shapes)
	}
}

// On the 15-puzzle the comparison's reference is the optimal solver's,
// and says so when the solver ran out of time.
func TestCompareFifteenPuzzle(t *testing.T) {
	_, ts := newTestServer(t, Config{Limits: Limits{CompareNodes: 2000, SolveTime: 200 * time.Millisecond}}, resolve.Config{Partition: testPartition})
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	b := statespace.Walk(resolve.NewRand(2), goal, 14, statespace.NoReverse)
	status, c := get(t, ts, "/api/compare?b="+b.String())
	if status != 200 {
		t.Fatalf("%d %v", status, c)
	}
	if d := bfsDistance(t, b, goal); int(c["optimal_distance"].(float64)) != d || c["optimal_source"] != "IDA* on pattern databases" {
		t.Errorf("reference %v from %v, want %d from IDA*", c["optimal_distance"], c["optimal_source"], d)
	}
	status, c = get(t, ts, "/api/compare?goal=first&b="+reference.Korf100()[0].Board)
	if status != 200 || c["optimal_distance"] != nil || !strings.Contains(fmt.Sprint(c["optimal_note"]), "did not finish within 200ms") {
		t.Errorf("hard 4x4: %d, optimal %v, note %v", status, c["optimal_distance"], c["optimal_note"])
	}
}

// Without pattern databases for its shape, the server searches on linear
// conflict and says so.
func TestSearchFallback(t *testing.T) {
	var log safeBuffer
	_, ts := newTestServer(t, Config{Log: &log}, resolve.Config{})
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 5})
	// It solves optimally: a board 8 moves from the goal by a walk whose
	// distance BFS measures.
	b := statespace.Walk(resolve.NewRand(4), goal, 8, statespace.NoReverse)
	status, rec := get(t, ts, "/api/board?b="+b.String()+"&shape=3x5")
	if status != 200 || rec["heuristic"] != resolve.HeuristicLinearConflict || !strings.Contains(log.String(), "linear conflict") {
		t.Fatalf("%d %v, log %q", status, rec, log.String())
	}
	if d := bfsDistance(t, b, goal); int(rec["distance"].(float64)) != d || rec["optimal_moves_cut"] != nil {
		t.Errorf("distance %v, BFS says %d: %v", rec["distance"], d, rec)
	}
}

// bfsDistance is b's distance from goal by a plain breadth-first search,
// for boards near the goal on any shape.
func bfsDistance(t *testing.T, b, goal statespace.Board) int {
	t.Helper()
	dist := map[statespace.Board]int{goal: 0}
	frontier := []statespace.Board{goal}
	for len(frontier) > 0 {
		if d, ok := dist[b]; ok {
			return d
		}
		var next []statespace.Board
		for _, x := range frontier {
			for _, m := range statespace.Moves {
				if c, ok := x.Apply(m); ok {
					if _, seen := dist[c]; !seen {
						dist[c] = dist[x] + 1
						next = append(next, c)
					}
				}
			}
		}
		if len(dist) > 5_000_000 {
			t.Fatalf("%s is too far from the goal for a plain BFS", b)
		}
		frontier = next
	}
	t.Fatalf("%s never reached", b)
	return -1
}

// A 12-cell shape is offered for the goals whose table file is in the
// cache; a damaged file is an error naming it (500, as every damaged
// file on every route), never a wrong answer.
func TestTwelveCellOffered(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	dir := os.Getenv("TILESPACE_CACHE")
	name := store.TableFile(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})).Name()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, body := get(t, ts, "/api/shapes")
	var goals []any
	for _, x := range body["shapes"].([]any) {
		if sh := x.(map[string]any); sh["shape"] == "3x4" {
			goals = sh["goals"].([]any)
		}
	}
	if len(goals) != 1 || goals[0] != "last" {
		t.Errorf("3x4 goals offered: %v, want [last]", goals)
	}
	status, rec := get(t, ts, "/api/board?shape=3x4&b=1,2,3,4,5,6,7,8,9,10,0,11")
	if msg, _ := rec["error"].(string); status != 500 || !strings.Contains(msg, name) {
		t.Errorf("damaged 3x4 table: %d %v", status, rec)
	}
}

// /api/random answers on every shape from 2x2 to 5x5 and the long ones of
// 21 cells and more (whose boards once made it drop the connection:
// too many to rank): a walk reaches a board within its length, a uniform
// board is answered where a table exists and comes alone (not searched)
// where none does, and a distance is drawn where a table exists and
// refused with 400 where none does.
func TestRandomEveryShape(t *testing.T) {
	shapes := fixture.DrawShapes()
	board := func(rec map[string]any, sh statespace.Shape) statespace.Board {
		t.Helper()
		b, err := statespace.Parse(rec["board"].(string), sh)
		if err != nil {
			t.Fatalf("%s: %v", sh, err)
		}
		if err := statespace.MustSpace(statespace.GoalLast(sh)).Check(b); err != nil {
			t.Fatalf("%s: drew %s: %v", sh, b, err)
		}
		return b
	}
	for _, sh := range shapes {
		// Boards without a table are searched on one database a tile (the
		// Manhattan distance), built in moments on every shape.
		_, ts := newTestServer(t, Config{Limits: Limits{SolveTime: 100 * time.Millisecond}}, resolve.Config{Partition: oneTileEach(sh.Cells())})
		q := "/api/random?seed=1&shape=" + sh.String()
		status, rec := get(t, ts, q+"&walk=8")
		if status != 200 {
			t.Fatalf("%s walk: %d %v", sh, status, rec)
		}
		board(rec, sh)
		if d := int(rec["distance"].(float64)); d > 8 || d%2 != 0 {
			t.Errorf("%s: a walk of 8 reached distance %d", sh, d)
		}
		status, rec = get(t, ts, q)
		if status != 200 {
			t.Fatalf("%s uniform: %d %v", sh, status, rec)
		}
		board(rec, sh)
		if _, has := rec["distance"]; has != (sh.Cells() <= 10) {
			t.Errorf("%s uniform: %v, want a distance only from a table", sh, rec)
		}
		status, rec = get(t, ts, q+"&depth=3")
		switch msg, _ := rec["error"].(string); {
		case sh.Cells() <= 10:
			if status != 200 || int(rec["distance"].(float64)) != 3 {
				t.Errorf("%s at depth 3: %d %v", sh, status, rec)
			} else {
				board(rec, sh)
			}
		case status != 400 || !strings.Contains(msg, "walk=N"):
			t.Errorf("%s at depth 3 without a table: %d %v", sh, status, rec)
		}
	}
}

// The server writes nothing into the cache folder for a request unless
// its resolver may (not ReadOnlyCache, cmd/serve -write-cache): pattern databases built for a 15-puzzle goal
// stay in memory.
func TestNoCacheWritesUnlessAllowed(t *testing.T) {
	b := statespace.Walk(resolve.NewRand(7), statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), 10, statespace.NoReverse)
	for _, write := range []bool{false, true} {
		dir := t.TempDir()
		s, ts := newTestServer(t, Config{}, resolve.Config{Cache: store.NewCache(dir), Partition: testPartition, ReadOnlyCache: !write})
		status, rec := get(t, ts, "/api/board?b="+b.String())
		if status != 200 || !strings.HasPrefix(fmt.Sprint(rec["heuristic"]), "pdb ") {
			t.Fatalf("write %v: %d %v", write, status, rec)
		}
		files, _ := os.ReadDir(dir)
		if !write && len(files) != 0 || write && len(files) != 15 {
			t.Errorf("write %v: %d files in the cache folder", write, len(files))
		}
		s.Close()
	}
}

// The API's routes are registered on the server's mux as method
// patterns, one handler each: each answers GET (and HEAD), any other
// method 405, and a path under /api/ that is none of them the API's JSON
// 404.
func TestRoutesAreMethodPatterns(t *testing.T) {
	s, ts := newTestServer(t, Config{}, resolve.Config{})
	routes := s.api.Routes()
	if len(routes) != 8 {
		t.Fatalf("routes %v", routes)
	}
	for _, r := range routes {
		p := r.Pattern
		method, path, ok := strings.Cut(p, " ")
		if !ok || method != "GET" || path != r.Path || !strings.HasPrefix(path, "/api/") {
			t.Errorf("pattern %q: want GET /api/…", p)
			continue
		}
		resp, err := http.Post(ts.URL+path, "text/plain", strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d, want 405", path, resp.StatusCode)
		}
		resp, err = http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusMethodNotAllowed {
			t.Errorf("GET %s: %d, want the route's own answer", path, resp.StatusCode)
		}
	}
	status, rec := get(t, ts, "/api/nothing")
	if status != http.StatusNotFound || !strings.Contains(fmt.Sprint(rec["error"]), "no API endpoint") {
		t.Errorf("/api/nothing: %d %v", status, rec)
	}
}

// queryJSON is the record query -json writes for the board text.
func queryJSON(t *testing.T, res *resolve.Resolver, text string) []byte {
	t.Helper()
	b, err := statespace.ParseBytes([]byte(text), statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := res.Answer(context.Background(), statespace.GoalLast(b.Shape()), b, resolve.Want{Path: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	out := record.NewWriter(&buf, nil, record.Options{Format: record.JSON})
	if err := out.Answer(a); err != nil || out.Flush() != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
