package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tilespace/tilespace/internal/readme"
)

// TestMain installs plot on the scripts' PATH: the test binary runs as
// the command when called by that name.
func TestMain(m *testing.M) { testscript.Main(m, map[string]func(){"plot": main}) }

// TestScripts runs testdata/script/*.txtar: the examples of plot in the
// README and docs/figures.md, each as they show it (package readme).
func TestScripts(t *testing.T) { testscript.Run(t, readme.Params("testdata/script", "../..")) }
