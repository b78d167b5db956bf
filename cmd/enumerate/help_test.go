package main

import (
	"context"
	"io"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/clitest"
)

// -h and -help print the usage and exit 0 on enumerate and each of its commands.
func TestHelpEverywhere(t *testing.T) {
	withStdin := func(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
		return run(ctx, stdout, stderr, args)
	}
	clitest.Help(t, "enumerate", withStdin, "tables", "databases", "verify", "export")
}
