package report

import (
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

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
