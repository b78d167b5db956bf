package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/tilespace/tilespace/resolve"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
)

// The server's memory stays within its budget (MemoryBudget plus
// MemoryMargin) under requests for many distinct goals at once: each new
// goal builds a table or finds a search, builds take the work slots,
// tables live in the byte-bounded cache. Two loads:
//
//   - every shape the page serves (tables of up to 10 cells built in
//     memory; 12-cell and 15-puzzle goals without a table, searched on
//     linear conflict), with a small cache, so the cache turns over;
//   - distinct 2x5 goals only (the largest tables built in memory, 1.8 MB
//     each), with the default cache of 1 GiB, which they fill.
//
// A request that finds every slot busy (503) is sent again. Throughout,
// the resident size stays under the budget plus its margin (the kernel's
// peak, VmHWM, reset when the load starts; else sampled), and a probe
// of a board whose table is held gets its answer (its median latency is
// logged). Short runs: 60 mixed requests, 20 at a time, and 150 2x5 goals,
// 30 at a time; with TILESPACE_LONG=1, 500 each, 60 at a time.
func TestLoadDistinctGoals(t *testing.T) {
	if _, err := residentBytes(); err != nil {
		t.Skipf("no resident memory to read here: %v", err)
	}
	mixed := []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 5, Cols: 2}, {Rows: 2, Cols: 5}, {Rows: 5, Cols: 2}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 4}}
	long := longtest.Enabled()
	for _, c := range []struct {
		name               string
		shapes             []statespace.Shape
		cacheBytes         int64
		requests, parallel int
	}{
		{"every shape", mixed, 64 << 20, pick(long, 500, 60), pick(long, 60, 20)},
		{"2x5 goals", []statespace.Shape{{Rows: 2, Cols: 5}}, resolve.DefaultCacheBytes, pick(long, 500, 150), pick(long, 60, 30)},
	} {
		t.Run(c.name, func(t *testing.T) {
			loadDistinctGoals(t, c.shapes, c.cacheBytes, c.requests, c.parallel)
		})
	}
}

func pick(long bool, ifLong, otherwise int) int {
	if long {
		return ifLong
	}
	return otherwise
}

func loadDistinctGoals(t *testing.T, shapes []statespace.Shape, cacheBytes int64, requests, parallel int) {
	// No time limit: a loaded machine takes as long as it takes, and go
	// test's -timeout ends a run that hangs.
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cfg Config
	base := startServer(t, ctx, cfg, resolve.Config{CacheBytes: cacheBytes})
	budget := MemoryBudget(cacheBytes, cfg.Limits)
	ceiling := budget + MemoryMargin(budget)

	const probe = "api/board?b=8,6,7,2,5,4,3,0,1"
	if status, rec, err := fetch(ctx, base+probe); err != nil || status != 200 {
		t.Fatalf("probe: %d %v %v", status, rec, err)
	}
	// The kernel's own peak (VmHWM), from here on: no peak between two
	// samples is missed.
	hwmErr := resetPeak()
	if hwmErr != nil {
		t.Logf("the peak resident size cannot be reset here (%v): sampled every 25 ms only", hwmErr)
	}
	var peak, peakLive atomic.Int64
	var latMu sync.Mutex
	var latencies []time.Duration
	stopWatch := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		tick := time.NewTicker(25 * time.Millisecond)
		defer tick.Stop()
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for n := 0; ; n++ {
			select {
			case <-stopWatch:
				return
			case <-tick.C:
			}
			if rss, err := residentBytes(); err == nil && rss > peak.Load() {
				peak.Store(rss)
			}
			metrics.Read(live)
			if v := int64(live[0].Value.Uint64()); v > peakLive.Load() {
				peakLive.Store(v)
			}
			if n%4 == 0 { // the probe, every 100 ms
				start := time.Now()
				status, _, err := fetch(ctx, base+probe)
				if err == nil && status == 200 {
					latMu.Lock()
					latencies = append(latencies, time.Since(start))
					latMu.Unlock()
				}
			}
		}
	}()

	rng := rand.New(rand.NewPCG(19, 3))
	type job struct{ goal, board statespace.Board }
	jobs := make(chan job)
	seen := map[statespace.Board]bool{}
	go func() {
		defer close(jobs)
		// The shape turns with every draw, not every new goal: 2x2 has only
		// 24 goals, and a run of 500 would wait on it for ever.
		for i := 0; len(seen) < requests; i++ {
			sh := shapes[i%len(shapes)]
			tiles := rng.Perm(sh.Cells())
			goal := statespace.MustBoard(sh, tiles...)
			if seen[goal] {
				continue
			}
			seen[goal] = true
			select {
			case jobs <- job{goal, statespace.Walk(rng, goal, 6+rng.IntN(10), statespace.NoReverse)}:
			case <-ctx.Done():
				return
			}
		}
	}()
	var answered, busy atomic.Int64
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for j := range jobs {
				u := base + "api/board?" + url.Values{"b": {j.board.String()}, "goal": {j.goal.String()}, "shape": {j.goal.Shape().String()}}.Encode()
				for ctx.Err() == nil {
					status, rec, err := fetch(ctx, u)
					if err != nil {
						if ctx.Err() == nil {
							t.Error(err)
						}
						return
					}
					if status == http.StatusServiceUnavailable {
						busy.Add(1)
						time.Sleep(50 * time.Millisecond)
						continue
					}
					if status != 200 {
						t.Errorf("goal %s board %s: %d %v", j.goal, j.board, status, rec)
						break
					}
					checkPath(t, j.board, j.goal, rec)
					answered.Add(1)
					break
				}
			}
		})
	}
	wg.Wait()
	close(stopWatch)
	<-watched
	if answered.Load() != int64(requests) {
		t.Errorf("%d of %d requests answered", answered.Load(), requests)
	}
	peakFrom := "sampled every 25 ms"
	if hwmErr == nil {
		peakFrom = "VmHWM"
		hwm, err := peakResident()
		if err != nil {
			t.Fatal(err)
		}
		peak.Store(max(peak.Load(), hwm))
	}
	if p := peak.Load(); p > ceiling && !raceDetector {
		t.Errorf("resident memory peaked at %d MiB, over the budget %d MiB plus its margin (%d MiB)", p>>20, budget>>20, ceiling>>20)
	}
	if p := peakLive.Load(); p > budget && !raceDetector {
		t.Errorf("live heap peaked at %d MiB, over the budget %d MiB", p>>20, budget>>20)
	}
	latMu.Lock()
	defer latMu.Unlock()
	if len(latencies) == 0 {
		t.Fatal("the probe got no answer")
	}
	slices.Sort(latencies)
	// The probe's latency is the machine's as much as the server's: it is
	// logged below, not asserted (no test asserts a time).
	t.Logf("%d requests, %d at a time: %d answers of 503 sent again; peak resident %.1f MiB (%s), live heap %d MiB; budget %d MiB, ceiling %d MiB; probe median %s of %d",
		requests, parallel, busy.Load(), float64(peak.Load())/(1<<20), peakFrom, peakLive.Load()>>20, budget>>20, ceiling>>20, latencies[len(latencies)/2], len(latencies))
}

// startServer runs cfg with Run on a free loopback port until ctx ends and
// returns its URL.
func startServer(t *testing.T, ctx context.Context, cfg Config, qc resolve.Config) string {
	t.Helper()
	res, slots := pageResolver(t, cfg, qc)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, res, slots, "127.0.0.1:0", pw); pw.Close() }()
	buf := make([]byte, 256)
	n, err := pr.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(string(buf[:n]))
	if m == nil {
		t.Fatalf("no address in %q", buf[:n])
	}
	go io.Copy(io.Discard, pr)
	t.Cleanup(func() {
		if ctx.Err() == nil {
			return
		}
		<-done
	})
	return m[1]
}

// fetch gets u and decodes its JSON body.
func fetch(ctx context.Context, u string) (int, map[string]any, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return 0, nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var rec map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&rec); err != nil {
		return resp.StatusCode, nil, fmt.Errorf("%s: %d, body not JSON: %v", u, resp.StatusCode, err)
	}
	return resp.StatusCode, rec, nil
}

// checkPath checks that rec's path takes board to goal in distance moves.
func checkPath(t *testing.T, board, goal statespace.Board, rec map[string]any) {
	t.Helper()
	d, _ := rec["distance"].(float64)
	path := moveNames(rec["path"])
	end, bad := board.ApplyAll(path)
	if bad >= 0 || end != goal || len(path) != int(d) {
		t.Errorf("goal %s board %s: the path of %d moves does not reach the goal (distance %v)", goal, board, len(path), d)
	}
}

// residentBytes reads the process's resident memory from /proc.
// resetPeak resets the kernel's peak resident size of the process (VmHWM)
// to its resident size now: 5 written to /proc/self/clear_refs (Linux 4.0
// and later).
func resetPeak() error {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakResident returns the process's peak resident size since it started
// or resetPeak: VmHWM of /proc/self/status.
func peakResident() (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("/proc/self/status holds no VmHWM")
}

func residentBytes() (int64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, fmt.Errorf("/proc/self/statm: %q", b)
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), err
}
