package serve

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tilespace/tilespace/resolve"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// heapPeak runs f and returns the most heap its objects took above what
// was live before, sampled every millisecond, and the bytes f allocated
// in all (an upper bound the sampling cannot miss).
func heapPeak(f func()) (peak, total uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, allocated := ms.HeapAlloc, ms.TotalAlloc
	var most atomic.Uint64
	done, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > most.Load() {
				most.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-sampled
	runtime.ReadMemStats(&ms)
	return most.Load() - min(most.Load(), base), ms.TotalAlloc - allocated
}

// The budget's shares hold what they stand for, each measured: the jobs
// a work slot runs besides searches (which count their own bytes against
// search.DefaultMaxBytes and stop there, tested in package search), a
// lookup request, and an idle server. Each measured cost must leave a
// quarter of its share free, so the budget keeps a margin as the code
// changes.
func TestMemoryCostsWithinBudget(t *testing.T) {
	const keep = 4 // a measured cost may take 3/4 of its share
	// The largest table a server builds in memory: 10 cells.
	g := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	if sp := statespace.MustSpace(g); sp.Size() != 1_814_400 {
		t.Fatalf("2x5 has %d boards", sp.Size())
	}
	_, built := heapPeak(func() {
		if _, err := table.Enumerate(context.Background(), statespace.MustSpace(g), nil); err != nil {
			t.Fatal(err)
		}
	})
	// The databases a server builds when a 15-puzzle goal has none.
	g4 := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	part, err := pdb.Preset("6-6-3", g4)
	if err != nil {
		t.Fatal(err)
	}
	pdbPeak, _ := heapPeak(func() {
		for _, tiles := range part.Patterns {
			if _, err := pdb.Build(context.Background(), g4, tiles, nil); err != nil {
				t.Fatal(err)
			}
		}
	})
	for _, c := range []struct {
		what string
		cost uint64
	}{{"building the 2x5 table (bytes allocated)", built}, {"building the 6-6-3 databases (peak heap)", pdbPeak}} {
		if c.cost > slotBytes*(keep-1)/keep {
			t.Errorf("%s: %d MB, over 3/4 of a work slot's %d MB", c.what, c.cost>>20, slotBytes>>20)
		}
		t.Logf("%s: %d MB of a slot's %d MB", c.what, c.cost>>20, slotBytes>>20)
	}

	// A lookup with its path, through the whole HTTP layer; the
	// connection's buffers and the goroutine's stack (8 KiB, 4 KiB each
	// way, a stack of at most 16 KiB) come on top.
	s := newServer(t, Config{}, resolve.Config{})
	defer s.Close()
	h := s.Handler()
	get := func() {
		req := httptest.NewRequest("GET", "http://127.0.0.1/api/board?b=8,6,7,2,5,4,3,0,1", nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("lookup: %d %s", rec.Code, rec.Body)
		}
	}
	get() // the table is loaded once
	const requests = 100
	_, allocated := heapPeak(func() {
		for range requests {
			get()
		}
	})
	perRequest := allocated/requests + 24<<10
	if perRequest > requestBytes*(keep-1)/keep {
		t.Errorf("a lookup holds up to %d KiB, over 3/4 of a request's %d KiB", perRequest>>10, requestBytes>>10)
	}
	t.Logf("a lookup: %d KiB of a request's %d KiB", perRequest>>10, requestBytes>>10)

	// An idle server, measured in a process of its own (what earlier
	// tests of this package leave would count here).
	idle, err := idleServerBytes()
	if err != nil {
		t.Fatal(err)
	}
	if idle > runtimeBytes*(keep-1)/keep {
		t.Errorf("an idle server holds %d MB, over 3/4 of the runtime's %d MB", idle>>20, runtimeBytes>>20)
	}
	t.Logf("idle: %d MB of the runtime's %d MB", idle>>20, runtimeBytes>>20)
}

// idleServerBytes runs this test binary again as a fresh process that
// starts a server and answers one lookup, and returns the larger of that
// process's resident size and the whole of its Go memory after a
// collection (the test binary's, the server's, its embedded tables, the
// collector's metadata): a bound on an idle server's.
func idleServerBytes() (uint64, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestIdleServerChild$")
	cmd.Env = append(os.Environ(), "TILESPACE_IDLE_CHILD=1")
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("the idle server's process: %v: %s", err, out)
	}
	var gomem, rss uint64
	if _, err := fmt.Sscanf(string(out), "idle %d %d", &gomem, &rss); err != nil {
		return 0, fmt.Errorf("the idle server's process printed %q: %v", out, err)
	}
	return max(gomem, rss), nil
}

// TestIdleServerChild is the process idleServerBytes starts; run
// otherwise, it does nothing.
func TestIdleServerChild(t *testing.T) {
	if os.Getenv("TILESPACE_IDLE_CHILD") != "1" {
		return
	}
	s := newServer(t, Config{}, resolve.Config{})
	defer s.Close()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1/api/board?b=8,6,7,2,5,4,3,0,1", nil))
	if rec.Code != 200 {
		t.Fatalf("lookup: %d %s", rec.Code, rec.Body)
	}
	runtime.GC()
	m := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(m)
	gomem := m[0].Value.Uint64() - m[1].Value.Uint64()
	rss, err := residentBytes()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("idle %d %d\n", gomem, rss)
	os.Exit(0)
}

// The page's guide states the default budget and the ceiling of the
// resident size on 2 cores (one work slot) as MemoryBudget and
// MemoryMargin compute them.
func TestGuideStatesBudgetAndCeiling(t *testing.T) {
	guide, err := os.ReadFile("../docs/page.md")
	if err != nil {
		t.Fatal(err)
	}
	budget := MemoryBudget(resolve.DefaultCacheBytes, Limits{Searches: 1})
	for what, v := range map[string]int64{"budget": budget, "ceiling": budget + MemoryMargin(budget)} {
		want := textfmt.Commas(v>>20) + " MiB by default on 2 cores"
		if !strings.Contains(strings.Join(strings.Fields(string(guide)), " "), want) {
			t.Errorf("docs/page.md does not state the %s: %q", what, want)
		}
	}
}
