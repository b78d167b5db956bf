package engine

import (
	"context"
	"encoding/json"
	"github.com/tilespace/tilespace/internal/machine"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
)

// The page's API as the browser runs it (New, no files): the
// 15-puzzle's databases are built on first use and the time limit of a
// board starts once they are ready, so a board asked for while they are
// built still gets its whole limit; a board the search cannot finish
// names this page's limit, not a server's.
func TestEngineInBrowser(t *testing.T) {
	if _, err := os.Stat(BrowserCache); err == nil {
		t.Fatalf("%s exists on this machine; the test needs it absent, as in a browser", BrowserCache)
	}
	t.Setenv("TILESPACE_CACHE", BrowserCache)
	var mu sync.Mutex
	var built time.Time
	// The browser's one thread: one work slot. A limit short enough that
	// the databases' build (seconds) would overrun it. The requests wait
	// for the build (TableWait) and for the slot (SlotWait) however long
	// a loaded machine takes, not the page's 20 s and 3 s.
	const limit = 300 * time.Millisecond
	s, res, err := New(context.Background(), api.Limits{SolveTime: limit, Searches: 1, TableWait: time.Hour, SlotWait: time.Hour}, func(_ string, done, total uint64) {
		if done == total {
			mu.Lock()
			built = time.Now()
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	defer s.Close()

	type reply struct {
		status int
		body   map[string]any
		raw    string
	}
	ask := func(target string) reply {
		status, body := s.Do(context.Background(), target)
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Errorf("%s: %d, not JSON: %s", target, status, body)
		}
		return reply{status, m, string(body)}
	}
	// Both asked while nothing is built: an 80-move board (one of the
	// 15-puzzle's hardest) and a board one move from the goal.
	hard, easy := "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
	start := time.Now()
	var hardReply, easyReply reply
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); hardReply = ask("/api/board?b=" + hard) }()
	go func() { defer wg.Done(); easyReply = ask("/api/board?b=" + easy) }()
	wg.Wait()
	mu.Lock()
	end := built
	mu.Unlock()
	// No end reported, no duration: a time not measured is not printed.
	if end.IsZero() {
		t.Fatalf("the 6-6-3 databases' build never reported its end; %s: %d %s; %s: %d %s", easy, easyReply.status, easyReply.raw, hard, hardReply.status, hardReply.raw)
	}
	build := end.Sub(start)
	if build < 2*limit {
		t.Fatalf("the 6-6-3 databases were built in %v, want well over the %v limit for the test to show anything", build, limit)
	}
	if easyReply.status != api.StatusOK || easyReply.body["distance"] != 1.0 || easyReply.body["limit_seconds"] != limit.Seconds() {
		t.Errorf("%s, asked while the databases were built (%v) with a %v limit: %d %s; want distance 1: the limit starts when they are ready",
			easy, build, limit, easyReply.status, easyReply.raw)
	}
	msg, _ := hardReply.body["error"].(string)
	t.Logf("databases built in %v; %s: %s", build.Round(time.Millisecond), hard, msg)
	if hardReply.status != api.StatusServiceUnavailable || !strings.Contains(msg, "no optimal solution of "+hard+" found within "+limit.String()+" (this page's time limit") ||
		!strings.Contains(msg, "after the request: building pattern databases on first use does not count") || strings.Contains(msg, "server") {
		t.Errorf("%s: %d %q; want this page's time limit, counted from when the databases were ready", hard, hardReply.status, msg)
	}
}

// The 24-puzzle in the browser, both goals: it says what it needs (the
// served page and the databases enumerate builds) instead of naming a
// cache folder that is not there.
func TestEngine24Puzzle(t *testing.T) {
	t.Setenv("TILESPACE_CACHE", BrowserCache)
	s, res, err := New(context.Background(), api.Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	defer s.Close()
	ask := func(target string) (int, map[string]any) {
		status, body := s.Do(context.Background(), target)
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Errorf("%s: %d, not JSON: %s", target, status, body)
		}
		return status, m
	}
	// In a browser the machine's memory is not known, and the weakest
	// set is named; a native test stands for it with 8 GiB.
	t.Setenv(machine.MemoryVar, "8GiB")
	for _, goal := range []string{"last", "first"} {
		g, _ := statespace.ParseGoal(goal, statespace.Shape{Rows: 5, Cols: 5})
		var b statespace.Board
		for _, m := range statespace.Moves {
			if next, ok := g.Apply(m); ok {
				b = next
				break
			}
		}
		status, body := ask("/api/board?goal=" + goal + "&b=" + b.String())
		msg, _ := body["error"].(string)
		want := cli.PDBCommand(g, "6-6-6-6", false, "")
		t.Logf("5x5 goal %s: %s", goal, msg)
		if status != api.StatusNotFound || strings.Contains(msg, BrowserCache) || !strings.Contains(msg, "minutes and gigabytes") ||
			!strings.Contains(msg, "go run ./cmd/serve") || !strings.HasSuffix(msg, "built by "+want) {
			t.Errorf("5x5 goal %s: %d %q; want what the 24-puzzle needs, ending with %q, and no cache path", goal, status, msg, want)
		}
	}
}
