package serve

import (
	"context"
	"github.com/tilespace/tilespace/resolve"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

var seconds = regexp.MustCompile(`"seconds":(\{[^}]*\}|[0-9.e+-]+)`)

// The API answers in process (api.Server.Do, the static copy's engine)
// exactly what the handler answers over HTTP, errors included.
func TestDoIsTheHandler(t *testing.T) {
	s := newServer(t, Config{}, resolve.Config{})
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, target := range []string{
		"/api/board?b=8,6,7,2,5,4,3,0,1",
		"/api/board?b=1,2,3,4,5,6,8,7,0",
		"/api/board?b=1,2,x",
		"/api/random?depth=12&seed=18446744073709551557",
		"/api/watch?b=4,1,3,7,0,2,5,8,6&alg=astar&steps=50",
		"/api/random?shape=7x3&seed=3",
		"/api/random?shape=7x3&depth=3",
		"/api/board?b=2,1,3,4,5,6,7,8,0",
		"/api/compare?b=1,2,3,4,0,5&shape=2x3",
		"/api/shapes",
		"/api/algorithms",
		"/api/scaling?shape=2x3&distances=3,5&boards=2&algs=bfs,greedy",
		"/api/scaling?distances=0",
		"/api/nothing",
		"/api/board?b=" + strings.Repeat("1,", 1100),
	} {
		resp, err := http.Get(ts.URL + target)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		status, got := s.api.Do(context.Background(), target)
		// Times measured differ from run to run; all else is the same.
		got, want = seconds.ReplaceAll(got, nil), seconds.ReplaceAll(want, nil)
		if status != resp.StatusCode || string(got) != string(want) {
			t.Errorf("%s: Do answers %d %s, HTTP %d %s", target, status, got, resp.StatusCode, want)
		}
	}
	if status, _ := s.api.Do(context.Background(), "no path"); status != http.StatusBadRequest {
		t.Errorf("a target that is no path: %d, want 400", status)
	}
}
