//go:build !(js && wasm)

// Command wasm is the static copy's engine, for GOOS=js GOARCH=wasm only:
// go generate ./serve builds it, and serve -static DIR writes it out.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this is the static copy's WebAssembly: build it with go generate ./serve, or write the whole folder with go run ./cmd/serve -static DIR")
	os.Exit(2)
}
