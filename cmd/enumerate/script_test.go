package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tilespace/tilespace/internal/readme"
)

// TestMain installs enumerate on the scripts' PATH: the test binary runs as
// the command when called by that name.
func TestMain(m *testing.M) { testscript.Main(m, map[string]func(){"enumerate": main}) }

// TestScripts runs testdata/script/*.txtar: the README's examples of enumerate,
// each as the README shows it (package readme), and its messages.
func TestScripts(t *testing.T) { testscript.Run(t, readme.Params("testdata/script", "../..")) }
