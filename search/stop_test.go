package search

import (
	"encoding/json"
	"strings"
	"testing"
)

// Every StopReason has its own name; JSON writes StopNone as "" (as the
// records did before the type) and the others by name.
func TestStopReasonNames(t *testing.T) {
	seen := map[string]bool{}
	for s := StopNone; s <= StopCanceled; s++ {
		name := s.String()
		if name == "" || strings.HasPrefix(name, "StopReason(") || seen[name] {
			t.Errorf("%d: name %q", int(s), name)
		}
		seen[name] = true
		js, err := json.Marshal(Result{StoppedBy: s})
		if err != nil {
			t.Fatal(err)
		}
		want := `"stopped_by":"` + name + `"`
		if s == StopNone {
			want = `"stopped_by":""`
		}
		if !strings.Contains(string(js), want) {
			t.Errorf("%v: JSON %s lacks %s", s, js, want)
		}
		if s.Limit() != (s == StopNodeLimit || s == StopTimeLimit || s == StopDepthLimit) {
			t.Errorf("%v: Limit() = %v", s, s.Limit())
		}
	}
	if got := StopReason(99).String(); got != "StopReason(99)" {
		t.Errorf("unknown reason: %q", got)
	}
}

// A node-limited search is not an error; the reason is typed.
func TestNodeLimitIsNotAnError(t *testing.T) {
	goal := mustParse(t, "1,2,3,4,5,6,7,8,0")
	r, err := BFS(bg, Problem{Start: mustParse(t, "8,6,7,2,5,4,3,0,1"), Goal: goal, Limits: Limits{MaxExpanded: 10}})
	if err != nil || r.StoppedBy != StopNodeLimit || !r.StoppedBy.Limit() {
		t.Errorf("StoppedBy %v, error %v", r.StoppedBy, err)
	}
}
