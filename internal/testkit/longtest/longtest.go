// Package longtest gates the tests that take more than a few seconds (the
// 12-cell tables, the 2,000-board climber statistics, the 24-puzzle)
// behind one environment variable, so that `go test ./...` stays quick and
// `TILESPACE_LONG=1 go test ./...` runs everything.
package longtest

import (
	"os"
	"testing"
)

// env is the variable that turns the long tests on when set to 1.
const env = "TILESPACE_LONG"

// Enabled reports whether the long tests run.
func Enabled() bool { return os.Getenv(env) == "1" }

// Skip skips t unless the long tests run, naming what it would cover.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long test (%s): set %s=1 to run it", what, env)
	}
}
