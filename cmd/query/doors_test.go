package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// One board gets the same record through every door: query -json (with
// -all-moves for searched boards, as the page always finds every optimal
// move) and the page's
// /api/board agree on every key query writes, seconds aside (counters
// included: generated is never below expanded), for boards
// answered from a table (3x3 embedded, 3x4 from a cached 12-cell file),
// from pattern databases (4x4) and by search on linear conflict (3x5).
func TestSameRecordEveryDoor(t *testing.T) {
	cache, fifteen := cacheWith555(t)
	ctx := context.Background()
	twelve := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	writeNearTable(t, filepath.Join(cache, store.TableFile(twelve).Name()), twelve, 14)
	slots := api.NewSlots(api.Limits{})
	res, err := api.NewResolver(ctx, resolve.Config{Cache: store.NewCache(cache)}, slots)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	s := serve.New(serve.Config{}, res, slots)
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	cases := []struct {
		shape, goal, board, heuristic string
		searched                      bool
	}{
		{"3x3", "last", "8,6,7,2,5,4,3,0,1", "table", false},
		{"3x4", "last", walk(twelve, 12, 1).String(), "table", false},
		{"4x4", "first", walk(fifteen, 60, 2).String(), heuristic555, true},
		{"3x5", "last", walk(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 5}), 14, 3).String(), "manhattan+linear-conflict", true},
	}
	for _, c := range cases {
		var out, errb strings.Builder
		args := []string{"-json", "-shape", c.shape, "-goal", c.goal, c.board}
		if c.searched {
			args = append(args[:1], append([]string{"-all-moves"}, args[1:]...)...)
		}
		if code := report(&errb, run(ctx, strings.NewReader(""), &out, &errb, args)); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		var cli map[string]any
		if err := json.Unmarshal([]byte(out.String()), &cli); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out.String())
		}
		resp, err := http.Get(ts.URL + "/api/board?" + url.Values{"b": {c.board}, "shape": {c.shape}, "goal": {c.goal}}.Encode())
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var api map[string]any
		if err := json.Unmarshal(body, &api); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %v: %s", c.board, resp.StatusCode, err, body)
		}
		keys := []string{"board", "distance", "optimal_moves", "path", "heuristic"}
		if c.searched {
			keys = append(keys, "nodes", "generated")
		}
		for _, k := range keys {
			if _, ok := cli[k]; !ok {
				t.Errorf("%s %s: query -json has no %q: %v", c.shape, c.board, k, cli)
			}
		}
		sameKeys(t, c.shape+" "+c.board+": /api/board", api, cli)
		// The page's own resolver object answers the CLI's way too: the
		// same record, what each door wants asked at each call.
		shared := sharedRecord(t, res, c.shape, c.goal, c.board, c.searched)
		sameKeys(t, c.shape+" "+c.board+": the page's resolver", shared, cli)
		if len(shared) != len(cli) {
			t.Errorf("%s %s: the page's resolver writes %v, query -json %v", c.shape, c.board, shared, cli)
		}
		if c.heuristic != "" && cli["heuristic"] != c.heuristic {
			t.Errorf("%s %s: heuristic %v, want %s", c.shape, c.board, cli["heuristic"], c.heuristic)
		}
		if g, _ := cli["generated"].(float64); c.searched && g == 0 {
			t.Errorf("%s %s: generated %v", c.shape, c.board, cli["generated"])
		}
		// Every search the answer ran is counted in both counters (query's
		// TestCountersSumEverySearch checks the sums): never more boards
		// expanded than children generated.
		if n, g := num(cli["nodes"]), num(cli["generated"]); c.searched && g < n {
			t.Errorf("%s %s: %v expanded, %v generated", c.shape, c.board, n, g)
		}
	}
}

// sameKeys checks that got has every key of query -json's record cli,
// with its value, seconds aside.
func sameKeys(t *testing.T, what string, got, cli map[string]any) {
	t.Helper()
	for k, v := range cli {
		if g, ok := got[k]; k != "seconds" && (!ok || !sameJSON(g, v)) {
			t.Errorf("%s: %q is %v, query -json has %v", what, k, g, v)
		}
	}
}

// sharedRecord is the JSON record query -json (with -all-moves when
// searched) writes of board, answered by res, a resolver made for the page.
func sharedRecord(t *testing.T, res *resolve.Resolver, shape, goal, board string, allMoves bool) map[string]any {
	t.Helper()
	sh, err := statespace.ParseShape(shape)
	if err != nil {
		t.Fatal(err)
	}
	g, err := statespace.ParseGoal(goal, sh)
	if err != nil {
		t.Fatal(err)
	}
	b, err := statespace.ParseBytes([]byte(board), sh)
	if err != nil {
		t.Fatal(err)
	}
	o, err := res.Oracle(context.Background(), g, resolve.Need{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := o.Answer(context.Background(), b, resolve.Want{Path: true, AllMoves: allMoves})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := record.NewWriter(&out, nil, record.Options{Format: record.JSON})
	if err := w.Answer(a); err != nil || w.Flush() != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// walk makes n seeded random moves from goal, never undoing the last.
func walk(goal statespace.Board, n int, seed uint64) statespace.Board {
	return statespace.Walk(resolve.NewRand(seed), goal, n, statespace.NoReverse)
}

func abs(x int) int { return max(x, -x) }

// writeNearTable writes goal's 12-cell table file (2 bits a board, the
// format enumerate writes) whose bits are exact for every board within
// radius+1 moves of the goal, found here by breadth-first search; the
// others' bits are filled so that the bit counts of each blank-cell parity
// agree with the published distribution in the header. Enumerating the 239,500,800 boards (30 s,
// 6 GB) is too costly for a test, and a lookup within radius moves only
// reads boards within radius+1: so every answer the test asks for is
// exact, and comes through the same file reading and lazy walk as a real
// table's.
func writeNearTable(t *testing.T, path string, goal statespace.Board, radius int) {
	t.Helper()
	ref, ok := reference.FindDistribution(goal.Shape().String(), "corner")
	if !ok {
		t.Fatal("no published 3x4 distribution")
	}
	sp := statespace.MustSpace(goal)
	bits := make([]byte, (sp.Size()+7)/8)
	touched := map[uint64]bool{}
	level := []statespace.Board{goal}
	seen := map[statespace.Key]bool{goal.Packed(): true}
	for d := 0; d <= radius+1 && len(level) > 0; d++ {
		var next []statespace.Board
		for _, b := range level {
			r := sp.Rank(b)
			touched[r/8] = true
			if d&2 != 0 {
				bits[r/8] |= 1 << (r % 8)
			}
			for _, m := range statespace.Moves {
				if c, ok := b.Apply(m); ok && !seen[c.Packed()] {
					seen[c.Packed()] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
	// The boards of each blank-cell parity (the parity of their distances)
	// get as many set bits as the published counts say, since opening the
	// table recounts them.
	var want, have [2]uint64
	for d, n := range ref.Counts {
		if d&2 != 0 {
			want[d&1] += n
		}
	}
	cols := goal.Shape().Cols
	gb := goal.Blank()
	half := sp.Size() / uint64(goal.Cells())
	parity := func(r uint64) int {
		c := int(r / half)
		return (abs(c/cols-gb/cols) + abs(c%cols-gb%cols)) & 1
	}
	for i := range bits {
		for k := 0; k < 8; k++ {
			if r := uint64(i)*8 + uint64(k); r < sp.Size() && bits[i]>>k&1 != 0 {
				have[parity(r)]++
			}
		}
	}
	for i := range bits {
		if have == want {
			break
		}
		if touched[uint64(i)] {
			continue
		}
		for k := 0; k < 8 && uint64(i)*8+uint64(k) < sp.Size(); k++ {
			if p := parity(uint64(i)*8 + uint64(k)); have[p] < want[p] {
				bits[i] |= 1 << k
				have[p]++
			}
		}
	}
	if _, err := store.WriteMod4Table(context.Background(), path, goal, ref.Counts, bytes.NewReader(bits)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < int64(len(bits)) {
		t.Fatalf("table file: %v", err)
	}
}

// num is a JSON number, 0 when absent.
func num(v any) float64 { f, _ := v.(float64); return f }
