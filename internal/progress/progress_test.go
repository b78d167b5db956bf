package progress

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// Not a terminal: silent, and a nil Bar is safe to use.
func TestSilentWhenNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	if b := New(&buf, "x", 10); b != nil {
		t.Fatal("a Bar for a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := New(f, "x", 10)
	if b != nil {
		t.Fatal("a Bar for a regular file")
	}
	b.Update(5)
	b.Done()
}

func TestDrawsETA(t *testing.T) {
	var buf bytes.Buffer
	b := &Bar{w: &buf, label: "enumerate", total: 100, start: time.Now().Add(-10 * time.Second)}
	b.Update(25)
	got := buf.String()
	// 10 s for a quarter: 30 s to go.
	for _, want := range []string{"enumerate", " 25.0%", "elapsed 10s", "ETA 30s"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	b.Update(50) // within 100 ms of the last draw: skipped
	if buf.String() != got {
		t.Errorf("redrew within 100 ms")
	}
	b.Done()
	if !strings.HasSuffix(buf.String(), "\r") {
		t.Errorf("Done does not clear the line")
	}
}
