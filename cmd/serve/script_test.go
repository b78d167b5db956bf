package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tilespace/tilespace/internal/readme"
)

// TestMain installs serve on the scripts' PATH: the test binary runs as
// the command when called by that name.
func TestMain(m *testing.M) { testscript.Main(m, map[string]func(){"serve": main}) }

// TestScripts runs testdata/script/*.txtar: the examples of serve in
// docs/page.md, each as the page shows it (package readme).
func TestScripts(t *testing.T) { testscript.Run(t, readme.Params("testdata/script", "../..")) }
