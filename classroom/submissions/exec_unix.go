//go:build unix

package submissions

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// limitScript sets a run's limits in the shell that then becomes the
// program: no core files, files of at most $1 blocks of 512 bytes
// (POSIX's unit), $2 KiB of address space, $3 seconds of CPU time.
const limitScript = `ulimit -c 0 && ulimit -f "$1" && ulimit -v "$2" && ulimit -t "$3" && shift 3 && exec "$@"`

// shell is the shell that sets the limits.
const shell = "/bin/sh"

// limitArgs are the script's arguments for lim.
func limitArgs(lim Limits) []string {
	cpu := int64(lim.Time/time.Second) + 1
	return []string{fmt.Sprint(max(1, lim.FileBytes/512)), fmt.Sprint(max(1, lim.Memory>>10)), fmt.Sprint(cpu)}
}

// unboxed runs programs as the user who grades, each in a fresh copy of
// its folder, under rlimits, in a process group killed whole.
type unboxed struct{}

// newUnboxed checks that the shell sets the limits, before any submission
// runs.
func newUnboxed(ctx context.Context, lim Limits) (runner, error) {
	args := append([]string{"-c", limitScript, "sh"}, limitArgs(lim)...)
	out, err := exec.CommandContext(ctx, shell, append(args, "true")...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s cannot set the limits (ulimit -f, -v, -t): %v %s", shell, err, out)
	}
	return unboxed{}, nil
}

func (unboxed) prepare(*prepared) error { return nil }

func (unboxed) run(ctx context.Context, _ int, p *prepared, argv []string, lim Limits) (outcome, output) {
	tmp, err := os.MkdirTemp("", "classroom-run-*")
	if err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	defer removeAll(tmp)
	work := filepath.Join(tmp, "run")
	if err := copyFolder(p.src, work, lim); err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	o := execute(ctx, work, argv, lim)
	return o, readOutput(filepath.Join(work, "output.txt"))
}

// execute runs argv in dir under lim, in a process group of its own that
// is killed whole when the program ends or the time limit passes.
func execute(ctx context.Context, dir string, argv []string, lim Limits) outcome {
	runCtx, cancel := context.WithTimeout(ctx, lim.Time)
	defer cancel()
	args := append(append([]string{"-c", limitScript, "sh"}, limitArgs(lim)...), argv...)
	cmd := exec.CommandContext(runCtx, shell, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "TMPDIR=" + dir, "LANG=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1"}
	var t tail
	cmd.Stdout, cmd.Stderr = &t, &t
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = time.Second // a child that keeps the pipes open
	start := time.Now()
	err := cmd.Run()
	o := outcome{err: err, stderr: string(t.b), elapsed: time.Since(start)}
	if cmd.Process != nil {
		_ = killGroup(cmd) // what it left running
	}
	o.timedOut = errors.Is(runCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
	return o
}

func killGroup(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// describe says how a run that failed ended.
func describe(err error) string {
	var st exitStatus
	if errors.As(err, &st) {
		if st > 128 && st < 128+65 {
			return signalled(syscall.Signal(st - 128))
		}
		return err.Error()
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return err.Error()
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return fmt.Sprintf("exit status %d", exit.ExitCode())
	}
	return signalled(ws.Signal())
}

// signalled says how a run killed by sig ended.
func signalled(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGXFSZ:
		return "killed for a file over the size limit"
	case syscall.SIGXCPU:
		return "killed after the CPU time limit"
	}
	return fmt.Sprintf("killed by signal %d (%v)", int(sig), sig)
}

// openRegular opens a regular file, never through a symbolic link or
// waiting on a named pipe.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
