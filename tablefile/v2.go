package tablefile

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strconv"
)

// Storage says how a version-2 file stores its payload's blocks.
type Storage uint8

const (
	// StorageRaw stores every block as it is: the payload is one
	// contiguous run of bytes that a reader can memory-map (Open). For
	// 1-bit payloads, which zstd cannot shrink, it is also the fastest.
	StorageRaw Storage = 0
	// StorageZstd stores each block as a zstd frame, or as it is where
	// zstd does not make it smaller.
	StorageZstd Storage = 1
)

func (s Storage) String() string {
	switch s {
	case StorageRaw:
		return "raw"
	case StorageZstd:
		return "zstd"
	}
	return "Storage(" + strconv.Itoa(int(s)) + ")"
}

// Block sizes of version 2: a power of two from 64 KiB to 1 GiB.
const (
	defaultBlockSize = 1 << 20
	minBlockLog      = 16
	maxBlockLog      = 30
	v2FixedLen       = 24 // magic through the reserved bytes
	// endMagic closes a version-2 file, so that a file cut short is told
	// from a damaged one.
	endMagic = "TSPEND\r\n"
)

// WriteOptions choose how WriteV2 stores the payload.
type WriteOptions struct {
	Storage   Storage
	BlockSize int // a power of two, 64 KiB … 1 GiB; 0 means defaultBlockSize
}

// v2HeaderLen is the header length for n cells, pattern length p and c
// counts, through the header checksum.
func v2HeaderLen(n, p, c int) int { return v2FixedLen + n + p + 8 + 8*c + 8 + 4 }

// WriteV2 writes a version-2 table file holding h and the payload read
// from payload (the bytes h.Entries take in h.Encoding, from offset 0) to
// w, one block at a time: its memory does not grow with the payload, so a
// payload can stream out of a larger structure (a search's codes) without
// a copy.
// It validates h first and writes nothing if it is invalid.
func WriteV2(w io.Writer, h Header, payload io.ReaderAt, opts WriteOptions) error {
	if err := h.validate(); err != nil {
		return err
	}
	bs := opts.BlockSize
	if bs == 0 {
		bs = defaultBlockSize
	}
	blockLog := 0
	for 1<<blockLog < bs {
		blockLog++
	}
	if 1<<blockLog != bs || blockLog < minBlockLog || blockLog > maxBlockLog {
		return fmt.Errorf("tablefile: block size %d is not a power of two from %d to %d", bs, 1<<minBlockLog, 1<<maxBlockLog)
	}
	if opts.Storage != StorageRaw && opts.Storage != StorageZstd {
		return fmt.Errorf("tablefile: unknown storage %s", opts.Storage)
	}
	raw, _ := h.payloadLen()
	n := h.Rows * h.Cols
	hdr := make([]byte, v2HeaderLen(n, len(h.Pattern), len(h.Counts)))
	putPrefix(hdr, version2, h)
	hdr[16] = byte(opts.Storage)
	hdr[17] = byte(blockLog)
	off := putTail(hdr, v2FixedLen+copy(hdr[v2FixedLen:], h.Goal), h, raw)
	putChecksum(hdr, off)
	if _, err := w.Write(hdr); err != nil {
		return fmt.Errorf("tablefile: %w", err)
	}

	blocks := int((raw + uint64(bs) - 1) / uint64(bs))
	table := make([]byte, 8*blocks+4+len(endMagic))
	copy(table[8*blocks+4:], endMagic)
	buf := make([]byte, bs)
	var comp []byte
	for i := range blocks {
		start := uint64(i) * uint64(bs)
		b := buf[:min(uint64(bs), raw-start)]
		if k, err := payload.ReadAt(b, int64(start)); k < len(b) {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("tablefile: reading the payload at %d: %w", start, err)
		}
		stored := b
		if opts.Storage == StorageZstd {
			enc, err := encoder()
			if err != nil {
				return fmt.Errorf("tablefile: creating zstd encoder: %w", err)
			}
			comp = enc.EncodeAll(b, comp[:0])
			if len(comp) < len(b) {
				stored = comp
			}
		}
		binary.LittleEndian.PutUint32(table[8*i:], uint32(len(stored)))
		binary.LittleEndian.PutUint32(table[8*i+4:], crc32.Checksum(b, castagnoli))
		if _, err := w.Write(stored); err != nil {
			return fmt.Errorf("tablefile: %w", err)
		}
	}
	binary.LittleEndian.PutUint32(table[8*blocks:], crc32.Checksum(table[:8*blocks], castagnoli))
	if _, err := w.Write(table); err != nil {
		return fmt.Errorf("tablefile: %w", err)
	}
	return nil
}

// v2Layout is what a version-2 header says about the payload.
type v2Layout struct {
	storage   Storage
	blockSize uint64
	rawLen    uint64
	blocks    int
}

// tableLen is the length of the block table, its checksum and the end
// marker.
func (l v2Layout) tableLen() int { return 8*l.blocks + 4 + len(endMagic) }

// blockLen is the raw length of block i.
func (l v2Layout) blockLen(i int) uint64 {
	return min(l.blockSize, l.rawLen-uint64(i)*l.blockSize)
}

// readV2Header reads the rest of a version-2 header whose first
// v2FixedLen bytes are in fixed, already checked for magic and version.
func readV2Header(r io.Reader, fixed []byte) (Header, v2Layout, []byte, error) {
	n := int(fixed[12]) * int(fixed[13])
	p, c := int(fixed[14]), int(fixed[15])+1
	if n > maxCells || p > maxCells-1 {
		return Header{}, v2Layout{}, nil, &FormatError{Field: "shape", Msg: fmt.Sprintf("invalid shape %dx%d with a pattern of %d (at most %d cells)", fixed[12], fixed[13], p, maxCells)}
	}
	hdr := make([]byte, v2HeaderLen(n, p, c))
	copy(hdr, fixed)
	if m, err := io.ReadFull(r, hdr[v2FixedLen:]); err != nil {
		if err != io.EOF && err != io.ErrUnexpectedEOF {
			return Header{}, v2Layout{}, nil, fmt.Errorf("tablefile: reading header: %w", err)
		}
		return Header{}, v2Layout{}, nil, &FormatError{Field: "header", sentinel: ErrTruncated,
			Msg: fmt.Sprintf("truncated header (read %d of %d bytes)", v2FixedLen+m, len(hdr))}
	}
	h, l, err := parseV2Header(hdr)
	return h, l, hdr, err
}

// parseV2Header checks the checksum of a complete version-2 header and
// decodes and validates its fields.
func parseV2Header(hdr []byte) (Header, v2Layout, error) {
	var h Header
	var l v2Layout
	crcOff := len(hdr) - 4
	if stored, got := binary.LittleEndian.Uint32(hdr[crcOff:]), crc32.Checksum(hdr[:crcOff], castagnoli); stored != got {
		return h, l, &FormatError{Field: "header", sentinel: ErrChecksum, Msg: "header checksum mismatch"}
	}
	h.Kind = Kind(hdr[10])
	h.Encoding = Encoding(hdr[11])
	h.Rows, h.Cols = int(hdr[12]), int(hdr[13])
	n, p, c := h.Rows*h.Cols, int(hdr[14]), int(hdr[15])+1
	if !h.Kind.known() {
		return h, l, &UnsupportedError{Msg: "unsupported kind " + strconv.Itoa(int(h.Kind))}
	}
	if h.Encoding.entriesPerByte() == 0 {
		return h, l, &UnsupportedError{Msg: "unsupported encoding " + strconv.Itoa(int(h.Encoding))}
	}
	l.storage = Storage(hdr[16])
	if l.storage != StorageRaw && l.storage != StorageZstd {
		return h, l, &UnsupportedError{Msg: "unsupported storage " + strconv.Itoa(int(l.storage))}
	}
	blockLog := int(hdr[17])
	if blockLog < minBlockLog || blockLog > maxBlockLog {
		return h, l, &FormatError{Field: "block size", Msg: fmt.Sprintf("block size 2^%d out of range 2^%d … 2^%d", blockLog, minBlockLog, maxBlockLog)}
	}
	l.blockSize = 1 << blockLog
	for _, b := range hdr[18:v2FixedLen] {
		if b != 0 {
			return h, l, &FormatError{Field: "reserved", Msg: "reserved header bytes are not zero"}
		}
	}
	h.Goal = append([]uint8(nil), hdr[v2FixedLen:v2FixedLen+n]...)
	l.rawLen, _ = getTail(hdr, v2FixedLen+n, p, c, &h)
	if err := h.validate(); err != nil {
		return h, l, err
	}
	if want, _ := h.payloadLen(); l.rawLen != want {
		return h, l, &FormatError{Field: "payload length",
			Msg: fmt.Sprintf("payload length %d does not match %d %s entries (want %d)", l.rawLen, h.Entries, h.Encoding, want)}
	}
	if l.rawLen > math.MaxInt {
		return h, l, &UnsupportedError{Msg: fmt.Sprintf("%d-byte payload is too large for this platform", l.rawLen)}
	}
	l.blocks = int((l.rawLen + l.blockSize - 1) / l.blockSize)
	return h, l, nil
}

// blockTable checks and decodes a version-2 block table (with its
// checksum) into stored lengths and raw checksums. body is the number of
// payload bytes that precede the table in the file.
func parseBlockTable(l v2Layout, table []byte, body uint64) (lens []uint32, crcs []uint32, err error) {
	k := 8 * l.blocks
	if string(table[k+4:]) != endMagic {
		return nil, nil, &FormatError{Field: "payload", sentinel: ErrTruncated, Msg: "truncated file (no end marker)"}
	}
	if binary.LittleEndian.Uint32(table[k:]) != crc32.Checksum(table[:k], castagnoli) {
		return nil, nil, &FormatError{Field: "block table", sentinel: ErrChecksum, Msg: "block table checksum mismatch"}
	}
	lens = make([]uint32, l.blocks)
	crcs = make([]uint32, l.blocks)
	var sum uint64
	for i := range l.blocks {
		lens[i] = binary.LittleEndian.Uint32(table[8*i:])
		crcs[i] = binary.LittleEndian.Uint32(table[8*i+4:])
		raw := l.blockLen(i)
		if uint64(lens[i]) > raw || (l.storage == StorageRaw && uint64(lens[i]) != raw) || lens[i] == 0 {
			return nil, nil, &FormatError{Field: "block table", Msg: fmt.Sprintf("block %d is stored in %d bytes, its raw length is %d with %s storage", i, lens[i], raw, l.storage)}
		}
		sum += uint64(lens[i])
	}
	if sum != body {
		return nil, nil, &FormatError{Field: "payload", sentinel: ErrTruncated,
			Msg: fmt.Sprintf("the blocks take %d bytes, the file holds %d between header and block table", sum, body)}
	}
	return lens, crcs, nil
}

// readV2Body reads the payload and block table of a version-2 file from
// r, which must end right after them, and returns the checked raw
// payload. size is the number of bytes left in r when known, else −1.
func readV2Body(r io.Reader, l v2Layout, size int64) ([]byte, error) {
	maxBody := l.rawLen
	if l.storage == StorageZstd {
		maxBody = maxCompressedLen(l.rawLen)
	}
	limit := maxBody + uint64(l.tableLen())
	if size >= 0 && uint64(size) > limit {
		return nil, &FormatError{Field: "trailing", Msg: fmt.Sprintf("%d bytes after the header, a %d-byte payload takes at most %d", size, l.rawLen, limit)}
	}
	want := limit
	if size >= 0 {
		want = uint64(size)
	}
	rest, err := readUpTo(r, want, size >= 0)
	if err != nil {
		return nil, err
	}
	if uint64(len(rest)) < uint64(l.tableLen()) {
		return nil, &FormatError{Field: "payload", sentinel: ErrTruncated, Msg: fmt.Sprintf("truncated file (%d bytes after the header)", len(rest))}
	}
	body := rest[:len(rest)-l.tableLen()]
	lens, crcs, err := parseBlockTable(l, rest[len(body):], uint64(len(body)))
	if err != nil {
		return nil, err
	}
	if l.storage == StorageRaw {
		for i := range l.blocks {
			if err := checkBlock(body, l, i, crcs[i]); err != nil {
				return nil, err
			}
		}
		return body, nil
	}
	out := make([]byte, 0, l.rawLen)
	var pos uint64
	for i := range l.blocks {
		stored := body[pos : pos+uint64(lens[i])]
		pos += uint64(lens[i])
		raw := l.blockLen(i)
		var b []byte
		if uint64(len(stored)) == raw {
			b = stored
		} else {
			if b, err = decompress(stored, raw); err != nil {
				return nil, err
			}
		}
		if got := crc32.Checksum(b, castagnoli); got != crcs[i] {
			return nil, blockChecksumError(i, crcs[i], got)
		}
		out = append(out, b...)
	}
	return out, nil
}

func checkBlock(payload []byte, l v2Layout, i int, want uint32) error {
	start := uint64(i) * l.blockSize
	b := payload[start : start+l.blockLen(i)]
	if got := crc32.Checksum(b, castagnoli); got != want {
		return blockChecksumError(i, want, got)
	}
	return nil
}

func blockChecksumError(i int, want, got uint32) error {
	return &FormatError{Field: "payload", sentinel: ErrChecksum,
		Msg: fmt.Sprintf("payload block %d checksum mismatch (stored 0x%08x, computed 0x%08x)", i, want, got)}
}

// readUpTo reads the rest of r, at most n bytes (growing its buffer as
// data arrives); exact says r holds exactly n bytes. More than n bytes is
// trailing data.
func readUpTo(r io.Reader, n uint64, exact bool) ([]byte, error) {
	if exact {
		return readN(r, n)
	}
	buf, err := io.ReadAll(io.LimitReader(r, int64(min(n, math.MaxInt64-1))+1))
	if err != nil {
		return nil, fmt.Errorf("tablefile: reading payload: %w", err)
	}
	if uint64(len(buf)) > n {
		return nil, &FormatError{Field: "trailing", Msg: "trailing data after the block table"}
	}
	return buf, nil
}
