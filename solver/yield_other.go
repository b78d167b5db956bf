//go:build !js

package solver

// yield does nothing where goroutines are preempted: cancelWatch runs on
// its own (see yield_js.go).
func yield() {}
