//go:build !linux

package machine

// physicalMemory is not read on this platform: callers plan for the
// smallest choice, and $TILESPACE_MEMORY says more.
func physicalMemory() (int64, bool) { return 0, false }

// diskFree is not read on this platform.
func diskFree(string) (int64, bool) { return 0, false }
