//go:build unix

package bfs

import "syscall"

// cpuSeconds returns the CPU time (user and system) the process has used:
// on Prism, the driver, the runner and every worker together.
func cpuSeconds() float64 {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return float64(r.Utime.Nano()+r.Stime.Nano()) / 1e9
}
