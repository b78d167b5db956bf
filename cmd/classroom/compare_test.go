package main

import (
	"context"
	"encoding/json"
	"github.com/tilespace/tilespace/resolve"
	"reflect"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/store"
)

// compare -json -limit N -algs K and the page's /api/compare with limit=N
// and algs=K agree row for row, key for key (the page adds each path's
// profile; times differ run to run): IDDFS stopped by the node limit on
// the 21-move board at the page's default limit, BFS optimal, DFS longer.
func TestCompareAgreesWithPage(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	const board, algs = "1,2,5,3,4,0,6,7,8", "bfs,dfs,iddfs,astar-exact,climber"
	stdout, stderr, code := runClassroom(t, "compare", "-json", "-limit", "200000", "-algs", algs, board)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var cli map[string]any
	if err := json.Unmarshal([]byte(stdout), &cli); err != nil {
		t.Fatal(err)
	}
	slots := api.NewSlots(api.Limits{})
	res, err := api.NewResolver(context.Background(), resolve.Config{}, slots)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	s := api.New(api.Config{}, res, slots)
	defer s.Close()
	status, body := s.Do(context.Background(), "/api/compare?b="+board+"&limit=200000&algs="+algs)
	var page map[string]any
	if err := json.Unmarshal(body, &page); status != 200 || err != nil {
		t.Fatalf("page: %d %v %s", status, err, body)
	}
	cliRows, pageRows := cli["algorithms"].([]any), page["algorithms"].([]any)
	if len(cliRows) != 5 || len(pageRows) != len(cliRows) {
		t.Fatalf("%d rows on the command line, %d on the page", len(cliRows), len(pageRows))
	}
	want := map[string]string{"bfs": "optimal", "dfs": "longer", "iddfs": "stopped", "astar-exact": "optimal", "climber": "longer"}
	for i := range cliRows {
		c, p := cliRows[i].(map[string]any), pageRows[i].(map[string]any)
		delete(p, "path_profile")
		delete(c["result"].(map[string]any), "seconds")
		delete(p["result"].(map[string]any), "seconds")
		if !reflect.DeepEqual(c, p) {
			t.Errorf("row %d: command line\n%v\npage\n%v", i, c, p)
		}
		if key := c["key"].(string); c["outcome"] != want[key] {
			t.Errorf("%s: outcome %v, want %s", key, c["outcome"], want[key])
		}
	}
	if l := cli["limits"].(map[string]any); l["nodes"].(float64) != 200_000 {
		t.Errorf("command line's limits %v", l)
	}
	if l := page["limits"].(map[string]any); l["nodes"].(float64) != 200_000 {
		t.Errorf("page's limits %v", l)
	}
	if iddfs := cliRows[2].(map[string]any)["result"].(map[string]any); iddfs["stopped_by"] != "node limit" || !strings.Contains(stdout, `"outcome": "stopped"`) {
		t.Errorf("IDDFS: %v", iddfs)
	}
}
