package main

import (
	"io"

	"github.com/tilespace/tilespace/cmd/internal/cli"
)

// report writes err for people and returns the exit status, as main does:
// 0, 2 for a usage error, 130 when interrupted, else 1.
func report(stderr io.Writer, err error) int {
	return cli.Report(stderr, "classroom", err, "interrupted")
}
