//go:build !js

package tablefile

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/klauspost/compress/zstd"
)

var (
	// The decoder caps output at cap(dst) (WithDecodeAllCapLimit), and Read
	// passes a buffer whose capacity is exactly the header's raw length, so
	// every decode is bounded by that length; WithDecoderMaxMemory is the
	// global backstop. Concurrency 0 (GOMAXPROCS) lets tables load in
	// parallel.
	decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
		return zstd.NewReader(nil,
			zstd.WithDecoderConcurrency(0),
			zstd.WithDecoderMaxMemory(maxPayloadLen),
			zstd.WithDecodeAllCapLimit(true),
		)
	})
)

// decompress decodes comp, which must hold exactly rawLen bytes of data.
func decompress(comp []byte, rawLen uint64) ([]byte, error) {
	dec, err := decoder()
	if err != nil {
		return nil, fmt.Errorf("tablefile: creating zstd decoder: %w", err)
	}
	// The capacity is the output limit (WithDecodeAllCapLimit). parseHeader
	// has bounded rawLen by maxPayloadLen and by compLen*maxExpansion, and
	// comp was actually read, so this allocation is justified by the input.
	out, err := dec.DecodeAll(comp, make([]byte, 0, rawLen))
	if err != nil {
		fe := &FormatError{Field: "payload", Msg: "corrupt compressed payload: " + err.Error()}
		if errors.Is(err, zstd.ErrCRCMismatch) {
			fe.sentinel = ErrChecksum
		}
		return nil, fe
	}
	if uint64(len(out)) != rawLen {
		return nil, &FormatError{Field: "payload",
			Msg: "payload decompresses to " + strconv.Itoa(len(out)) + " bytes, header says " + strconv.FormatUint(rawLen, 10)}
	}
	return out, nil
}
