package tablefile_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/tablefile"
)

// A 2x2 distance table: twelve boards, stored one byte each, written and
// read back with every part of the container checked.
func ExampleWriteV2() {
	h := tablefile.Header{
		Kind:     tablefile.KindDistance,
		Encoding: tablefile.EncodingBytes,
		Rows:     2, Cols: 2,
		Goal:    []uint8{1, 2, 3, 0},
		Entries: 12,
		Counts:  []uint64{1, 2, 2, 2, 2, 2, 1},
	}
	payload := []byte{0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6}
	var file bytes.Buffer
	if err := tablefile.WriteV2(&file, h, bytes.NewReader(payload), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
		panic(err)
	}
	got, data, err := tablefile.Read(bytes.NewReader(file.Bytes()))
	fmt.Println(got.Kind, got.Rows, got.Cols, got.Entries, bytes.Equal(data, payload), err)

	// One flipped bit in the payload is caught by its checksum.
	damaged := bytes.Clone(file.Bytes())
	damaged[bytes.Index(damaged, payload)+len(payload)-1] ^= 1
	_, _, err = tablefile.Read(bytes.NewReader(damaged))
	fmt.Println(errors.Is(err, tablefile.ErrChecksum))
	// Output:
	// distance 2 2 12 true <nil>
	// true
}

// A version-2 file with a raw payload is memory-mapped by Open; its blocks
// are checked as they are first read.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "tablefile-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "2x2-last.tbl")
	h := tablefile.Header{Kind: tablefile.KindDistance, Encoding: tablefile.EncodingBytes, Rows: 2, Cols: 2,
		Goal: []uint8{1, 2, 3, 0}, Entries: 12, Counts: []uint64{1, 2, 2, 2, 2, 2, 1}}
	payload := []byte{0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6}
	err := tablefile.WriteFileV2(context.Background(), path, h, bytes.NewReader(payload), tablefile.WriteOptions{Storage: tablefile.StorageRaw})
	if err != nil {
		panic(err)
	}
	f, err := tablefile.Open(path)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	last, err := f.Byte(11)
	fmt.Println(f.Header.Entries, f.Mapped(), last, err)
	// Output: 12 true 6 <nil>
}
