package analyze

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"codeberg.org/sbinet/npyio"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// manhattanValues is Manhattan distance of every board of sp in rank
// order, from package pdb.
func manhattanValues(sp *statespace.Space) []uint8 {
	md := pdb.NewManhattan(sp.Goal())
	v := make([]uint8, sp.Size())
	for r := range v {
		v[r] = uint8(md.Distance(sp.Unrank(uint64(r))))
	}
	return v
}

// profileOf profiles h alone on sp.
func profileOf(t *testing.T, sp *statespace.Space, h Heuristic) *Profile {
	t.Helper()
	_, ps, err := ProfileHeuristics(context.Background(), sp, []Heuristic{h}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}

// TestValuesFileProfilesAsBuiltIn: Manhattan distance's values written to
// a .npy file (by the npyio package, in several dtypes) or as raw bytes,
// read back and profiled, give exactly the built-in manhattan profile.
func TestValuesFileProfilesAsBuiltIn(t *testing.T) {
	first := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), first} {
		sp := statespace.MustSpace(goal)
		hs, err := NewHeuristics(context.Background(), goal, []string{"manhattan"})
		if err != nil {
			t.Fatal(err)
		}
		want := profileOf(t, sp, hs[0])
		v := manhattanValues(sp)
		files := map[string][]byte{}
		arrays := []any{v, widen[uint16](v), widen[int32](v), widen[int64](v), widen[float64](v), widen[int8](v)}
		if goal != first {
			arrays = arrays[:1]
		}
		for _, a := range arrays {
			var buf bytes.Buffer
			if err := npyio.Write(&buf, a); err != nil {
				t.Fatal(err)
			}
			files[fmt.Sprintf("npy %T", a)] = buf.Bytes()
		}
		files["raw"] = v
		for name, data := range files {
			var got []uint8
			var err error
			if name == "raw" {
				got, err = ReadRaw(bytes.NewReader(data), sp.Size())
			} else {
				got, err = ReadNPY(bytes.NewReader(data), sp.Size())
			}
			if err != nil {
				t.Fatalf("%s goal %s, %s: %v", goal.Shape(), goal, name, err)
			}
			p := profileOf(t, sp, Values("manhattan", sp, got))
			if !reflect.DeepEqual(p, want) {
				t.Errorf("%s goal %s, %s: the file's profile\n%+v\ndiffers from the built-in\n%+v", goal.Shape(), goal, name, p, want)
			}
		}
	}
}

func widen[T uint16 | int32 | int64 | float64 | int8](v []uint8) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = T(x)
	}
	return out
}

// npyFile builds a .npy file of version 1 from its header text and data.
func npyFile(header string, data []byte) []byte {
	pad := 64 - (10+len(header)+1)%64
	h := header + strings.Repeat(" ", pad%64) + "\n"
	b := []byte(npyMagic + "\x01\x00")
	b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	return append(append(b, h...), data...)
}

func TestReadNPYRefuses(t *testing.T) {
	u2 := func(vs ...uint16) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint16(b, v)
		}
		return b
	}
	good := "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }"
	for _, c := range []struct {
		name, want string
		file       []byte
	}{
		{"length", "shape (4,): the space has 3 boards", npyFile("{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }", []byte{1, 2, 3, 4})},
		{"2-D", "shape [3 1]", npyFile("{'descr': '|u1', 'fortran_order': False, 'shape': (3, 1), }", []byte{1, 2, 3})},
		{"scalar", "shape []", npyFile("{'descr': '|u1', 'fortran_order': False, 'shape': (), }", []byte{1})},
		{"fortran", "fortran_order true", npyFile("{'descr': '|u1', 'fortran_order': True, 'shape': (3,), }", []byte{1, 2, 3})},
		{"bool", "dtype |b1", npyFile("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 0, 1})},
		{"complex", "dtype <c8", npyFile("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", make([]byte, 24))},
		{"wide u1", "dtype <u1x", npyFile("{'descr': '<u1x', 'fortran_order': False, 'shape': (3,), }", make([]byte, 3))},
		{"structured", "a value other than a string", npyFile("{'descr': [('a', '<u2')], 'fortran_order': False, 'shape': (3,), }", make([]byte, 6))},
		{"too big", "value 256 at index 1", npyFile(good, u2(1, 256, 3))},
		{"negative", "value -1 at index 2", npyFile("{'descr': '|i1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 2, 0xff})},
		{"fraction", "value 1.5 at index 0", npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", append(binary.LittleEndian.AppendUint64(nil, 0x3ff8000000000000), make([]byte, 16)...))},
		{"short", "the data ends after 2 of its 3 values", npyFile(good, u2(1, 2, 3)[:5])},
		{"long", "more bytes follow", npyFile(good, append(u2(1, 2, 3), 0))},
		{"magic", "does not begin with the .npy magic", []byte("NUMPY\x01\x00")},
		{"version", "format version 4.0", []byte(npyMagic + "\x04\x00\x10\x00")},
		{"no key", `no "shape"`, npyFile("{'descr': '|u1', 'fortran_order': False}", []byte{1, 2, 3})},
		{"extra key", "the keys are", npyFile("{'descr': '|u1', 'fortran_order': False, 'shape': (3,), 'x': True}", []byte{1, 2, 3})},
		{"header cut", "ends inside its header", npyFile(good, nil)[:20]},
	} {
		_, err := ReadNPY(bytes.NewReader(c.file), 3)
		var ve *ValuesError
		if !errors.As(err, &ve) || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(c.want)) {
			t.Errorf("%s: error %v, want a *ValuesError containing %q", c.name, err, c.want)
		}
	}
	got, err := ReadNPY(bytes.NewReader(npyFile(good, u2(7, 0, 255))), 3)
	if err != nil || !reflect.DeepEqual(got, []uint8{7, 0, 255}) {
		t.Errorf("a good file: %v, %v", got, err)
	}
	got, err = ReadNPY(bytes.NewReader(npyFile("{'descr': '>i4', 'fortran_order': False, 'shape': (3,)}", []byte{0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 255})), 3)
	if err != nil || !reflect.DeepEqual(got, []uint8{7, 0, 255}) {
		t.Errorf("a big-endian file: %v, %v", got, err)
	}
}

func TestReadRawRefuses(t *testing.T) {
	for _, c := range []struct {
		want string
		file []byte
	}{
		{"2 bytes: it holds one byte (uint8) a board, 3 for this space", []byte{1, 2}},
		{"4 bytes", []byte{1, 2, 3, 4}},
		{"NumPy .npy file", npyFile("{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 2, 3})},
	} {
		_, err := ReadRaw(bytes.NewReader(c.file), 3)
		var ve *ValuesError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want a *ValuesError containing %q", c.file, err, c.want)
		}
	}
}

// FuzzReadNPY feeds ReadNPY any bytes for a space of 12 boards: it
// refuses them with a *ValuesError or returns 12 values, which written
// back as a uint8 array read the same. The seeds are in
// testdata/fuzz/FuzzReadNPY.
func FuzzReadNPY(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ReadNPY(bytes.NewReader(data), 12)
		if err != nil {
			if _, ok := err.(*ValuesError); !ok {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		if len(v) != 12 {
			t.Fatalf("%d values", len(v))
		}
		var buf bytes.Buffer
		if err := npyio.Write(&buf, v); err != nil {
			t.Fatal(err)
		}
		again, err := ReadNPY(&buf, 12)
		if err != nil || !bytes.Equal(again, v) {
			t.Fatalf("written back: %v, %v; want %v", again, err, v)
		}
	})
}
