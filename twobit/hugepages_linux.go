package twobit

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back words with 2 MiB pages: the search
// touches its codes all over, and with 4 KiB pages nearly every neighbour
// it marks costs a TLB miss (10.9 GB of codes are 2.7 million pages).
// It is advice: where the kernel says no, nothing changes.
func adviseHugePages(words []uint64) {
	if len(words) == 0 {
		return
	}
	const page = 4096
	start := uintptr(unsafe.Pointer(&words[0]))
	end := start + uintptr(len(words))*8
	aligned := (start + page - 1) &^ (page - 1)
	if end <= aligned {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&words[0]), aligned-start)), end-aligned)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
