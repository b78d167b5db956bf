//go:build js

package solver

import "runtime"

// yield lets other goroutines run. WebAssembly in a browser has one thread
// and no preemption, so without it the goroutine that sets the canceled
// flag (cancelWatch) and the timer behind a context's deadline never run
// while a search does, and a time limit could not stop it.
func yield() { runtime.Gosched() }
