package api

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/resolve"
)

// FuzzRoutes sends any query to every route's Handler, and any path
// under /api/ to NotFound: the status is one the API answers, the body
// JSON (but a GIF's success) with a message when it is an error, and Do
// with the route's path and that query finds the same route (the same
// status, wherever no time limit or slot decides it). Seeds: testdata/fuzz/FuzzRoutes.
func FuzzRoutes(f *testing.F) {
	f.Add(uint8(0), "b=8,6,7,2,5,4,3,0,1")
	s := newTestAPI(f, Config{Limits: Limits{
		SolveTime: 50 * time.Millisecond, CompareNodes: 500, CompareTime: 50 * time.Millisecond,
		WatchSteps: 100, WatchTime: 50 * time.Millisecond, SlotWait: time.Second,
	}}, resolve.Config{Partition: manhattanPartition}) // databases built at once
	routes := s.Routes()
	f.Fuzz(func(t *testing.T, route uint8, query string) {
		ctx := context.Background()
		var status int
		var body []byte
		typ, path := TypeJSON, "/api/"+query
		i := int(route) % (len(routes) + 1) // len(routes): NotFound
		if i < len(routes) {
			r := routes[i]
			status, body = r.Handler(ctx, nil, query)
			path = r.Path
			if status == StatusOK {
				typ = r.Type
			}
		} else {
			status, body = s.NotFound(path)(ctx, nil, "")
			if status != StatusNotFound {
				t.Fatalf("NotFound(%q): %d", path, status)
			}
		}
		switch status {
		case StatusOK, StatusBadRequest, StatusNotFound, StatusRequestURITooLong, StatusUnprocessableEntity, StatusServiceUnavailable:
		default:
			t.Fatalf("%s?%s: status %d %s", path, query, status, body)
		}
		if ContentType(path, status) != typ {
			t.Fatalf("%s?%s: %d, ContentType %s, the route's %s", path, query, status, ContentType(path, status), typ)
		}
		if typ == TypeJSON {
			var rec map[string]any
			if err := json.Unmarshal(body, &rec); err != nil {
				t.Fatalf("%s?%s: %d, not JSON: %v: %q", path, query, status, err, body)
			}
			if msg, _ := rec["error"].(string); status != StatusOK && strings.TrimSpace(msg) == "" {
				t.Fatalf("%s?%s: %d without a message: %s", path, query, status, body)
			}
		}
		if status != StatusBadRequest && status != StatusNotFound && status != StatusRequestURITooLong {
			return // 200, 422 or 503: Do may meet another time limit or slot
		}
		if u, err := url.ParseRequestURI(path + "?" + query); err != nil || u.RawQuery != query || i == len(routes) {
			return // no target carries that query; NotFound's paths are not a target
		}
		if st, b := s.Do(ctx, path+"?"+query); st != status {
			t.Fatalf("Do(%s?%s): %d %s, the route's Handler %d %s", path, query, st, b, status, body)
		}
	})
}
