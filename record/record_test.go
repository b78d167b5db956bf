package record

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Writer's JSON line of an answer reads back into its Record, no key
// more or less, value for value: table answers (with and without tile
// moves, the goal among them), searched ones with and without every
// optimal move, and their counters; and what the line says is what the
// independent breadth-first search says.
func TestRecordIsTheJSONLine(t *testing.T) {
	ctx := context.Background()
	o, boards := sampleBoards(t, 40)
	var answers []resolve.Answer
	for _, b := range append(boards, o.Goal()) {
		a, err := o.Answer(ctx, b, resolve.Want{Path: true})
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, a)
	}
	goal := o.Goal()
	for _, all := range []bool{true, false} {
		s := resolve.NewSearchOracle(goal, pdb.NewLinearConflict(goal), resolve.HeuristicLinearConflict)
		for _, b := range append(boards[:5], goal) {
			a, err := s.Answer(ctx, b, resolve.Want{Path: true, AllMoves: all})
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
			w := NewWriter(&line, nil, Options{Format: JSON, TileMoves: tile})
			if err := w.Answer(a); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			dec := json.NewDecoder(strings.NewReader(line.String()))
			dec.DisallowUnknownFields()
			var got Record
			if err := dec.Decode(&got); err != nil || dec.More() {
				t.Fatalf("%s: %v", line.String(), err)
			}
			if want := New(a, tile); !reflect.DeepEqual(got, want) {
				t.Errorf("tile %v: the JSON line\n%s is not the Record\n%+v", tile, line.String(), want)
			}
			if got.OptimalMoves != nil {
				fixture.CheckRecord(t, got.Board, got.Distance, got.OptimalMoves, got.Path, true, tile)
			}
		}
	}
	// The goal's record keeps its empty optimal moves and path.
	if m, _ := json.Marshal(New(resolve.Answer{Board: goal, Heuristic: resolve.HeuristicTable}, false)); !strings.Contains(string(m), `"optimal_moves":[],"path":[]`) {
		t.Errorf("goal: %s", m)
	}
}

// A searched answer whose optimal moves were not all tested (not asked
// for, or cut short by the time) has no optimal_moves key: its record
// claims none.
func TestUnknownMovesLeftOut(t *testing.T) {
	b := statespace.MustBoard(sampleShape, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	for _, cut := range []bool{false, true} {
		a := resolve.Answer{Board: b, Distance: 1, Path: []statespace.Move{statespace.Right}, Heuristic: resolve.HeuristicLinearConflict,
			Search: &resolve.SearchCost{Nodes: 1, Generated: 2, OptimalUnknown: true, OptimalCut: cut}}
		var line strings.Builder
		w := NewWriter(&line, nil, Options{Format: JSON})
		if err := w.Answer(a); err != nil || w.Flush() != nil {
			t.Fatal(err)
		}
		if strings.Contains(line.String(), "optimal_moves") || !strings.Contains(line.String(), `"path":["Right"]`) {
			t.Errorf("cut %v: %s", cut, line.String())
		}
	}
}
