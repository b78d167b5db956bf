// Package progress shows a long job's progress with an ETA on a terminal
// and stays silent when its writer is not one (a pipe, a file, CI).
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// Bar reports progress toward a total on one line that redraws itself.
// The zero Bar and a nil *Bar report nothing. Safe for concurrent use.
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	total float64
	start time.Time
	last  time.Time
	drawn bool
}

// New returns a Bar writing to w if w is a terminal, else a silent one.
func New(w io.Writer, label string, total float64) *Bar {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &Bar{w: w, label: label, total: total, start: time.Now()}
}

// Update redraws the bar at done of total, at most ten times a second.
func (b *Bar) Update(done float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	frac := done / b.total
	if frac > 1 {
		frac = 1
	}
	elapsed := now.Sub(b.start)
	eta := "?"
	if frac > 0 {
		eta = (time.Duration(float64(elapsed) * (1 - frac) / frac)).Round(time.Second).String()
	}
	fmt.Fprintf(b.w, "\r%s %5.1f%%  elapsed %s  ETA %s   ", b.label, 100*frac, elapsed.Round(time.Second), eta)
	b.drawn = true
}

// Done clears the bar's line.
func (b *Bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprintf(b.w, "\r%*s\r", len(b.label)+48, "")
	}
}
