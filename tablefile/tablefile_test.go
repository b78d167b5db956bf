package tablefile

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// goal3x3 is the usual 8-puzzle goal: 1..8 then the blank.
var goal3x3 = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 0}

// testTable builds a header and a matching payload with deterministic,
// somewhat compressible values. maxValue bounds the stored values so that
// counts can be computed for every encoding.
func testTable(kind Kind, enc Encoding, entries uint64) (Header, []byte) {
	h := Header{
		Kind:     kind,
		Encoding: enc,
		Rows:     3,
		Cols:     3,
		Goal:     append([]uint8(nil), goal3x3...),
		Entries:  entries,
	}
	if kind == KindPDB {
		h.Pattern = []uint8{1, 2, 3, 5}
	}
	maxValue := map[Encoding]uint64{EncodingBytes: 32, EncodingMod4Bit: 32, EncodingNibbles: 16, EncodingMod3: 32}[enc]
	h.Counts = make([]uint64, maxValue)
	n, _ := h.payloadLen()
	payload := make([]byte, n)
	x := uint64(12345)
	for i := range entries {
		// Mostly smooth with occasional jumps, like real distance tables.
		x = x*6364136223846793005 + 1442695040888963407
		v := (i/97 + (x>>60)%3) % maxValue
		h.Counts[v]++
		switch enc {
		case EncodingBytes:
			payload[i] = byte(v)
		case EncodingMod4Bit:
			payload[i/8] |= byte(v>>1&1) << (i % 8)
		case EncodingNibbles:
			payload[i/2] |= byte(v) << (4 * (i % 2))
		case EncodingMod3:
			payload[i/4] |= byte(v%3) << (2 * (i % 4))
		}
	}
	if entries == 0 {
		h.Counts = []uint64{0}
	}
	return h, payload
}

func mustWrite(t testing.TB, h Header, payload []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, h, payload); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.Bytes()
}

// smallFile is a small valid file used by the exhaustive damage tests.
func smallFile(t testing.TB) []byte {
	h, p := testTable(KindPDB, EncodingNibbles, 300)
	return mustWrite(t, h, p)
}

// reseal recomputes the header checksum of a file after a test has edited
// header fields, so that the edit is seen by the field checks rather than
// caught by the checksum.
func reseal(b []byte) []byte {
	b = bytes.Clone(b)
	n := headerLen(int(b[14]), int(b[15])+1)
	binary.LittleEndian.PutUint32(b[n-4:], crc32.Checksum(b[:n-4], castagnoli))
	return b
}

// fieldOffset returns the offset of a uint64/uint32 field after the counts
// of a file: "raw", "rawcrc" or "comp".
func fieldOffset(b []byte, field string) int {
	off := fixedLen + int(b[14]) + 8 + 8*(int(b[15])+1)
	switch field {
	case "raw":
		return off
	case "rawcrc":
		return off + 8
	case "comp":
		return off + 12
	}
	panic(field)
}

func wantFormatError(t *testing.T, err error, field string, sentinel error) {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("error = %v (%T), want *FormatError", err, err)
	}
	if field != "" && fe.Field != field {
		t.Errorf("FormatError.Field = %q, want %q (error: %v)", fe.Field, field, err)
	}
	if sentinel != nil && !errors.Is(err, sentinel) {
		t.Errorf("error %v does not match %v", err, sentinel)
	}
	if !strings.HasPrefix(err.Error(), "tablefile: ") {
		t.Errorf("error %q lacks the tablefile: prefix", err)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, kind := range []Kind{KindDistance, KindPDB} {
		for _, enc := range []Encoding{EncodingBytes, EncodingMod4Bit, EncodingNibbles, EncodingMod3} {
			// Entry counts that fill the last byte and that leave it partial,
			// the empty table, and one large enough for several zstd blocks.
			for _, entries := range []uint64{0, 1, 7, 1000, 1003, 600_001} {
				h, p := testTable(kind, enc, entries)
				name := kind.String() + "/" + enc.String()
				data := mustWrite(t, h, p)
				gotH, gotP, err := Read(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%s entries=%d: Read: %v", name, entries, err)
				}
				if !reflect.DeepEqual(gotH, h) {
					t.Errorf("%s entries=%d: header = %+v, want %+v", name, entries, gotH, h)
				}
				if !bytes.Equal(gotP, p) {
					t.Errorf("%s entries=%d: payload differs (len %d, want %d)", name, entries, len(gotP), len(p))
				}
			}
		}
	}
}

func TestRoundTripFile(t *testing.T) {
	h, p := testTable(KindPDB, EncodingMod3, 5000)
	path := filepath.Join(t.TempDir(), "pdb", "t.tsp")
	if err := WriteFile(context.Background(), path, h, p); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	gotH, gotP, err := ReadFile(path)
	if err != nil {
		t.Fatalf("ReadFile: %v", err)
	}
	if !reflect.DeepEqual(gotH, h) || !bytes.Equal(gotP, p) {
		t.Errorf("ReadFile returned different data")
	}
}

func TestPayloadLen(t *testing.T) {
	cases := []struct {
		enc     Encoding
		entries uint64
		want    uint64
	}{
		{EncodingBytes, 0, 0}, {EncodingBytes, 9, 9},
		{EncodingMod4Bit, 8, 1}, {EncodingMod4Bit, 9, 2}, {EncodingMod4Bit, 181440, 22680},
		{EncodingNibbles, 1, 1}, {EncodingNibbles, 4, 2}, {EncodingNibbles, 5, 3},
		{EncodingMod3, 4, 1}, {EncodingMod3, 5, 2}, {EncodingMod3, 1<<64 - 1, 1 << 62},
	}
	for i, c := range cases {
		got, err := Header{Encoding: c.enc, Entries: c.entries}.payloadLen()
		if err != nil || got != c.want {
			t.Errorf("case %d: %s with %d entries: PayloadLen = %d, %v; want %d", i, c.enc, c.entries, got, err, c.want)
		}
	}
	var ue *UnsupportedError
	if _, err := (Header{Encoding: 9}).payloadLen(); !errors.As(err, &ue) {
		t.Errorf("unknown encoding: error = %v, want *UnsupportedError", err)
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(h *Header)
		field  string // FormatError.Field; "" = valid; "unsupported" = *UnsupportedError
		substr string // part of the message
	}{
		{"valid pdb", func(h *Header) {}, "", ""},
		{"valid distance", func(h *Header) { h.Kind = KindDistance; h.Pattern = nil }, "", ""},
		{"valid 2x2", func(h *Header) { h.Rows, h.Cols, h.Goal, h.Pattern = 2, 2, []uint8{1, 2, 3, 0}, []uint8{3} }, "", ""},
		{"valid 4x4", func(h *Header) {
			h.Rows, h.Cols = 4, 4
			h.Goal = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}
			h.Pattern = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
		}, "", ""},
		{"valid 2x8", func(h *Header) {
			h.Rows, h.Cols = 2, 8
			h.Goal = []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
		}, "", ""},
		{"valid 256 counts", func(h *Header) { h.Counts = make([]uint64, 256); h.Counts[255] = h.Entries }, "", ""},
		{"kind 0", func(h *Header) { h.Kind = 0 }, "unsupported", "kind 0"},
		{"kind 3", func(h *Header) { h.Kind = 3 }, "unsupported", "kind 3"},
		{"encoding 0", func(h *Header) { h.Encoding = 0 }, "unsupported", "encoding 0"},
		{"encoding 5", func(h *Header) { h.Encoding = 5 }, "unsupported", "encoding 5"},
		{"one row", func(h *Header) { h.Rows, h.Cols, h.Goal = 1, 9, goal3x3 }, "shape", "1x9"},
		{"one col", func(h *Header) { h.Rows, h.Cols, h.Goal = 4, 1, []uint8{1, 2, 3, 0} }, "shape", "4x1"},
		{"26 cells", func(h *Header) { h.Rows, h.Cols = 2, 13 }, "shape", "2x13"},
		{"valid 5x5", func(h *Header) {
			h.Rows, h.Cols = 5, 5
			h.Goal = make([]uint8, 25)
			for i := range h.Goal {
				h.Goal[i] = uint8((i + 1) % 25)
			}
		}, "", ""},
		{"negative", func(h *Header) { h.Rows, h.Cols = -3, -3 }, "shape", ""},
		{"overflowing shape", func(h *Header) { h.Rows, h.Cols = math.MaxInt, math.MaxInt }, "shape", ""},
		{"goal too short", func(h *Header) { h.Goal = goal3x3[:8] }, "goal", "8 tiles"},
		{"goal repeats", func(h *Header) { h.Goal = []uint8{1, 1, 3, 4, 5, 6, 7, 8, 0} }, "goal", "1,1,3,4,5,6,7,8,0"},
		{"goal out of range", func(h *Header) { h.Goal = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9} }, "goal", "permutation"},
		{"distance with pattern", func(h *Header) { h.Kind = KindDistance }, "pattern", "1,2,3,5"},
		{"pdb without pattern", func(h *Header) { h.Pattern = nil }, "pattern", "empty"},
		{"pattern unsorted", func(h *Header) { h.Pattern = []uint8{2, 1} }, "pattern", "2,1"},
		{"pattern repeats", func(h *Header) { h.Pattern = []uint8{1, 2, 2} }, "pattern", ""},
		{"pattern has blank", func(h *Header) { h.Pattern = []uint8{0, 1} }, "pattern", ""},
		{"pattern tile too big", func(h *Header) { h.Pattern = []uint8{1, 9} }, "pattern", "1..8"},
		{"no counts", func(h *Header) { h.Counts = nil }, "counts", "0 counts"},
		{"257 counts", func(h *Header) { h.Counts = make([]uint64, 257); h.Counts[0] = h.Entries }, "counts", "257 counts"},
		{"counts sum", func(h *Header) { h.Counts[0]++ }, "counts", "counts sum to 1001, header says 1000 entries"},
		{"counts overflow", func(h *Header) { h.Counts = []uint64{1 << 63, 1 << 63, h.Entries} }, "counts", "overflow"},
		{"too many entries", func(h *Header) {
			h.Encoding, h.Entries, h.Counts = EncodingBytes, maxPDBEntries+1, []uint64{maxPDBEntries + 1}
		}, "unsupported", "more than"},
		{"entries at limit", func(h *Header) {
			h.Encoding, h.Entries, h.Counts = EncodingMod4Bit, maxPDBEntries, []uint64{maxPDBEntries}
		}, "", ""},
		{"distance table too large", func(h *Header) {
			h.Kind, h.Pattern = KindDistance, nil
			h.Encoding, h.Entries, h.Counts = EncodingMod4Bit, MaxDistanceEntries+1, []uint64{MaxDistanceEntries + 1}
		}, "unsupported", "more than"},
	}
	for i, c := range cases {
		h, _ := testTable(KindPDB, EncodingBytes, 1000)
		c.edit(&h)
		err := h.validate()
		switch c.field {
		case "":
			if err != nil {
				t.Errorf("case %d (%s): Validate = %v, want nil", i, c.name, err)
			}
			continue
		case "unsupported":
			var ue *UnsupportedError
			if !errors.As(err, &ue) {
				t.Errorf("case %d (%s): Validate = %v (%T), want *UnsupportedError", i, c.name, err, err)
				continue
			}
		default:
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Errorf("case %d (%s): Validate = %v (%T), want *FormatError", i, c.name, err, err)
				continue
			}
			if fe.Field != c.field {
				t.Errorf("case %d (%s): Field = %q, want %q (%v)", i, c.name, fe.Field, c.field, err)
			}
		}
		if !strings.HasPrefix(err.Error(), "tablefile: ") || !strings.Contains(err.Error(), c.substr) {
			t.Errorf("case %d (%s): message %q, want prefix %q and %q", i, c.name, err, "tablefile: ", c.substr)
		}
		// Write must refuse the same header without writing anything.
		var buf bytes.Buffer
		n, _ := h.payloadLen()
		if n > 1<<20 {
			n = 0
		}
		if werr := Write(&buf, h, make([]byte, n)); werr == nil || buf.Len() != 0 {
			t.Errorf("case %d (%s): Write = %v after writing %d bytes, want error and nothing written", i, c.name, werr, buf.Len())
		}
	}
}

func TestWritePayloadLength(t *testing.T) {
	h, p := testTable(KindDistance, EncodingNibbles, 101)
	var buf bytes.Buffer
	err := Write(&buf, h, p[:len(p)-1])
	if err == nil || !strings.Contains(err.Error(), "payload is 50 bytes, 101 nibbles entries need 51") {
		t.Errorf("Write with short payload: %v", err)
	}
	if buf.Len() != 0 {
		t.Errorf("Write wrote %d bytes before failing", buf.Len())
	}
}

func TestTruncation(t *testing.T) {
	data := smallFile(t)
	dir := t.TempDir()
	for n := range len(data) {
		_, _, err := Read(bytes.NewReader(data[:n]))
		if err == nil {
			t.Fatalf("Read of first %d of %d bytes succeeded", n, len(data))
		}
		var fe *FormatError
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &fe) {
			t.Errorf("Read of first %d of %d bytes: %v (%T), want a FormatError matching ErrTruncated", n, len(data), err, err)
		}
		// ReadFile knows the size and takes a different path for the payload.
		path := filepath.Join(dir, "t.tsp")
		if err := os.WriteFile(path, data[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err = ReadFile(path)
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &fe) || !strings.Contains(err.Error(), path) {
			t.Errorf("ReadFile of first %d of %d bytes: %v, want a FormatError matching ErrTruncated naming the file", n, len(data), err)
		}
	}
	// Spot-check the messages.
	hdrLen := headerLen(int(data[14]), int(data[15])+1)
	_, _, err := Read(bytes.NewReader(data[:20]))
	if want := "tablefile: truncated header (read 20 of " + strconv.Itoa(hdrLen) + " bytes)"; err == nil || err.Error() != want {
		t.Errorf("header truncated at 20: %v, want %q", err, want)
	}
	_, _, err = Read(bytes.NewReader(data[:len(data)-5]))
	comp := len(data) - hdrLen
	if want := "tablefile: truncated payload (got " + strconv.Itoa(comp-5) + " of " + strconv.Itoa(comp) + " compressed bytes)"; err == nil || err.Error() != want {
		t.Errorf("payload truncated by 5: %v, want %q", err, want)
	}
}

// TestBitFlips flips every bit of a small file. Every flip in the header
// must be an error. In the compressed payload a flip must be an error or
// leave the decoded table unchanged: zstd frames contain bits the decoder
// ignores (the frame header's unused bit, a window size larger than the
// content needs), and the format deliberately checksums the raw payload
// rather than the compressed bytes, so such flips are harmless and cannot
// be told from the original.
func TestBitFlips(t *testing.T) {
	h, p := testTable(KindPDB, EncodingNibbles, 300)
	data := mustWrite(t, h, p)
	hdrLen := headerLen(len(h.Pattern), len(h.Counts))
	harmless := 0
	for i := range len(data) {
		for bit := range 8 {
			d := bytes.Clone(data)
			d[i] ^= 1 << bit
			gotH, gotP, err := Read(bytes.NewReader(d))
			if err == nil {
				if i < hdrLen || !reflect.DeepEqual(gotH, h) || !bytes.Equal(gotP, p) {
					t.Errorf("flipping bit %d of byte %d (of %d, header %d) went undetected", bit, i, len(data), hdrLen)
				}
				harmless++
				continue
			}
			var fe *FormatError
			var ue *UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Errorf("flipping bit %d of byte %d: %v (%T), want *FormatError or *UnsupportedError", bit, i, err, err)
			}
		}
	}
	t.Logf("%d of %d flips hit bits zstd ignores", harmless, 8*len(data))
}

func TestBadMagic(t *testing.T) {
	data := smallFile(t)
	for i, in := range [][]byte{
		[]byte("GIF89a and then some more bytes to fill a whole header, well past seventy-two"),
		[]byte("abc"),
		append([]byte("TSPACE\r\r"), data[8:]...),
		append([]byte("TSPACE\n"), data[8:]...), // CRLF turned into LF
	} {
		_, _, err := Read(bytes.NewReader(in))
		wantFormatError(t, err, "magic", nil)
		if errors.Is(err, ErrTruncated) || errors.Is(err, ErrChecksum) {
			t.Errorf("case %d: bad magic %v should not match ErrTruncated or ErrChecksum", i, err)
		}
		if !strings.HasPrefix(err.Error(), "tablefile: bad magic") {
			t.Errorf("case %d: message %q", i, err)
		}
	}
	for _, m := range []string{"TSPACE\n", "TSPACE\r\r\n"} {
		_, _, err := Read(bytes.NewReader(append([]byte(m), data[8:]...)))
		if err == nil || !strings.Contains(err.Error(), "text mode") {
			t.Errorf("magic %q: %v, want a hint about text mode", m, err)
		}
	}
	_, _, err := Read(bytes.NewReader(append([]byte("TSPACE\r\r"), data[8:]...)))
	if err == nil || strings.Contains(err.Error(), "text mode") {
		t.Errorf("magic TSPACE\\r\\r: %v, want no text-mode hint", err)
	}
}

func TestUnsupportedVersion(t *testing.T) {
	data := smallFile(t)
	binary.LittleEndian.PutUint16(data[8:], 7)
	data = reseal(data)
	for _, in := range [][]byte{data, data[:10], data[:40]} {
		_, _, err := Read(bytes.NewReader(in))
		var ue *UnsupportedError
		if !errors.As(err, &ue) {
			t.Fatalf("Read of %d bytes: %v (%T), want *UnsupportedError", len(in), err, err)
		}
		var fe *FormatError
		if errors.As(err, &fe) || errors.Is(err, ErrTruncated) || errors.Is(err, ErrChecksum) {
			t.Errorf("unsupported version should not look like damage: %v", err)
		}
		if want := "tablefile: unsupported format version 7 (this build reads versions 1 and 2)"; err.Error() != want {
			t.Errorf("message %q, want %q", err, want)
		}
	}
}

func TestUnsupportedKindEncoding(t *testing.T) {
	for _, off := range []int{10, 11} {
		data := smallFile(t)
		data[off] = 200
		_, _, err := Read(bytes.NewReader(reseal(data)))
		var ue *UnsupportedError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "200") {
			t.Errorf("byte %d = 200: %v (%T), want *UnsupportedError", off, err, err)
		}
		// Without resealing it is damage, not a newer file.
		_, _, err = Read(bytes.NewReader(data))
		wantFormatError(t, err, "header", ErrChecksum)
	}
}

func TestTrailingData(t *testing.T) {
	data := append(smallFile(t), 0)
	_, _, err := Read(bytes.NewReader(data))
	wantFormatError(t, err, "trailing", nil)
	if err.Error() != "tablefile: trailing data after payload" {
		t.Errorf("message %q", err)
	}
	path := filepath.Join(t.TempDir(), "x.tsp")
	os.WriteFile(path, data, 0o644)
	_, _, err = ReadFile(path)
	wantFormatError(t, err, "trailing", nil)
}

// TestResealedDamage checks the field checks behind the header checksum,
// for files a buggy or hostile writer produced with a valid checksum.
func TestResealedDamage(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(b []byte)
		field  string
		substr string
	}{
		{"counts sum", func(b []byte) { b[fixedLen+4+8]++ }, "counts", "counts sum to 301, header says 300 entries"},
		{"goal padding", func(b []byte) { b[31] = 0 }, "goal", "padding"},
		{"goal repeats", func(b []byte) { b[16] = 2 }, "goal", "2,2,3,4,5,6,7,8,0"},
		{"shape", func(b []byte) { b[12] = 6 }, "shape", "6x3"},
		{"one column", func(b []byte) { b[13] = 1 }, "shape", "3x1"},
		{"pattern length", func(b []byte) { b[14] = 16 }, "pattern", "pattern length 16"},
		{"raw length", func(b []byte) { binary.LittleEndian.PutUint64(b[fieldOffset(b, "raw"):], 151) }, "payload length", "payload length 151"},
		{"compressed length huge", func(b []byte) {
			binary.LittleEndian.PutUint64(b[fieldOffset(b, "comp"):], 1<<40)
		}, "compressed length", "impossible"},
		{"compressed length zero", func(b []byte) { binary.LittleEndian.PutUint64(b[fieldOffset(b, "comp"):], 0) }, "compressed length", "impossible"},
		{"compressed length short", func(b []byte) {
			off := fieldOffset(b, "comp")
			binary.LittleEndian.PutUint64(b[off:], binary.LittleEndian.Uint64(b[off:])-1)
		}, "trailing", ""},
		{"payload crc", func(b []byte) { b[fieldOffset(b, "rawcrc")] ^= 1 }, "payload", "payload checksum mismatch (stored 0x"},
	}
	for i, c := range cases {
		data := smallFile(t)
		c.edit(data)
		_, _, err := Read(bytes.NewReader(reseal(data)))
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("case %d (%s): %v (%T), want *FormatError", i, c.name, err, err)
			continue
		}
		if fe.Field != c.field || !strings.Contains(err.Error(), c.substr) {
			t.Errorf("case %d (%s): %v (field %q), want field %q and %q", i, c.name, err, fe.Field, c.field, c.substr)
		}
	}
}

func TestHeaderChecksum(t *testing.T) {
	data := smallFile(t)
	data[fixedLen+4+8] ^= 4 // a count
	_, _, err := Read(bytes.NewReader(data))
	wantFormatError(t, err, "header", ErrChecksum)
	if err.Error() != "tablefile: header checksum mismatch" {
		t.Errorf("message %q", err)
	}
}

func TestCompressedDamage(t *testing.T) {
	h, p := testTable(KindDistance, EncodingBytes, 4000)
	data := mustWrite(t, h, p)
	hdrLen := headerLen(0, len(h.Counts))
	// Swap the payload for a valid zstd stream of different data: only the
	// raw checksum can catch it.
	enc, _ := encoder()
	other := bytes.Clone(p)
	other[100]++
	comp := enc.EncodeAll(other, nil)
	forged := append(bytes.Clone(data[:hdrLen]), comp...)
	binary.LittleEndian.PutUint64(forged[fieldOffset(forged, "comp"):], uint64(len(comp)))
	_, _, err := Read(bytes.NewReader(reseal(forged)))
	wantFormatError(t, err, "payload", ErrChecksum)

	// Decompressing to the wrong length.
	comp = enc.EncodeAll(p[:len(p)-1], nil)
	forged = append(bytes.Clone(data[:hdrLen]), comp...)
	binary.LittleEndian.PutUint64(forged[fieldOffset(forged, "comp"):], uint64(len(comp)))
	_, _, err = Read(bytes.NewReader(reseal(forged)))
	wantFormatError(t, err, "payload", nil)
	if want := "payload decompresses to 3999 bytes, header says 4000"; !strings.Contains(err.Error(), want) {
		t.Errorf("short payload: %v, want %q", err, want)
	}

	// Garbage in place of zstd data.
	forged = append(bytes.Clone(data[:hdrLen]), bytes.Repeat([]byte{0x55}, 64)...)
	binary.LittleEndian.PutUint64(forged[fieldOffset(forged, "comp"):], 64)
	_, _, err = Read(bytes.NewReader(reseal(forged)))
	wantFormatError(t, err, "payload", nil)
}

type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestReadIOError(t *testing.T) {
	data := smallFile(t)
	boom := errors.New("disk on fire")
	for _, n := range []int{0, 50, len(data) - 10, len(data)} {
		_, _, err := Read(&failingReader{bytes.NewReader(data[:n]), boom})
		if !errors.Is(err, boom) {
			t.Errorf("I/O error after %d bytes: got %v, want it wrapped", n, err)
		}
		var fe *FormatError
		if errors.As(err, &fe) {
			t.Errorf("I/O error after %d bytes reported as a FormatError: %v", n, err)
		}
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.tsp")
	_, _, err := ReadFile(missing)
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "tablefile: ") || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.tsp")
	os.WriteFile(bad, []byte("hello"), 0o644)
	_, _, err = ReadFile(bad)
	if want := "tablefile: read " + bad + ": bad magic: not a tilespace file"; err == nil || err.Error() != want {
		t.Errorf("bad file: %v, want %q", err, want)
	}
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Field != "magic" {
		t.Errorf("bad file: FormatError not reachable through %v", err)
	}
}

func TestWriteFileInvalid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.tsp")
	h, p := testTable(KindPDB, EncodingBytes, 10)
	h.Goal[0] = 0
	err := WriteFile(context.Background(), path, h, p)
	if err == nil || !strings.HasPrefix(err.Error(), "tablefile: write "+path+": goal") {
		t.Errorf("WriteFile invalid header: %v", err)
	}
	if _, serr := os.Stat(path); !errors.Is(serr, fs.ErrNotExist) {
		t.Errorf("WriteFile created a file despite failing: %v", serr)
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	if len(ents) != 0 {
		t.Errorf("WriteFile left %d files behind", len(ents))
	}
}

func TestExpect(t *testing.T) {
	h, _ := testTable(KindPDB, EncodingBytes, 10)
	if err := h.Expect(KindPDB, 3, 3, goal3x3, []uint8{1, 2, 3, 5}); err != nil {
		t.Errorf("Expect matching: %v", err)
	}
	d, _ := testTable(KindDistance, EncodingBytes, 10)
	if err := d.Expect(KindDistance, 3, 3, goal3x3, []uint8{}); err != nil {
		t.Errorf("Expect nil vs empty pattern: %v", err)
	}
	cases := []struct {
		kind          Kind
		rows, cols    int
		goal, pattern []uint8
		field, msg    string
	}{
		{KindDistance, 3, 3, goal3x3, nil, "kind", "tablefile: file is for kind pdb, want distance"},
		{KindPDB, 2, 4, goal3x3, nil, "shape", "tablefile: file is for shape 3x3, want 2x4"},
		{KindPDB, 3, 3, []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}, nil, "goal", "tablefile: file is for goal 1,2,3,4,5,6,7,8,0, want 0,1,2,3,4,5,6,7,8"},
		{KindPDB, 3, 3, goal3x3, []uint8{1, 2, 3}, "pattern", "tablefile: file is for pattern 1,2,3,5, want 1,2,3"},
		{KindPDB, 3, 3, goal3x3, nil, "pattern", "tablefile: file is for pattern 1,2,3,5, want (none)"},
	}
	for i, c := range cases {
		err := h.Expect(c.kind, c.rows, c.cols, c.goal, c.pattern)
		var me *MismatchError
		if !errors.As(err, &me) {
			t.Errorf("case %d: Expect = %v, want *MismatchError", i, err)
			continue
		}
		if me.Field != c.field || err.Error() != c.msg {
			t.Errorf("case %d: Expect = %q (field %q), want %q (field %q)", i, err, me.Field, c.msg, c.field)
		}
	}
}

func TestStrings(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{KindDistance.String(), "distance"}, {KindPDB.String(), "pdb"}, {Kind(0).String(), "Kind(0)"},
		{EncodingBytes.String(), "bytes"}, {EncodingMod4Bit.String(), "mod4-bit"},
		{EncodingNibbles.String(), "nibbles"}, {EncodingMod3.String(), "mod3"}, {Encoding(9).String(), "Encoding(9)"},
	} {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
}

// BenchmarkRead reads an 8-puzzle-sized mod4-bit table: 181440 entries,
// a 22680-byte payload.
func BenchmarkRead(b *testing.B) {
	h, p := testTable(KindDistance, EncodingMod4Bit, 181440)
	data := mustWrite(b, h, p)
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		if _, _, err := Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "file-bytes")
}

// A payload whose compressed form passes the 1 MiB read chunk reads back:
// the buffer's capacity may grow past the compressed length.
func TestReadLargeIncompressiblePayload(t *testing.T) {
	const n = 3<<20 + 12345
	payload := make([]byte, n)
	x := uint64(88172645463325252)
	for i := range payload {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		payload[i] = byte(x)
	}
	h := Header{Kind: KindDistance, Encoding: EncodingBytes, Rows: 4, Cols: 4,
		Goal: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}, Entries: n, Counts: []uint64{n}}
	var buf bytes.Buffer
	if err := Write(&buf, h, payload); err != nil {
		t.Fatal(err)
	}
	_, got, err := Read(&buf)
	if err != nil || !bytes.Equal(got, payload) {
		t.Fatalf("large payload: %v", err)
	}
}
