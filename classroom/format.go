package classroom

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tilespace/tilespace/search"
)

var errNoTable = errors.New("classroom: no distance table")

// withDefaults fills zero limits with the small-board defaults, whatever
// the board's size, so that a report always ends.
func withDefaults(lim search.Limits) search.Limits {
	if lim.MaxExpanded <= 0 {
		lim.MaxExpanded = search.DefaultMaxExpanded
	}
	if lim.MaxTime <= 0 {
		lim.MaxTime = search.DefaultMaxTime
	}
	return lim
}

// textTable lays out rows in columns: the first column left-aligned, the
// others right-aligned, with two spaces between.
type textTable struct {
	rows [][]string
	left map[int]bool // columns aligned left besides the first
}

func (t *textTable) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *textTable) write(w io.Writer) error {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			if i > 0 {
				line.WriteString("  ")
			}
			if i == 0 || t.left[i] {
				line.WriteString(c + pad)
			} else {
				line.WriteString(pad + c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// humanBytes writes n in B, KiB, MiB or GiB with 3 significant figures.
func humanBytes(n int64) string {
	const k = 1024
	switch {
	case n < k:
		return fmt.Sprintf("%d B", n)
	case n < k*k:
		return sig3(float64(n)/k) + " KiB"
	case n < k*k*k:
		return sig3(float64(n)/(k*k)) + " MiB"
	}
	return sig3(float64(n)/(k*k*k)) + " GiB"
}

// humanDuration writes d in µs, ms or s with 3 significant figures.
func humanDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return sig3(float64(d)/float64(time.Microsecond)) + " µs"
	case d < time.Second:
		return sig3(float64(d)/float64(time.Millisecond)) + " ms"
	}
	return sig3(d.Seconds()) + " s"
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// goalLabel names a goal for people: "last (1,2,…)" or the tiles.
func goalLabel(goal interface{ String() string }, name string) string {
	if name == goal.String() {
		return name
	}
	return name + " (" + goal.String() + ")"
}

// wrapText breaks text into lines of at most width runes at spaces, each
// line ending in a newline.
func wrapText(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		n := utf8.RuneCountInString(word)
		if i > 0 && line+1+n > width {
			b.WriteString("\n")
			line = 0
		} else if i > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(word)
		line += n
	}
	b.WriteString("\n")
	return b.String()
}
