package tablefile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzRead feeds arbitrary bytes to Read. It must never panic, every
// failure must be a typed format or unsupported error (a bytes.Reader has
// no I/O errors), and whatever Read accepts must survive Write and Read
// unchanged.
func FuzzRead(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*.tsp"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed files in testdata: %v", err)
	}
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, p, err := Read(bytes.NewReader(data))
		if err != nil {
			var fe *FormatError
			var ue *UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Fatalf("untyped error %v (%T)", err, err)
			}
			return
		}
		var buf bytes.Buffer
		write := func() error { return Write(&buf, h, p) }
		if data[8] == version2 {
			write = func() error {
				return WriteV2(&buf, h, bytes.NewReader(p), WriteOptions{Storage: Storage(data[16]), BlockSize: 1 << data[17]})
			}
		}
		if err := write(); err != nil {
			t.Fatalf("Write of a header Read accepted: %v", err)
		}
		h2, p2, err := Read(&buf)
		if err != nil {
			t.Fatalf("re-Read: %v", err)
		}
		if !reflect.DeepEqual(h, h2) || !bytes.Equal(p, p2) {
			t.Fatalf("round trip changed the table: %+v vs %+v", h, h2)
		}
	})
}

// FuzzOpen feeds arbitrary files to Open, which maps raw version-2 files:
// it must never panic, failures must be typed, and every byte of an
// opened payload must read (or fail its block's checksum) without a
// fault.
func FuzzOpen(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*.tsp"))
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed files in testdata: %v", err)
	}
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// One file, kept open, rewritten in place for every input: a folder
	// made and removed per input, or even a truncating os.WriteFile (150
	// µs on ext4), cost a hundred times Open itself, and the minimizer's
	// thousands of runs of each new input then stalled the fuzzer for its
	// whole time.
	path := filepath.Join(f.TempDir(), "t.tbl")
	w, err := os.Create(path)
	if err != nil {
		f.Fatal(err)
	}
	defer w.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := w.WriteAt(data, 0); err != nil {
			t.Fatal(err)
		}
		if err := w.Truncate(int64(len(data))); err != nil {
			t.Fatal(err)
		}
		file, err := Open(path)
		if err != nil {
			var fe *FormatError
			var ue *UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Fatalf("untyped error %v (%T)", err, err)
			}
			return
		}
		defer file.Close()
		n, _ := file.Header.payloadLen()
		for i := uint64(0); i < n; i++ {
			if _, err := file.Byte(i); err != nil && !errors.Is(err, ErrChecksum) {
				t.Fatalf("byte %d: %v", i, err)
			}
		}
	})
}
