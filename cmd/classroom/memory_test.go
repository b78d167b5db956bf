//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/store"
)

// peakRSS runs the command (this test binary, which is classroom under
// that name: testscript.Main) with args and returns its peak resident
// size in bytes: the VmHWM of /proc/PID/status, read every 2 ms until it
// exits (monotonic, so the last read is the peak up to its last 2 ms).
// Not getrusage's ru_maxrss: a child started by vfork carries the
// parent's peak into its own at exec, and the test binary's is larger
// than the searches measured.
func peakRSS(t *testing.T, args ...string) int64 {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "classroom")
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	var peak int64
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		if hwm := vmHWM(status); hwm > peak {
			peak = hwm
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("classroom %v: %v\n%s", args, err, out.Bytes())
			}
			if peak == 0 {
				t.Fatalf("classroom %v: no VmHWM read", args)
			}
			return peak
		case <-tick.C:
		}
	}
}

// vmHWM reads the peak resident size from a /proc status file, in bytes;
// 0 when there is none (the process is gone).
func vmHWM(status string) int64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// The searches keep their memory bound in the resident size: classroom
// compare on a 3x4 board 36 moves from the goal (no table: the reference
// is IDA*), whose BFS, DFS, UCS and A* (misplaced) all stop at the memory
// limit, peaks within what the same command holds with searches of 1 MiB,
// plus -max-memory, plus runtimeMargin; explain-dfs on an 8-puzzle
// board likewise. Before the searches counted by capacity and the
// commands set the runtime's soft limit, 256 MiB searches peaked at
// 764 MB (compare on 3x4) and 770 MB (explain-dfs on 3x4).
func TestMemoryBoundKept(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	const mib = 1 << 20
	for _, c := range []struct {
		maxMiB int64
		args   []string
	}{
		{64, []string{"compare", "-shape", "3x4", "-goal", "last", "3,0,5,1,8,9,10,6,2,11,7,4"}},
		{16, []string{"explain-dfs", "8,6,7,2,5,4,3,0,1"}},
	} {
		base := peakRSS(t, append([]string{c.args[0], "-max-memory", "1"}, c.args[1:]...)...)
		peak := peakRSS(t, append([]string{c.args[0], "-max-memory", strconv.FormatInt(c.maxMiB, 10)}, c.args[1:]...)...)
		bound := base + c.maxMiB*mib + runtimeMargin
		t.Logf("%s: peak %.1f MiB with %d MiB searches, %.1f MiB with 1 MiB ones; bound %.1f MiB", c.args[0],
			float64(peak)/mib, c.maxMiB, float64(base)/mib, float64(bound)/mib)
		if peak > bound {
			t.Errorf("%s: peak resident %.1f MiB, over %.1f MiB (%.1f MiB before the searches' %d MiB and the runtime's %d MiB)",
				c.args[0], float64(peak)/mib, float64(bound)/mib, float64(base)/mib, c.maxMiB, runtimeMargin/mib)
		}
		if peak < base+c.maxMiB*mib/4 {
			t.Errorf("%s: peak %.1f MiB, base %.1f MiB: the searches did not come near their %d MiB, the test measures nothing", c.args[0], float64(peak)/mib, float64(base)/mib, c.maxMiB)
		}
	}
}

// greedy-stats on boards that take long (100,000 boards mixed by a
// million moves each) is bounded like the other reports and, on Ctrl-C,
// prints the statistics gathered so far and exits 130: a subprocess
// receives SIGINT once it has started.
func TestGreedyStatsInterrupted(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "classroom")
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	// The interruption must land once the climbing has begun, after the
	// 2x5 table is built, which nothing on a pipe announces: an
	// interruption that came first (exit 130, nothing on stdout) is tried
	// again later, so that the test does not hang on the machine's speed
	// or load.
	var stdout, stderr bytes.Buffer
	wait := 1500 * time.Millisecond
	for attempt := 0; ; attempt++ {
		stdout.Reset()
		stderr.Reset()
		cmd := exec.Command(bin, "greedy-stats", "-shape", "2x5", "-n", "100000", "-k", "1000000", "-json")
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(wait) // a guess at when the climbing has begun, checked below
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 130 {
			t.Fatalf("interrupted greedy-stats: %v, want exit 130; stderr %s", err, stderr.Bytes())
		}
		if stdout.Len() > 0 || attempt == 6 {
			break
		}
		t.Logf("interrupted after %v, before the climbing began: %s", wait, bytes.TrimSpace(stderr.Bytes()))
		wait *= 2
	}
	var rep struct {
		StoppedBy string `json:"stopped_by"`
		Rows      []struct {
			K      int `json:"k"`
			Boards int `json:"boards"`
		} `json:"rows"`
		Overall struct {
			Boards int `json:"boards"`
		} `json:"overall"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("no statistics on interrupt: %v: %q (stderr %s)", err, stdout.Bytes(), stderr.Bytes())
	}
	sum := 0
	for _, r := range rep.Rows {
		sum += r.Boards
		if r.K != 1000000 || r.Boards >= 100000 {
			t.Errorf("row %+v: want k 1000000 and fewer boards than asked for", r)
		}
	}
	if rep.StoppedBy != "canceled" || sum != rep.Overall.Boards {
		t.Errorf("stopped by %q, rows of %d boards, overall %d", rep.StoppedBy, sum, rep.Overall.Boards)
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q does not say it was interrupted", stderr.String())
	}
	t.Logf("interrupted after %d boards", rep.Overall.Boards)
}
