package api

import (
	"context"
	"encoding/json"
	"github.com/tilespace/tilespace/store"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// newTestAPI answers cfg from the resolver a main makes (NewResolver)
// of qc, with a cache folder of its own unless qc has one.
func newTestAPI(t testing.TB, cfg Config, qc resolve.Config) *Server {
	t.Helper()
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	if qc.Cache.IsZero() {
		qc.Cache = store.NewCache(t.TempDir())
	}
	slots := NewSlots(cfg.Limits)
	ctx, cancel := context.WithCancel(context.Background())
	res, err := NewResolver(ctx, qc, slots)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := New(cfg, res, slots)
	t.Cleanup(func() { s.Close(); res.Close(); cancel() })
	return s
}

// do answers target in process and decodes its JSON body.
func do(t testing.TB, s *Server, target string) (int, map[string]any) {
	t.Helper()
	status, body := s.Do(context.Background(), target)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("%s: %d, body not JSON: %v\n%s", target, status, err, body)
	}
	return status, m
}

// The statuses are HTTP's, which package serve writes as they are.
func TestStatusesAreHTTPs(t *testing.T) {
	for _, c := range []struct{ api, http int }{
		{StatusOK, http.StatusOK},
		{StatusBadRequest, http.StatusBadRequest},
		{StatusNotFound, http.StatusNotFound},
		{StatusRequestURITooLong, http.StatusRequestURITooLong},
		{StatusUnprocessableEntity, http.StatusUnprocessableEntity},
		{StatusInternalServerError, http.StatusInternalServerError},
		{StatusServiceUnavailable, http.StatusServiceUnavailable},
	} {
		if c.api != c.http {
			t.Errorf("status %d, HTTP's is %d (%s)", c.api, c.http, http.StatusText(c.http))
		}
	}
}

// Do refuses what is no request path, an endpoint that is not the API's
// and a query over the limit, each with its status and a message.
func TestDoRefusals(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{MaxQuery: 64}}, resolve.Config{})
	for _, c := range []struct {
		target string
		status int
		msg    string
	}{
		{"no path", StatusBadRequest, "not a request path"},
		{"/api/nothing", StatusNotFound, "no API endpoint /api/nothing"},
		{"/index.html", StatusNotFound, "no API endpoint"},
		{"/api/board?b=" + strings.Repeat("1,", 40), StatusRequestURITooLong, "at most 64"},
		{"/api/board?b=1,2,3,4,5,6,7,8,8", StatusBadRequest, "board"},
		{"/api/board?b=2,1,3,4,5,6,7,8,0", StatusUnprocessableEntity, "unsolvable"},
	} {
		status, rec := do(t, s, c.target)
		if msg, _ := rec["error"].(string); status != c.status || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: %d %v, want %d and %q", c.target, status, rec, c.status, c.msg)
		}
	}
}

// Searches and builds need a work slot: with every slot taken they
// answer 503 once SlotWait runs out; table lookups need none.
func TestSearchSlots(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{Searches: 1, SlotWait: 20 * time.Millisecond}}, resolve.Config{})
	release, err := s.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/api/compare?b=1,2,3,4,5,6,0,7,8", "/api/watch?b=1,2,3,4,5,6,0,7,8&alg=bfs"} {
		status, rec := do(t, s, target)
		if msg, _ := rec["error"].(string); status != 503 || !strings.Contains(msg, "busy") {
			t.Errorf("%s with every slot taken: %d %v", target, status, rec)
		}
	}
	if status, _ := do(t, s, "/api/board?b=1,2,3,4,5,6,0,7,8"); status != 200 {
		t.Errorf("board lookup while searches are busy: %d", status)
	}
	release()
	if status, _ := do(t, s, "/api/compare?b=1,2,3,4,5,6,0,7,8"); status != 200 {
		t.Errorf("compare after the slot is free: %d", status)
	}
}

// A table still being prepared makes a request wait at most TableWait,
// then answer 503; the preparation goes on and later requests get it. A
// table is built only in a work slot, so one held keeps it waiting.
func TestTableWait(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{TableWait: time.Nanosecond, Searches: 1, SlotWait: time.Minute}}, resolve.Config{})
	release, err := s.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	status, rec := do(t, s, "/api/board?shape=2x5&b=1,2,3,4,5,6,7,8,0,9")
	if msg, _ := rec["error"].(string); status != 503 || !strings.Contains(msg, "still being prepared") {
		t.Errorf("table not ready: %d %v", status, rec)
	}
	s.lim.TableWait = time.Minute
	release()
	if status, rec := do(t, s, "/api/board?shape=2x5&b=1,2,3,4,5,6,7,8,0,9"); status != 200 {
		t.Errorf("table ready: %d %v", status, rec)
	}
}

// A build that finds no work slot free in time answers 503 and is not
// remembered: the next request builds the table.
func TestBuildNeedsSlot(t *testing.T) {
	s := newTestAPI(t, Config{Limits: Limits{Searches: 1, SlotWait: 20 * time.Millisecond}}, resolve.Config{})
	release, err := s.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	status, rec := do(t, s, "/api/board?shape=2x4&b=1,2,3,4,5,6,0,7")
	if msg, _ := rec["error"].(string); status != 503 || !strings.Contains(msg, "busy") {
		t.Errorf("build with every slot taken: %d %v", status, rec)
	}
	release()
	if status, rec := do(t, s, "/api/board?shape=2x4&b=1,2,3,4,5,6,0,7"); status != 200 {
		t.Errorf("build after the slot is free: %d %v", status, rec)
	}
}

// The tables the server holds stay within its resolver's CacheBytes
// however many goals are asked for.
func TestHeldTablesBounded(t *testing.T) {
	const bound = 3 * 20_160 // three 2x4 tables
	s := newTestAPI(t, Config{}, resolve.Config{CacheBytes: bound})
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	for r := uint64(1); r <= 10; r++ {
		goal := sp.Unrank(r * 997)
		b := statespace.Walk(resolve.NewRand(r), goal, 5, statespace.NoReverse)
		if status, rec := do(t, s, "/api/board?shape=2x4&b="+b.String()+"&goal="+goal.String()); status != 200 {
			t.Fatalf("%d %v", status, rec)
		}
		if held, _ := s.res.Held(); held > bound {
			t.Fatalf("after %d goals the server holds %d bytes, over %d", r, held, bound)
		}
	}
	if held, _ := s.res.Held(); held != bound {
		t.Errorf("holds %d bytes, want the bound %d (three tables)", held, bound)
	}
}
