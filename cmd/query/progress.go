package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/solver"
)

// progressEvery is how often the line of a search's progress is redrawn;
// a search shorter than this shows none.
const progressEvery = 2 * time.Second

// stderrTerminal reports whether w is a terminal; a variable so that
// tests can stand in for one.
var stderrTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// searchDisplay returns what shows the progress of searches on stderr,
// one line redrawn with \r, and what clears that line; on anything but a
// terminal nothing (nil, and a done that does nothing).
func searchDisplay(stderr io.Writer) (show func(solver.SearchProgress), done func()) {
	if !stderrTerminal(stderr) {
		return nil, func() {}
	}
	l := &searchLine{w: stderr, now: time.Now}
	return l.show, l.clear
}

// searchLine is the line of a search's progress on a terminal.
type searchLine struct {
	w   io.Writer
	now func() time.Time

	mu    sync.Mutex
	width int // of the line drawn, in characters; 0 when none is
	// The rate is measured from the first report of the iteration in
	// this run: its time and nodes. iteration is 0 before a report.
	iteration int
	since     time.Time
	from      uint64
	last      time.Time // of the last line drawn, or of the search's start
}

func (l *searchLine) show(sp solver.SearchProgress) {
	if sp.Found {
		l.clear()
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.iteration == 0 {
		l.last = now
	}
	if sp.Iteration != l.iteration || sp.Nodes < l.from {
		l.iteration, l.since, l.from = sp.Iteration, now, sp.Nodes
	}
	if now.Sub(l.last) < progressEvery {
		return
	}
	var rate float64
	if dt := now.Sub(l.since).Seconds(); dt > 0 {
		rate = float64(sp.Nodes-l.from) / dt
	}
	est, ok := sp.Estimate(rate)
	line := progressLine(sp, est, ok)
	fmt.Fprintf(l.w, "\r%-*s", l.width, line)
	l.width, l.last = max(l.width, utf8.RuneCountInString(line)), now
}

// clear blanks the line drawn, if any, and forgets the search.
func (l *searchLine) clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.width > 0 {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.width))
	}
	l.width, l.iteration, l.from = 0, 0, 0
}

// progressLine is the line showing sp, with the estimate of the
// iteration under way when ok.
func progressLine(sp solver.SearchProgress, est solver.IterationEstimate, ok bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "query: bound %d (iteration %d), ", sp.Bound, sp.Iteration)
	if sp.Tasks > 0 {
		fmt.Fprintf(&b, "%d/%d subtrees, ", sp.Done, sp.Tasks)
	}
	b.WriteString(roughCount(sp.Nodes) + " nodes")
	if sp.Total != sp.Nodes {
		b.WriteString(" (" + roughCount(sp.Total) + " in all)")
	}
	switch {
	case !ok:
		b.WriteString(", time left not yet known")
	case est.Left > 0:
		fmt.Fprintf(&b, ", this iteration ~%s left (growth ×%.1f)", roughDuration(est.Left), est.Growth)
	default:
		fmt.Fprintf(&b, ", this iteration past its estimate (growth ×%.1f)", est.Growth)
	}
	return b.String()
}

// roughCount writes n with commas below a million, else with two
// significant digits as 1.2e9.
func roughCount(n uint64) string {
	if n < 1e6 {
		return textfmt.Commas(n)
	}
	exp := int(math.Floor(math.Log10(float64(n))))
	m := math.Round(float64(n)/math.Pow(10, float64(exp))*10) / 10
	if m >= 10 {
		m, exp = m/10, exp+1
	}
	return fmt.Sprintf("%.1fe%d", m, exp)
}

// roughDuration writes d in the unit that suits it: "<1 s", seconds below a
// minute and a half, minutes below an hour and a half, then hours below
// two days, then days.
func roughDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return "<1 s"
	case d < 90*time.Second:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d < 90*time.Minute:
		return fmt.Sprintf("%.0f min", d.Minutes())
	case d < 48*time.Hour:
		return fmt.Sprintf("%.1f h", d.Hours())
	}
	return fmt.Sprintf("%.1f days", d.Hours()/24)
}
