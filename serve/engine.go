package serve

import (
	"embed"
	"io/fs"
)

// The static copy's engine, built by go generate (see
// serve/internal/genengine): the WebAssembly gzipped, Go's wasm_exec.js
// of the same release, and the manifest of what it was built from. The
// serve binary carries them, so WriteStatic needs no Go toolchain.
//
//go:generate go run ./internal/genengine
//go:embed engine/tilespace.wasm.gz engine/wasm_exec.js
var engineFiles embed.FS

// engineFile returns the embedded file name of the engine's folder.
func engineFile(name string) []byte {
	b, err := fs.ReadFile(engineFiles, "engine/"+name)
	if err != nil {
		panic(err) // embedded: always there
	}
	return b
}
