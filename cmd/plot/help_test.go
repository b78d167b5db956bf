package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/clitest"
)

// -h and -help print the usage and exit 0 on plot and each of its commands.
func TestHelpEverywhere(t *testing.T) { clitest.Help(t, "plot", run, clitest.Names(commands)...) }

// plot's -h lists every flag under the heading of its part of the job
// (which figures, the boards, samples, the files written), none apart.
func TestEveryFlagGrouped(t *testing.T) {
	var stderr bytes.Buffer
	if err := run(context.Background(), nil, io.Discard, &stderr, []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatal(err)
	}
	for _, heading := range []string{"which figures", "the boards they are drawn from", "sample sizes and search limits", "the files written"} {
		if !strings.Contains(stderr.String(), "\n"+heading) {
			t.Errorf("no heading %q in -h:\n%s", heading, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "\nflags:\n") {
		t.Errorf("flags in no group:\n%s", stderr.String())
	}
}
