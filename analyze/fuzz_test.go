package analyze

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// FuzzHeuristicNames feeds NewHeuristics any name: it refuses it with an
// error or makes a heuristic that is admissible at the goal (0 there) on
// 2x3. The seeds are in testdata/fuzz/FuzzHeuristicNames.
func FuzzHeuristicNames(f *testing.F) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	f.Fuzz(func(t *testing.T, name string) {
		hs, err := NewHeuristics(context.Background(), goal, []string{name})
		if err != nil {
			return
		}
		if v := hs[0].H.Distance(goal); v != 0 {
			t.Fatalf("%q: %d at the goal", name, v)
		}
		if _, err := NewHeuristics(context.Background(), goal, []string{hs[0].Name}); err != nil {
			t.Fatalf("%q is named %q, which is refused: %v", name, hs[0].Name, err)
		}
	})
}

// FuzzAlgorithmNames does the same for the textbook's algorithm names.
func FuzzAlgorithmNames(f *testing.F) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	f.Fuzz(func(t *testing.T, name string) {
		runs, err := newRunners(context.Background(), goal, []string{name})
		if err != nil {
			return
		}
		if _, err := newRunners(context.Background(), goal, []string{runs[0].name}); err != nil {
			t.Fatalf("%q is named %q, which is refused: %v", name, runs[0].name, err)
		}
	})
}

// FuzzReadRunLog feeds ReadRunLog any bytes: it refuses them with a
// *RunLogError or reads a log that WriteRunLog writes back to one it
// reads the same. The seeds are in testdata/fuzz/FuzzReadRunLog.
func FuzzReadRunLog(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadRunLog(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*RunLogError); !ok {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteRunLog(&buf, l); err != nil {
			t.Fatal(err)
		}
		again, err := ReadRunLog(&buf)
		if err != nil {
			t.Fatalf("written back, refused: %v", err)
		}
		if !reflect.DeepEqual(normal(l), normal(again)) {
			t.Fatalf("read %+v, written back and read %+v", l, again)
		}
	})
}

// normal makes empty and missing slices alike.
func normal(l *RunLog) *RunLog {
	c := *l
	c.Runs = nil
	for _, r := range l.Runs {
		if len(r.Bounds) == 0 {
			r.Bounds, r.Expanded = nil, nil
		}
		c.Runs = append(c.Runs, r)
	}
	return &c
}
