//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package classroom

import (
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident set size of this process so far in
// bytes (getrusage ru_maxrss, which Linux and the BSDs report in KiB and
// macOS in bytes), and whether the platform reports it.
func maxRSS() (int64, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" {
		return int64(u.Maxrss), true
	}
	return int64(u.Maxrss) * 1024, true
}
