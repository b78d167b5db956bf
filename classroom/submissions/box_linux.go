//go:build linux

package submissions

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tilespace/tilespace/classroom/grade"
)

// boxUID is the first of the user ids the boxes run as when the grader is
// root, boxUID+slot for worker slot, all in group boxUID: ids that own no
// file, so that a box reads only what anyone may read, and so that
// RLIMIT_NPROC, which the kernel never applies to root, bounds each box.
const boxUID = 2147400000

// boxWork is the box's working folder: the run's copy, writable.
const boxWork = "/submission"

// boxNoFile is the most files a box's program has open at once.
const boxNoFile = 256

// boxScript is the box's first program, /bin/sh: it unpacks the folder
// (a tar archive on fd 5) into the box's working folder, runs the program
// under its rlimits (prlimit), and, once the program has ended, writes on
// fd 3 "exit STATUS KIND SIZE" and, for a regular output.txt, at most $1
// bytes of it. The program has no fd 3 (what it could still write there,
// through /proc, is its own run's report: FuzzBoxReport); whatever it
// leaves running dies with the box when this script ends.
const boxScript = `max=$1 f=$2 a=$3 c=$4 p=$5 n=$6; shift 6
tar -x -f - -C ` + boxWork + ` --no-same-owner <&5 2>/dev/null || { echo copy >&3; exit 0; }
exec 5<&-
prlimit --core=0 --fsize="$f" --as="$a" --cpu="$c" --nproc="$p" --nofile="$n" -- "$@" </dev/null 3>&- 4<&-
st=$?
if [ -L output.txt ]; then k=link
elif [ ! -e output.txt ]; then k=none
elif [ -p output.txt ]; then k=fifo
elif [ -d output.txt ]; then k=folder
elif [ -f output.txt ]; then k=file
else k=other; fi
if [ "$k" = file ]; then
	echo "exit $st file $(stat -c %s output.txt)" >&3 && head -c "$max" output.txt >&3
else
	echo "exit $st $k 0" >&3
fi
`

// box runs each program in a bubblewrap box of its own.
type box struct {
	bwrap string
	root  bool // the grader is root: boxes run as boxUID+slot
}

// newBox finds bwrap and makes a box that runs "true", before any
// submission runs.
func newBox(ctx context.Context, lim Limits) (runner, error) {
	path, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, &NoBoxError{Missing: true, Err: err}
	}
	b := &box{bwrap: path, root: os.Geteuid() == 0}
	tmp, err := os.MkdirTemp("", "classroom-probe-*")
	if err != nil {
		return nil, err
	}
	defer removeAll(tmp)
	p := &prepared{tmp: tmp, src: filepath.Join(tmp, "src")}
	if err := os.Mkdir(p.src, 0o700); err != nil {
		return nil, err
	}
	if err := b.prepare(p); err != nil {
		return nil, err
	}
	lim.Time = 30 * time.Second
	o, out := b.run(ctx, 0, p, []string{"true"}, lim)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if o.err != nil || out.why != "no output.txt" {
		err := o.err
		if err == nil {
			err = errors.New(out.why)
		}
		return nil, &NoBoxError{Bwrap: path, Output: strings.TrimSpace(o.stderr), Err: err}
	}
	return b, nil
}

// prepare makes the copy a tar archive, which the box's script unpacks
// from a pipe: the boxes' users need no access to the grader's files.
func (b *box) prepare(p *prepared) error {
	var err error
	p.tar, err = tarFolder(p.src)
	return err
}

// options are bwrap's options, which it reads from a pipe (--args, fd
// 4).
func (b *box) options(lim Limits) []string {
	args := []string{
		"--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
		"--clearenv", "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin", "--setenv", "HOME", boxWork,
		"--setenv", "TMPDIR", "/tmp", "--setenv", "LANG", "C.UTF-8", "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
		"--hostname", "box",
	}
	args = append(args, systemBinds()...)
	disk := strconv.FormatInt(lim.DiskBytes, 10)
	args = append(args, "--proc", "/proc", "--dev", "/dev",
		"--size", disk, "--tmpfs", "/tmp", "--size", disk, "--tmpfs", boxWork,
		"--cap-drop", "ALL", "--chdir", boxWork)
	return args
}

// script is the command bwrap runs: the box's script, its arguments and
// the program's.
func script(lim Limits, argv []string) []string {
	cpu := int64(lim.Time/time.Second) + 1
	return append([]string{"--", "/bin/sh", "-c", boxScript, "sh", strconv.Itoa(grade.MaxBytes + 1), strconv.FormatInt(max(1, lim.FileBytes), 10),
		strconv.FormatInt(max(1, lim.Memory), 10), fmt.Sprintf("%d:%d", cpu, cpu+1),
		strconv.Itoa(lim.Processes), strconv.Itoa(boxNoFile)}, argv...)
}

// systemBinds show the system read-only: /usr, the top-level folders or
// links into it, and the few files of /etc that programs and Python's
// start need; nothing else of the machine.
func systemBinds() []string {
	args := []string{"--ro-bind", "/usr", "/usr"}
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		if target, err := os.Readlink(d); err == nil {
			args = append(args, "--symlink", target, d)
		} else if info, err := os.Stat(d); err == nil && info.IsDir() {
			args = append(args, "--ro-bind", d, d)
		}
	}
	etc := []string{"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime"}
	python, _ := filepath.Glob("/etc/python3*")
	for _, p := range append(etc, python...) {
		if _, err := os.Stat(p); err == nil {
			args = append(args, "--ro-bind", p, p)
		}
	}
	return args
}

// run runs argv in a box on a fresh copy of p's folder.
func (b *box) run(ctx context.Context, slot int, p *prepared, argv []string, lim Limits) (outcome, output) {
	runCtx, cancel := context.WithTimeout(ctx, lim.Time)
	defer cancel()
	var argData bytes.Buffer
	for _, a := range b.options(lim) {
		argData.WriteString(a)
		argData.WriteByte(0)
	}
	argR, argW, err := os.Pipe()
	if err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	defer argR.Close()
	go func() { // the arguments, read by bwrap as it starts
		_, _ = argW.Write(argData.Bytes())
		argW.Close()
	}()
	tarR, tarW, err := os.Pipe()
	if err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	defer tarR.Close()
	go func() { // the folder, unpacked by the box's script
		_, _ = tarW.Write(p.tar)
		tarW.Close()
	}()
	resR, resW, err := os.Pipe()
	if err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	defer resR.Close()
	cmd := exec.CommandContext(runCtx, b.bwrap, append([]string{"--args", "4"}, script(lim, argv)...)...)
	cmd.Env = []string{} // nothing of the grader's, not even in bwrap's own process
	cmd.Dir = "/"
	var t tail
	cmd.Stdout, cmd.Stderr = &t, &t
	cmd.ExtraFiles = []*os.File{resW, argR, tarR}
	// Setsid: bwrap and the box have no controlling terminal to type into,
	// and a process group of their own.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if b.root {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(boxUID + slot), Gid: boxUID}
	}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = time.Second
	start := time.Now()
	err = cmd.Start()
	resW.Close()
	if err != nil {
		return outcome{err: err}, output{why: "not run: " + err.Error()}
	}
	got := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(resR, grade.MaxBytes+1+256))
		got <- data
	}()
	err = cmd.Wait()
	o := outcome{stderr: string(t.b), elapsed: time.Since(start)}
	_ = killGroup(cmd)
	o.timedOut = errors.Is(runCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
	var data []byte
	select {
	case data = <-got:
	case <-time.After(5 * time.Second): // the box's processes are dying
		resR.Close()
		data = <-got
	}
	return o.fromBox(err, data)
}

// fromBox reads what the box's script wrote on fd 3, and how bwrap ended
// (err), into the run's outcome and output.
func (o outcome) fromBox(err error, data []byte) (outcome, output) {
	head, rest, ok := bytes.Cut(data, []byte{'\n'})
	f := strings.Fields(string(head))
	switch {
	case ok && len(f) == 1 && f[0] == "copy":
		o.err = errors.New("not run")
		return o, output{why: "not run: the folder does not fit in the box"}
	case !ok || len(f) != 4 || f[0] != "exit":
		switch {
		case o.timedOut:
			return o, output{why: "killed after the time limit"}
		case err != nil:
			o.err = fmt.Errorf("the box ended before its program (%w)", err)
		default:
			o.err = errors.New("the box ended before its program")
		}
		return o, output{why: "no output.txt: " + o.err.Error()}
	}
	if o.timedOut {
		return o, output{why: "killed after the time limit"}
	}
	if st, err := strconv.Atoi(f[1]); err != nil || st != 0 {
		o.err = exitStatus(st)
	}
	switch f[2] {
	case "none":
		return o, output{why: "no output.txt"}
	case "link":
		return o, output{why: "output.txt is a symbolic link, not followed"}
	case "fifo":
		return o, output{why: "output.txt is not a regular file but a named pipe"}
	case "folder":
		return o, output{why: "output.txt is not a regular file but a folder"}
	case "file":
	default:
		return o, output{why: "output.txt is not a regular file but a special file"}
	}
	size, _ := strconv.ParseInt(f[3], 10, 64)
	if size > grade.MaxBytes || len(rest) > grade.MaxBytes {
		return o, output{size: max(size, int64(len(rest)))}
	}
	return o, output{data: rest, size: int64(len(rest))}
}
