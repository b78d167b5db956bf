//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// lockHeld takes the writer's lock on its temporary file: an exclusive
// flock, held until the file is closed (or the process dies, when the
// kernel drops it). A lock is a fact every process sharing the folder can
// see, whatever PID namespace or NFS client it runs in; a process id is
// not.
func lockHeld(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// removeIfUnlocked removes the temporary file at path when no process
// holds its lock: it takes the lock without waiting, and removes the file
// while holding it, so a writer cannot take the file back in between.
func removeIfUnlocked(path string, _ string) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return // held: its writer lives
	}
	os.Remove(path)
}

// unlinked reports whether f no longer has a name: a sweeper removed it
// between its creation and its writer's lock.
func unlinked(f *os.File) bool {
	st, err := f.Stat()
	if err != nil {
		return false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && sys.Nlink == 0
}
