// Package atomicfile writes files so that readers see either the old
// contents or the complete new contents, never a partial file.
//
// Generated tables take minutes to hours to build; a crash or a full disk
// in the middle of writing one must not leave a truncated file behind that
// a later run would trust.
package atomicfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// bufferSize is large enough that multi-megabyte tables are written in a
// modest number of system calls.
const bufferSize = 1 << 16

// Write creates or replaces the file at path with the bytes that write
// produces.
//
// The data goes to a temporary file in the same directory (so the final
// rename stays within one file system), named after path and the writing
// process's id, which is flushed, synced to disk, closed, given mode 0644
// and then renamed over path. If anything fails, including write itself,
// or ctx is canceled before the rename (a Ctrl-C at any moment), the
// temporary file is removed, an existing file at path is left untouched,
// no new file appears at path, and the error (ctx.Err() for a cancel) is
// returned. The parent directory is created with mode 0755 if it does not
// exist. Temporary files that a killed process left in the directory
// (their process is gone) are removed first.
//
// The writer passed to write is buffered; write must not retain it, and a
// long write should return when ctx is done.
func Write(ctx context.Context, path string, write func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("atomicfile: %q names a directory, not a file", path)
	}
	if dir == "" {
		dir = "."
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	RemoveStale(dir)
	f, err := os.CreateTemp(dir, tempPrefix(base, os.Getpid())+"*")
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	tmp := f.Name()
	closed := false
	renamed := false
	// Deferred so that a panic inside write also removes the temporary file.
	defer func() {
		if renamed {
			return
		}
		if !closed {
			f.Close()
		}
		os.Remove(tmp)
	}()

	bw := bufio.NewWriterSize(f, bufferSize)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// Set the mode before syncing so the permission change is durable too;
	// CreateTemp makes the file 0600, which would hide shared data files.
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	closed = true
	if err := f.Close(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	renamed = true
	syncDir(dir)
	return nil
}

// syncDir makes the rename durable on file systems that need the directory
// synced as well. It is best effort: the new file is already in place, and
// some platforms (Windows) cannot sync a directory at all, so a failure here
// is not reported.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// tempPrefix is the start of the name of a temporary file for base written
// by process pid: ".base.tmp-PID-".
func tempPrefix(base string, pid int) string {
	return "." + base + ".tmp-" + strconv.Itoa(pid) + "-"
}

// RemoveStale removes the temporary files in dir whose writing process no
// longer exists, as a run killed while writing leaves them. It is best
// effort: files it cannot judge or remove are left alone.
func RemoveStale(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		pid, ok := tempOwner(e.Name())
		if !ok || e.IsDir() || processExists(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// tempOwner returns the process id in a temporary file's name
// (".base.tmp-PID-random").
func tempOwner(name string) (int, bool) {
	i := strings.LastIndex(name, ".tmp-")
	if !strings.HasPrefix(name, ".") || i < 0 {
		return 0, false
	}
	rest := name[i+len(".tmp-"):]
	j := strings.IndexByte(rest, '-')
	if j <= 0 {
		return 0, false
	}
	pid, err := strconv.Atoi(rest[:j])
	return pid, err == nil && pid > 0
}

// processExists reports whether a process with the id runs (or cannot be
// told apart from one that does: a process of another user).
func processExists(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
