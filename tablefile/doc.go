// Package tablefile reads and writes the checksummed container used for
// distance tables and pattern databases.
//
// Two format versions exist and Read, ReadFile and Open take both.
// Version 2 (WriteV2) stores the payload in blocks with a checksum each,
// raw or zstd-compressed; a raw file is memory-mapped by Open and each
// block is checked the first time it is read, and it describes boards of
// up to 25 cells and tables of up to 2^36 entries. Version 1 (Write) is
// one zstd frame with one checksum, for boards of up to 16 cells; it is
// read whole. data/README.md documents both layouts.
//
// Tables are expensive to build and are loaded by code that trusts every
// entry, so a file is rejected unless its header and its decompressed
// payload both match their CRC-32C checksums. The checksums cover the raw
// (uncompressed) payload rather than the compressed bytes, because zstd
// output may change between library versions while the table itself must
// not.
//
// # Version 2 layout
//
// All integers are little-endian; n = rows*cols, p the pattern length, c
// the number of counts, B the block size, k the number of blocks.
//
//	offset      size  field
//	0           8     magic "TSPACE\r\n"
//	8           2     format version, uint16 = 2
//	10          4     kind, encoding, rows, cols (one byte each), n ≤ 25
//	14          2     p, c-1
//	16          1     storage: 0 = raw, 1 = zstd blocks
//	17          1     log2 B, 16..30
//	18          6     zero
//	24          n+p   goal, pattern
//	24+n+p      8     entries
//	32+n+p      8c    counts
//	32+n+p+8c   8     raw payload length
//	40+n+p+8c   4     CRC-32C of everything above
//	44+n+p+8c         k blocks, then the block table (per block: uint32
//	                  stored length, uint32 CRC-32C of the raw block), the
//	                  CRC-32C of the block table, and "TSPEND\r\n"
//
// # Version 1 layout
//
// All integers are little-endian. Offsets are in bytes; p is the pattern
// length and c the number of counts.
//
//	offset   size  field
//	0        8     magic "TSPACE\r\n" (54 53 50 41 43 45 0D 0A); the \r\n
//	               catches text-mode (CRLF/LF) damage
//	8        2     format version, uint16 = 1
//	10       1     kind: 1 = distance table, 2 = pattern database
//	11       1     encoding: 1 = bytes, 2 = mod4-bit, 3 = nibbles, 4 = mod3
//	12       1     rows (≥ 2)
//	13       1     cols (≥ 2), rows*cols ≤ 16
//	14       1     p = pattern length, 0..15 (0 for distance tables,
//	               ≥ 1 for pattern databases)
//	15       1     c-1, where c = number of counts, 1..256
//	16       16    goal board: the tile at each cell in row-major order,
//	               0 = blank, a permutation of 0..rows*cols-1; the
//	               16-rows*cols bytes after it are 0xFF
//	32       p     pattern tiles, strictly ascending, each in 1..rows*cols-1
//	32+p     8     entries, uint64: number of entries the payload encodes
//	40+p     8*c   counts, uint64 each: counts[v] = number of entries with
//	               value v; they sum to entries
//	40+p+8c  8     raw payload length, uint64; must equal the length implied
//	               by encoding and entries (see below), at most 2^36
//	48+p+8c  4     CRC-32C (Castagnoli) of the raw, uncompressed payload
//	52+p+8c  8     compressed payload length, uint64
//	60+p+8c  4     CRC-32C of header bytes 0 .. 59+p+8c (everything above)
//	64+p+8c        compressed payload: one or more zstd frames, exactly
//	               "compressed payload length" bytes, then end of file;
//	               trailing bytes are an error
//
// The header is therefore 64+p+8c bytes: 72 at the least, 2127 at most.
//
// # Payload encodings
//
// The raw payload holds one value per entry, entry i being the i-th state
// in the table's own indexing order:
//
//	bytes     (1)  one byte per entry, the value;        length = E
//	mod4-bit  (2)  one bit per entry, bit (value>>1)&1,  length = ceil(E/8)
//	               LSB-first within each byte
//	nibbles   (3)  two entries per byte, low nibble      length = ceil(E/2)
//	               first
//	mod3      (4)  two bits per entry, value mod 3,      length = ceil(E/4)
//	               LSB-first, four entries per byte
//
// where E is the entries field. Unused bits in the last byte are written as
// zero by convention; the reader does not check them.
//
// # Errors
//
// Damaged files produce a *FormatError; those caused by truncation match
// ErrTruncated and those caused by a checksum mismatch match ErrChecksum
// under errors.Is. Well-formed files of a format version, kind or encoding
// this build does not know produce an *UnsupportedError. Header.Expect
// returns a *MismatchError when a valid file describes a different puzzle
// than the caller wants.
package tablefile
