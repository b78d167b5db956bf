package tablefile

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// Format constants; see the package documentation for the layout.
const (
	magic    = "TSPACE\r\n"
	version  = 1 // the compact format: one zstd frame, boards up to 16 cells
	version2 = 2 // blocks with a checksum each, raw or zstd, boards up to 25 cells

	fixedLen     = 32 // magic through goal: the part read before p and c are known
	minHeaderLen = 72 // headerLen(0, 1)

	// maxExpansion bounds how far zstd can expand its input: a block
	// decodes to at most 128 KiB and occupies at least 4 bytes (an RLE
	// block). A header claiming more is rejected before the output buffer
	// is allocated.
	maxExpansion = (128 << 10) / 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// headerLen is the total header length for pattern length p and c counts.
func headerLen(p, c int) int { return fixedLen + p + 8 + 8*c + 8 + 4 + 8 + 4 }

// maxCompressedLen bounds the compressed length for a raw length: zstd's
// worst case is a few bytes per 128 KiB block plus a frame header, so
// raw/8 + 1 MiB of slack is generous while still preventing a damaged
// header from demanding an enormous read.
func maxCompressedLen(raw uint64) uint64 { return raw + raw/8 + 1<<20 }

// The encoder and decoder are shared because creating them is costly
// (SpeedBestCompression allocates large match tables) and both are safe
// for concurrent EncodeAll/DecodeAll calls.
// compressor is what Write needs of a zstd encoder: newEncoder's answer
// (encoder.go), which a js/wasm build, never writing tables, leaves out.
type compressor interface {
	EncodeAll(src, dst []byte) []byte
}

var (
	encoder = sync.OnceValues(newEncoder)
)

// putPrefix writes the 16 bytes both versions start with: magic, version,
// kind, encoding, rows, columns, the pattern's length and the largest value.
func putPrefix(hdr []byte, v uint16, h Header) {
	copy(hdr, magic)
	binary.LittleEndian.PutUint16(hdr[8:], v)
	hdr[10] = byte(h.Kind)
	hdr[11] = byte(h.Encoding)
	hdr[12] = byte(h.Rows)
	hdr[13] = byte(h.Cols)
	hdr[14] = byte(len(h.Pattern))
	hdr[15] = byte(len(h.Counts) - 1)
}

// putTail writes what both versions' headers hold after the goal, from
// off: the pattern, the entries, the counts and the raw payload length.
// It returns the offset after them.
func putTail(hdr []byte, off int, h Header, raw uint64) int {
	off += copy(hdr[off:], h.Pattern)
	off = putUint64(hdr, off, h.Entries)
	for _, c := range h.Counts {
		off = putUint64(hdr, off, c)
	}
	return putUint64(hdr, off, raw)
}

// getTail reads what putTail wrote at off into h: p pattern tiles, the
// entries and c counts; it returns the raw payload length and the offset
// after it.
func getTail(hdr []byte, off, p, c int, h *Header) (uint64, int) {
	if p > 0 {
		h.Pattern = append([]uint8(nil), hdr[off:off+p]...)
	}
	off += p
	h.Entries = binary.LittleEndian.Uint64(hdr[off:])
	off += 8
	h.Counts = make([]uint64, c)
	for i := range h.Counts {
		h.Counts[i] = binary.LittleEndian.Uint64(hdr[off:])
		off += 8
	}
	return binary.LittleEndian.Uint64(hdr[off:]), off + 8
}

// putChecksum writes the CRC-32C of hdr[:off] at off: the last field of
// both versions' headers.
func putChecksum(hdr []byte, off int) {
	binary.LittleEndian.PutUint32(hdr[off:], crc32.Checksum(hdr[:off], castagnoli))
}

func putUint64(b []byte, off int, v uint64) int {
	binary.LittleEndian.PutUint64(b[off:], v)
	return off + 8
}

// WriteFileV2 writes a version-2 table file to path atomically, like
// WriteFile. It stops between blocks when ctx is done, leaving no file.
func WriteFileV2(ctx context.Context, path string, h Header, payload io.ReaderAt, opts WriteOptions) error {
	if err := h.validate(); err != nil {
		return &pathError{op: "write", path: path, err: err}
	}
	err := atomicfile.Write(ctx, path, func(w io.Writer) error { return WriteV2(w, h, ctxReaderAt{ctx, payload}, opts) })
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if err != nil {
		return &pathError{op: "write", path: path, err: err}
	}
	return nil
}

// Read reads a table file (version 1 or 2) from r and returns its header
// and raw payload after checking the magic, version, header checksum,
// header fields, payload length and payload checksums. r must end right
// after the payload (version 1) or the block table (version 2). Damage gives a *FormatError, an unknown version, kind or
// encoding an *UnsupportedError; I/O errors from r are returned wrapped.
func Read(r io.Reader) (Header, []byte, error) {
	return read(r, -1)
}

// ReadFile reads the table file at path like Read; errors name the path.
// Anything but a regular file (a FIFO, a device, a folder) is refused
// with ErrNotRegular before it is read, since reading one may block
// forever.
func ReadFile(path string) (Header, []byte, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return Header{}, nil, err
	}
	defer f.Close()
	h, payload, err := read(f, size)
	if err != nil {
		return Header{}, nil, &pathError{op: "read", path: path, err: err}
	}
	return h, payload, nil
}

// read implements Read. size is the total input size if known (a regular
// file), else -1; it only lets truncation be reported before reading.
func read(r io.Reader, size int64) (Header, []byte, error) {
	fixed := make([]byte, v2FixedLen)
	n, err := io.ReadFull(r, fixed)
	if err := checkMagicVersion(fixed[:n]); err != nil {
		return Header{}, nil, err
	}
	if err != nil {
		return Header{}, nil, truncatedHeader(fixed[:n], err)
	}
	if binary.LittleEndian.Uint16(fixed[8:]) == version2 {
		h, l, hdr, err := readV2Header(r, fixed)
		if err != nil {
			return Header{}, nil, err
		}
		if size >= 0 {
			size -= int64(len(hdr))
		}
		payload, err := readV2Body(r, l, size)
		if err != nil {
			return Header{}, nil, err
		}
		return h, payload, nil
	}
	hdr, err := readHeaderBytes(io.MultiReader(bytes.NewReader(fixed), r))
	if err != nil {
		return Header{}, nil, err
	}
	h, rawLen, rawCRC, compLen, err := parseHeader(hdr)
	if err != nil {
		return Header{}, nil, err
	}

	if size >= 0 && uint64(size-int64(len(hdr))) < compLen {
		return Header{}, nil, &FormatError{Field: "payload", sentinel: ErrTruncated,
			Msg: fmt.Sprintf("truncated payload (got %d of %d compressed bytes)", size-int64(len(hdr)), compLen)}
	}
	comp, err := readN(r, compLen)
	if err != nil {
		return Header{}, nil, err
	}
	var one [1]byte
	switch n, err := io.ReadFull(r, one[:]); {
	case n > 0:
		return Header{}, nil, &FormatError{Field: "trailing", Msg: "trailing data after payload"}
	case err != io.EOF:
		return Header{}, nil, fmt.Errorf("tablefile: reading past payload: %w", err)
	}

	payload, err := decompress(comp, rawLen)
	if err != nil {
		return Header{}, nil, err
	}
	if got := crc32.Checksum(payload, castagnoli); got != rawCRC {
		return Header{}, nil, &FormatError{Field: "payload", sentinel: ErrChecksum,
			Msg: fmt.Sprintf("payload checksum mismatch (stored 0x%08x, computed 0x%08x)", rawCRC, got)}
	}
	return h, payload, nil
}

// readHeaderBytes reads the whole header, checking the magic and version
// as soon as their bytes are available so that a foreign or newer file is
// reported as such even when it is shorter than a header.
func readHeaderBytes(r io.Reader) ([]byte, error) {
	buf := make([]byte, fixedLen, headerLen(v1MaxCells-1, maxCounts))
	n, err := io.ReadFull(r, buf)
	if err != nil {
		return nil, truncatedHeader(buf[:n], err)
	}
	p, c := int(buf[14]), int(buf[15])+1
	if p > v1MaxCells-1 {
		return nil, &FormatError{Field: "pattern", Msg: fmt.Sprintf("pattern length %d out of range 0..%d", p, v1MaxCells-1)}
	}
	buf = buf[:headerLen(p, c)]
	m, err := io.ReadFull(r, buf[fixedLen:])
	if err != nil {
		return nil, truncatedHeader(buf[:fixedLen+m], err)
	}
	return buf, nil
}

func checkMagicVersion(b []byte) error {
	m := min(len(b), len(magic))
	if string(b[:m]) != magic[:m] {
		msg := "bad magic: not a tilespace file"
		// CRLF turned into LF, or LF into CRLF.
		if m >= 7 && string(b[:7]) == magic[:6]+"\n" || len(b) >= 9 && string(b[:9]) == magic[:7]+"\r\n" {
			msg = "bad magic: line endings changed (file copied in text mode?)"
		}
		return &FormatError{Field: "magic", Msg: msg}
	}
	if len(b) >= 10 {
		if v := binary.LittleEndian.Uint16(b[8:]); v != version && v != version2 {
			return &UnsupportedError{Msg: fmt.Sprintf("unsupported format version %d (this build reads versions %d and %d)", v, version, version2)}
		}
	}
	return nil
}

// truncatedHeader reports a header cut short; b holds the bytes read.
// The full length is known once the p and c bytes have been read.
func truncatedHeader(b []byte, err error) error {
	if err != io.EOF && err != io.ErrUnexpectedEOF {
		return fmt.Errorf("tablefile: reading header: %w", err)
	}
	want := minHeaderLen
	if len(b) >= 16 {
		want = headerLen(int(b[14]), int(b[15])+1)
	}
	return &FormatError{Field: "header", sentinel: ErrTruncated,
		Msg: fmt.Sprintf("truncated header (read %d of %d bytes)", len(b), want)}
}

// parseHeader checks the header checksum and decodes and validates the
// fields of a complete header whose magic and version are already checked.
func parseHeader(hdr []byte) (h Header, rawLen uint64, rawCRC uint32, compLen uint64, err error) {
	crcOff := len(hdr) - 4
	if stored, got := binary.LittleEndian.Uint32(hdr[crcOff:]), crc32.Checksum(hdr[:crcOff], castagnoli); stored != got {
		return h, 0, 0, 0, &FormatError{Field: "header", sentinel: ErrChecksum, Msg: "header checksum mismatch"}
	}
	h.Kind = Kind(hdr[10])
	h.Encoding = Encoding(hdr[11])
	h.Rows, h.Cols = int(hdr[12]), int(hdr[13])
	p, c := int(hdr[14]), int(hdr[15])+1

	// An unknown kind or encoding means a newer writer, not damage, so it is
	// reported before anything else. The goal's length depends on the
	// shape; check the shape here so the slicing below is safe, and leave
	// the remaining checks to validate.
	if !h.Kind.known() {
		return h, 0, 0, 0, &UnsupportedError{Msg: "unsupported kind " + strconv.Itoa(int(h.Kind))}
	}
	if h.Encoding.entriesPerByte() == 0 {
		return h, 0, 0, 0, &UnsupportedError{Msg: "unsupported encoding " + strconv.Itoa(int(h.Encoding))}
	}
	n := h.Rows * h.Cols
	if h.Rows < 2 || h.Cols < 2 || n > v1MaxCells {
		return h, 0, 0, 0, &FormatError{Field: "shape", Msg: fmt.Sprintf("invalid shape %dx%d (need rows, cols ≥ 2 and at most %d cells)", h.Rows, h.Cols, v1MaxCells)}
	}
	h.Goal = append([]uint8(nil), hdr[16:16+n]...)
	for _, b := range hdr[16+n : fixedLen] {
		if b != 0xFF {
			return h, 0, 0, 0, &FormatError{Field: "goal", Msg: "goal padding is not 0xFF"}
		}
	}
	rawLen, off := getTail(hdr, fixedLen, p, c, &h)
	rawCRC = binary.LittleEndian.Uint32(hdr[off:])
	compLen = binary.LittleEndian.Uint64(hdr[off+4:])

	if err := h.validate(); err != nil {
		return h, 0, 0, 0, err
	}
	if err := h.fitsV1(); err != nil {
		return h, 0, 0, 0, err
	}
	want, _ := h.payloadLen()
	if rawLen != want {
		return h, 0, 0, 0, &FormatError{Field: "payload length",
			Msg: fmt.Sprintf("payload length %d does not match %d %s entries (want %d)", rawLen, h.Entries, h.Encoding, want)}
	}
	if compLen > maxCompressedLen(rawLen) || rawLen > compLen*maxExpansion {
		return h, 0, 0, 0, &FormatError{Field: "compressed length",
			Msg: fmt.Sprintf("compressed length %d is impossible for a %d-byte payload", compLen, rawLen)}
	}
	if compLen > math.MaxInt || rawLen > math.MaxInt {
		return h, 0, 0, 0, &UnsupportedError{Msg: fmt.Sprintf("%d-byte payload is too large for this platform", rawLen)}
	}
	return h, rawLen, rawCRC, compLen, nil
}

// readN reads exactly n bytes. The buffer grows as data arrives rather
// than being allocated from n up front, so a stream that ends early costs
// memory in proportion to what it actually delivered.
func readN(r io.Reader, n uint64) ([]byte, error) {
	const chunk = 1 << 20
	buf := make([]byte, 0, min(n, chunk))
	for uint64(len(buf)) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, int(min(n-uint64(len(buf)), uint64(max(len(buf), chunk)))))
		}
		// slices.Grow may round the capacity up past n: read no further than n.
		m, err := io.ReadFull(r, buf[len(buf):min(uint64(cap(buf)), n)])
		buf = buf[:len(buf)+m]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, &FormatError{Field: "payload", sentinel: ErrTruncated,
				Msg: fmt.Sprintf("truncated payload (got %d of %d compressed bytes)", len(buf), n)}
		}
		if err != nil {
			return nil, fmt.Errorf("tablefile: reading payload: %w", err)
		}
	}
	return buf, nil
}

// ctxReaderAt fails its reads once ctx is done.
type ctxReaderAt struct {
	ctx context.Context
	r   io.ReaderAt
}

func (c ctxReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.ReadAt(p, off)
}
