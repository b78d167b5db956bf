//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package classroom

// MaxRSS reports that this platform gives no peak resident set size.
func MaxRSS() (int64, bool) { return 0, false }
