package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	stdfnt "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/textfmt"
)

// Size is the physical size of a rendered figure and the resolution of its
// PNG. SVG output has the same physical size.
type Size struct {
	Width, Height vg.Length
	DPI           int
}

// DefaultSize suits a report page: 16 × 10 cm at 150 dpi (945 × 591 pixels),
// where 8–11 pt text stays readable when printed at full column width.
var DefaultSize = Size{Width: 16 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 150}

// Pixels returns the size of the PNG image, rounded as gonum's raster canvas
// rounds it.
func (s Size) Pixels() (w, h int) {
	return int(s.Width/vg.Inch*vg.Length(s.DPI) + 0.5), int(s.Height/vg.Inch*vg.Length(s.DPI) + 0.5)
}

// Validate reports whether s can be rendered: positive sizes of at most
// 1 m and a resolution of 30–1200 dpi (with at most 10⁸ pixels in all).
func (s Size) Validate() error {
	if !(s.Width > 0 && s.Height > 0) || s.Width > 100*vg.Centimeter || s.Height > 100*vg.Centimeter {
		return fmt.Errorf("report: figure size %.1f × %.1f cm: each side must be above 0 and at most 100 cm",
			s.Width/vg.Centimeter, s.Height/vg.Centimeter)
	}
	if s.DPI < 30 || s.DPI > 1200 {
		return fmt.Errorf("report: resolution %d dpi: must be between 30 and 1200", s.DPI)
	}
	if w, h := s.Pixels(); w < 1 || h < 1 || w*h > 100_000_000 {
		return fmt.Errorf("report: figure of %d × %d pixels is too large", w, h)
	}
	return nil
}

// Formats lists the file formats a Figure writes, in the order Write writes
// them.
var Formats = []string{"png", "svg", "csv"}

// Figure is one figure ready to render: its file name (without extension),
// the drawing, and the table of numbers the drawing shows.
type Figure struct {
	// Name is the file name without extension, e.g. "depth-histogram".
	Name string
	// Title is the figure's title as drawn.
	Title string
	// CSV holds the data behind the figure: a header row, then one row per
	// plotted value. Numbers are written so that parsing them gives back
	// exactly the plotted float64.
	CSV [][]string

	draw func(c draw.Canvas)
}

// DataError says a figure cannot be drawn from the data it was given.
type DataError struct {
	Figure  string // the figure's name
	Problem string // what is wrong, e.g. `series "BFS": value 0 at distance 3 on a log axis`
}

func (e *DataError) Error() string { return "report: figure " + e.Figure + ": " + e.Problem }

func dataErrorf(fig, format string, args ...any) error {
	return &DataError{Figure: fig, Problem: fmt.Sprintf(format, args...)}
}

// Render draws the figure in memory as "png", "svg" or "csv" and returns the
// file's bytes. A drawing that panics inside gonum/plot is returned as an
// error naming the figure.
func (f *Figure) Render(format string, size Size) (data []byte, err error) {
	if format == "csv" {
		return f.csvBytes()
	}
	if err := size.Validate(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("report: figure %s: drawing failed: %v", f.Name, r)
		}
	}()
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(size.Width, size.Height), vgimg.UseDPI(size.DPI),
			vgimg.UseBackgroundColor(color.White))
		f.draw(draw.New(c))
		// Default compression: the best level makes files only 2–5 %
		// smaller and takes three times as long (BenchmarkRenderScalingPNG).
		if err := png.Encode(&buf, c.Image()); err != nil {
			return nil, fmt.Errorf("report: figure %s: encoding PNG: %w", f.Name, err)
		}
	case "svg":
		c := vgsvg.New(size.Width, size.Height)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		f.draw(dc)
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("report: figure %s: encoding SVG: %w", f.Name, err)
		}
	default:
		return nil, fmt.Errorf("report: unknown format %q (want png, svg or csv)", format)
	}
	return buf.Bytes(), nil
}

func (f *Figure) csvBytes() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(f.CSV); err != nil {
		return nil, fmt.Errorf("report: figure %s: writing CSV: %w", f.Name, err)
	}
	return buf.Bytes(), nil
}

// Write renders the figure in each format and then writes dir/Name.format
// for each, atomically. Every format is rendered before any file is written,
// so a figure that cannot be drawn leaves no file behind. It returns the
// paths written. A done ctx stops it between files and interrupts a file being
// written, which is then left out (atomicfile.Write).
func (f *Figure) Write(ctx context.Context, dir string, size Size, formats []string) ([]string, error) {
	rendered := make([][]byte, len(formats))
	for i, format := range formats {
		b, err := f.Render(format, size)
		if err != nil {
			return nil, err
		}
		if len(b) == 0 {
			return nil, fmt.Errorf("report: figure %s: empty %s output", f.Name, format)
		}
		rendered[i] = b
	}
	var paths []string
	for i, format := range formats {
		path := filepath.Join(dir, f.Name+"."+format)
		err := atomicfile.Write(ctx, path, func(w io.Writer) error {
			_, err := w.Write(rendered[i])
			return err
		})
		if err != nil {
			return paths, fmt.Errorf("report: figure %s: %w", f.Name, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// ---- numbers in CSV and on axes ----

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

// ---- style ----

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

// ---- page layout ----

// page lays out a figure: a bold title, panels in a grid, an optional
// legend in a column on the right, and an optional note of small grey lines
// at the bottom.
type page struct {
	title  string
	panels [][]*plot.Plot // rows of panels
	legend *plot.Legend   // drawn right of the panels when not nil
	note   string         // lines separated by "\n"
	body   func(c draw.Canvas)
}

func (pg page) draw(c draw.Canvas) {
	pad := vg.Points(6)
	c = draw.Crop(c, pad, -pad, pad, -pad)
	if pg.title != "" {
		sty := sans(11, true)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: c.Center().X, Y: c.Max.Y}, pg.title)
		c.Max.Y -= sty.Height(pg.title) + vg.Points(4)
	}
	if pg.note != "" {
		sty := sans(7.5, false)
		sty.Color = grey
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		var lines []string
		for _, para := range strings.Split(pg.note, "\n") {
			lines = append(lines, wrap(sty, para, c.Max.X-c.Min.X)...)
		}
		y := c.Min.Y
		for i := len(lines) - 1; i >= 0; i-- {
			c.FillText(sty, vg.Point{X: c.Min.X, Y: y}, lines[i])
			y += sty.Height(lines[i]) + vg.Points(1)
		}
		c.Min.Y = y + vg.Points(3)
	}
	if pg.legend != nil {
		r := pg.legend.Rectangle(c)
		w := r.Max.X - r.Min.X + vg.Points(6)
		lc := c
		lc.Min.X = c.Max.X - w
		lc.Max.Y -= vg.Points(8)
		pg.legend.Draw(lc)
		c.Max.X -= w + vg.Points(4)
	}
	if pg.body != nil {
		pg.body(c)
		return
	}
	if len(pg.panels) == 0 {
		return
	}
	// Panels are placed in plain tiles rather than with plot.Align, which
	// lines up data areas but lets panel titles drift to different heights.
	// A single column is aligned so its data areas share their left edge.
	tiles := draw.Tiles{Rows: len(pg.panels), Cols: len(pg.panels[0]), PadX: vg.Points(12), PadY: vg.Points(8)}
	if tiles.Cols == 1 && tiles.Rows > 1 {
		canvases := plot.Align(pg.panels, tiles, c)
		for i, row := range pg.panels {
			drawPlot(row[0], canvases[i][0])
		}
		return
	}
	for i, row := range pg.panels {
		for j, p := range row {
			if p != nil {
				drawPlot(p, tiles.At(c, j, i))
			}
		}
	}
}

// drawPlot draws p on c. On log axes it draws the axis labels itself:
// gonum/plot v0.17 places a label's glyph box at the arithmetic middle of the
// axis range, which on a log axis sits near the far end and shrinks the
// data area by half the label's length.
func drawPlot(p *plot.Plot, c draw.Canvas) {
	makeLegendRoom(p, c)
	_, logX := p.X.Scale.(plot.LogScale)
	_, logY := p.Y.Scale.(plot.LogScale)
	logX = logX && p.X.Label.Text != ""
	logY = logY && p.Y.Label.Text != ""
	if !logX && !logY {
		p.Draw(c)
		return
	}
	xLabel, yLabel := p.X.Label.Text, p.Y.Label.Text
	defer func() { p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel }()
	inner := c
	var xSty, ySty text.Style
	if logX {
		p.X.Label.Text = ""
		xSty = p.X.Label.TextStyle
		xSty.XAlign, xSty.YAlign = draw.XCenter, draw.YBottom
		inner.Min.Y += xSty.Height(xLabel) + p.X.Label.Padding
	}
	if logY {
		p.Y.Label.Text = ""
		ySty = p.Y.Label.TextStyle
		ySty.Rotation = math.Pi / 2
		ySty.XAlign, ySty.YAlign = draw.XCenter, draw.YTop
		inner.Min.X += ySty.Height(yLabel) + p.Y.Label.Padding
	}
	data := p.DataCanvas(inner)
	if logX {
		c.FillText(xSty, vg.Point{X: data.Center().X, Y: c.Min.Y}, xLabel)
	}
	if logY {
		c.FillText(ySty, vg.Point{X: c.Min.X, Y: data.Center().Y}, yLabel)
	}
	p.Draw(inner)
}

// wrap breaks text into lines no wider than width at spaces.
func wrap(sty text.Style, s string, width vg.Length) []string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	line := words[0]
	for _, w := range words[1:] {
		if sty.Width(line+" "+w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line += " " + w
	}
	return append(lines, line)
}

// sideLegend returns an empty legend for the right-hand column.
func sideLegend() *plot.Legend {
	l := plot.NewLegend()
	l.TextStyle = sans(8, false)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = vg.Points(18)
	l.Padding = vg.Points(2)
	return &l
}

// ---- data checks ----

// finitePositive reports whether v can sit on a log axis.
func finitePositive(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }
