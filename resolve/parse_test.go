package resolve

import (
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// sameAsParse checks that ParseBoard reads text exactly as
// statespace.Parse does: the same board or the same error text.
func sameAsParse(t *testing.T, text string, shape statespace.Shape) {
	t.Helper()
	got, gotErr := ParseBoard([]byte(text), shape)
	want, wantErr := statespace.Parse(text, shape)
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%q (%s): error %v, statespace.Parse: %v", text, shape, gotErr, wantErr)
	}
	if got != want {
		t.Fatalf("%q (%s): board %s, statespace.Parse: %s", text, shape, got, want)
	}
}

var parseCases = []struct {
	text  string
	shape statespace.Shape
}{
	{"8,6,7,2,5,4,3,0,1", statespace.Shape{}},
	{"867254301", statespace.Shape{}},
	{"1,2,3,0", statespace.Shape{}},
	{"14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3", statespace.Shape{}},
	{"1,2,3,4,5,0", statespace.Shape{Rows: 2, Cols: 3}},
	{"1,2,3,4,5,0", statespace.Shape{Rows: 3, Cols: 2}},
	{"1,2,3,4,5,0", statespace.Shape{}},       // ambiguous
	{"1,2,3,4,5,6,7,8,9", statespace.Shape{}}, // out of range
	{"1,2,3,4,5,6,7,8,8", statespace.Shape{}}, // duplicate
	{"1,2,3,4,5,6,7,8", statespace.Shape{}},   // 8 tiles
	{"08,6,7,2,5,4,3,0,1", statespace.Shape{}},
	{"8,6,7,2,5,4,3,0,1,", statespace.Shape{}},
	{",8,6,7,2,5,4,3,0,1", statespace.Shape{}},
	{"8,,6,7,2,5,4,3,0,1", statespace.Shape{}},
	{"8, 6, 7, 2, 5, 4, 3, 0, 1", statespace.Shape{}},
	{"8 6 7 2 5 4 3 0 1", statespace.Shape{}},
	{"8,6,7/2,5,4/3,_,1", statespace.Shape{}},
	{"8,6,7,2,5,4,3,_,1", statespace.Shape{}},
	{"867,254,301", statespace.Shape{}},
	{"1,2,3,4,5,6,7,8,0", statespace.Shape{Rows: 3, Cols: 3}},
	{"1,2,3,4,5,6,7,8,0", statespace.Shape{Rows: 2, Cols: 2}},
	{"1,2,3,4,5,6,7,8,0", statespace.Shape{Rows: 1, Cols: 9}},
	{"1,2,3,4,5,6,7,8,0", statespace.Shape{Rows: -3, Cols: -3}},
	{"12345678910111213141516", statespace.Shape{}},
	{"123,4", statespace.Shape{}},
	{"123,4,5,6,7,8,0", statespace.Shape{}},
	{"5,1,6,7,99999999999999999999999,8,4,0,2", statespace.Shape{}},
	{"\uFEFF8,6,7,2,5,4,3,0,1", statespace.Shape{}},
	{"\uFEFF867254301", statespace.Shape{}},
	{"123456780", statespace.Shape{Rows: 3, Cols: 3}},
	{"1234567890", statespace.Shape{Rows: 2, Cols: 5}},
	{"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0,16", statespace.Shape{}},
	{"100,2,3,0", statespace.Shape{}},
	{"+1,2,3,0", statespace.Shape{}},
	{"-1,2,3,0", statespace.Shape{}},
	{"", statespace.Shape{}},
	{"#", statespace.Shape{}},
	{" 8,6,7,2,5,4,3,0,1 ", statespace.Shape{}},
	{"8,6,7,2,5,4,3,0,1\r", statespace.Shape{}},
}

func TestParseBoardAsParse(t *testing.T) {
	for i, tc := range parseCases {
		t.Logf("case %d", i)
		sameAsParse(t, tc.text, tc.shape)
	}
}

// TestParseBoardFast checks the common form takes the fast path: one
// allocation (statespace.NewBoard's), where statespace.Parse makes ten.
func TestParseBoardFast(t *testing.T) {
	line := []byte("8,6,7,2,5,4,3,0,1")
	if n := testing.AllocsPerRun(100, func() { ParseBoard(line, statespace.Shape{}) }); n > 1 {
		t.Errorf("%v allocations per board", n)
	}
}

// FuzzParseBoard checks ParseBoard against statespace.Parse on any text
// and shape. Seeds: parseCases and testdata/fuzz/FuzzParseBoard.
func FuzzParseBoard(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.text, tc.shape.Rows, tc.shape.Cols)
	}
	f.Fuzz(func(t *testing.T, text string, rows, cols int) {
		shape := statespace.Shape{Rows: rows % 8, Cols: cols % 8}
		sameAsParse(t, text, shape)
	})
}
