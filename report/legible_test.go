package report

import (
	"github.com/tilespace/tilespace/internal/testkit/legible"
	"gonum.org/v1/plot/font"
	"image"
	"image/color"
	"math"
	"regexp"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// reportSizes are the sizes a report prints a figure at: 8 cm wide, low
// (panels side by side) and tall (panels stacked).
var reportSizes = []Size{
	{Width: 8 * vg.Centimeter, Height: 6 * vg.Centimeter, DPI: 150},
	{Width: 8 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 150},
}

// TestFiguresLegible holds the legibility rule for every figure drawn from the
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
			for _, p := range legibility(f, size) {
				t.Errorf("case %d (%s) at %.0f × %.0f cm: %s", i, c.name, size.Width/vg.Centimeter, size.Height/vg.Centimeter, p)
			}
		}
	}
}

// legibility lists what keeps f, drawn at size, from reading well
// (legible.Problems).
func legibility(f *Figure, size Size) []string {
	return legible.Problems(f.Draw, f.AxisLabels(), size.Width, size.Height)
}

// The check itself sees overlaps, small text and missing units.
func TestLegibilityCheckSees(t *testing.T) {
	p := newPlot("a panel title that is far too long for the little figure it sits on", "distance", "states (count)")
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1e6, 0, 1
	f := &Figure{Name: "bad"}
	f.use(page{title: "an-unbreakable-title-far-wider-than-the-figure", panels: [][]*plot.Plot{{p}}, note: "tiny"})
	got := legibility(f, Size{Width: 3 * vg.Centimeter, Height: 3 * vg.Centimeter, DPI: 72})
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

// lineRecorder is a canvas that draws nothing and records the widths
// lines are stroked at.
type lineRecorder struct{ widths []vg.Length }

func (r *lineRecorder) SetLineWidth(w vg.Length)               { r.widths = append(r.widths, w) }
func (r *lineRecorder) SetLineDash([]vg.Length, vg.Length)     {}
func (r *lineRecorder) SetColor(color.Color)                   {}
func (r *lineRecorder) Rotate(float64)                         {}
func (r *lineRecorder) Translate(vg.Point)                     {}
func (r *lineRecorder) Scale(float64, float64)                 {}
func (r *lineRecorder) Push()                                  {}
func (r *lineRecorder) Pop()                                   {}
func (r *lineRecorder) Stroke(vg.Path)                         {}
func (r *lineRecorder) Fill(vg.Path)                           {}
func (r *lineRecorder) FillString(font.Face, vg.Point, string) {}
func (r *lineRecorder) DrawImage(vg.Rectangle, image.Image)    {}

// A figure 8 cm wide strokes its lines at 0.8 of the widths it strokes them
// at from 16 cm, as its text is smaller.
func TestLinesThinWithTheFigure(t *testing.T) {
	f, err := DFSWalk(dfsWalkData(50))
	if err != nil {
		t.Fatal(err)
	}
	widths := func(w vg.Length) []vg.Length {
		r := &lineRecorder{}
		f.draw(draw.NewCanvas(r, w, 10*vg.Centimeter))
		return r.widths
	}
	narrow, wide := widths(8*vg.Centimeter), widths(16*vg.Centimeter)
	if len(wide) == 0 {
		t.Fatal("no lines drawn")
	}
	for _, w := range wide {
		if w > 0 && !approxIn(w*0.8, narrow) {
			t.Errorf("a %.2f pt line at 16 cm has no %.2f pt line at 8 cm", w, w*0.8)
		}
	}
}

func approxIn(w vg.Length, ws []vg.Length) bool {
	for _, v := range ws {
		if math.Abs(float64(v-w)) < 1e-6 {
			return true
		}
	}
	return false
}
