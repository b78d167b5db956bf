package report

import (
	"image/color"
	"math"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Small plotters gonum/plot lacks, or whose gonum versions misbehave on log
// axes (plotter.BarChart panics there, plotter.Histogram invents a lower
// bound).

// bars draws one bar per value, centred on X with the given width, from the
// bottom of the data area up to the value, so the same code serves linear
// and log axes.
type bars struct {
	X, Y  []float64
	Width float64
	Fill  color.Color
	Line  draw.LineStyle
}

func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range b.X {
		x0, x1 := trX(b.X[i]-b.Width/2), trX(b.X[i]+b.Width/2)
		y1 := trY(b.Y[i])
		pts := []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		c.FillPolygon(b.Fill, c.ClipPolygonXY(pts))
		pts = append(pts, pts[0])
		c.StrokeLines(b.Line, c.ClipLinesXY(pts)...)
	}
}

func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range b.X {
		xmin, xmax = math.Min(xmin, b.X[i]-b.Width/2), math.Max(xmax, b.X[i]+b.Width/2)
		ymin, ymax = math.Min(ymin, b.Y[i]), math.Max(ymax, b.Y[i])
	}
	return
}

func (b *bars) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(b.Fill, c.ClipPolygonY(pts))
	pts = append(pts, pts[0])
	c.StrokeLines(b.Line, c.ClipLinesY(pts)...)
}

// vline is a vertical line across the data area at X.
type vline struct {
	X     float64
	Style draw.LineStyle
	// Top, when above 0, ends the line at that y value rather than at the
	// top of the data area: it leaves the room of an inset legend empty.
	Top float64
}

func (l vline) Plot(c draw.Canvas, p *plot.Plot) {
	if l.X < p.X.Min || l.X > p.X.Max {
		return
	}
	trX, trY := p.Transforms(&c)
	x, top := trX(l.X), c.Max.Y
	if l.Top > 0 && l.Top < p.Y.Max {
		top = trY(l.Top)
	}
	c.StrokeLine2(l.Style, x, c.Min.Y, x, top)
}

func (l vline) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	c.StrokeLine2(l.Style, x, c.Min.Y, x, c.Max.Y)
}

// hline is a horizontal line across the data area at Y.
type hline struct {
	Y     float64
	Style draw.LineStyle
}

func (l hline) Plot(c draw.Canvas, p *plot.Plot) {
	if l.Y < p.Y.Min || l.Y > p.Y.Max {
		return
	}
	_, trY := p.Transforms(&c)
	y := trY(l.Y)
	c.StrokeLine2(l.Style, c.Min.X, y, c.Max.X, y)
}

func (l hline) Thumbnail(c *draw.Canvas) {
	y := (c.Min.Y + c.Max.Y) / 2
	c.StrokeLine2(l.Style, c.Min.X, y, c.Max.X, y)
}

// band fills the area between Lo and Hi over X.
type band struct {
	X, Lo, Hi []float64
	Fill      color.Color
}

func (b *band) Plot(c draw.Canvas, p *plot.Plot) {
	if len(b.X) < 2 {
		// A single point gets a short vertical bar instead of an area.
		if len(b.X) == 1 {
			trX, trY := p.Transforms(&c)
			x := trX(b.X[0])
			w := vg.Points(2)
			pts := []vg.Point{{X: x - w, Y: trY(b.Lo[0])}, {X: x + w, Y: trY(b.Lo[0])}, {X: x + w, Y: trY(b.Hi[0])}, {X: x - w, Y: trY(b.Hi[0])}}
			c.FillPolygon(b.Fill, c.ClipPolygonXY(pts))
		}
		return
	}
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, 0, 2*len(b.X))
	for i := range b.X {
		pts = append(pts, vg.Point{X: trX(b.X[i]), Y: trY(b.Hi[i])})
	}
	for i := len(b.X) - 1; i >= 0; i-- {
		pts = append(pts, vg.Point{X: trX(b.X[i]), Y: trY(b.Lo[i])})
	}
	c.FillPolygon(b.Fill, c.ClipPolygonXY(pts))
}

func (b *band) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range b.X {
		xmin, xmax = math.Min(xmin, b.X[i]), math.Max(xmax, b.X[i])
		ymin, ymax = math.Min(ymin, b.Lo[i]), math.Max(ymax, b.Hi[i])
	}
	return
}

func (b *band) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(b.Fill, c.ClipPolygonY(pts))
}

// cells draws filled rectangles [X0,X1]×[Y0,Y1] in their own colours:
// heat maps and their colour bars.
type cells struct {
	X0, X1, Y0, Y1 []float64
	Colors         []color.Color
}

func (g *cells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range g.X0 {
		x0, x1, y0, y1 := trX(g.X0[i]), trX(g.X1[i]), trY(g.Y0[i]), trY(g.Y1[i])
		pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		c.FillPolygon(g.Colors[i], c.ClipPolygonXY(pts))
	}
}

func (g *cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range g.X0 {
		xmin, xmax = math.Min(xmin, g.X0[i]), math.Max(xmax, g.X1[i])
		ymin, ymax = math.Min(ymin, g.Y0[i]), math.Max(ymax, g.Y1[i])
	}
	return
}

// glyphs is a legend thumbnail showing one glyph.
type glyphThumb struct{ Style draw.GlyphStyle }

func (g glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyph(g.Style, c.Center()) }

// lineThumb is a legend thumbnail showing a line with a glyph on it.
type lineThumb struct {
	Line  draw.LineStyle
	Glyph *draw.GlyphStyle
}

func (l lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(l.Line, c.Min.X, y, c.Max.X, y)
	if l.Glyph != nil {
		c.DrawGlyph(*l.Glyph, c.Center())
	}
}

// polyline draws straight segments through the points, with an optional
// glyph at each; the points must already be valid for the axes.
type polyline struct {
	X, Y  []float64
	Line  draw.LineStyle
	Glyph *draw.GlyphStyle
}

func (l *polyline) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, len(l.X))
	for i := range l.X {
		pts[i] = vg.Point{X: trX(l.X[i]), Y: trY(l.Y[i])}
	}
	if l.Line.Width > 0 && len(pts) > 1 {
		c.StrokeLines(l.Line, c.ClipLinesXY(pts)...)
	}
	if l.Glyph != nil {
		for _, pt := range pts {
			if c.Contains(pt) {
				c.DrawGlyph(*l.Glyph, pt)
			}
		}
	}
}

func (l *polyline) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i := range l.X {
		xmin, xmax = math.Min(xmin, l.X[i]), math.Max(xmax, l.X[i])
		ymin, ymax = math.Min(ymin, l.Y[i]), math.Max(ymax, l.Y[i])
	}
	return
}

func (l *polyline) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	if l.Glyph == nil {
		return nil
	}
	boxes := make([]plot.GlyphBox, len(l.X))
	for i := range l.X {
		boxes[i] = plot.GlyphBox{X: p.X.Norm(l.X[i]), Y: p.Y.Norm(l.Y[i]), Rectangle: l.Glyph.Rectangle()}
	}
	return boxes
}

func (l *polyline) Thumbnail(c *draw.Canvas) { lineThumb{Line: l.Line, Glyph: l.Glyph}.Thumbnail(c) }

func lineStyle(col color.Color, width float64, dashes []vg.Length) draw.LineStyle {
	return draw.LineStyle{Color: col, Width: vg.Points(width), Dashes: dashes}
}

func glyphStyle(col color.Color, shape draw.GlyphDrawer, radius float64) *draw.GlyphStyle {
	return &draw.GlyphStyle{Color: col, Shape: shape, Radius: vg.Points(radius)}
}

// insetLegend moves p's legend into a plotter drawn last inside the data
// area on a translucent white box, so lines under it do not cross its text
// (gonum draws legends without a background). Call it after the last
// Legend.Add.
func insetLegend(p *plot.Plot) {
	st := &insetState{legend: p.Legend}
	p.Legend = plot.NewLegend()
	p.Add(legendBox{st})
	insetLegends.Store(p, st)
}

// insetState is an inset legend and whether this drawing puts it under
// the panel instead (when it is wider than the data area).
type insetState struct {
	legend plot.Legend
	under  bool
}

type legendBox struct{ st *insetState }

// insetLegends holds each plot's inset legend, so that drawing at a size
// can set its text size or move it under the panel.
var insetLegends sync.Map // *plot.Plot → *insetState

// placeInsetLegend draws p's inset legend under the panel when it is wider
// than the data area on c, and returns the canvas left for the panel.
func placeInsetLegend(p *plot.Plot, c draw.Canvas) draw.Canvas {
	v, ok := insetLegends.Load(p)
	if !ok {
		return c
	}
	st := v.(*insetState)
	st.under = false
	dc := p.DataCanvas(c)
	if st.legend.Rectangle(dc).Size().X+st.legend.XOffs+vg.Points(10) <= dc.Max.X-dc.Min.X {
		return c
	}
	st.under = true
	l := st.legend
	l.Top, l.Left, l.XOffs = true, true, 0
	lc := c
	lc.Max.Y = c.Min.Y + l.Rectangle(c).Size().Y
	l.Draw(lc)
	c.Min.Y = lc.Max.Y + vg.Points(3)
	return c
}

// legendRooms holds, for a plot whose inset legend sits at the top, the
// legend and the highest y value of its data: drawPlot raises the y axis so
// that the data stay under the legend at whatever size the figure is drawn.
var legendRooms sync.Map // *plot.Plot → legendRoom

type legendRoom struct {
	legend *plot.Legend
	top    float64
}

// insetLegendClear is insetLegend for a legend at the top of p, whose data
// reach up to y = top: the legend is drawn above the data, never on them.
func insetLegendClear(p *plot.Plot, top float64) {
	insetLegend(p)
	st, _ := insetLegends.Load(p)
	legendRooms.Store(p, legendRoom{legend: &st.(*insetState).legend, top: top})
}

// makeLegendRoom raises p's y axis, drawn on c, so that the data's top
// stays below the inset legend (never lowering it).
func makeLegendRoom(p *plot.Plot, c draw.Canvas) {
	v, ok := legendRooms.Load(p)
	if !ok {
		return
	}
	room := v.(legendRoom)
	if st, ok := insetLegends.Load(p); ok && st.(*insetState).under {
		return
	}
	top := room.top
	dc := p.DataCanvas(c)
	h := dc.Max.Y - dc.Min.Y
	need := room.legend.Rectangle(dc).Size().Y + vg.Points(3+2+4) // pad, box margin, a gap
	if h <= 0 || need <= 0 || need > 0.8*h {
		return
	}
	f := float64(need / h) // the share of the axis the legend takes
	if _, log := p.Y.Scale.(plot.LogScale); log {
		lo := math.Log(p.Y.Min)
		if max := math.Exp(lo + (math.Log(top)-lo)/(1-f)); max > p.Y.Max {
			p.Y.Max = max
		}
		return
	}
	if max := p.Y.Min + (top-p.Y.Min)/(1-f); max > p.Y.Max {
		p.Y.Max = max
	}
}

func (b legendBox) Plot(c draw.Canvas, _ *plot.Plot) {
	if b.st.under {
		return
	}
	pad := vg.Points(3)
	c = draw.Crop(c, pad+b.st.legend.XOffs, -pad, pad, -pad)
	size := b.st.legend.Rectangle(c).Size()
	if size.X <= 0 {
		return
	}
	x0, y1 := c.Min.X, c.Max.Y
	if !b.st.legend.Left {
		x0 = c.Max.X - size.X
	}
	if !b.st.legend.Top {
		y1 = c.Min.Y + size.Y
	}
	m := vg.Points(2)
	box := []vg.Point{{X: x0 - m, Y: y1 - size.Y - m}, {X: x0 + size.X + m, Y: y1 - size.Y - m}, {X: x0 + size.X + m, Y: y1 + m}, {X: x0 - m, Y: y1 + m}}
	c.FillPolygon(color.NRGBA{R: 255, G: 255, B: 255, A: 225}, box)
	l := b.st.legend
	l.XOffs = 0
	l.Draw(c)
}
