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
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// bufferSize is large enough that multi-megabyte tables are written in a
// modest number of system calls.
const bufferSize = 1 << 16

// Write creates or replaces the file at path with the bytes that write
// produces.
//
// The data goes to a temporary file in the same directory (so the final
// rename stays within one file system), named after path and the writing
// process's id and locked by the writer while it lives, which is flushed, synced to disk, closed, given mode 0644
// and then renamed over path. If anything fails, including write itself,
// or ctx is canceled before the rename (a Ctrl-C at any moment), the
// temporary file is removed, an existing file at path is left untouched,
// no new file appears at path, and the error (ctx.Err() for a cancel) is
// returned. The parent directory is created with mode 0755 if it does not
// exist. Temporary files that a killed process left in the directory
// (no process holds their lock) are removed first (RemoveStale).
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
	f, err := createLocked(dir, base)
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

// createLocked creates the temporary file for base in dir and takes its
// lock, which the writer holds until the file is closed. A sweeper in
// another process may remove the new file in the instant before the lock
// is taken; then the file has no name any more and another is made.
func createLocked(dir, base string) (*os.File, error) {
	for {
		f, err := os.CreateTemp(dir, tempPrefix(base, os.Getpid())+"*")
		if err != nil {
			return nil, err
		}
		// A file system without locks (some network mounts) still gets
		// its file written; only the sweep's protection is lost there.
		_ = lockHeld(f)
		if !unlinked(f) {
			return f, nil
		}
		f.Close()
	}
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

// RemoveStale removes the temporary files in dir that no writer holds
// any more, as a run killed while writing leaves them. A writer holds an
// exclusive lock (flock) on its temporary file from creation to rename,
// and the lock dies with its process, so a file whose lock can be taken
// is stale, whichever PID namespace, container or NFS client wrote it;
// a process id in a name proves nothing there. Where
// there are no file locks (Windows, js/wasm) the process id in the name
// is judged instead. It is best effort: files it cannot judge or remove
// are left alone. Commands call it on the cache folder when they open it,
// so a killed writer's files go at the next command, not only at the
// next write into the same folder.
func RemoveStale(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if _, ok := tempOwner(e.Name()); !ok || !e.Type().IsRegular() {
			continue
		}
		removeIfUnlocked(filepath.Join(dir, e.Name()), e.Name())
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
