package generate

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// A report built from a distribution alone counts its states from it,
// and one without a file says nothing of a file.
func TestNewTableReportWithoutFile(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 2})
	anti := statespace.MustBoard(goal.Shape(), 0, 3, 2, 1)
	r := NewTableReport(goal, []uint64{1, 2, 2, 2, 2, 2, 1}, []statespace.Board{anti}, "", 0, 0.5)
	if r.States != 12 || r.Radius != 6 || len(r.Antipodes) != 1 || r.Antipodes[0] != anti.String() {
		t.Errorf("report %+v", r)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "wrote") || !strings.Contains(b.String(), "12 states, radius 6") {
		t.Errorf("text:\n%s", b.String())
	}
	r.File, r.Bytes = "/x/2x2-last.tbl", 40
	b.Reset()
	r.WriteText(&b)
	if !strings.Contains(b.String(), "wrote /x/2x2-last.tbl: 40 bytes") {
		t.Errorf("text with a file:\n%s", b.String())
	}
}
