package report

import (
	"image/color"
	"math"
	"strconv"

	stdfnt "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tilespace/tilespace/internal/textfmt"
)

// num formats v so that strconv.ParseFloat gives back exactly v.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func itoa(v int) string { return strconv.Itoa(v) }

// human writes a tick label in one style on every axis: round numbers
// from a thousand up with k and M suffixes (1k, 2.5k, 100k, 2M), others in
// full with thousands separated by commas (181,440), and from 10⁹ in
// exponent form.
func human(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return strconv.FormatFloat(v, 'e', -1, 64)
	case a >= 1e6 && math.Mod(a, 1e4) == 0:
		return strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	case a >= 1e3 && math.Mod(a, 10) == 0 && (a < 1e4 || math.Mod(a, 100) == 0) && (a < 1e5 || math.Mod(a, 1e3) == 0):
		return strconv.FormatFloat(v/1e3, 'f', -1, 64) + "k"
	case a >= 1000 && a == math.Trunc(a):
		return textfmt.Commas(int64(v))
	default:
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
}

// humanTicks are gonum's default linear ticks with human labels.
type humanTicks struct{}

func (humanTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = human(ticks[i].Value)
		}
	}
	return ticks
}

// logTicks labels every power of ten and marks 2…9 times it; when the range
// spans less than two decades it also labels 2× and 5×.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) {
		return nil
	}
	lo, hi := int(math.Floor(math.Log10(min))), int(math.Ceil(math.Log10(max)))
	few := hi-lo <= 2
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		base := math.Pow10(e)
		for k := 1; k <= 9; k++ {
			v := base * float64(k)
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if k == 1 || (few && (k == 2 || k == 5)) {
				t.Label = human(v)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// seriesColors is the Okabe–Ito colour-blind-safe palette (without its
// yellow, which vanishes on white) extended by three darker colours.
var seriesColors = []color.Color{
	rgb(0x00, 0x72, 0xB2), // blue
	rgb(0xD5, 0x5E, 0x00), // vermillion
	rgb(0x00, 0x9E, 0x73), // bluish green
	rgb(0xCC, 0x79, 0xA7), // reddish purple
	rgb(0xE6, 0x9F, 0x00), // orange
	rgb(0x56, 0xB4, 0xE9), // sky blue
	rgb(0x00, 0x00, 0x00), // black
	rgb(0x8C, 0x56, 0x4B), // brown
	rgb(0x7F, 0x7F, 0x7F), // grey
	rgb(0x80, 0x80, 0x00), // olive
}

var seriesGlyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.PlusGlyph{},
}

var seriesDashes = [][]vg.Length{nil, {vg.Points(5), vg.Points(2)}, {vg.Points(1.5), vg.Points(1.5)}, {vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{R: r, G: g, B: b, A: 255} }

func colorAt(i int) color.Color { return seriesColors[i%len(seriesColors)] }

func lighten(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	// premultiplied: scale each channel by alpha/255
	f := uint32(alpha)
	return color.RGBA{R: uint8(r >> 8 * f / 255), G: uint8(g >> 8 * f / 255), B: uint8(b >> 8 * f / 255), A: alpha}
}

var grey = rgb(0x55, 0x55, 0x55)

func sans(size vg.Length, bold bool) text.Style {
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if bold {
		f.Weight = stdfnt.WeightBold
	}
	return text.Style{Color: color.Black, Font: font.From(f, size), Handler: plot.DefaultTextHandler}
}

// newPlot returns a plot with report-sized sans-serif text: 10 pt panel
// titles, 9 pt axis labels, 8 pt tick labels and legend. Only the fonts
// change; gonum's alignments and rotations stay.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = sans(10, true).Font
	p.Title.Padding = vg.Points(4)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans(9, false).Font
		a.Tick.Label.Font = sans(8, false).Font
		a.Tick.Marker = humanTicks{}
		a.Padding = vg.Points(2)
	}
	p.Legend.TextStyle.Font = sans(8, false).Font
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Padding = vg.Points(1)
	p.Add(gridPlotter{})
	return p
}

// gridPlotter draws light major grid lines at the labelled ticks of both
// axes.
type gridPlotter struct{}

func (gridPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.LineStyle{Color: rgb(0xE4, 0xE4, 0xE4), Width: vg.Points(0.5)}
	for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if t.IsMinor() || t.Value < p.X.Min || t.Value > p.X.Max {
			continue
		}
		x := trX(t.Value)
		c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
	}
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if t.IsMinor() || t.Value < p.Y.Min || t.Value > p.Y.Max {
			continue
		}
		y := trY(t.Value)
		c.StrokeLine2(sty, c.Min.X, y, c.Max.X, y)
	}
}

func setLogY(p *plot.Plot) {
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
}
