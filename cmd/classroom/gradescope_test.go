package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/classroom/submissions"
	"github.com/tilespace/tilespace/cmd/internal/cli"
)

// TestGradescopeFiles: the setup.sh and run_autograder that
// docs/classroom.md tells a teacher to copy parse as bash scripts, install
// bubblewrap, and run_autograder's classroom command line is one grade
// takes, in Gradescope mode, on Gradescope's folder.
func TestGradescopeFiles(t *testing.T) {
	for _, name := range []string{"setup.sh", "run_autograder"} {
		path := "../../docs/gradescope/" + name
		if out, err := exec.Command("bash", "-n", path).CombinedOutput(); err != nil {
			t.Errorf("%s: %v %s", name, err, out)
		}
		if info, err := os.Stat(path); err != nil || info.Mode()&0o100 == 0 {
			t.Errorf("%s is not executable (%v)", name, err)
		}
	}
	setup, err := os.ReadFile("../../docs/gradescope/setup.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(setup), "apt-get install -y python3 bubblewrap") {
		t.Error("setup.sh does not install bubblewrap")
	}
	run, err := os.ReadFile("../../docs/gradescope/run_autograder")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^exec classroom grade (.*)$`).FindStringSubmatch(string(run))
	if m == nil {
		t.Fatal("run_autograder runs no classroom grade")
	}
	var args []string
	for _, a := range regexp.MustCompile(`'[^']*'|\S+`).FindAllString(m[1], -1) {
		args = append(args, strings.Trim(a, "'"))
	}
	var f gradeFlags
	i := slices.IndexFunc(commands, func(c cli.Subcommand) bool { return c.Name == "grade" })
	if err := f.parse(commands[i], io.Discard, args); err != nil {
		t.Fatalf("run_autograder's %q: %v", args, err)
	}
	if !f.gradescope || f.autograder != "/autograder" || f.run != "python3 puzzle.py" || len(f.rest) != 1 || f.rest[0] != "/autograder/submission" {
		t.Errorf("run_autograder's %q: %+v", args, f)
	}
}

// TestNoBoxRemedy: when no box can be made, grade says what to do.
func TestNoBoxRemedy(t *testing.T) {
	for _, c := range []struct {
		err  *submissions.NoBoxError
		want string
	}{
		{&submissions.NoBoxError{Missing: true}, "apt-get install bubblewrap"},
		{&submissions.NoBoxError{Bwrap: "/usr/bin/bwrap", Err: errors.New("exit status 1"), Output: "No permissions to create new namespace"}, "kernel.unprivileged_userns_clone=1"},
		{&submissions.NoBoxError{OS: "darwin"}, "Linux"},
	} {
		msg := noBox(c.err).Error()
		if !strings.Contains(msg, c.want) || !strings.Contains(msg, "-unsafe-no-box") || !strings.HasPrefix(msg, c.err.Error()) {
			t.Errorf("%v: %q; want %q and -unsafe-no-box", c.err, msg, c.want)
		}
	}
	if err := errors.New("other"); noBox(err) != err {
		t.Error("noBox changed another error")
	}
}
