package submissions

import (
	"strings"
	"testing"

	"github.com/tilespace/tilespace/classroom/grade"
)

// FuzzBoxReport reads any bytes as what a box's script wrote on its fd 3
// (which a program in the box may also write to) without panicking: an
// output of at most grade.MaxBytes, or a reason it was not read. Seeds:
// testdata/fuzz/FuzzBoxReport.
func FuzzBoxReport(f *testing.F) {
	f.Add([]byte("exit 0 file 8\nabcdefgh"))
	f.Add([]byte("exit 3 none 0\n"))
	f.Add([]byte("copy\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, out := outcome{}.fromBox(nil, data)
		if len(out.data) > grade.MaxBytes || (out.why != "" && out.data != nil) {
			t.Fatalf("%d bytes, why %q", len(out.data), out.why)
		}
		if out.why == "" && out.size <= grade.MaxBytes && int64(len(out.data)) != out.size {
			t.Fatalf("%d bytes read, size %d", len(out.data), out.size)
		}
		_ = o.String()
	})
}

// TestBoxReport: the box's report read into how the run ended and its
// output.txt.
func TestBoxReport(t *testing.T) {
	for _, c := range []struct {
		data, outcome, why, got string
	}{
		{"exit 0 file 3\nabc", "exit status 0", "", "abc"},
		{"exit 153 file 3\nabc", "killed for a file over the size limit", "", "abc"},
		{"exit 137 none 0\n", "killed by signal 9 (killed)", "no output.txt", ""},
		{"exit 0 link 0\n", "exit status 0", "symbolic link, not followed", ""},
		{"copy\n", "not run", "does not fit", ""},
		{"", "the box ended before its program", "no output.txt", ""},
	} {
		o, out := outcome{}.fromBox(nil, []byte(c.data))
		if !strings.HasPrefix(o.String(), c.outcome) || !strings.Contains(out.why, c.why) || string(out.data) != c.got {
			t.Errorf("%q: outcome %q, why %q, data %q; want %q, %q, %q", c.data, o, out.why, out.data, c.outcome, c.why, c.got)
		}
	}
}
