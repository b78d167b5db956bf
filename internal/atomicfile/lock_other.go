//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// Where there is no flock (Windows, js/wasm, Plan 9), a temporary file is
// judged by the process id in its name. On Windows an open file cannot be
// removed anyway, which protects a live writer; js/wasm has one process.

func lockHeld(*os.File) error { return nil }

func removeIfUnlocked(path, name string) {
	if pid, ok := tempOwner(name); ok && !processExists(pid) {
		os.Remove(path)
	}
}

func unlinked(*os.File) bool { return false }

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
