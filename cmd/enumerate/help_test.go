package main

import (
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/clitest"
)

// -h and -help print the usage and exit 0 on enumerate and each of its commands.
func TestHelpEverywhere(t *testing.T) { clitest.Help(t, "enumerate", run, clitest.Names(commands)...) }
