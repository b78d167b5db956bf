package classroom

import (
	"strconv"
	"strings"
	"testing"
)

// ParseKs either fails or returns numbers ≥ 0 that print back to a list
// it parses to the same numbers. Seeds: here and testdata/fuzz/FuzzParseKs.
func FuzzParseKs(f *testing.F) {
	for _, s := range []string{"10,20,50,100,200,500,1000", "0", " 5 , 6 ", "1,,2", "-3", "9999999999999999999999", "7\t8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ks, err := ParseKs(text)
		if err != nil {
			return
		}
		parts := make([]string, len(ks))
		for i, k := range ks {
			if k < 0 {
				t.Fatalf("ParseKs(%v) gave %d", text, k)
			}
			parts[i] = strconv.Itoa(k)
		}
		again, err := ParseKs(strings.Join(parts, ","))
		if err != nil || len(again) != len(ks) {
			t.Fatalf("round trip of %q: %v, %v", text, again, err)
		}
		for i := range ks {
			if again[i] != ks[i] {
				t.Fatalf("round trip of %q: %v, want %v", text, again, ks)
			}
		}
	})
}
