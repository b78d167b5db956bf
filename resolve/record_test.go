package resolve

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/pdb"
)

// RecordWriter's JSON line of an answer is json.Marshal of its Record,
// key for key and value for value: table answers (with and without tile
// moves, the goal among them), searched ones with and without every
// optimal move, and their counters.
func TestRecordIsTheJSONLine(t *testing.T) {
	ctx := context.Background()
	o, boards := sampleBoards(t, 40)
	var answers []Answer
	for _, b := range append(boards, o.Goal()) {
		a, err := o.Answer(ctx, b, true)
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, a)
	}
	goal := o.Goal()
	for _, all := range []bool{true, false} {
		s := NewSearchOracle(goal, pdb.NewLinearConflict(goal), HeuristicLinearConflict, all)
		for _, b := range append(boards[:5], goal) {
			a, err := s.Answer(ctx, b, true)
			if err != nil {
				t.Fatal(err)
			}
			a.Search.Elapsed += 1234567 * time.Nanosecond
			answers = append(answers, a)
		}
	}
	for _, tile := range []bool{false, true} {
		for _, a := range answers {
			var line strings.Builder
			w := NewRecordWriter(&line, nil, Options{Format: JSON, TileMoves: tile})
			if err := w.Answer(a); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			marshalled, err := json.Marshal(NewRecord(a, tile))
			if err != nil {
				t.Fatal(err)
			}
			var x, y map[string]any
			if err := json.Unmarshal([]byte(line.String()), &x); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(marshalled, &y); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(x, y) {
				t.Errorf("tile %v: the JSON line\n%s is not the Record\n%s", tile, line.String(), marshalled)
			}
		}
	}
	// The goal's record keeps its empty optimal moves and path.
	if m, _ := json.Marshal(NewRecord(Answer{Board: goal, Heuristic: HeuristicTable}, false)); !strings.Contains(string(m), `"optimal_moves":[],"path":[]`) {
		t.Errorf("goal: %s", m)
	}
}
