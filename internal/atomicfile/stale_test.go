package atomicfile

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// helperEnv makes the test binary a writer (TestMain): it writes the file
// named by the variable, reports "ready PID" once its temporary file is
// open, and finishes the write when its stdin closes.
const helperEnv = "ATOMICFILE_TEST_WRITER"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		err := Write(context.Background(), path, func(w io.Writer) error {
			fmt.Printf("ready %d\n", os.Getpid())
			io.Copy(io.Discard, os.Stdin)
			_, err := io.WriteString(w, "written")
			return err
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// namespaces reports whether writers can be started in PID namespaces of
// their own (root and unshare(1), as in the CI).
func namespaces() bool {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		return false
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		return false
	}
	return exec.Command("unshare", "--pid", "--fork", "true").Run() == nil
}

// writer is a helper process writing one file.
type writer struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	pid   int // as the writer sees itself
}

// startWriter starts a writer of path and waits until its temporary file
// exists. In a namespace of its own it runs as pid 1, or as a pid above
// 100 when second is set, so that the first writer's name holds a pid
// that names nothing in the second's namespace.
func startWriter(t *testing.T, path string, ns, second bool) *writer {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var cmd *exec.Cmd
	switch {
	case ns && second:
		// A hundred short processes first push its pid past any thread
		// id of the second writer's Go runtime (kill(2) takes those too).
		cmd = exec.Command("unshare", "--pid", "--fork", "sh", "-c", `i=0; while [ $i -lt 100 ]; do true; /bin/sh -c : ; i=$((i+1)); done; "$0"; exit $?`, exe)
	case ns:
		cmd = exec.Command("unshare", "--pid", "--fork", exe)
	default:
		cmd = exec.Command(exe)
	}
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &writer{cmd: cmd, stdin: stdin}
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("writer of %s: %v", path, err)
	}
	if w.pid, err = strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "ready "))); err != nil {
		t.Fatalf("writer said %q", line)
	}
	return w
}

// finish lets the writer complete its write and waits for it.
func (w *writer) finish(t *testing.T) {
	t.Helper()
	w.stdin.Close()
	if err := w.cmd.Wait(); err != nil {
		t.Errorf("writer: %v", err)
	}
}

// temps lists the temporary files in dir.
func temps(t *testing.T, dir string) []string {
	var out []string
	for _, n := range dirEntries(t, dir) {
		if _, ok := tempOwner(n); ok {
			out = append(out, n)
		}
	}
	return out
}

// Two writers in separate PID namespaces share a folder: the second one's
// sweep keeps the first one's live temporary file (whose pid names no
// process in its namespace) and removes a SIGKILLed writer's. Without root or unshare the same writers run in this
// namespace and the same assertions hold.
func TestStaleByLock(t *testing.T) {
	ns := namespaces()
	t.Logf("PID namespaces: %v", ns)
	dir := t.TempDir()

	killed := startWriter(t, filepath.Join(dir, "killed.tbl"), false, false)
	killed.cmd.Process.Signal(syscall.SIGKILL)
	killed.cmd.Wait()
	if n := len(temps(t, dir)); n != 1 {
		t.Fatalf("%d temporary files after the kill, want the killed writer's one", n)
	}
	stale := temps(t, dir)[0]

	live := startWriter(t, filepath.Join(dir, "live.tbl"), ns, true)
	if ns && live.pid <= 100 {
		t.Fatalf("the first writer runs as pid %d in its namespace, want one above 100", live.pid)
	}
	var liveTemp string
	for _, n := range temps(t, dir) {
		if n != stale {
			liveTemp = n
		}
	}
	if liveTemp == "" {
		t.Fatal("no temporary file of the live writer")
	}
	other := filepath.Join(dir, ".x.tbl.tmp-notapid")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}

	second := startWriter(t, filepath.Join(dir, "second.tbl"), ns, false)
	if ns && second.pid != 1 {
		t.Fatalf("the second writer runs as pid %d in its namespace, want 1", second.pid)
	}
	second.finish(t)
	got := dirEntries(t, dir)
	if slices.Contains(got, stale) {
		t.Errorf("the killed writer's %s is still there: %q", stale, got)
	}
	if !slices.Contains(got, liveTemp) {
		t.Errorf("the sweep removed the live writer's %s: %q", liveTemp, got)
	}
	if !slices.Contains(got, filepath.Base(other)) {
		t.Errorf("the sweep removed %s, which is no temporary file of ours: %q", other, got)
	}

	live.finish(t)
	if b, err := os.ReadFile(filepath.Join(dir, "live.tbl")); err != nil || string(b) != "written" {
		t.Errorf("the live writer's file: %q, %v", b, err)
	}
	if left := temps(t, dir); len(left) != 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// RemoveStale alone (what opening the cache folder runs) removes a
// SIGKILLed writer's file and keeps a live one's, its own process's
// included.
func TestRemoveStaleKeepsOwn(t *testing.T) {
	dir := t.TempDir()
	done := make(chan error)
	started := make(chan struct{})
	release := make(chan struct{})
	go func() {
		done <- Write(context.Background(), filepath.Join(dir, "own.tbl"), func(w io.Writer) error {
			close(started)
			<-release
			return nil
		})
	}()
	<-started
	killed := startWriter(t, filepath.Join(dir, "killed.tbl"), false, false)
	killed.cmd.Process.Signal(syscall.SIGKILL)
	killed.cmd.Wait()
	if n := len(temps(t, dir)); n != 2 {
		t.Fatalf("%d temporary files, want the killed writer's and ours", n)
	}
	RemoveStale(dir)
	if n := len(temps(t, dir)); n != 1 {
		t.Errorf("%d temporary files after the sweep, want only ours", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("our write after the sweep: %v", err)
	}
}
