package progress

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Not a terminal: no line while the run is short, and a nil Bar is safe
// to use.
func TestQuietWhenShort(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, "x", 10)
	if b.Terminal() {
		t.Fatal("a buffer taken for a terminal")
	}
	b.Update(5)
	b.Done()
	if buf.Len() != 0 {
		t.Errorf("a short run wrote %q", buf.String())
	}
	var none *Bar
	none.Update(5)
	none.UpdateLevel(3, 5)
	none.SetUnit("entries")
	none.Done()
	if none.Terminal() {
		t.Error("a nil Bar is a terminal")
	}
}

// syncBuffer is a bytes.Buffer safe to read while the ticker writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// Not a terminal, a long run: whole lines at the interval, with the level,
// the counts, the time elapsed and the estimate left; none after Done.
func TestLogLines(t *testing.T) {
	t.Setenv(EnvEvery, "20ms")
	var buf syncBuffer
	b := New(&buf, "enumerate", 1_000_000)
	b.start = time.Now().Add(-10 * time.Second)
	b.UpdateLevel(7, 250_000)
	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(buf.String(), "\n") < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	b.Done()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("got %q, want a line every 20ms", buf.String())
	}
	// 10 s for a quarter: about 30 s to go.
	re := regexp.MustCompile(`^enumerate: level 7, 250,000 of 1,000,000 states \(25\.0%\), 10s elapsed, about 30s left$`)
	if !re.MatchString(lines[0]) {
		t.Errorf("line %q does not match %s", lines[0], re)
	}
	n := len(buf.String())
	time.Sleep(60 * time.Millisecond)
	if len(buf.String()) != n {
		t.Errorf("lines after Done: %q", buf.String()[n:])
	}
	// An update after Done starts the lines again.
	b.Update(500_000)
	deadline = time.Now().Add(5 * time.Second)
	for len(buf.String()) == n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	b.Done()
	if !strings.Contains(buf.String()[n:], "level 7, 500,000 of 1,000,000") {
		t.Errorf("after a new update: %q", buf.String()[n:])
	}
}

// Unset or bad, the variable asks for no lines; a positive duration sets
// the interval.
func TestEvery(t *testing.T) {
	for _, v := range []string{"", "soon", "-5s", "0"} {
		t.Setenv(EnvEvery, v)
		if got := every(); got != 0 {
			t.Errorf("%s=%q: %s, want no lines", EnvEvery, v, got)
		}
	}
	t.Setenv(EnvEvery, "2m")
	if got := every(); got != 2*time.Minute {
		t.Errorf("2m: got %s", got)
	}
}

// Not a terminal and not asked for lines: nothing at all, however long
// the run.
func TestQuietOffTerminal(t *testing.T) {
	t.Setenv(EnvEvery, "")
	var buf syncBuffer
	b := New(&buf, "enumerate", 1_000_000)
	b.start = time.Now().Add(-time.Hour)
	b.UpdateLevel(7, 250_000)
	b.Update(500_000)
	b.Done()
	if b.Terminal() || buf.String() != "" {
		t.Errorf("off a terminal with %s unset: wrote %q", EnvEvery, buf.String())
	}
}

func TestDrawsETA(t *testing.T) {
	var buf bytes.Buffer
	b := &Bar{w: &buf, label: "enumerate", total: 100, start: time.Now().Add(-10 * time.Second), level: -1}
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

// The sample line of docs/building.md is what a Bar writes for those
// figures.
func TestREADMESample(t *testing.T) {
	raw, err := os.ReadFile("../../docs/building.md")
	if err != nil {
		t.Fatal(err)
	}
	sample := regexp.MustCompile("`(enumerate: level [^`]*)`").FindSubmatch(raw)
	if sample == nil {
		t.Fatal("docs/building.md shows no progress line")
	}
	var buf bytes.Buffer
	now := time.Now()
	b := &Bar{w: &buf, label: "enumerate", unit: "states", total: 239_500_800, start: now.Add(-150 * time.Second), level: 41, done: 31_204_118}
	b.writeLine(now)
	if got := strings.TrimSuffix(buf.String(), "\n"); got != string(sample[1]) {
		t.Errorf("a Bar writes\n  %s\nthe README shows\n  %s", got, sample[1])
	}
}
