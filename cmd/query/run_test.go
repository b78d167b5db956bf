package main

import (
	"bytes"
	"context"
	"errors"
	"github.com/tilespace/tilespace/pdb"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// TestMissingDatabasesRefusedOnce checks that a batch of one fixed shape
// whose databases must be built first fails before reading a board: one
// error naming the databases to build, no records, rather than the same
// failure on every line.
func TestMissingDatabasesRefusedOnce(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	part, err := pdb.Preset("7-8", goal)
	if err != nil {
		t.Fatal(err)
	}
	res, err := resolve.NewResolver(ctx, resolve.Config{Partition: part, PDBDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	in := "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15\n"
	for _, f := range []record.Format{record.Plain, record.JSON, record.CSV} {
		var out, errw bytes.Buffer
		err := answerBatch(ctx, asking{res: res, goal: statespace.GoalOf(goal)}, batchInput{Lines: strings.NewReader(in)}, record.Options{Format: f}, &out, &errw)
		var failed *failedError
		if err == nil || errors.As(err, &failed) {
			t.Fatalf("format %v: error %v, want one refusal before any board", f, err)
		}
		var nf *store.PDBNotFoundError
		if !errors.As(err, &nf) || nf.Goal != statespace.GoalFirst(nf.Goal.Shape()) || nf.Partition != "7-8" {
			t.Errorf("format %v: %v does not name the databases to build", f, err)
		}
		if out.Len() != 0 || errw.Len() != 0 {
			t.Errorf("format %v: wrote %q and %q before refusing", f, out.String(), errw.String())
		}
	}
}
