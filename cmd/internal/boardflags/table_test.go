package boardflags

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// ReadTable hands over the file's table and goal, and refuses a file whose
// shape or goal is not the one -shape and -goal say.
func TestReadTable(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 2})
	tab, err := table.Enumerate(ctx, statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "my.tbl")
	if _, err := store.WriteTable(ctx, path, tab, tablefile.EncodingBytes); err != nil {
		t.Fatal(err)
	}
	o, g, err := ReadTable(ctx, path, statespace.Goal{}, false)
	if err != nil || g.Board() != goal || o.Goal() != goal || o.Source().From != path {
		t.Fatalf("read %v, goal %s: %v", o, g, err)
	}
	first, _ := statespace.ReadGoal("first", statespace.Shape{})
	other, _ := statespace.ReadGoal("1,2,3,4,5,6,7,8,0", statespace.Shape{})
	for i, tc := range []struct {
		path      string
		g         statespace.Goal
		goalGiven bool
		want      string
	}{
		{path, first, true, "holds the table for goal last, not first"},
		{path, statespace.GoalOf(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})), false, "holds the 3x2 table (goal last), not 2x3"},
		{path, other, true, "holds the 3x2 table (goal last), not 3x3"},
		{filepath.Join(t.TempDir(), "missing.tbl"), statespace.Goal{}, false, "missing.tbl"},
	} {
		if _, _, err := ReadTable(ctx, tc.path, tc.g, tc.goalGiven); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("case %d: %v, want an error saying %q", i, err, tc.want)
		}
	}
}
