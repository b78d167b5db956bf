//go:build linux || darwin || freebsd

package twobit

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// DiskFree returns the bytes free for an unprivileged writer on the file
// system that holds dir (statfs), or of its nearest existing parent when
// dir is yet to be made.
func DiskFree(dir string) (uint64, error) {
	for {
		var st syscall.Statfs_t
		err := syscall.Statfs(dir, &st)
		if err == nil {
			return uint64(st.Bavail) * uint64(st.Bsize), nil
		}
		parent := filepath.Dir(dir)
		if !errors.Is(err, syscall.ENOENT) || parent == dir {
			return 0, &os.PathError{Op: "statfs", Path: dir, Err: err}
		}
		dir = parent
	}
}
