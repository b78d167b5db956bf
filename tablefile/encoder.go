//go:build !js

package tablefile

import "github.com/klauspost/compress/zstd"

func newEncoder() (compressor, error) {
	return zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
}
