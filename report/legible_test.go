package report

import (
	"regexp"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// reportSizes are the sizes a report prints a figure at: 8 cm wide, low
// (panels side by side) and tall (panels stacked).
var reportSizes = []Size{
	{Width: 8 * vg.Centimeter, Height: 6 * vg.Centimeter, DPI: 150},
	{Width: 8 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 150},
}

// TestFiguresLegible holds issue 21's rule for every figure drawn from the
// fixed data, at the 8 cm a report prints it and at the default size: no
// text outside the figure or over other text, none under 7 pt, a unit on
// every axis.
func TestFiguresLegible(t *testing.T) {
	for _, size := range append(reportSizes, DefaultSize) {
		for i, c := range figureCases {
			f, err := c.build()
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			for _, p := range f.Legibility(size) {
				t.Errorf("case %d (%s) at %.0f × %.0f cm: %s", i, c.name, size.Width/vg.Centimeter, size.Height/vg.Centimeter, p)
			}
		}
	}
}

// The check itself sees overlaps, small text and missing units.
func TestLegibilityCheckSees(t *testing.T) {
	p := newPlot("a panel title that is far too long for the little figure it sits on", "distance", "states (count)")
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1e6, 0, 1
	f := &Figure{Name: "bad"}
	f.use(page{title: "an-unbreakable-title-far-wider-than-the-figure", panels: [][]*plot.Plot{{p}}, note: "tiny"})
	got := f.Legibility(Size{Width: 3 * vg.Centimeter, Height: 3 * vg.Centimeter, DPI: 72})
	want := map[string]bool{"outside": false, "overlap": false, "no unit": false}
	for _, g := range got {
		for k := range want {
			if regexp.MustCompile(k).MatchString(g) {
				want[k] = true
			}
		}
	}
	for k, seen := range want {
		if !seen {
			t.Errorf("the check did not report %q; it reported %q", k, got)
		}
	}
}
