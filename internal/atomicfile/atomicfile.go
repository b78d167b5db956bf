// Package atomicfile writes files so that readers see either the old
// contents or the complete new contents, never a partial file.
//
// Generated tables take minutes to hours to build; a crash or a full disk
// in the middle of writing one must not leave a truncated file behind that
// a later run would trust.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// bufferSize is large enough that multi-megabyte tables are written in a
// modest number of system calls.
const bufferSize = 1 << 16

// Write creates or replaces the file at path with the bytes that write
// produces.
//
// The data goes to a temporary file in the same directory (so the final
// rename stays within one file system), which is flushed, synced to disk,
// closed, given mode 0644 and then renamed over path. If anything fails,
// including write itself, the temporary file is removed, an existing file at
// path is left untouched, and no new file appears at path. The parent
// directory is created with mode 0755 if it does not exist.
//
// The writer passed to write is buffered; write must not retain it.
func Write(path string, write func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("atomicfile: %q names a directory, not a file", path)
	}
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
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
