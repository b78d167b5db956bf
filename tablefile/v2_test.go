package tablefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
)

func mustWriteV2(t testing.TB, h Header, payload []byte, opts WriteOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteV2(&buf, h, bytes.NewReader(payload), opts); err != nil {
		t.Fatalf("WriteV2: %v", err)
	}
	return buf.Bytes()
}

// Version 2 round-trips through Read, ReadFile and Open with either
// storage, over payloads of one block, several, and a partial last one.
func TestV2RoundTrip(t *testing.T) {
	for _, entries := range []uint64{1, 1000, 3 << 16, 5<<16 + 77} {
		for _, enc := range []Encoding{EncodingBytes, EncodingMod4Bit} {
			for _, st := range []Storage{StorageRaw, StorageZstd} {
				h, p := testTable(KindDistance, enc, entries)
				opts := WriteOptions{Storage: st, BlockSize: 1 << 16}
				data := mustWriteV2(t, h, p, opts)
				h2, p2, err := Read(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%d %s %s: Read: %v", entries, enc, st, err)
				}
				if !reflect.DeepEqual(h, h2) || !bytes.Equal(p, p2) {
					t.Fatalf("%d %s %s: round trip changed the table", entries, enc, st)
				}
				path := filepath.Join(t.TempDir(), "t.tbl")
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, p3, err := ReadFile(path); err != nil || !bytes.Equal(p, p3) {
					t.Fatalf("%d %s %s: ReadFile: %v", entries, enc, st, err)
				}
				f, err := Open(path)
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				if f.Mapped() != (st == StorageRaw) {
					t.Errorf("%s storage: Mapped() = %v", st, f.Mapped())
				}
				for i := range p {
					if b, err := f.Byte(uint64(i)); err != nil || b != p[i] {
						t.Fatalf("Byte(%d) = %d, %v, want %d", i, b, err, p[i])
					}
				}
				if !reflect.DeepEqual(f.Header, h) {
					t.Errorf("Open header %+v, want %+v", f.Header, h)
				}
				f.Close()
			}
		}
	}
}

// Version 2 holds what version 1 cannot: 25 cells and 2x7's entries.
func TestV2Limits(t *testing.T) {
	h := Header{Kind: KindDistance, Encoding: EncodingMod4Bit, Rows: 5, Cols: 5, Goal: make([]uint8, 25), Entries: 8, Counts: []uint64{8}}
	for i := range h.Goal {
		h.Goal[i] = uint8((i + 1) % 25)
	}
	p := []byte{0}
	if err := Write(&bytes.Buffer{}, h, p); err == nil {
		t.Error("version 1 wrote a 5x5 header")
	}
	data := mustWriteV2(t, h, p, WriteOptions{})
	if h2, _, err := Read(bytes.NewReader(data)); err != nil || !reflect.DeepEqual(h, h2) {
		t.Fatalf("5x5 round trip: %v", err)
	}
	big := Header{Kind: KindDistance, Encoding: EncodingMod4Bit, Rows: 2, Cols: 7, Goal: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0},
		Entries: 43_589_145_600, Counts: []uint64{43_589_145_600}}
	if err := big.validate(); err != nil {
		t.Errorf("2x7's entry count: %v", err)
	}
	if err := big.fitsV1(); err == nil {
		t.Error("version 1 takes 2x7's entry count")
	}
}

// Damage to any byte of a version-2 file is caught: a flip in a block by
// that block's checksum (when it is read, for Open), elsewhere by the
// header or block-table checksum or a field check.
func TestV2Damage(t *testing.T) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 4<<16*8+9)
	for _, st := range []Storage{StorageRaw, StorageZstd} {
		data := mustWriteV2(t, h, p, WriteOptions{Storage: st, BlockSize: 1 << 16})
		for i := 0; i < len(data); i += 1 + i/50 {
			bad := bytes.Clone(data)
			bad[i] ^= 0x04
			if _, _, err := Read(bytes.NewReader(bad)); err == nil {
				t.Fatalf("%s: flip at byte %d of %d read without error", st, i, len(data))
			} else {
				var fe *FormatError
				var ue *UnsupportedError
				if !errors.As(err, &fe) && !errors.As(err, &ue) {
					t.Fatalf("%s: flip at %d: untyped error %v", st, i, err)
				}
			}
		}
		for _, n := range []int{len(data) - 1, len(data) - 5, len(data) / 2, 30} {
			if _, _, err := Read(bytes.NewReader(data[:n])); !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrChecksum) {
				t.Errorf("%s: truncated to %d: %v, want truncation", st, n, err)
			}
		}
		if _, _, err := Read(bytes.NewReader(append(bytes.Clone(data), 0))); err == nil {
			t.Errorf("%s: trailing byte accepted", st)
		}
	}
}

// Open checks a mapped file's blocks lazily: damage in block 2 leaves the
// other blocks readable and makes every read of block 2 fail with
// ErrChecksum, and Verify finds it.
func TestOpenLazyBlockCheck(t *testing.T) {
	h, p := testTable(KindDistance, EncodingBytes, 4<<16)
	data := mustWriteV2(t, h, p, WriteOptions{Storage: StorageRaw, BlockSize: 1 << 16})
	hdrLen := v2HeaderLen(9, 0, len(h.Counts))
	data[hdrLen+2<<16+100] ^= 1
	path := filepath.Join(t.TempDir(), "t.tbl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, err := f.Byte(5); err != nil || b != p[5] {
		t.Fatalf("block 0: %d, %v", b, err)
	}
	for range 2 {
		if _, err := f.Byte(2<<16 + 7); !errors.Is(err, ErrChecksum) {
			t.Fatalf("block 2: %v, want ErrChecksum", err)
		}
	}
	if err := f.verify(); !errors.Is(err, ErrChecksum) {
		t.Errorf("Verify: %v", err)
	}
	if _, _, err := ReadFile(path); !errors.Is(err, ErrChecksum) {
		t.Errorf("ReadFile: %v", err)
	}
}

// A FIFO at a table's path is refused at once, not read (which would
// block until a writer came).
func TestFIFORefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.tbl")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if _, _, err := ReadFile(path); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile: %v, want ErrNotRegular", err)
	}
	if _, err := Open(path); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Open: %v, want ErrNotRegular", err)
	}
	if _, err := Open(t.TempDir()); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Open of a folder: %v, want ErrNotRegular", err)
	}
}

// A version-1 file still reads through Open.
func TestOpenV1(t *testing.T) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 5000)
	path := filepath.Join(t.TempDir(), "v1.tbl")
	if err := os.WriteFile(path, mustWrite(t, h, p), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := f.Payload(); err != nil || !bytes.Equal(got, p) || f.Mapped() {
		t.Errorf("v1 through Open: %v, mapped %v", err, f.Mapped())
	}
}

// resealV2 recomputes a version-2 header's checksum after an edit.
func resealV2(b []byte) []byte {
	b = bytes.Clone(b)
	n := v2HeaderLen(int(b[12])*int(b[13]), int(b[14]), int(b[15])+1)
	binary.LittleEndian.PutUint32(b[n-4:], crc32.Checksum(b[:n-4], castagnoli))
	return b
}

// Resealed header edits are caught by the field checks with typed errors.
func TestV2ResealedHeader(t *testing.T) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 1000)
	data := mustWriteV2(t, h, p, WriteOptions{})
	for _, c := range []struct {
		off  int
		v    byte
		want string
	}{{16, 9, "unsupported"}, {17, 3, "block size"}, {18, 1, "reserved"}, {12, 9, "goal"}} {
		bad := bytes.Clone(data)
		bad[c.off] = c.v
		_, _, err := Read(bytes.NewReader(resealV2(bad)))
		var fe *FormatError
		var ue *UnsupportedError
		switch {
		case c.want == "unsupported" && !errors.As(err, &ue):
			t.Errorf("byte %d = %d: %v, want *UnsupportedError", c.off, c.v, err)
		case c.want != "unsupported" && !errors.As(err, &fe):
			t.Errorf("byte %d = %d: %v, want *FormatError", c.off, c.v, err)
		}
	}
}

func BenchmarkOpenByte(b *testing.B) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 1<<24)
	data := mustWriteV2(b, h, p, WriteOptions{})
	path := filepath.Join(b.TempDir(), "t.tbl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	i := uint64(0)
	for b.Loop() {
		if _, err := f.Byte(i); err != nil {
			b.Fatal(err)
		}
		i = (i + 7919) % uint64(len(p))
	}
}

// TestV2Fixtures writes (with -update) or checks the version-2 seeds of
// FuzzRead: a small distance table in each storage. The raw one must be
// byte for byte what WriteV2 writes today; the zstd one, whose bytes
// depend on the zstd version, must read back to the same table.
func TestV2Fixtures(t *testing.T) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 3000)
	for _, st := range []Storage{StorageRaw, StorageZstd} {
		path := filepath.Join("testdata", "valid-v2-"+st.String()+".tsp")
		data := mustWriteV2(t, h, p, WriteOptions{Storage: st, BlockSize: 1 << 16})
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (regenerate with -update)", err)
		}
		if st == StorageRaw && !bytes.Equal(got, data) {
			t.Errorf("%s differs from what WriteV2 writes (regenerate with -update)", path)
		}
		h2, p2, err := Read(bytes.NewReader(got))
		if err != nil || !reflect.DeepEqual(h, h2) || !bytes.Equal(p, p2) {
			t.Errorf("%s: %v", path, err)
		}
	}
}
