package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReport(t *testing.T) {
	cases := []struct {
		err  error
		code int
		want string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 0, ""},
		{Usagef("-x %d: bad", 3), 2, "tool: -x 3: bad (tool -h for help)\n"},
		{fmt.Errorf("wrapped: %w", UsageError{Err: errors.New("bad flag")}), 2, "tool: wrapped: bad flag (tool -h for help)\n"},
		{context.Canceled, 130, "tool: stopped\n"},
		{errors.New("disk full"), 1, "tool: disk full\n"},
	}
	for i, c := range cases {
		var b bytes.Buffer
		if code := Report(&b, "tool", c.err, "stopped"); code != c.code || b.String() != c.want {
			t.Errorf("case %d: exit %d %q, want %d %q", i, code, b.String(), c.code, c.want)
		}
	}
}

func TestFlagSet(t *testing.T) {
	var stderr bytes.Buffer
	newSet := func() (*FlagSet, *bool, *int) {
		stderr.Reset()
		fs := NewFlagSet("tool", "tool [flags] FILE...", &stderr)
		return fs, fs.Bool("json", false, "write JSON"), fs.Int("n", 1, "how many")
	}
	fs, js, n := newSet()
	rest, err := fs.Parse([]string{"a", "-json", "b", "-n", "3", "c"}, true)
	if err != nil || !*js || *n != 3 || fmt.Sprint(rest) != "[a b c]" || !fs.IsGiven("n") || stderr.Len() != 0 {
		t.Errorf("interspersed: %v %v %d %v %q", rest, *js, *n, err, stderr.String())
	}
	fs, js, _ = newSet()
	rest, err = fs.Parse([]string{"a", "-json"}, false)
	if err != nil || *js || fmt.Sprint(rest) != "[a -json]" || fs.IsGiven("json") {
		t.Errorf("not interspersed: %v %v %v", rest, *js, err)
	}
	fs, _, _ = newSet()
	_, err = fs.Parse([]string{"-nonsense"}, true)
	var u UsageError
	if !errors.As(err, &u) || stderr.Len() != 0 || !strings.Contains(err.Error(), "-nonsense") {
		t.Errorf("bad flag: %v, wrote %q", err, stderr.String())
	}
	fs, _, _ = newSet()
	_, err = fs.Parse([]string{"-h"}, true)
	if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(stderr.String(), "usage: tool [flags] FILE...\n") || !strings.Contains(stderr.String(), "-json") {
		t.Errorf("-h: %v, wrote %q", err, stderr.String())
	}
}

// TestMainInterruptsBlockedRead runs Main in a child process whose run
// blocks reading a FIFO that no one opens for writing (a read that cannot
// see the context), sends it SIGINT, and expects "interrupted" and exit
// status 130 within the grace period.
func TestMainInterruptsBlockedRead(t *testing.T) {
	if fifo := os.Getenv("CLI_TEST_FIFO"); fifo != "" {
		Main("child", func(ctx context.Context, _ io.Reader, stdout, _ io.Writer, _ []string) error {
			fmt.Fprintln(stdout, "ready")
			f, err := os.Open(fifo) // blocks: no writer
			if err == nil {
				f.Close()
			}
			return err
		}, "interrupted")
		return
	}
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMainInterruptsBlockedRead$")
	cmd.Env = append(os.Environ(), "CLI_TEST_FIFO="+fifo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("child said %q, %v", line, err)
	}
	time.Sleep(100 * time.Millisecond) // let it block in open
	start := time.Now()
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "child: interrupted") {
		t.Fatalf("exit %v, stderr %q", err, stderr.String())
	}
	if waited := time.Since(start); waited > Grace+3*time.Second {
		t.Errorf("took %v to stop", waited)
	}
}

// TestMainExitStatus runs Main in child processes whose run returns at
// once: nil exits 0, a usage error 2 and another error 1, with nothing
// said about an interrupt.
func TestMainExitStatus(t *testing.T) {
	if which := os.Getenv("CLI_TEST_RETURN"); which != "" {
		Main("child", func(context.Context, io.Reader, io.Writer, io.Writer, []string) error {
			switch which {
			case "usage":
				return Usagef("bad flag")
			case "error":
				return errors.New("disk full")
			}
			return nil
		}, "interrupted")
		return
	}
	for _, tc := range []struct {
		which string
		code  int
		said  string
	}{{"nil", 0, ""}, {"usage", 2, "child: bad flag (child -h for help)\n"}, {"error", 1, "child: disk full\n"}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMainExitStatus$")
		cmd.Env = append(os.Environ(), "CLI_TEST_RETURN="+tc.which)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || stderr.String() != tc.said {
			t.Errorf("%s: exit %d, stderr %q; want %d, %q", tc.which, code, stderr.String(), tc.code, tc.said)
		}
	}
}
