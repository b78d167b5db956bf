package bfs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/tilespace/tilespace/beam/internal/objfile"
)

// A run's working folder (a local folder, or gs://bucket/path through
// Beam's filesystem packages) holds:
//
//	run.json                        what is searched: shape, goal, partitions
//	level-0007/index                level 7's counts and the partitions it wrote
//	level-0007/state/p-00000123     partition 123's visited and bit-1 bitmaps after level 7
//	level-0007/frontier/p-00000123  partition 123's boards first reached at level 7
//
// Nothing is ever changed in place: level d+1 reads level d's frontier and
// level d−1's states (a partition's boards all share a parity, so a
// partition is written every other level) and writes its own folder, and
// its index is written last, after every bitmap of the level, so a level
// with an index is finished and one without is rerun from scratch (its
// files are overwritten whole). The pipeline of level d+2 deletes level
// d−1's bitmaps, which no later level or resumption needs; the indexes stay.

// The shared helpers of the module's files (package objfile).
var (
	join        = objfile.Join
	writeFile   = objfile.Write
	readFile    = objfile.Read
	errNotExist = objfile.ErrNotExist
)

func levelDir(work string, level int) string { return join(work, fmt.Sprintf("level-%04d", level)) }

func indexPath(work string, level int) string { return join(levelDir(work, level), "index") }

// chunkIndexPath names the index chunk c of a level split into chunks
// writes: every partition's record after the chunk, in the index format.
func chunkIndexPath(work string, level, c int) string {
	return join(levelDir(work, level), fmt.Sprintf("chunk-%04d.index", c))
}

// chunkPlanPath names the record of how a level is split into chunks,
// written before its first chunk runs, so that a resumption splits it the
// same way.
func chunkPlanPath(work string, level int) string { return join(levelDir(work, level), "chunks.json") }

func statePath(work string, level, p int) string {
	return join(levelDir(work, level), "state", fmt.Sprintf("p-%08d", p))
}

func frontierPath(work string, level, p int) string {
	return join(levelDir(work, level), "frontier", fmt.Sprintf("p-%08d", p))
}

func runPath(work string) string { return join(work, "run.json") }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// removeFile removes path if the filesystem removes files; a file that is
// not there is no error.
func removeFile(ctx context.Context, path string) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return nil
	}
	if err := rm.Remove(ctx, path); err != nil && !errors.Is(err, os.ErrNotExist) && !strings.Contains(err.Error(), "object doesn't exist") {
		return fmt.Errorf("removing %s: %w", path, err)
	}
	return nil
}

// A bitmap file holds one or more bitmaps of a partition at a level
// (little-endian):
//
//	0   8  magic "TSBEAMB\n"
//	8   4  partition
//	12  4  level
//	16  8  bits per bitmap: the partition's size
//	24  1  number of bitmaps k (1 for a frontier, 2 for a state)
//	25     k × (uint32 length, encoded bitmap: see encodeBitmap)
//	end 4  CRC-32C of everything before
//
// The reader checks the checksum and that the file is the one it asked
// for, so a damaged or misplaced file is refused, never used.
const bitmapMagic = "TSBEAMB\n"

func encodeBitmapFile(p, level int, n uint64, bms ...[]uint64) []byte {
	sets := make([]set, len(bms))
	for i, bm := range bms {
		sets[i] = set{bm: bm}
	}
	return encodeSetFile(p, level, n, sets...)
}

// encodeSetFile encodes a bitmap file of sets, each in the form encodeSet
// gives it.
func encodeSetFile(p, level int, n uint64, sets ...set) []byte {
	encs := make([][]byte, len(sets))
	size := len(bitmapMagic) + 17 + 4
	for i, s := range sets {
		encs[i] = encodeSet(s, n)
		size += 4 + len(encs[i])
	}
	b := make([]byte, 0, size)
	b = append(b, bitmapMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(p))
	b = binary.LittleEndian.AppendUint32(b, uint32(level))
	b = binary.LittleEndian.AppendUint64(b, n)
	b = append(b, byte(len(sets)))
	for _, enc := range encs {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(enc)))
		b = append(b, enc...)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// maxBitmapFile is the longest bitmap file of k bitmaps of n bits.
func maxBitmapFile(n uint64, k int) int64 {
	return int64(len(bitmapMagic)+17+4) + int64(k)*int64(4+1+8*words(n))
}

// bitmapsOf returns sets as bitmaps of n bits.
func bitmapsOf(sets []set, n uint64) [][]uint64 {
	out := make([][]uint64, len(sets))
	for i := range sets {
		sets[i].toBitmap(n)
		out[i] = sets[i].bm
	}
	return out
}

// decodeSetFile decodes a bitmap file into sets, each a list or a bitmap
// as decodeSet gives it.
func decodeSetFile(data []byte, p, level int, n uint64, k int) ([]set, error) {
	if len(data) < len(bitmapMagic)+17+4 {
		return nil, errors.New("truncated")
	}
	body := data[:len(data)-4]
	if binary.LittleEndian.Uint32(data[len(data)-4:]) != crc32.Checksum(body, castagnoli) {
		return nil, errors.New("checksum mismatch")
	}
	if string(body[:8]) != bitmapMagic {
		return nil, errors.New("not a tilespace bitmap file")
	}
	hdr := body[8:25]
	gp, gl := int(binary.LittleEndian.Uint32(hdr[0:])), int(binary.LittleEndian.Uint32(hdr[4:]))
	gn, gk := binary.LittleEndian.Uint64(hdr[8:]), int(hdr[16])
	if gp != p || gl != level || gn != n || gk != k {
		return nil, fmt.Errorf("holds %d bitmaps of %d bits of partition %d at level %d, want %d of %d bits of partition %d at level %d", gk, gn, gp, gl, k, n, p, level)
	}
	rest := body[25:]
	out := make([]set, k)
	for i := range out {
		if len(rest) < 4 {
			return nil, errors.New("truncated")
		}
		l := binary.LittleEndian.Uint32(rest)
		rest = rest[4:]
		if uint64(l) > uint64(len(rest)) {
			return nil, errors.New("truncated")
		}
		var err error
		if out[i], err = decodeSet(rest[:l], n); err != nil {
			return nil, fmt.Errorf("bitmap %d: %w", i, err)
		}
		rest = rest[l:]
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("%d trailing bytes", len(rest))
	}
	return out, nil
}

// readBitmapFile reads the k bitmaps of partition p at level from path.
func readBitmapFile(ctx context.Context, path string, p, level int, n uint64, k int) ([][]uint64, error) {
	sets, err := readSetFile(ctx, path, p, level, n, k)
	if err != nil {
		return nil, err
	}
	return bitmapsOf(sets, n), nil
}

// readSetFile reads the k bitmaps of partition p at level from path as
// sets (lists where they are sparse).
func readSetFile(ctx context.Context, path string, p, level int, n uint64, k int) ([]set, error) {
	data, err := readFile(ctx, path, maxBitmapFile(n, k))
	if err != nil {
		return nil, err
	}
	bms, err := decodeSetFile(data, p, level, n, k)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; the working folder is damaged", path, err)
	}
	return bms, nil
}

// PartRecord is what a level's merge reports about one partition it
// wrote.
type PartRecord struct {
	Partition  int
	New        uint64 // boards first reached at this level
	Visited    uint64 // boards reached at this level or before
	Shuffled   uint64 // bytes of the values the shuffle brought it
	StateLevel int    // the level whose state file holds its bitmaps: this one, or an earlier one when no board was new
}

// An index file (little-endian):
//
//	0   8   magic "TSBEAMI\n"
//	8   4   level
//	12  4   number of records r
//	16  32r records in partition order: uint32 partition, uint64 new,
//	        uint64 visited, uint64 bytes shuffled, uint32 state level
//	        (see PartRecord)
//	end 4   CRC-32C of everything before
const (
	indexMagic  = "TSBEAMI\n"
	indexRecord = 32
)

func encodeIndex(level int, recs []PartRecord) []byte {
	out := make([]byte, 16, 16+indexRecord*len(recs)+4)
	copy(out, indexMagic)
	binary.LittleEndian.PutUint32(out[8:], uint32(level))
	binary.LittleEndian.PutUint32(out[12:], uint32(len(recs)))
	for _, r := range recs {
		out = binary.LittleEndian.AppendUint32(out, uint32(r.Partition))
		out = binary.LittleEndian.AppendUint64(out, r.New)
		out = binary.LittleEndian.AppendUint64(out, r.Visited)
		out = binary.LittleEndian.AppendUint64(out, r.Shuffled)
		out = binary.LittleEndian.AppendUint32(out, uint32(r.StateLevel))
	}
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
}

// decodeIndex checks and parses an index of the given level for a space
// of the given number of partitions of n boards each.
func decodeIndex(data []byte, level, partitions int, n uint64) ([]PartRecord, error) {
	if len(data) < 20 {
		return nil, errors.New("truncated")
	}
	body := data[:len(data)-4]
	if binary.LittleEndian.Uint32(data[len(data)-4:]) != crc32.Checksum(body, castagnoli) {
		return nil, errors.New("checksum mismatch")
	}
	if string(body[:8]) != indexMagic {
		return nil, errors.New("not a tilespace level index")
	}
	if got := int(binary.LittleEndian.Uint32(body[8:])); got != level {
		return nil, fmt.Errorf("index of level %d, want %d", got, level)
	}
	r := int(binary.LittleEndian.Uint32(body[12:]))
	if r > partitions || len(body) != 16+indexRecord*r {
		return nil, fmt.Errorf("%d records in %d bytes for %d partitions", r, len(body), partitions)
	}
	recs := make([]PartRecord, r)
	for i := range recs {
		b := body[16+indexRecord*i:]
		recs[i] = PartRecord{
			Partition:  int(binary.LittleEndian.Uint32(b)),
			New:        binary.LittleEndian.Uint64(b[4:]),
			Visited:    binary.LittleEndian.Uint64(b[12:]),
			Shuffled:   binary.LittleEndian.Uint64(b[20:]),
			StateLevel: int(binary.LittleEndian.Uint32(b[28:])),
		}
		if s := recs[i].StateLevel; s > level || (level-s)%2 != 0 || (recs[i].New > 0 && s != level) {
			return nil, fmt.Errorf("record %d: state at level %d for level %d", i, s, level)
		}
		if recs[i].Partition >= partitions || (i > 0 && recs[i].Partition <= recs[i-1].Partition) {
			return nil, fmt.Errorf("record %d: partition %d out of order or range", i, recs[i].Partition)
		}
		if recs[i].New > recs[i].Visited || recs[i].Visited > n || recs[i].Visited == 0 {
			return nil, fmt.Errorf("record %d: %d new of %d visited in a partition of %d", i, recs[i].New, recs[i].Visited, n)
		}
	}
	return recs, nil
}

// readIndex reads level's index; a missing one matches errNotExist.
func readIndex(ctx context.Context, work string, level, partitions int, n uint64) ([]PartRecord, error) {
	return readIndexFile(ctx, indexPath(work, level), level, partitions, n)
}

// readIndexFile reads an index of level (the level's, or a chunk's) at
// path.
func readIndexFile(ctx context.Context, path string, level, partitions int, n uint64) ([]PartRecord, error) {
	data, err := readFile(ctx, path, int64(20+indexRecord*partitions))
	if err != nil {
		return nil, err
	}
	recs, err := decodeIndex(data, level, partitions, n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; the working folder is damaged", path, err)
	}
	return recs, nil
}
