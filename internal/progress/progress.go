// Package progress shows a long job's progress with an estimate of the
// time left on a terminal, as one line that redraws itself. Elsewhere (a
// pipe, a file, a CI log) it stays quiet, so output meant for programs
// carries nothing unasked; a log that wants to show a long run is alive
// asks for a whole line at an interval with $TILESPACE_PROGRESS_EVERY.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/tilespace/tilespace/internal/textfmt"
)

// EnvEvery names the environment variable that asks a Bar that is not on
// a terminal for a log line at an interval (a Go duration such as 30s or
// 5m); unset, such a Bar writes nothing.
const EnvEvery = "TILESPACE_PROGRESS_EVERY"

// Bar reports progress toward a total. The zero Bar and a nil *Bar report
// nothing. Safe for concurrent use.
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	unit  string
	total float64
	start time.Time
	last  time.Time
	drawn bool

	// A Bar that is not on a terminal writes whole lines from a ticker.
	log   bool
	every time.Duration
	done  float64
	level int // the level being worked on, or -1 when not told
	stop  chan struct{}
}

// New returns a Bar writing to w: one redrawn line if w is a terminal,
// else nothing, or a line every $TILESPACE_PROGRESS_EVERY while updates
// come when that is set; it counts in states.
func New(w io.Writer, label string, total float64) *Bar {
	b := &Bar{w: w, label: label, unit: "states", total: total, start: time.Now(), level: -1}
	if f, ok := w.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		b.log, b.every = true, every()
	}
	return b
}

// every returns the interval of log lines: $TILESPACE_PROGRESS_EVERY when
// it is a positive duration, else 0 (no lines).
func every() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(EnvEvery)); err == nil && d > 0 {
		return d
	}
	return 0
}

// Terminal reports whether b redraws a line on a terminal (false for a
// nil Bar and for one writing log lines).
func (b *Bar) Terminal() bool { return b != nil && !b.log }

// SetUnit names what the total counts ("states" unless set), for the log
// lines.
func (b *Bar) SetUnit(unit string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.unit = unit
	b.mu.Unlock()
}

// Update records done of total, redrawing a terminal's line at most ten
// times a second.
func (b *Bar) Update(done float64) { b.UpdateLevel(-1, done) }

// UpdateLevel is Update for a breadth-first search, telling the level
// (distance) being worked on as well; -1 keeps the last one told.
func (b *Bar) UpdateLevel(level int, done float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if level >= 0 {
		b.level = level
	}
	b.done = done
	if b.log {
		if b.stop == nil && b.every > 0 {
			b.stop = make(chan struct{})
			go b.tick(b.stop)
		}
		return
	}
	now := time.Now()
	if now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	frac, elapsed, eta := b.estimate(now)
	fmt.Fprintf(b.w, "\r%s %5.1f%%  elapsed %s  ETA %s   ", b.label, 100*frac, elapsed, eta)
	b.drawn = true
}

// estimate returns the fraction done, the time elapsed and the time left,
// as the work so far predicts it ("?" before any).
func (b *Bar) estimate(now time.Time) (frac float64, elapsed time.Duration, eta string) {
	frac = b.done / b.total
	if frac > 1 {
		frac = 1
	}
	elapsed = now.Sub(b.start).Round(time.Second)
	eta = "?"
	if frac > 0 {
		eta = time.Duration(float64(now.Sub(b.start)) * (1 - frac) / frac).Round(time.Second).String()
	}
	return frac, elapsed, eta
}

// tick writes a log line every b.every until stop is closed.
func (b *Bar) tick(stop chan struct{}) {
	t := time.NewTicker(b.every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			b.mu.Lock()
			if b.stop == stop { // not stopped meanwhile
				b.writeLine(now)
			}
			b.mu.Unlock()
		}
	}
}

// writeLine writes the log line: the level, the count done of the total,
// the time elapsed and the estimate of the time left.
func (b *Bar) writeLine(now time.Time) {
	frac, elapsed, eta := b.estimate(now)
	level := ""
	if b.level >= 0 {
		level = fmt.Sprintf("level %d, ", b.level)
	}
	left := "time left not yet known"
	if eta != "?" {
		left = "about " + eta + " left"
	}
	fmt.Fprintf(b.w, "%s: %s%s of %s %s (%.1f%%), %s elapsed, %s\n", b.label, level,
		textfmt.Commas(uint64(b.done)), textfmt.Commas(uint64(b.total)), b.unit, 100*frac, elapsed, left)
}

// Done clears a terminal's line and stops the log lines until the next
// update.
func (b *Bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stop != nil {
		close(b.stop)
		b.stop = nil
	}
	if b.drawn {
		fmt.Fprintf(b.w, "\r%*s\r", len(b.label)+48, "")
		b.drawn = false
	}
}
