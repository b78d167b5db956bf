package tablefile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync/atomic"
)

// ErrNotRegular is matched by the error for a path that is not a regular
// file (a FIFO, a device, a folder): reading one may block forever, so
// it is refused before any read.
var ErrNotRegular = errors.New("not a regular file")

// openRegular opens path for reading and returns it with its size, or an
// error when it is not a regular file. The open does not block on a FIFO
// (O_NONBLOCK where the platform has it) and the check uses the opened
// file, so a file swapped in between cannot slip through.
func openRegular(path string) (*os.File, int64, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, 0, &pathError{op: "read", path: path, err: fmt.Errorf("%w (%s); a table must be a file", ErrNotRegular, st.Mode().Type())}
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, 0, fmt.Errorf("tablefile: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("tablefile: %w", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, &pathError{op: "read", path: path, err: fmt.Errorf("%w (%s); a table must be a file", ErrNotRegular, st.Mode().Type())}
	}
	return f, st.Size(), nil
}

// A File is an open table file whose payload is read on demand: a
// version-2 file with raw storage is memory-mapped and each block is
// checked against its checksum the first time it is read, so a 5 GB
// table answers its first lookup at once; other files are read and
// checked whole by Open. A File is safe for concurrent use.
type File struct {
	Header Header

	path    string
	payload []byte // the mapped or read payload
	mapping []byte // the whole mapping, nil when read into memory
	block   uint64 // block size (mapped files)
	crcs    []uint32
	state   []atomic.Uint32 // per block: 0 unchecked, 1 sound, 2 damaged
}

// Open opens the table file at path (version 1 or 2). It checks the
// header and, for a mapped file, the block table; the blocks themselves
// are checked as they are first read. Errors name the path; anything but
// a regular file is refused with ErrNotRegular.
func Open(path string) (*File, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fixed := make([]byte, v2FixedLen)
	n, err := io.ReadFull(f, fixed)
	if err := checkMagicVersion(fixed[:n]); err != nil {
		return nil, &pathError{op: "read", path: path, err: err}
	}
	if err != nil || binary.LittleEndian.Uint16(fixed[8:]) != version2 || fixed[16] != byte(StorageRaw) || !canMap {
		// Read whole: version 1, zstd blocks, or no mmap here.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("tablefile: %w", err)
		}
		h, payload, err := read(f, size)
		if err != nil {
			return nil, &pathError{op: "read", path: path, err: err}
		}
		return &File{Header: h, path: path, payload: payload}, nil
	}
	h, l, hdr, err := readV2Header(f, fixed)
	if err != nil {
		return nil, &pathError{op: "read", path: path, err: err}
	}
	want := int64(len(hdr)) + int64(l.rawLen) + int64(l.tableLen())
	if size != want {
		e := &FormatError{Field: "payload", sentinel: ErrTruncated, Msg: fmt.Sprintf("file is %d bytes, its header and blocks take %d", size, want)}
		if size > want {
			e = &FormatError{Field: "trailing", Msg: fmt.Sprintf("file is %d bytes, its header and blocks take %d: trailing data", size, want)}
		}
		return nil, &pathError{op: "read", path: path, err: e}
	}
	m, err := mapFile(f, size)
	if err != nil {
		return nil, &pathError{op: "map", path: path, err: err}
	}
	body := m[len(hdr) : len(hdr)+int(l.rawLen)]
	_, crcs, err := parseBlockTable(l, m[len(hdr)+int(l.rawLen):], l.rawLen)
	if err != nil {
		unmapFile(m)
		return nil, &pathError{op: "read", path: path, err: err}
	}
	return &File{Header: h, path: path, payload: body, mapping: m, block: l.blockSize, crcs: crcs, state: make([]atomic.Uint32, l.blocks)}, nil
}

// Mapped reports whether the payload is memory-mapped rather than read.
func (f *File) Mapped() bool { return f.mapping != nil }

// Mapping returns the whole mapped file (nil when it was read into
// memory); valid until Close.
func (f *File) Mapping() []byte { return f.mapping }

// Path returns the file's path.
func (f *File) Path() string { return f.path }

// Byte returns payload byte i, checking its block first if that has not
// been done (a damaged block gives an error matching ErrChecksum, every
// time it is read).
func (f *File) Byte(i uint64) (byte, error) {
	if f.state != nil {
		b := i / f.block
		if s := f.state[b].Load(); s != 1 {
			if err := f.check(int(b), s); err != nil {
				return 0, err
			}
		}
	}
	return f.payload[i], nil
}

func (f *File) check(b int, s uint32) error {
	if s == 0 {
		start := uint64(b) * f.block
		end := min(start+f.block, uint64(len(f.payload)))
		s = 1
		if crc32.Checksum(f.payload[start:end], castagnoli) != f.crcs[b] {
			s = 2
		}
		f.state[b].Store(s)
	}
	if s == 2 {
		start := uint64(b) * f.block
		got := crc32.Checksum(f.payload[start:min(start+f.block, uint64(len(f.payload)))], castagnoli)
		return &pathError{op: "read", path: f.path, err: blockChecksumError(b, f.crcs[b], got)}
	}
	return nil
}

// verify checks every block not yet checked.
func (f *File) verify() error {
	for b := range f.state {
		if s := f.state[b].Load(); s != 1 {
			if err := f.check(b, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// Payload returns the whole payload after checking every block. For a
// mapped file the bytes are the mapping's: valid until Close.
func (f *File) Payload() ([]byte, error) {
	if err := f.verify(); err != nil {
		return nil, err
	}
	return f.payload, nil
}

// Close releases the mapping, if any. The File must not be used after.
func (f *File) Close() error {
	if f.mapping == nil {
		return nil
	}
	m := f.mapping
	f.mapping, f.payload = nil, nil
	return unmapFile(m)
}
