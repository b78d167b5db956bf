package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tilespace/tilespace/internal/readme"
)

// TestMain installs analyze on the scripts' PATH: the test binary runs as
// the command when called by that name.
func TestMain(m *testing.M) { testscript.Main(m, map[string]func(){"analyze": main}) }

// TestScripts runs testdata/script/*.txtar: docs/analyze.md's examples,
// each as the guide shows it (package readme), and the messages.
func TestScripts(t *testing.T) { testscript.Run(t, readme.Params("testdata/script", "../..")) }
