package twobit

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"os"

	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/hugepages"
	"github.com/tilespace/tilespace/statespace"
)

// A checkpoint is the search's state at a level boundary: the code array
// and the counts of the levels done. Its layout (little-endian):
//
//	0   8   magic "TSBFSCK\n"
//	8   1   rows
//	9   1   cols
//	10  1   levels done, L (1 … 256)
//	11  1   0
//	12  4   block size B in bytes (a multiple of 8)
//	16  32  goal: the tile at each cell, then 0xFF
//	48  8   boards, n!/2
//	56  8L  counts of the levels done
//	.   4   CRC-32C of everything above
//	then the code array (32 codes per uint64, little-endian) in blocks of
//	B bytes, the last one shorter, each followed by its CRC-32C
//
// Every block is checked as it is read, so a damaged checkpoint is refused
// before the search uses any of it.
const (
	checkpointMagic = "TSBFSCK\n"
	checkpointBlock = 1 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxLevels is the most levels a checkpoint holds.
const maxLevels = 256

// checkpointSize is the length of a checkpoint of sp after the given
// number of levels.
func checkpointSize(sp *statespace.Space, levels int) uint64 {
	body := (sp.Size() + perWord - 1) / perWord * 8
	return uint64(56+8*levels+4) + body + 4*((body+checkpointBlock-1)/checkpointBlock)
}

// checkpoint is a checkpoint read back.
type checkpoint struct {
	codes  []uint64
	counts []uint64
}

// CheckpointError reports a checkpoint that cannot be used: damaged,
// truncated, or for another space.
type CheckpointError struct {
	Path string
	Msg  string
}

// Kind is errkind.Damaged.
func (*CheckpointError) Kind() errkind.Kind { return errkind.Damaged }

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("twobit: checkpoint %s: %s; delete it to start over", e.Path, e.Msg)
}

// writeCheckpoint saves the search state of sp atomically to path.
// It stops between blocks when ctx is done, leaving the previous
// checkpoint in place.
func writeCheckpoint(ctx context.Context, path string, sp *statespace.Space, codes, counts []uint64) error {
	if len(counts) < 1 || len(counts) > maxLevels {
		return fmt.Errorf("twobit: checkpoint of %d levels", len(counts))
	}
	hdr := checkpointHeader(sp, counts)
	return atomicfile.Write(ctx, path, func(w io.Writer) error {
		if _, err := w.Write(hdr); err != nil {
			return err
		}
		buf := make([]byte, checkpointBlock+4)
		for i := 0; i < len(codes); {
			if err := ctx.Err(); err != nil {
				return err
			}
			n := min(checkpointBlock/8, len(codes)-i)
			for j, v := range codes[i : i+n] {
				binary.LittleEndian.PutUint64(buf[8*j:], v)
			}
			binary.LittleEndian.PutUint32(buf[8*n:], crc32.Checksum(buf[:8*n], castagnoli))
			if _, err := w.Write(buf[:8*n+4]); err != nil {
				return err
			}
			i += n
		}
		return nil
	})
}

func checkpointHeader(sp *statespace.Space, counts []uint64) []byte {
	sh := sp.Shape()
	hdr := make([]byte, 56+8*len(counts)+4)
	copy(hdr, checkpointMagic)
	rows, cols := sh.Dims()
	hdr[8], hdr[9], hdr[10] = byte(rows), byte(cols), byte(len(counts)-1)
	binary.LittleEndian.PutUint32(hdr[12:], checkpointBlock)
	for i := range 32 {
		hdr[16+i] = 0xFF
	}
	for c := 0; c < sh.Cells(); c++ {
		hdr[16+c] = byte(sp.Goal().Tile(c))
	}
	binary.LittleEndian.PutUint64(hdr[48:], sp.Size())
	for i, c := range counts {
		binary.LittleEndian.PutUint64(hdr[56+8*i:], c)
	}
	off := len(hdr) - 4
	binary.LittleEndian.PutUint32(hdr[off:], crc32.Checksum(hdr[:off], castagnoli))
	return hdr
}

// readCheckpoint reads the checkpoint at path, which must be for sp. A
// missing file gives an error matching os.ErrNotExist; any other problem
// a *CheckpointError.
func readCheckpoint(path string, sp *statespace.Space) (*checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, &CheckpointError{Path: path, Msg: "not a regular file"}
	}
	bad := func(format string, args ...any) error {
		return &CheckpointError{Path: path, Msg: fmt.Sprintf(format, args...)}
	}
	r := bufio.NewReaderSize(f, 1<<16)
	fixed := make([]byte, 56)
	if _, err := io.ReadFull(r, fixed); err != nil {
		return nil, bad("truncated header")
	}
	if string(fixed[:8]) != checkpointMagic {
		return nil, bad("not a tilespace search checkpoint")
	}
	levels := int(fixed[10]) + 1
	hdr := append(fixed, make([]byte, 8*levels+4)...)
	if _, err := io.ReadFull(r, hdr[56:]); err != nil {
		return nil, bad("truncated header")
	}
	off := len(hdr) - 4
	if binary.LittleEndian.Uint32(hdr[off:]) != crc32.Checksum(hdr[:off], castagnoli) {
		return nil, bad("header checksum mismatch")
	}
	counts := make([]uint64, levels)
	for i := range counts {
		counts[i] = binary.LittleEndian.Uint64(hdr[56+8*i:])
	}
	want := checkpointHeader(sp, counts)
	if string(want) != string(hdr) {
		return nil, bad("it is for another board, goal or block size than %s goal %s", sp.Shape(), statespace.GoalName(sp.Goal()))
	}
	codes := make([]uint64, (sp.Size()+perWord-1)/perWord)
	hugepages.Words(codes)
	// A block buffer no larger than the space's codes: a small space's
	// checkpoint is read without a 1 MiB buffer.
	buf := make([]byte, min(checkpointBlock, 8*len(codes))+4)
	for i, block := 0, 0; i < len(codes); block++ {
		n := min(checkpointBlock/8, len(codes)-i)
		if _, err := io.ReadFull(r, buf[:8*n+4]); err != nil {
			return nil, bad("truncated at block %d", block)
		}
		if binary.LittleEndian.Uint32(buf[8*n:]) != crc32.Checksum(buf[:8*n], castagnoli) {
			return nil, bad("block %d checksum mismatch", block)
		}
		for j := range codes[i : i+n] {
			codes[i+j] = binary.LittleEndian.Uint64(buf[8*j:])
		}
		i += n
	}
	if _, err := r.ReadByte(); !errors.Is(err, io.EOF) {
		return nil, bad("trailing data")
	}
	// A sound checkpoint has one done code for every board counted.
	var done, total uint64
	for _, w := range codes {
		done += uint64(bits.OnesCount64(w &^ lowBits)) // bit 1: the codes 2 and 3
	}
	for _, c := range counts {
		total += c
	}
	if done != total {
		return nil, bad("%d boards are done, the levels count %d", done, total)
	}
	return &checkpoint{codes: codes, counts: counts}, nil
}
