//go:build !unix

package bfs

// cpuSeconds is 0 where the process's CPU time is not known.
func cpuSeconds() float64 { return 0 }
