//go:build js

package tablefile

import "errors"

// errNoEncoder is why Write fails in a browser.
var errNoEncoder = errors.New("tablefile: zstd compression is not built for js/wasm")

// newEncoder fails in a browser: the static copy's engine (cmd/serve/wasm)
// reads the embedded tables but, with no files to keep, writes none, and
// zstd's encoder would add to every page load.
func newEncoder() (compressor, error) { return nil, errNoEncoder }
