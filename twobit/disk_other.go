//go:build !(linux || darwin || freebsd)

package twobit

import "errors"

// DiskFree returns an error where the free space cannot be asked for
// here; the search then checks nothing and finds a full disk by writing.
func DiskFree(string) (uint64, error) {
	return 0, errors.New("twobit: no statfs on this platform")
}
