package generate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// A run's summary counts every file it wrote and their bytes, as they
// are on disk.
func TestSummary(t *testing.T) {
	dir := t.TempDir()
	var goals []statespace.Board
	for _, g := range []struct {
		name  string
		shape statespace.Shape
	}{{"last", statespace.Shape{Rows: 2, Cols: 3}}, {"first", statespace.Shape{Rows: 2, Cols: 2}}} {
		goal, err := statespace.ParseGoal(g.name, g.shape)
		if err != nil {
			t.Fatal(err)
		}
		goals = append(goals, goal)
	}
	plan, err := NewPlan(Config{Goals: goals, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := Summary{Dir: dir}
	if err := plan.Run(context.Background(), Events{Built: func(r Report) error { s.Add(r); return nil }}); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for _, e := range entries {
		fi, err := os.Stat(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		size += fi.Size()
	}
	if s.Files != len(entries) || s.Bytes != size {
		t.Errorf("summary: %d files, %d bytes; the folder holds %d files, %d bytes", s.Files, s.Bytes, len(entries), size)
	}
	s.Seconds = 2.94
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "wrote 2 files, " + commas(size) + " bytes in all, into " + dir + " in 2.9s\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	s.Add(PDBReport{Patterns: []PatternReport{{Bytes: 10}, {Bytes: 7, Kept: true}}})
	if s.Files != 3 || s.Kept != 1 || s.Bytes != size+10 {
		t.Errorf("after a resumed database build: %+v", s)
	}
}

// commas writes n with thousands separators, independently of textfmt.
func commas(n int64) string {
	s := []byte{}
	for i, d := range []byte(fmtInt(n)) {
		if i > 0 && (len(fmtInt(n))-i)%3 == 0 {
			s = append(s, ',')
		}
		s = append(s, d)
	}
	return string(s)
}

func fmtInt(n int64) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}
