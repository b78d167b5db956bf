// Package hugepages asks the kernel to back large, randomly accessed
// arrays with 2 MiB pages: a breadth-first search's codes and a 12-cell
// table's bits, where with 4 KiB pages nearly every access is a TLB miss
// (10.9 GB of codes are 2.7 million pages). It is advice: where the kernel
// says no (or on other systems) nothing changes.
package hugepages

import (
	"syscall"
	"unsafe"
)

// Words advises huge pages for w; call it before w is first written.
func Words(w []uint64) {
	if len(w) > 0 {
		advise(unsafe.Pointer(&w[0]), uintptr(len(w))*8)
	}
}

// Bytes advises huge pages for b; call it before b is first written.
func Bytes(b []byte) {
	if len(b) > 0 {
		advise(unsafe.Pointer(&b[0]), uintptr(len(b)))
	}
}

func advise(p unsafe.Pointer, n uintptr) {
	const page = 4096
	start := uintptr(p)
	aligned := (start + page - 1) &^ (page - 1)
	if start+n <= aligned {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, aligned-start)), start+n-aligned)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
