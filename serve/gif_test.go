package serve

import (
	"bytes"
	"context"
	"image/gif"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/report/boardgif"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
)

// /api/gif answers image/gif: the table's optimal path drawn by boardgif,
// byte for byte, a frame per board (distance + 1), the same bytes the
// static copy's engine (api.Server.Do) answers; bad sizes and boards get
// JSON errors.
func TestGIF(t *testing.T) {
	_, ts := newTestServer(t, Config{Limits: Limits{SolveTime: 5 * time.Second}}, resolve.Config{Partition: testPartition})
	fetch := func(target string) (int, string, []byte) {
		t.Helper()
		resp, err := http.Get(ts.URL + target)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Header.Get("Content-Type"), body
	}
	res, slots := pageResolver(t, Config{}, resolve.Config{Partition: testPartition})
	engine := api.New(api.Config{}, res, slots)
	defer engine.Close()
	for _, c := range []struct {
		shape statespace.Shape
		goal  string
		board string
		size  int
	}{
		{fixture.Shape3x3, "last", "8,6,7,2,5,4,3,0,1", 0},
		{fixture.Shape3x3, "first", "1,2,5,3,4,0,6,7,8", 200},
		{statespace.Shape{Rows: 2, Cols: 5}, "last", "6,1,2,3,4,0,7,8,9,5", 1200},
	} {
		goal, err := statespace.ParseGoal(c.goal, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		b, err := statespace.Parse(c.board, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		tab := fixture.TableFor(t, goal)
		path, err := tab.Path(b)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := boardgif.Encode(&want, b, path, c.size); err != nil {
			t.Fatal(err)
		}
		target := "/api/gif?b=" + c.board + "&shape=" + c.shape.String() + "&goal=" + c.goal
		if c.size != 0 {
			target += "&size=" + itoa(c.size)
		}
		status, ct, body := fetch(target)
		if status != 200 || ct != "image/gif" || !bytes.Equal(body, want.Bytes()) {
			t.Errorf("%s: %d %s, %d bytes, want the %d bytes boardgif draws", target, status, ct, len(body), want.Len())
		}
		g, err := gif.DecodeAll(bytes.NewReader(body))
		if err != nil || len(g.Image) != fixture.Dist(t, tab, b)+1 {
			t.Errorf("%s: %v, frames want %d", target, err, fixture.Dist(t, tab, b)+1)
			continue
		}
		status, inproc := engine.Do(context.Background(), target)
		if status != 200 || !bytes.Equal(inproc, body) || api.ContentType("/api/gif", status) != "image/gif" {
			t.Errorf("%s: the engine answers %d, %d bytes", target, status, len(inproc))
		}
	}
	// The 15-puzzle: the solver's optimal path.
	b := statespace.Walk(resolve.NewRand(3), statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), 12, statespace.NoReverse)
	status, ct, body := fetch("/api/gif?b=" + b.String())
	g, err := gif.DecodeAll(bytes.NewReader(body))
	if status != 200 || ct != "image/gif" || err != nil || len(g.Image) != bfsDistance(t, b, statespace.GoalLast(b.Shape()))+1 {
		t.Errorf("4x4: %d %s %v", status, ct, err)
	}
	for _, c := range []struct {
		target string
		status int
		msg    string
	}{
		{"/api/gif?b=1,2,3,4,5,6,7,0,8&size=119", 400, "from 120 to 1200"},
		{"/api/gif?b=1,2,3,4,5,6,7,0,8&size=1201", 400, "from 120 to 1200"},
		{"/api/gif?b=1,2,3,4,5,6,7,0,8&size=big", 400, "from 120 to 1200"},
		{"/api/gif?b=1,2,3,4,5,6,8,7,0", 422, "unsolvable"},
		{"/api/gif?b=1,2,3", 400, "board"},
		{"/api/gif", 400, "b="},
	} {
		status, ct, body := fetch(c.target)
		if status != c.status || ct != "application/json" || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s %s, want %d and %q", c.target, status, ct, body, c.status, c.msg)
		}
	}
}
