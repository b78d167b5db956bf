package statespace

import (
	"testing"
)

// sameAsParse checks that ParseBytes reads text exactly as
// Parse does: the same board or the same error text.
func sameAsParse(t *testing.T, text string, shape Shape) {
	t.Helper()
	got, gotErr := ParseBytes([]byte(text), shape)
	want, wantErr := Parse(text, shape)
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%q (%s): error %v, Parse: %v", text, shape, gotErr, wantErr)
	}
	if got != want {
		t.Fatalf("%q (%s): board %s, Parse: %s", text, shape, got, want)
	}
}

var parseBytesCases = []struct {
	text  string
	shape Shape
}{
	{"8,6,7,2,5,4,3,0,1", Shape{}},
	{"867254301", Shape{}},
	{"1,2,3,0", Shape{}},
	{"14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3", Shape{}},
	{"1,2,3,4,5,0", Shape{Rows: 2, Cols: 3}},
	{"1,2,3,4,5,0", Shape{Rows: 3, Cols: 2}},
	{"1,2,3,4,5,0", Shape{}},       // ambiguous
	{"1,2,3,4,5,6,7,8,9", Shape{}}, // out of range
	{"1,2,3,4,5,6,7,8,8", Shape{}}, // duplicate
	{"1,2,3,4,5,6,7,8", Shape{}},   // 8 tiles
	{"08,6,7,2,5,4,3,0,1", Shape{}},
	{"8,6,7,2,5,4,3,0,1,", Shape{}},
	{",8,6,7,2,5,4,3,0,1", Shape{}},
	{"8,,6,7,2,5,4,3,0,1", Shape{}},
	{"8, 6, 7, 2, 5, 4, 3, 0, 1", Shape{}},
	{"8 6 7 2 5 4 3 0 1", Shape{}},
	{"8,6,7/2,5,4/3,_,1", Shape{}},
	{"8,6,7,2,5,4,3,_,1", Shape{}},
	{"867,254,301", Shape{}},
	{"1,2,3,4,5,6,7,8,0", Shape{Rows: 3, Cols: 3}},
	{"1,2,3,4,5,6,7,8,0", Shape{Rows: 2, Cols: 2}},
	{"1,2,3,4,5,6,7,8,0", Shape{Rows: 1, Cols: 9}},
	{"1,2,3,4,5,6,7,8,0", Shape{Rows: -3, Cols: -3}},
	{"12345678910111213141516", Shape{}},
	{"123,4", Shape{}},
	{"123,4,5,6,7,8,0", Shape{}},
	{"5,1,6,7,99999999999999999999999,8,4,0,2", Shape{}},
	{"\uFEFF8,6,7,2,5,4,3,0,1", Shape{}},
	{"\uFEFF867254301", Shape{}},
	{"123456780", Shape{Rows: 3, Cols: 3}},
	{"1234567890", Shape{Rows: 2, Cols: 5}},
	{"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0,16", Shape{}},
	{"100,2,3,0", Shape{}},
	{"+1,2,3,0", Shape{}},
	{"-1,2,3,0", Shape{}},
	{"", Shape{}},
	{"#", Shape{}},
	{" 8,6,7,2,5,4,3,0,1 ", Shape{}},
	{"8,6,7,2,5,4,3,0,1\r", Shape{}},
}

func TestParseBytesAsParse(t *testing.T) {
	for i, tc := range parseBytesCases {
		t.Logf("case %d", i)
		sameAsParse(t, tc.text, tc.shape)
	}
}

// TestParseBytesFast checks the common form takes the fast path: one
// allocation (NewBoard's), where Parse makes ten.
func TestParseBytesFast(t *testing.T) {
	line := []byte("8,6,7,2,5,4,3,0,1")
	if n := testing.AllocsPerRun(100, func() { ParseBytes(line, Shape{}) }); n > 1 {
		t.Errorf("%v allocations per board", n)
	}
}

// FuzzParseBytes checks ParseBytes against Parse on any text
// and shape. Seeds: parseBytesCases and testdata/fuzz/FuzzParseBytes.
func FuzzParseBytes(f *testing.F) {
	for _, tc := range parseBytesCases {
		f.Add(tc.text, tc.shape.Rows, tc.shape.Cols)
	}
	f.Fuzz(func(t *testing.T, text string, rows, cols int) {
		shape := Shape{Rows: rows % 8, Cols: cols % 8}
		sameAsParse(t, text, shape)
	})
}

func BenchmarkParseBytes(b *testing.B) {
	line := []byte("8,6,7,2,5,4,3,0,1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseBytes(line, Shape{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSlow(b *testing.B) {
	line := "8,6,7,2,5,4,3,0,1"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(line, Shape{}); err != nil {
			b.Fatal(err)
		}
	}
}
