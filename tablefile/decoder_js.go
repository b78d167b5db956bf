//go:build js

package tablefile

// decompress refuses zstd payloads in a browser: the static copy's
// engine (cmd/serve/wasm) reads only the embedded tables, which are stored
// raw (one bit a board, which zstd does not shrink), and zstd's decoder
// would add to every page load.
func decompress(comp []byte, rawLen uint64) ([]byte, error) {
	return nil, &FormatError{Field: "payload", Msg: "zstd-compressed payloads are not built for js/wasm"}
}
