package tablefile

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the files in testdata/")

// fixtureTable is the table stored in testdata/valid.tsp: a 3x3 pattern
// database in the nibbles encoding.
func fixtureTable() (Header, []byte) {
	return testTable(KindPDB, EncodingNibbles, 300)
}

// brokenFixtures derives each damaged fixture from the bytes of valid.tsp.
func brokenFixtures(valid []byte) map[string][]byte {
	hdrLen := headerLen(int(valid[14]), int(valid[15])+1)

	badMagic := bytes.Clone(valid)
	copy(badMagic, "PK\x03\x04NOPE")

	// A newer, otherwise well-formed file: the header checksum is valid.
	badVersion := bytes.Clone(valid)
	binary.LittleEndian.PutUint16(badVersion[8:], 7)
	badVersion = reseal(badVersion)

	// A count changed behind the header checksum's back.
	badHeaderCRC := bytes.Clone(valid)
	badHeaderCRC[fixedLen+int(valid[14])+8] ^= 0x01

	// The stored payload checksum changed and the header resealed, so only
	// the payload check can notice.
	badPayloadCRC := bytes.Clone(valid)
	badPayloadCRC[fieldOffset(valid, "rawcrc")] ^= 0x01
	badPayloadCRC = reseal(badPayloadCRC)

	return map[string][]byte{
		"truncated-header.tsp":  bytes.Clone(valid[:hdrLen/2]),
		"truncated-payload.tsp": bytes.Clone(valid[:len(valid)-(len(valid)-hdrLen)/2]),
		"bad-magic.tsp":         badMagic,
		"bad-version.tsp":       badVersion,
		"bad-header-crc.tsp":    badHeaderCRC,
		"bad-payload-crc.tsp":   badPayloadCRC,
	}
}

// TestGenerateFixtures checks that the damaged fixtures in testdata/ are
// exactly what brokenFixtures derives from valid.tsp. With -update it
// rewrites valid.tsp from fixtureTable, the damaged files from it, and the
// extra seeds in testdata/fuzz/FuzzRead:
//
//	go test ./tablefile/ -run TestGenerateFixtures -update
//
// valid.tsp itself is not compared byte for byte, because zstd output may
// differ between library versions; TestFixtures checks what it decodes to.
func TestGenerateFixtures(t *testing.T) {
	validPath := filepath.Join("testdata", "valid.tsp")
	if *update {
		h, p := fixtureTable()
		if err := WriteFile(context.Background(), validPath, h, p); err != nil {
			t.Fatal(err)
		}
	}
	if *update {
		writeFuzzSeeds(t)
	}
	valid, err := os.ReadFile(validPath)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range brokenFixtures(valid) {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run with -update to regenerate)", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the generator derives from valid.tsp (run with -update)", path)
		}
	}
}

func TestFixtures(t *testing.T) {
	path := filepath.Join("testdata", "valid.tsp")
	h, p, err := ReadFile(path)
	if err != nil {
		t.Fatalf("ReadFile(%s): %v", path, err)
	}
	wantH, wantP := fixtureTable()
	if !reflect.DeepEqual(h, wantH) || !bytes.Equal(p, wantP) {
		t.Errorf("%s does not hold the fixture table", path)
	}

	isFormat := func(field string, sentinel error) func(error) bool {
		return func(err error) bool {
			var fe *FormatError
			return errors.As(err, &fe) && fe.Field == field && (sentinel == nil || errors.Is(err, sentinel))
		}
	}
	cases := []struct {
		name string
		ok   func(error) bool
		want string
	}{
		{"truncated-header.tsp", isFormat("header", ErrTruncated), "FormatError{header} matching ErrTruncated"},
		{"truncated-payload.tsp", isFormat("payload", ErrTruncated), "FormatError{payload} matching ErrTruncated"},
		{"bad-magic.tsp", isFormat("magic", nil), "FormatError{magic}"},
		{"bad-version.tsp", func(err error) bool {
			var ue *UnsupportedError
			var fe *FormatError
			return errors.As(err, &ue) && !errors.As(err, &fe)
		}, "UnsupportedError"},
		{"bad-header-crc.tsp", isFormat("header", ErrChecksum), "FormatError{header} matching ErrChecksum"},
		{"bad-payload-crc.tsp", isFormat("payload", ErrChecksum), "FormatError{payload} matching ErrChecksum"},
	}
	for i, c := range cases {
		path := filepath.Join("testdata", c.name)
		_, _, err := ReadFile(path)
		if err == nil || !c.ok(err) {
			t.Errorf("case %d: ReadFile(%s) = %v (%T), want %s", i, path, err, err, c.want)
		}
		// Read on the same bytes must agree with ReadFile.
		data, _ := os.ReadFile(path)
		if _, _, err := Read(bytes.NewReader(data)); err == nil || !c.ok(err) {
			t.Errorf("case %d: Read(%s) = %v (%T), want %s", i, c.name, err, err, c.want)
		}
	}
}

// writeFuzzSeeds adds valid files unlike valid.tsp to FuzzRead's corpus:
// an empty table and a small distance table in the bytes encoding, so the
// fuzzer starts from more than one header shape.
func writeFuzzSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzRead")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	seeds := map[string][]byte{}
	h, p := testTable(KindDistance, EncodingMod3, 0)
	seeds["empty-table"] = mustWrite(t, h, p)
	h, p = testTable(KindDistance, EncodingBytes, 12)
	h.Rows, h.Cols, h.Goal = 2, 2, []uint8{1, 2, 3, 0}
	seeds["distance-2x2-bytes"] = mustWrite(t, h, p)
	for name, data := range seeds {
		entry := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(entry), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
