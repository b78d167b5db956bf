package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"github.com/tilespace/tilespace/resolve"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/data/reference"
)

// startRun runs Run on addr in the background and returns the address it
// printed and a stop function (Ctrl-C) returning Run's error.
func startRun(t *testing.T, cfg Config, qc resolve.Config, addr string) (string, func() error, *safeBuffer) {
	t.Helper()
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	res, slots := pageResolver(t, cfg, qc)
	ctx, cancel := context.WithCancel(context.Background())
	out := &safeBuffer{}
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, res, slots, addr, out) }()
	re := regexp.MustCompile(`serving on (http://[^/]+/)`)
	var base string
	// Until Run prints its address or returns, however long a loaded
	// machine takes.
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for base == "" {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			base = m[1]
			break
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("Run returned %v before printing its address: %q", err, out.String())
		case <-tick.C:
		}
	}
	stopped := false
	var runErr error
	stop := func() error {
		if stopped {
			return runErr
		}
		stopped = true
		cancel()
		select {
		case runErr = <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not stop")
		}
		return runErr
	}
	t.Cleanup(func() { stop() })
	return base, stop, out
}

// decodeError reads a JSON error reply.
func decodeError(t *testing.T, what string, resp *http.Response) string {
	t.Helper()
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s: Content-Type %q, want application/json (%s)", what, ct, body)
	}
	var m struct{ Error string }
	if err := json.Unmarshal(body, &m); err != nil || m.Error == "" {
		t.Errorf("%s: body %q is not a JSON error (%v)", what, body, err)
	}
	return m.Error
}

// Cross-site requests to the API are refused: any page could otherwise
// make a visitor's browser send blind GETs that cost the server work.
// The page itself may still be opened from a link on another site.
func TestCrossSiteRefused(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	for _, c := range []struct {
		path, header, value string
		want                int
	}{
		{"/api/shapes", "Sec-Fetch-Site", "cross-site", 403},
		{"/api/shapes", "Sec-Fetch-Site", "same-site", 403},
		{"/api/board?b=1,2,3,4,5,6,7,0,8", "Sec-Fetch-Site", "cross-site", 403},
		{"/api/shapes", "Sec-Fetch-Site", "same-origin", 200},
		{"/api/shapes", "Sec-Fetch-Site", "none", 200},
		{"/api/shapes", "Origin", "http://attacker.example", 403},
		{"/api/shapes", "Origin", "null", 403},
		{"/api/shapes", "Origin", "http://" + strings.TrimPrefix(ts.URL, "http://") + ".attacker.example", 403},
		{"/api/shapes", "Origin", ts.URL, 200},
		{"/api/shapes", "", "", 200},
		{"/", "Sec-Fetch-Site", "cross-site", 200},
	} {
		req, _ := http.NewRequest("GET", ts.URL+c.path, nil)
		if c.header != "" {
			req.Header.Set(c.header, c.value)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		what := c.path + " " + c.header + ": " + c.value
		if resp.StatusCode != c.want {
			t.Errorf("%s: %d, want %d", what, resp.StatusCode, c.want)
		}
		if c.want == 403 {
			if msg := decodeError(t, what, resp); !strings.Contains(msg, "cross-site") {
				t.Errorf("%s: error %q does not say why", what, msg)
			}
		} else {
			resp.Body.Close()
		}
	}
}

// A server listening on every interface keeps the Host check: the names
// it answers are its addresses and those given in AllowedHosts (query's
// -allow-host), so a DNS-rebinding page cannot read it either.
func TestRunHostCheckOnEveryInterface(t *testing.T) {
	base, _, out := startRun(t, Config{AllowedHosts: []string{"tiles.example"}}, resolve.Config{}, "0.0.0.0:0")
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	port := u.Port()
	for _, c := range []struct {
		host string
		want int
	}{
		{"attacker.example:" + port, 403},
		{"tiles.example:" + port, 200},
		{"TILES.example", 200},
		{"127.0.0.1:" + port, 200},
		{"localhost:" + port, 200},
	} {
		req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/api/shapes", nil)
		req.Host = c.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("Host %s on 0.0.0.0: %d, want %d", c.host, resp.StatusCode, c.want)
		}
	}
	if !strings.Contains(out.String(), "tiles.example") {
		t.Errorf("Run does not say which host names it answers: %q", out.String())
	}
	// Without AllowedHosts too.
	base, _, _ = startRun(t, Config{}, resolve.Config{}, "0.0.0.0:0")
	u, _ = url.Parse(base)
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+u.Port()+"/api/shapes", nil)
	req.Host = "attacker.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("Host attacker.example on 0.0.0.0 without AllowedHosts: %d, want 403", resp.StatusCode)
	}
}

// A header over the limit gets a JSON error like every other refusal
// (net/http's own reply is plain text).
func TestHeaderTooLargeIsJSON(t *testing.T) {
	base, _, _ := startRun(t, Config{}, resolve.Config{}, "127.0.0.1:0")
	req, _ := http.NewRequest("GET", base+"api/shapes", nil)
	req.Header.Set("X-Padding", strings.Repeat("x", 20<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", resp.StatusCode)
	}
	if msg := decodeError(t, "oversized header", resp); !strings.Contains(msg, "header") {
		t.Errorf("error %q does not name the header", msg)
	}
	// A malformed request line also gets JSON.
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(conn, "GET /api/shapes HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n")
	resp, err = http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 400 {
		t.Errorf("malformed header: %d, want 400", resp.StatusCode)
	}
	decodeError(t, "malformed header", resp)
}

// A GET whose chunked body never ends is answered at once and its
// connection closed, instead of being held until the read timeout.
func TestChunkedBodyDoesNotHoldConnection(t *testing.T) {
	base, _, _ := startRun(t, Config{}, resolve.Config{}, "127.0.0.1:0")
	for _, head := range []string{"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", "Content-Length: 100\r\n\r\nhello"} {
		conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/"))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		conn.SetDeadline(start.Add(3 * time.Second))
		io.WriteString(conn, "GET /api/shapes HTTP/1.1\r\nHost: 127.0.0.1\r\n"+head)
		br := bufio.NewReader(conn)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%q: no reply within 3 s: %v", head, err)
		}
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%q: %d, want 413", head, resp.StatusCode)
		}
		decodeError(t, head, resp)
		if _, err := br.ReadByte(); err != io.EOF {
			t.Errorf("%q: the connection is not closed after the reply: %v", head, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%q: the connection was held %s", head, d)
		}
		conn.Close()
	}
}

// A request still running when Ctrl-C's grace period ends gets its reply
// (503, JSON) before Run returns, instead of a cut connection.
func TestRunRepliesToRequestsInFlight(t *testing.T) {
	old := shutdownGrace
	shutdownGrace = 50 * time.Millisecond
	defer func() { shutdownGrace = old }()
	// The request is in flight once the databases it needs are built.
	built := make(chan struct{})
	var once sync.Once
	progress := func(_ string, done, total uint64) {
		if done == total {
			once.Do(func() { close(built) })
		}
	}
	base, stop, out := startRun(t, Config{Limits: Limits{SolveTime: time.Minute}}, resolve.Config{Partition: testPartition, Progress: progress}, "127.0.0.1:0")
	type reply struct {
		resp *http.Response
		err  error
	}
	got := make(chan reply, 1)
	go func() {
		// Korf's first instance: Manhattan IDA* takes far longer than the grace.
		resp, err := http.Get(base + "api/board?goal=first&b=" + reference.Korf100()[0].Board)
		got <- reply{resp, err}
	}()
	<-built
	if err := stop(); err != nil {
		t.Errorf("Run: %v", err)
	}
	r := <-got
	if r.err != nil {
		t.Fatalf("the request in flight got no reply: %v", r.err)
	}
	if r.resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503", r.resp.StatusCode)
	}
	if msg := decodeError(t, "request cut short", r.resp); !strings.Contains(msg, "stopping") {
		t.Errorf("error %q does not say the server is stopping", msg)
	}
	if !strings.Contains(out.String(), "were stopped") {
		t.Errorf("output %q does not say requests were stopped", out.String())
	}
}

// Every value of a repeated header counts: a request saying
// Sec-Fetch-Site none and then cross-site (or both in one line), or
// naming this server's origin and then another, is refused.
func TestCrossSiteRepeatedHeaders(t *testing.T) {
	_, ts := newTestServer(t, Config{}, resolve.Config{})
	for _, c := range []struct {
		header string
		values []string
		want   int
	}{
		{"Sec-Fetch-Site", []string{"none", "cross-site"}, 403},
		{"Sec-Fetch-Site", []string{"same-origin", "same-site"}, 403},
		{"Sec-Fetch-Site", []string{"none, cross-site"}, 403},
		{"Sec-Fetch-Site", []string{"same-origin", "none"}, 200},
		{"Origin", []string{ts.URL, "http://attacker.example"}, 403},
		{"Origin", []string{ts.URL, ts.URL}, 200},
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/shapes", nil)
		for _, v := range c.values {
			req.Header.Add(c.header, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		what := c.header + ": " + strings.Join(c.values, " | ")
		if resp.StatusCode != c.want {
			t.Errorf("%s: %d, want %d", what, resp.StatusCode, c.want)
		}
		if c.want == 403 {
			if msg := decodeError(t, what, resp); !strings.Contains(msg, "cross-site") {
				t.Errorf("%s: error %q does not say why", what, msg)
			}
		} else {
			resp.Body.Close()
		}
	}
}

// FrameAncestors lets the pages of the origins given show the page in a
// frame (its #embed mode in a course page): the CSP names them and
// X-Frame-Options, which cannot, is left out. By default, and for a list
// CheckFrameAncestors refuses, every frame is refused.
func TestFrameAncestors(t *testing.T) {
	headers := func(cfg Config) http.Header {
		t.Helper()
		_, ts := newTestServer(t, cfg, resolve.Config{})
		resp, err := http.Get(ts.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.Header
	}
	h := headers(Config{})
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" {
		t.Errorf("default: %v", h)
	}
	h = headers(Config{FrameAncestors: []string{"https://courses.example.edu", "http://localhost:8000"}})
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "; frame-ancestors https://courses.example.edu http://localhost:8000") ||
		strings.Contains(csp, "frame-ancestors 'none'") || h.Values("X-Frame-Options") != nil {
		t.Errorf("two origins: CSP %q, X-Frame-Options %q", csp, h.Values("X-Frame-Options"))
	}
	for _, bad := range [][]string{{"courses.example.edu"}, {"https://a.example; script-src *"}, {"https://a.example/page"}, {"ftp://a.example"}, {"'self'"}, {""}} {
		if CheckFrameAncestors(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
		if h := headers(Config{FrameAncestors: bad}); h.Get("X-Frame-Options") != "DENY" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%q: frames allowed: %v", bad, h)
		}
	}
	if err := CheckFrameAncestors([]string{"*", "https://a.example:8443"}); err != nil {
		t.Error(err)
	}
}
