package record

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

func TestCSVField(t *testing.T) {
	for i, s := range []string{"", "a", "a,b", `say "hi"`, " lead", "two\nlines", "x\ry"} {
		line := string(appendCSVField(nil, s)) + ",end\n"
		rows, err := csv.NewReader(strings.NewReader(line)).ReadAll()
		if err != nil || len(rows) != 1 || rows[0][0] != s || rows[0][1] != "end" {
			t.Errorf("case %d: %q wrote %q, read back %q (%v)", i, s, line, rows, err)
		}
	}
}

func TestTileMoveNames(t *testing.T) {
	// Blank in the centre of 1,2,3/4,_,5/6,7,8: the tile above (2) slides
	// down when the blank goes up, and so on.
	b := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 1, 2, 3, 4, 0, 5, 6, 7, 8)
	want := map[statespace.Move]string{statespace.Up: "2Down", statespace.Down: "7Up", statespace.Left: "4Right", statespace.Right: "5Left"}
	for m, name := range want {
		if got := moveName(b, m, true); got != name {
			t.Errorf("%s: %q, want %q", m, got, name)
		}
		if got := moveName(b, m, false); got != m.String() {
			t.Errorf("%s: %q", m, got)
		}
	}
}

func TestAppendBoard(t *testing.T) {
	_, boards := sampleBoards(t, 50)
	boards = append(boards, statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4}))
	for i, b := range boards {
		if got := string(appendBoard(nil, b)); got != b.String() {
			t.Errorf("case %d: %q, want %q", i, got, b.String())
		}
	}
}

// TestSearchedRecordsStream checks that a board answered by search is
// written out at once, while table answers wait in the buffer: a batch
// of 24-puzzle boards takes minutes per record.
func TestSearchedRecordsStream(t *testing.T) {
	b := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 1, 2, 3, 4, 5, 6, 7, 0, 8)
	for _, searched := range []bool{false, true} {
		var out bytes.Buffer
		rw := NewWriter(&out, io.Discard, Options{Format: JSON})
		a := resolve.Answer{Board: b, Distance: 1, Path: []statespace.Move{statespace.Right}}
		if searched {
			a.Search = &resolve.SearchCost{Nodes: 2, Generated: 3}
		}
		if err := rw.Answer(a); err != nil {
			t.Fatal(err)
		}
		if got := out.Len() > 0; got != searched {
			t.Errorf("searched %v: written before Flush = %v", searched, got)
		}
	}
}

// An empty output still has its CSV header, the search columns' with
// SearchColumns.
func TestEmptyCSVHasHeader(t *testing.T) {
	for _, search := range []bool{false, true} {
		var out strings.Builder
		w := NewWriter(&out, nil, Options{Format: CSV, SearchColumns: search})
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
		want := []string{"board", "distance", "optimal_moves", "path", "error"}
		if search {
			want = []string{"board", "distance", "optimal_moves", "path", "nodes", "seconds", "heuristic", "generated", "error"}
		}
		if err != nil || len(rows) != 1 || strings.Join(rows[0], ",") != strings.Join(want, ",") {
			t.Errorf("search columns %v: %q (%v)", search, out.String(), err)
		}
	}
}

// A board without an answer is the board alone in every format: the line,
// {"board": …}, a CSV row whose other fields are empty.
func TestBoardRecords(t *testing.T) {
	b := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	for _, f := range []Format{Plain, JSON, CSV} {
		var out bytes.Buffer
		w := NewWriter(&out, io.Discard, Options{Format: f})
		if err := w.Board(b); err != nil || w.Flush() != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		switch f {
		case Plain:
			if len(lines) != 1 || lines[0] != b.String() {
				t.Errorf("plain: %q", out.String())
			}
		case JSON:
			var r map[string]any
			if err := json.Unmarshal([]byte(lines[0]), &r); err != nil || len(r) != 1 || r["board"] != b.String() {
				t.Errorf("JSON: %q (%v)", out.String(), err)
			}
		case CSV:
			rows, err := csv.NewReader(&out).ReadAll()
			if err != nil || len(rows) != 2 || rows[1][0] != b.String() || strings.Join(rows[1][1:], "") != "" || len(rows[1]) != len(rows[0]) {
				t.Errorf("CSV: %q (%v)", rows, err)
			}
		}
	}
}
