package cli_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// With the commands' Explain, the resolver's notes name the commands that
// build what is missing: the 3x4 table, and databases for it.
func TestLogNamesTheCommands(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	var log strings.Builder
	res, err := resolve.NewResolver(ctx, resolve.Config{Log: &log, Explain: cli.Explain})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := res.Oracle(ctx, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}), resolve.Need{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"; build it with: go run ./cmd/enumerate -shape 3x4 -goal last; until then, solving by search\n",
		"; build them with: go run ./cmd/enumerate databases -shape 3x4 -goal last -pdb 1,2,3,4,5,6/7,8,9,10,11\n",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

// A failed line's record carries its remedy in every format.
func TestFailureNamesTheCommand(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})
	reason := &store.NotFoundError{Goal: goal, Looked: []string{"embedded"}}
	const want = "build it with: go run ./cmd/enumerate -shape 2x4 -goal first"
	for _, f := range []record.Format{record.Plain, record.JSON, record.CSV} {
		var out, errw strings.Builder
		rw := record.NewWriter(&out, &errw, record.Options{Format: f, Explain: cli.Explain})
		if err := rw.Fail(1, "1,2,3", reason); err != nil {
			t.Fatal(err)
		}
		if err := rw.Flush(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String()+errw.String(), want) {
			t.Errorf("format %v: %q %q lack %q", f, out.String(), errw.String(), want)
		}
	}
}
