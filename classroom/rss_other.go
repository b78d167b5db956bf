//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package classroom

// maxRSS reports that this platform gives no peak resident set size.
func maxRSS() (int64, bool) { return 0, false }
