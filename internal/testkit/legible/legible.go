// Package legible checks that a figure's text reads well: it draws the
// figure on a canvas that records where each string goes and lists text
// outside the figure, strings that overlap, text under 7 pt, and axis
// labels without a unit. The tests of package report and report/suite use
// it.
package legible

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// textRecorder is a vg.Canvas that draws nothing and records the box of
// every string drawn on it, in page coordinates: it follows Translate,
// Rotate, Scale, Push and Pop as a real canvas does.
type textRecorder struct {
	m     affine
	stack []affine
	boxes []textBox
}

// affine maps (x, y) to (a·x + b·y + e, c·x + d·y + f).
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.b*y + m.e, m.c*x + m.d*y + m.f
}

// then returns m followed by the local transform n (n applied first).
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.b*n.c, b: m.a*n.b + m.b*n.d,
		c: m.c*n.a + m.d*n.c, d: m.c*n.b + m.d*n.d,
		e: m.a*n.e + m.b*n.f + m.e, f: m.c*n.e + m.d*n.f + m.f,
	}
}

type textBox struct {
	text                   string
	size                   float64 // font size in points
	minX, minY, maxX, maxY float64
}

func (b textBox) String() string {
	return fmt.Sprintf("%q (%.1f pt) at [%.1f,%.1f]–[%.1f,%.1f]", b.text, b.size, b.minX, b.minY, b.maxX, b.maxY)
}

func newTextRecorder() *textRecorder { return &textRecorder{m: affine{a: 1, d: 1}} }

func (r *textRecorder) SetLineWidth(vg.Length)              {}
func (r *textRecorder) SetLineDash([]vg.Length, vg.Length)  {}
func (r *textRecorder) SetColor(color.Color)                {}
func (r *textRecorder) Stroke(vg.Path)                      {}
func (r *textRecorder) Fill(vg.Path)                        {}
func (r *textRecorder) DrawImage(vg.Rectangle, image.Image) {}
func (r *textRecorder) Push()                               { r.stack = append(r.stack, r.m) }
func (r *textRecorder) Pop() {
	r.m = r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
}
func (r *textRecorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.then(affine{a: c, b: -s, c: s, d: c})
}
func (r *textRecorder) Translate(pt vg.Point) {
	r.m = r.m.then(affine{a: 1, d: 1, e: float64(pt.X), f: float64(pt.Y)})
}
func (r *textRecorder) Scale(x, y float64) { r.m = r.m.then(affine{a: x, d: y}) }

func (r *textRecorder) FillString(f font.Face, pt vg.Point, s string) {
	if f.Font.Size == 0 || s == "" {
		return
	}
	e := f.Extents()
	x0, x1 := float64(pt.X), float64(pt.X+f.Width(s))
	y0, y1 := float64(pt.Y-e.Descent), float64(pt.Y+e.Ascent)
	b := textBox{text: s, size: float64(f.Font.Size), minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for _, p := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := r.m.apply(p[0], p[1])
		b.minX, b.maxX = math.Min(b.minX, x), math.Max(b.maxX, x)
		b.minY, b.maxY = math.Min(b.minY, y), math.Max(b.maxY, y)
	}
	r.boxes = append(r.boxes, b)
}

// overlapSlack is how far two text boxes may reach into each other, as a
// share of the smaller font: a box spans the font's whole ascent and descent
// (1.12 em in Liberation Sans), so lines set at their font size, as legends
// set them, touch without their letters meeting.
const overlapSlack = 0.15

// Problems lists what keeps a figure, drawn by drawFig on a canvas of
// width × height, from reading well: text outside the figure, two strings
// whose boxes overlap, text under 7 pt at print size, one of axisLabels
// without a unit in parentheses. nil means none.
func Problems(drawFig func(draw.Canvas), axisLabels []string, width, height vg.Length) []string {
	var problems []string
	r := newTextRecorder()
	drawFig(draw.NewCanvas(r, width, height))
	boxes := r.boxes
	w, h := float64(width), float64(height)
	for i, b := range boxes {
		if b.minX < -0.5 || b.minY < -0.5 || b.maxX > w+0.5 || b.maxY > h+0.5 {
			problems = append(problems, "outside the figure: "+b.String())
		}
		if b.size < 6.95 {
			problems = append(problems, "text under 7 pt: "+b.String())
		}
		for _, o := range boxes[:i] {
			slack := overlapSlack * math.Min(b.size, o.size)
			if b.minX < o.maxX-slack && o.minX < b.maxX-slack &&
				b.minY < o.maxY-slack && o.minY < b.maxY-slack {
				problems = append(problems, "overlap: "+o.String()+" and "+b.String())
			}
		}
	}
	for _, l := range axisLabels {
		if !unitPattern.MatchString(l) {
			problems = append(problems, fmt.Sprintf("axis label %q has no unit in parentheses", l))
		}
	}
	return problems
}

var unitPattern = regexp.MustCompile(`\([^()]+\)\s*$`)
