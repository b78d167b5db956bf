//go:build !linux

// Package hugepages asks the kernel to back large, randomly accessed
// arrays with 2 MiB pages; on this system it does nothing.
package hugepages

// Words advises huge pages for w.
func Words([]uint64) {}

// Bytes advises huge pages for b.
func Bytes([]byte) {}
