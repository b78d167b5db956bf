package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"github.com/tilespace/tilespace/search"
)

// runtimeMargin is what setMemoryLimit allows the Go runtime beyond the
// searches' own bound: its stacks, metadata and the garbage it has not
// yet collected (the arrays a container outgrew, the report's own
// slices). The resident size of a command that runs searches stays within
// what it held before them, plus search.Limits.MaxBytes, plus this.
const runtimeMargin = 32 << 20

// setMemoryLimit bounds the process for searches of maxBytes each (0:
// search.DefaultMaxBytes): it sets the Go runtime's soft memory limit to
// the memory the runtime holds now (tables, databases, everything before
// the searches) plus maxBytes and runtimeMargin, so that the collector
// frees what the searches outgrew before the heap doubles, and returns
// the function that restores the previous limit. A limit set by the user
// (GOMEMLIMIT) is kept. Without it the Go heap may reach twice what is
// live: 256 MiB searches peaked at 770 MB resident.
func setMemoryLimit(maxBytes int64) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	if maxBytes <= 0 {
		maxBytes = search.DefaultMaxBytes
	}
	runtime.GC() // what is held, not what is garbage
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	var held int64
	if s[0].Value.Kind() == metrics.KindUint64 && s[1].Value.Kind() == metrics.KindUint64 {
		held = int64(s[0].Value.Uint64() - s[1].Value.Uint64())
	}
	old := debug.SetMemoryLimit(held + maxBytes + runtimeMargin)
	return func() { debug.SetMemoryLimit(old) }
}
