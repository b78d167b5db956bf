//go:build !(js && wasm)

// Command wasm is the static copy's engine, for GOOS=js GOARCH=wasm only:
// serve.WriteStatic (go run ./cmd/serve -static DIR) builds it.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this is the static copy's WebAssembly: build it with GOOS=js GOARCH=wasm, or write the whole folder with go run ./cmd/serve -static DIR")
	os.Exit(2)
}
