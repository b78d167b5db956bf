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

	draw  func(c draw.Canvas)
	plots []*plot.Plot // every panel drawn, for AxisLabels
}

// use makes pg the figure's drawing.
func (f *Figure) use(pg page) {
	f.draw = pg.draw
	for _, row := range pg.panels {
		for _, p := range row {
			if p != nil {
				f.plots = append(f.plots, p)
			}
		}
	}
	f.plots = append(f.plots, pg.plots...)
}

// Draw draws the figure on c, as Render does on the canvas of its format.
func (f *Figure) Draw(c draw.Canvas) { f.draw(c) }

// AxisLabels returns the label of every axis drawn with one, e.g.
// "distance (moves)".
func (f *Figure) AxisLabels() []string {
	var labels []string
	for _, p := range f.plots {
		for _, a := range []*plot.Axis{&p.X, &p.Y} {
			if a.Label.Text != "" {
				labels = append(labels, a.Label.Text)
			}
		}
	}
	return labels
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

// textSizes are a figure's font sizes in points, chosen from its width: at
// 8 cm, the width a report prints a figure at, text of 7–9 pt; from 16 cm
// (the default), the sizes of a full-width figure; in between, in between.
// Line widths scale with the text (line: 0.8 at 8 cm, 1 from 16 cm), so
// that lines do not outweigh the smaller text.
type textSizes struct{ title, panel, axis, tick, legend, note, line float64 }

func sizesFor(w vg.Length) textSizes {
	t := math.Max(0, math.Min(1, float64((w-8*vg.Centimeter)/(8*vg.Centimeter))))
	lerp := func(a, b float64) float64 { return a + t*(b-a) }
	return textSizes{title: lerp(9, 11), panel: lerp(8, 10), axis: lerp(7.5, 9), tick: lerp(7, 8), legend: lerp(7, 8), note: lerp(7, 7.5), line: lerp(0.8, 1)}
}

// thinLines is a canvas whose stroked lines are k times as wide as asked.
type thinLines struct {
	vg.Canvas
	k float64
}

func (c thinLines) SetLineWidth(w vg.Length) { c.Canvas.SetLineWidth(w * vg.Length(c.k)) }

// narrowWidth is the width under which panels are stacked and a side legend
// moves under them: two panels side by side leave each under 6 cm.
const narrowWidth = 12 * vg.Centimeter

// noteShare is the most of a figure's height its note may take; the
// paragraphs that do not fit are left out (the caption of a small figure
// carries them).
const noteShare = 0.25

// page lays out a figure: a bold title, panels in a grid, an optional
// legend in a column on the right (under the panels on a narrow figure),
// and an optional note of small grey lines at the bottom.
type page struct {
	title  string
	panels [][]*plot.Plot // rows of panels
	legend *legendEntries // drawn right of the panels when not nil
	note   string         // paragraphs separated by "\n"
	body   func(c draw.Canvas, ts textSizes)
	plots  []*plot.Plot // the plots body draws
}

func (pg page) draw(c draw.Canvas) {
	ts := sizesFor(c.Max.X - c.Min.X)
	if ts.line != 1 {
		c.Canvas = thinLines{Canvas: c.Canvas, k: ts.line}
	}
	pad := vg.Points(6)
	height := c.Max.Y - c.Min.Y
	c = draw.Crop(c, pad, -pad, pad, -pad)
	width := c.Max.X - c.Min.X
	narrow := width+2*pad < narrowWidth
	if pg.title != "" {
		sty := sans(vg.Length(ts.title), true)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		for _, line := range wrap(sty, pg.title, width) {
			c.FillText(sty, vg.Point{X: c.Center().X, Y: c.Max.Y}, line)
			c.Max.Y -= sty.Height(line)
		}
		c.Max.Y -= vg.Points(4)
	}
	if pg.note != "" {
		sty := sans(vg.Length(ts.note), false)
		sty.Color = grey
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		var lines []string
		used := vg.Length(0)
		for _, para := range strings.Split(pg.note, "\n") {
			pl := wrap(sty, para, width)
			h := vg.Length(len(pl)) * (sty.Height("Xg") + vg.Points(1))
			if used+h > noteShare*height {
				break
			}
			lines, used = append(lines, pl...), used+h
		}
		y := c.Min.Y
		for i := len(lines) - 1; i >= 0; i-- {
			c.FillText(sty, vg.Point{X: c.Min.X, Y: y}, lines[i])
			y += sty.Height(lines[i]) + vg.Points(1)
		}
		if len(lines) > 0 {
			c.Min.Y = y + vg.Points(3)
		}
	}
	if pg.legend != nil {
		if narrow {
			c.Min.Y += pg.legend.drawUnder(c, ts) + vg.Points(4)
		} else {
			l := pg.legend.legend(ts, 0, len(pg.legend.labels))
			r := l.Rectangle(c)
			w := r.Max.X - r.Min.X + vg.Points(6)
			lc := c
			lc.Min.X = c.Max.X - w
			lc.Max.Y -= vg.Points(8)
			l.Draw(lc)
			c.Max.X -= w + vg.Points(4)
		}
	}
	if pg.body != nil {
		pg.body(c, ts)
		return
	}
	if len(pg.panels) == 0 {
		return
	}
	panels := pg.panels
	// A narrow figure stacks its panels when that leaves their data areas
	// larger than side by side: a tall figure always, a low one when the
	// panels' legends and labels leave too little width in a row.
	if narrow && len(panels) == 1 && len(panels[0]) > 1 &&
		dataRoom(panels[0], c, ts, true) > dataRoom(panels[0], c, ts, false) {
		panels = nil
		for _, row := range pg.panels {
			for _, p := range row {
				if p != nil {
					panels = append(panels, []*plot.Plot{p})
				}
			}
		}
	}
	// Panels are placed in plain tiles rather than with plot.Align, which
	// lines up data areas but lets panel titles drift to different heights.
	// A single column is aligned so its data areas share their left edge,
	// and a panel whose x axis is labelled as the next one's leaves the
	// label to it.
	tiles := draw.Tiles{Rows: len(panels), Cols: len(panels[0]), PadX: vg.Points(12), PadY: vg.Points(6)}
	if tiles.Cols == 1 && tiles.Rows > 1 {
		for i := 0; i+1 < len(panels); i++ {
			if p, next := panels[i][0], panels[i+1][0]; p.X.Label.Text == next.X.Label.Text {
				defer func(l string) { p.X.Label.Text = l }(p.X.Label.Text)
				p.X.Label.Text = ""
			}
		}
		for i, row := range panels {
			restyle(row[0], ts, c.Max.X-c.Min.X)
			// Over a panel with the same x axis, tick labels would only
			// repeat the next one's: left out (size 0 is not drawn).
			if i+1 < len(panels) {
				if p, next := row[0], panels[i+1][0]; p.X.Min == next.X.Min && p.X.Max == next.X.Max && p.X.Scale == next.X.Scale {
					p.X.Tick.Label.Font.Size = 0
				}
			}
		}
		canvases := plot.Align(panels, tiles, c)
		for i, row := range panels {
			drawPlot(row[0], canvases[i][0], ts)
		}
		return
	}
	for i, row := range panels {
		// Titles of a row take as many lines as its longest, so that the
		// panels' data areas start at one height.
		lines := 0
		for j, p := range row {
			if p != nil {
				tc := tiles.At(c, j, i)
				restyle(p, ts, tc.Max.X-tc.Min.X)
				lines = max(lines, strings.Count(p.Title.Text, "\n"))
			}
		}
		for j, p := range row {
			if p != nil {
				if p.Title.Text != "" {
					defer func(t string) { p.Title.Text = t }(p.Title.Text)
					p.Title.Text += strings.Repeat("\n ", lines-strings.Count(p.Title.Text, "\n"))
				}
				drawPlot(p, tiles.At(c, j, i), ts)
			}
		}
	}
}

// dataRoom returns the smallest side of the panels' data areas when row is
// drawn on c side by side or stacked, an inset legend too wide for its panel
// going under it.
func dataRoom(row []*plot.Plot, c draw.Canvas, ts textSizes, stacked bool) vg.Length {
	tiles := draw.Tiles{Rows: 1, Cols: len(row), PadX: vg.Points(12), PadY: vg.Points(6)}
	if stacked {
		tiles.Rows, tiles.Cols = len(row), 1
	}
	room := vg.Length(math.Inf(1))
	for k, p := range row {
		tc := tiles.At(c, k%tiles.Cols, k/tiles.Cols)
		restyle(p, ts, tc.Max.X-tc.Min.X)
		if v, ok := insetLegends.Load(p); ok {
			l := v.(*insetState).legend
			dc := p.DataCanvas(tc)
			if l.Rectangle(dc).Size().X+l.XOffs+vg.Points(10) > dc.Max.X-dc.Min.X {
				tc.Min.Y += l.Rectangle(tc).Size().Y + vg.Points(3)
			}
		}
		dc := p.DataCanvas(tc)
		room = min(room, dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y)
	}
	return room
}

// restyle sets p's text to the sizes ts and wraps its title to width.
func restyle(p *plot.Plot, ts textSizes, width vg.Length) {
	p.Title.TextStyle.Font.Size = vg.Length(ts.panel)
	if p.Title.Text != "" {
		p.Title.Text = strings.Join(wrap(p.Title.TextStyle, strings.ReplaceAll(p.Title.Text, "\n", " "), width), "\n")
	}
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Length(ts.axis)
		a.Tick.Label.Font.Size = vg.Length(ts.tick)
	}
	p.Legend.TextStyle.Font.Size = vg.Length(ts.legend)
	if l, ok := insetLegends.Load(p); ok {
		l.(*insetState).legend.TextStyle.Font.Size = vg.Length(ts.legend)
	}
}

// thinTicks leaves out tick labels until neighbouring labels are apart by
// their measured size and a gap: every other label, then every third, and
// so on (on a log axis the powers of ten go last).
type thinTicks struct {
	plot.Ticker
	axis     *plot.Axis
	length   vg.Length // the axis' length on the page
	vertical bool
}

func (t thinTicks) Ticks(min, max float64) []plot.Tick {
	ticks := t.Ticker.Ticks(min, max)
	sty := t.axis.Tick.Label
	var idx []int
	for i, tk := range ticks {
		if tk.Label != "" && tk.Value >= min && tk.Value <= max {
			idx = append(idx, i)
		}
	}
	// Minor ticks closer than 2.5 pt are a smear at print size: left out.
	if n := len(ticks); n > 1 && t.length/vg.Length(n) < vg.Points(2.5) {
		var labelled []plot.Tick
		for _, tk := range ticks {
			if tk.Label != "" {
				labelled = append(labelled, tk)
			}
		}
		ticks = labelled
		idx = idx[:0]
		for i, tk := range ticks {
			if tk.Value >= min && tk.Value <= max {
				idx = append(idx, i)
			}
		}
	}
	fits := func(keep []int) bool {
		for k := 1; k < len(keep); k++ {
			a, b := ticks[keep[k-1]], ticks[keep[k]]
			gap := vg.Length(math.Abs(t.axis.Norm(b.Value)-t.axis.Norm(a.Value))) * t.length
			need := (sty.Width(a.Label)+sty.Width(b.Label))/2 + vg.Points(4)
			if t.vertical {
				need = sty.Height(a.Label) + vg.Points(2)
			}
			if gap < need {
				return false
			}
		}
		return true
	}
	if fits(idx) {
		return ticks
	}
	if _, log := t.axis.Scale.(plot.LogScale); log {
		var powers []int
		for _, i := range idx {
			if e := math.Log10(ticks[i].Value); math.Abs(e-math.Round(e)) < 1e-9 {
				powers = append(powers, i)
			}
		}
		if len(powers) > 0 {
			idx = powers
		}
	}
	keep := idx
	for step := 1; step <= len(idx); step++ {
		keep = nil
		for k := 0; k < len(idx); k += step {
			keep = append(keep, idx[k])
		}
		if fits(keep) {
			break
		}
	}
	// Rather one label at each end than a single one, when they fit.
	if len(keep) == 1 && len(idx) > 1 && fits([]int{idx[0], idx[len(idx)-1]}) {
		keep = []int{idx[0], idx[len(idx)-1]}
	}
	kept := map[int]bool{}
	for _, i := range keep {
		kept[i] = true
	}
	out := append([]plot.Tick(nil), ticks...)
	for i := range out {
		if !kept[i] {
			out[i].Label = ""
		}
	}
	return out
}

// drawPlot draws p on c. On log axes it draws the axis labels itself:
// gonum/plot v0.17 places a label's glyph box at the arithmetic middle of the
// axis range, which on a log axis sits near the far end and shrinks the
// data area by half the label's length.
func drawPlot(p *plot.Plot, c draw.Canvas, ts textSizes) {
	c = placeInsetLegend(p, c)
	_, logX := p.X.Scale.(plot.LogScale)
	_, logY := p.Y.Scale.(plot.LogScale)
	logX = logX && p.X.Label.Text != ""
	logY = logY && p.Y.Label.Text != ""
	// dataArea is p's data area on c as drawn: without the log axes'
	// labels, which drawPlot places itself.
	dataArea := func() draw.Canvas {
		x, y := p.X.Label.Text, p.Y.Label.Text
		inner := c
		if logX {
			p.X.Label.Text = ""
			inner.Min.Y += p.X.Label.TextStyle.Height(x) + p.X.Label.Padding
		}
		if logY {
			p.Y.Label.Text = ""
			inner.Min.X += p.Y.Label.TextStyle.Height(y) + p.Y.Label.Padding
		}
		defer func() { p.X.Label.Text, p.Y.Label.Text = x, y }()
		return p.DataCanvas(inner)
	}
	// A y label longer than its axis breaks into lines rather than run past
	// the data area into the x axis' labels.
	if l := p.Y.Label.Text; l != "" {
		dc := dataArea()
		// At most two lines: more would take the width of the data area.
		if w, h := p.Y.Label.TextStyle.Width(l), dc.Max.Y-dc.Min.Y; w > h {
			defer func() { p.Y.Label.Text = l }()
			lines := wrap(p.Y.Label.TextStyle, l, max(h, w/2))
			for lw := max(h, w/2); len(lines) > 2; lw += vg.Points(2) {
				lines = wrap(p.Y.Label.TextStyle, l, lw)
			}
			p.Y.Label.Text = strings.Join(lines, "\n")
		}
	}
	defer func(x, y plot.Ticker) { p.X.Tick.Marker, p.Y.Tick.Marker = x, y }(p.X.Tick.Marker, p.Y.Tick.Marker)
	restyleTicks(p, dataArea())
	makeLegendRoom(p, c)
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
		// Centred under the data, but kept inside the panel's own canvas.
		half := xSty.Width(xLabel) / 2
		x := max(c.Min.X+half, min(data.Center().X, c.Max.X-half))
		c.FillText(xSty, vg.Point{X: x, Y: c.Min.Y}, xLabel)
	}
	if logY {
		c.FillText(ySty, vg.Point{X: c.Min.X, Y: data.Center().Y}, yLabel)
	}
	p.Draw(inner)
}

// restyleTicks thins p's tick labels to fit its data area dc.
func restyleTicks(p *plot.Plot, dc draw.Canvas) {
	p.X.Tick.Marker = thinTicks{Ticker: p.X.Tick.Marker, axis: &p.X, length: dc.Max.X - dc.Min.X}
	p.Y.Tick.Marker = thinTicks{Ticker: p.Y.Tick.Marker, axis: &p.Y, length: dc.Max.Y - dc.Min.Y, vertical: true}
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

// legendEntries is a legend drawn beside the panels, or under them in
// as many columns as fit on a narrow figure.
type legendEntries struct {
	labels []string
	thumbs [][]plot.Thumbnailer
}

// sideLegend returns an empty legend for the right-hand column.
func sideLegend() *legendEntries { return &legendEntries{} }

// Add adds an entry; a label may hold "\n" to break its line.
func (e *legendEntries) Add(label string, thumbs ...plot.Thumbnailer) {
	e.labels = append(e.labels, label)
	e.thumbs = append(e.thumbs, thumbs)
}

// legend returns entries i to j as a gonum legend in the sizes ts.
func (e *legendEntries) legend(ts textSizes, i, j int) plot.Legend {
	l := plot.NewLegend()
	l.TextStyle = sans(vg.Length(ts.legend), false)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = vg.Points(ts.legend * 2.2)
	l.Padding = vg.Points(2)
	for k := i; k < j; k++ {
		l.Add(e.labels[k], e.thumbs[k]...)
	}
	return l
}

// drawUnder draws the legend at the bottom of c in columns and returns the
// height it takes.
func (e *legendEntries) drawUnder(c draw.Canvas, ts textSizes) vg.Length {
	n := len(e.labels)
	if n == 0 {
		return 0
	}
	width := c.Max.X - c.Min.X
	var widest vg.Length
	for k := range e.labels {
		l := e.legend(ts, k, k+1)
		r := l.Rectangle(c)
		widest = max(widest, r.Max.X-r.Min.X)
	}
	cols := max(1, min(n, int(width/(widest+vg.Points(6)))))
	rows := (n + cols - 1) / cols
	colW := width / vg.Length(cols)
	var height vg.Length
	for j := 0; j < cols; j++ {
		l := e.legend(ts, j*rows, min(n, (j+1)*rows))
		r := l.Rectangle(c)
		height = max(height, r.Max.Y-r.Min.Y)
	}
	for j := 0; j < cols; j++ {
		l := e.legend(ts, j*rows, min(n, (j+1)*rows))
		lc := c
		lc.Min.X = c.Min.X + colW*vg.Length(j)
		lc.Max.X = lc.Min.X + colW
		lc.Max.Y = c.Min.Y + height
		l.Draw(lc)
	}
	return height
}

// ---- data checks ----

// finitePositive reports whether v can sit on a log axis.
func finitePositive(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }
