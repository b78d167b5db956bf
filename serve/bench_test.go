package serve

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// loadClients is how many clients the load test runs at once.
const loadClients = 32

// BenchmarkBoardLoad is the load test of /api/board: loadClients clients,
// each on its own keep-alive connection to a real loopback listener,
// send b.N requests in all for uniformly drawn 8-puzzle boards. It reports
// requests per second and the 99th percentile latency. Loopback only;
// bounded by b.N (and so by -benchtime).
func BenchmarkBoardLoad(b *testing.B) {
	_, ts := newTestServer(b, Config{}, resolve.Config{})
	tab := fixture.TableFor(b, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	var paths []string
	for _, x := range tab.Sample(resolve.NewRand(1), -1, 1024) {
		paths = append(paths, "/api/board?b="+url.QueryEscape(x.String()))
	}
	addr := ts.Listener.Addr().String()
	// Warm up: the table is loaded once.
	if resp, err := http.Get(ts.URL + paths[0]); err != nil {
		b.Fatal(err)
	} else {
		resp.Body.Close()
	}
	var next atomic.Int64
	lat := make([][]time.Duration, loadClients)
	errs := make(chan error, loadClients)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for c := range loadClients {
		wg.Go(func() {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			r := bufio.NewReader(conn)
			w := bufio.NewWriter(conn)
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				t0 := time.Now()
				fmt.Fprintf(w, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", paths[i%int64(len(paths))], addr)
				if err := w.Flush(); err != nil {
					errs <- err
					return
				}
				if err := readResponse(r); err != nil {
					errs <- err
					return
				}
				lat[c] = append(lat[c], time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99-µs")
}

// readResponse reads one HTTP/1.1 response with a Content-Length and
// checks it is a 200.
func readResponse(r *bufio.Reader) error {
	status, err := r.ReadString('\n')
	if err != nil {
		return err
	}
	if len(status) < 12 || status[9:12] != "200" {
		return fmt.Errorf("status line %q", status)
	}
	n := -1
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(line) <= 2 {
			break
		}
		const cl = "Content-Length: "
		if len(line) > len(cl) && string(line[:len(cl)]) == cl {
			n, _ = strconv.Atoi(string(line[len(cl) : len(line)-2]))
		}
	}
	if n < 0 {
		return fmt.Errorf("no Content-Length")
	}
	_, err = io.CopyN(io.Discard, r, int64(n))
	return err
}
