package serve

import (
	"bytes"
	"encoding/json"
	"github.com/tilespace/tilespace/resolve"
	"image/gif"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/report/boardgif"
	"github.com/tilespace/tilespace/statespace"
)

// FuzzHandlers sends any query to every endpoint: the answer is always
// JSON with a known status, errors carry a message, and a board record is
// consistent (a path of exactly distance legal moves to the goal).
func FuzzHandlers(f *testing.F) {
	for _, seed := range []struct {
		endpoint uint8
		query    string
	}{
		{0, "b=8,6,7,2,5,4,3,0,1"},
		{0, "b=1+2+3/4+5+6/7+8+_&goal=first"},
		{0, "b=1,2,3,4,5,0,7,8,6,9&shape=2x5"},
		{0, "b=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"},
		{0, "b=%00%ff&shape=-1x3"},
		{1, "depth=12&shape=2x4&goal=first&seed=1"},
		{1, "walk=40&shape=4x4"},
		{2, "b=1,2,3,4,0,5&shape=2x3"},
		{3, "b=4,1,3,7,0,2,5,8,6&alg=idastar&steps=50"},
		{4, ""},
		{2, "b=1,2,5,3,4,0,6,7,8&algs=iddfs,dfs,bfs&limit=300"},
		{2, "b=1,2,3,4,0,5&shape=2x3&algs=astar-exact,climber,bfs,bfs&limit=5000001"},
		{5, "b=8,6,7,2,5,4,3,0,1&size=120"},
		{5, "b=1,2,3,4,5,0,7,8,6,9&shape=2x5&goal=first&size=1200"},
		{5, "b=1,2,3,0&size=0x10"},
		{6, ""},
		{7, "shape=2x3&distances=2,9&boards=2&algs=bfs,dfs&limit=300"},
	} {
		f.Add(seed.endpoint, seed.query)
	}
	f.Setenv("TILESPACE_CACHE", f.TempDir())
	s := newServer(f, Config{Limits: Limits{
		SolveTime: 50 * time.Millisecond, CompareNodes: 500, CompareTime: 50 * time.Millisecond,
		WatchSteps: 100, WatchTime: 50 * time.Millisecond, SlotWait: time.Second,
	}}, resolve.Config{Partition: testPartition})
	defer s.Close()
	h := s.Handler()
	endpoints := []string{"/api/board", "/api/random", "/api/compare", "/api/watch", "/api/shapes", "/api/gif", "/api/algorithms", "/api/scaling"}
	f.Fuzz(func(t *testing.T, endpoint uint8, query string) {
		path := endpoints[int(endpoint)%len(endpoints)]
		req := httptest.NewRequest("GET", "http://127.0.0.1/", nil)
		req.URL.Path = path
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 400, 404, 414, 422, 503:
		default:
			t.Fatalf("%s?%s: status %d", path, query, rec.Code)
		}
		if path == "/api/gif" && rec.Code == 200 {
			checkGIF(t, h, query, rec)
			return
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Fatalf("%s?%s: content type %q", path, query, ct)
		}
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s?%s: %v: %q", path, query, err, rec.Body.Bytes())
		}
		if rec.Code != 200 {
			if msg, _ := body["error"].(string); strings.TrimSpace(msg) == "" {
				t.Fatalf("%s?%s: %d without a message: %s", path, query, rec.Code, rec.Body.Bytes())
			}
			return
		}
		if path != "/api/board" && path != "/api/random" {
			return
		}
		// The record's shape says how to read its board: 16 tiles are 2x8
		// as well as 4x4.
		b, err := statespace.Parse(body["board"].(string), mustShape(t, body["shape"].(string)))
		if err != nil {
			t.Fatalf("the record's board does not parse: %v", err)
		}
		goal, err := statespace.ParseGoal(body["goal"].(string), b.Shape())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := body["path"]; !ok && path == "/api/random" {
			// A new game whose distance was not found in time (no table, or
			// a long walk on a loaded machine) comes as the board alone,
			// saying why; it must still be a board of the goal's space.
			if note, _ := body["distance_note"].(string); note == "" {
				t.Fatalf("%s?%s: a board without its path or a note: %s", path, query, rec.Body.Bytes())
			}
			if err := statespace.MustSpace(goal).Check(b); err != nil {
				t.Fatalf("%s?%s: the board alone is not reachable: %v", path, query, err)
			}
			return
		}
		path2 := moveNames(body["path"])
		end, bad := b.ApplyAll(path2)
		if bad >= 0 || end != goal || len(path2) != int(body["distance"].(float64)) {
			t.Fatalf("%s?%s: the path does not reach the goal in distance moves: %s", path, query, rec.Body.Bytes())
		}
	})
}

// checkGIF checks an animated solution: a GIF of the size asked for,
// with a frame per board of an optimal path, distance + 1 (the distance
// from /api/board, asked the same query, when it answers in time).
func checkGIF(t *testing.T, h http.Handler, query string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "image/gif" {
		t.Fatalf("/api/gif?%s: content type %q", query, ct)
	}
	g, err := gif.DecodeAll(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("/api/gif?%s: %v", query, err)
	}
	if side := max(g.Config.Width, g.Config.Height); side < boardgif.MinSize || side > boardgif.MaxSize {
		t.Fatalf("/api/gif?%s: %dx%d", query, g.Config.Width, g.Config.Height)
	}
	req := httptest.NewRequest("GET", "http://127.0.0.1/api/board", nil)
	req.URL.RawQuery = query
	brec := httptest.NewRecorder()
	h.ServeHTTP(brec, req)
	if brec.Code != 200 {
		return
	}
	var body map[string]any
	if err := json.Unmarshal(brec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if d := int(body["distance"].(float64)); len(g.Image) != d+1 {
		t.Fatalf("/api/gif?%s: %d frames, distance %d", query, len(g.Image), d)
	}
}

func mustShape(t *testing.T, text string) statespace.Shape {
	sh, err := statespace.ParseShape(text)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}
