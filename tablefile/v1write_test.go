package tablefile

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// Format version 1's writer: the files of older builds, which the package
// still reads (Read, Open), written for the tests.

// Write writes a table file holding h and payload to w, in format version
// 1 (the tests' writer of the files older builds wrote; the package writes
// version 2, WriteV2). The payload is the
// raw encoded entries; its length must equal h.PayloadLen(). Write
// validates h first and writes nothing if it is invalid.
//
// Version 1 is one zstd frame, for boards of at most 16 cells and
// payloads within version 1's entry limits.
func Write(w io.Writer, h Header, payload []byte) error {
	if err := h.validate(); err != nil {
		return err
	}
	if err := h.fitsV1(); err != nil {
		return err
	}
	raw, _ := h.payloadLen()
	if uint64(len(payload)) != raw {
		return fmt.Errorf("tablefile: payload is %d bytes, %d %s entries need %d", len(payload), h.Entries, h.Encoding, raw)
	}
	enc, err := encoder()
	if err != nil {
		return fmt.Errorf("tablefile: creating zstd encoder: %w", err)
	}
	comp := enc.EncodeAll(payload, nil)

	hdr := make([]byte, headerLen(len(h.Pattern), len(h.Counts)))
	putPrefix(hdr, version, h)
	for i := range 16 {
		hdr[16+i] = 0xFF
	}
	copy(hdr[16:], h.Goal)
	off := putTail(hdr, fixedLen, h, raw)
	binary.LittleEndian.PutUint32(hdr[off:], crc32.Checksum(payload, castagnoli))
	off += 4
	off = putUint64(hdr, off, uint64(len(comp)))
	putChecksum(hdr, off)

	if _, err := w.Write(hdr); err != nil {
		return fmt.Errorf("tablefile: %w", err)
	}
	if _, err := w.Write(comp); err != nil {
		return fmt.Errorf("tablefile: %w", err)
	}
	return nil
}

// WriteFile writes a version-1 table file (Write) to path atomically:
// readers see the old file or the complete new one, and a failed or
// canceled write leaves no new file.
func WriteFile(ctx context.Context, path string, h Header, payload []byte) error {
	// Validate up front so an invalid header never creates a temporary file.
	if err := h.validate(); err != nil {
		return &pathError{op: "write", path: path, err: err}
	}
	err := atomicfile.Write(ctx, path, func(w io.Writer) error { return Write(w, h, payload) })
	if err != nil {
		return &pathError{op: "write", path: path, err: err}
	}
	return nil
}
