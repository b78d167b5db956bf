package report

import (
	"fmt"
	"image/color"
	"math"
	"regexp"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tilespace/tilespace/internal/textfmt"
)

// HeuristicData counts states by true distance and heuristic estimate.
type HeuristicData struct {
	Key    string     // file-name part: the figure is "heuristic-" + Key
	Label  string     // e.g. "Manhattan distance"
	Counts [][]uint64 // Counts[d][h] = states at true distance d whose estimate is h
	Note   string
}

var keyPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.\-]*$`)

// HeuristicHeatMap draws a heat map of heuristic estimate against true
// distance, one cell per (d, h) coloured by its number of states on a log
// colour scale, with the diagonal h = d and the mean estimate at each
// distance. States above the diagonal (h > d) would make the heuristic
// inadmissible; the note counts them.
func HeuristicHeatMap(d HeuristicData) (*Figure, error) {
	name := NameHeuristicPrefix + d.Key
	if !keyPattern.MatchString(d.Key) {
		return nil, dataErrorf(name, "key %q must be lower-case letters, digits, dots and dashes", d.Key)
	}
	title := "Heuristic quality: " + d.Label + " against true distance"
	csv := [][]string{{"true_distance", "h", "states"}}
	var total, over, exact uint64
	var maxCount uint64
	maxH := 0
	var mx, my []float64
	var ratioSum float64
	var ratioN uint64
	for dist, row := range d.Counts {
		var n, sum uint64
		for h, c := range row {
			if c == 0 {
				continue
			}
			csv = append(csv, []string{itoa(dist), itoa(h), fmt.Sprint(c)})
			total += c
			n += c
			sum += c * uint64(h)
			maxCount = max(maxCount, c)
			maxH = max(maxH, h)
			if h > dist {
				over += c
			}
			if h == dist {
				exact += c
			}
			if dist > 0 {
				ratioSum += float64(c) * float64(h) / float64(dist)
				ratioN += c
			}
		}
		if n > 0 {
			mx, my = append(mx, float64(dist)), append(my, float64(sum)/float64(n))
		}
	}
	if total == 0 {
		return nil, dataErrorf(name, "no states counted")
	}
	maxD := len(d.Counts) - 1
	// At least one decade, so a map whose cells all hold 1 state still has a scale.
	logMax := math.Max(1, math.Log10(float64(maxCount)))
	g := heatCells(d.Counts, logMax)
	p := newPlot("", "true distance to the goal (moves)", "heuristic estimate h (moves)")
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Points(3)
	p.Add(g)
	top := float64(max(maxD, maxH))
	diag := &polyline{X: []float64{0, top}, Y: []float64{0, top}, Line: lineStyle(colorAt(1), 1.2, seriesDashes[1])}
	mean := &polyline{X: mx, Y: my, Line: lineStyle(color.Black, 1, nil), Glyph: glyphStyle(color.Black, draw.CircleGlyph{}, 1.3)}
	p.Add(diag, mean)
	p.Legend.Add("h = true distance (perfect)", diag)
	p.Legend.Add("mean h at each distance", mean)
	insetLegend(p)
	p.X.Min, p.X.Max = -0.5, float64(maxD)+0.5
	p.Y.Min, p.Y.Max = -0.5, top+0.5

	bar := colorBar(logMax)
	note := fmt.Sprintf("%s states. Exact (h = d): %.1f%%. Mean h/d over d > 0: %.3f. States with h > d (inadmissible): %s.",
		textfmt.Commas(int64(total)), 100*float64(exact)/float64(total), ratioSum/math.Max(1, float64(ratioN)), textfmt.Commas(int64(over)))
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	pg := page{title: title, note: note, plots: []*plot.Plot{p, bar}}
	pg.body = func(c draw.Canvas, ts textSizes) { drawWithBar(c, ts, p, bar) }
	fig.use(pg)
	return fig, nil
}

// heatCells returns the heat map's cells: one for each true distance and
// estimate that some state has, its colour by the log of its count.
func heatCells(counts [][]uint64, logMax float64) *cells {
	g := &cells{}
	for dist, row := range counts {
		for h, c := range row {
			if c == 0 {
				continue
			}
			g.X0, g.X1 = append(g.X0, float64(dist)-0.5), append(g.X1, float64(dist)+0.5)
			g.Y0, g.Y1 = append(g.Y0, float64(h)-0.5), append(g.Y1, float64(h)+0.5)
			g.Colors = append(g.Colors, viridis(logFraction(c, logMax)))
		}
	}
	return g
}

// drawWithBar draws plot p on c with the colour bar on its right. The
// bar's width follows its text: the rotated label and the tick labels
// beside the bar.
func drawWithBar(c draw.Canvas, ts textSizes, p, bar *plot.Plot) {
	barW := vg.Points(58 * ts.tick / 8)
	main := c
	main.Max.X -= barW + vg.Points(8)
	restyle(p, ts, main.Max.X-main.Min.X)
	drawPlot(p, main, ts)
	bc := c
	bc.Min.X = c.Max.X - barW
	restyle(bar, ts, barW)
	drawPlot(bar, bc, ts)
}

// logFraction places count c on a log colour scale from 1 to 10^logMax.
func logFraction(c uint64, logMax float64) float64 {
	return math.Log10(float64(c)) / logMax
}

// colorBar is a narrow plot whose y axis is the count on a log scale.
func colorBar(logMax float64) *plot.Plot {
	p := newPlot("", "", "states per cell (count)")
	setLogY(p)
	p.HideX()
	const steps = 64
	g := &cells{}
	for i := 0; i < steps; i++ {
		f0, f1 := float64(i)/steps, float64(i+1)/steps
		g.X0, g.X1 = append(g.X0, 0), append(g.X1, 1)
		// Each step overlaps the next a little so antialiasing leaves no
		// seams.
		g.Y0, g.Y1 = append(g.Y0, math.Pow(10, f0*logMax)), append(g.Y1, math.Pow(10, math.Min(f1+0.3/steps, 1)*logMax))
		g.Colors = append(g.Colors, viridis((f0+f1)/2))
	}
	p.Add(g)
	p.X.Min, p.X.Max = 0, 1
	p.Y.Min, p.Y.Max = 1, math.Pow(10, logMax)
	return p
}

// viridisAnchors are five stops of matplotlib's viridis colour map, which
// is perceptually uniform and readable in grey and by colour-blind readers.
var viridisAnchors = [][3]float64{
	{0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c}, {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25},
}

// viridis returns the colour at f in [0, 1], interpolating the anchors.
func viridis(f float64) color.Color {
	f = math.Max(0, math.Min(1, f))
	pos := f * float64(len(viridisAnchors)-1)
	i := min(int(pos), len(viridisAnchors)-2)
	t := pos - float64(i)
	a, b := viridisAnchors[i], viridisAnchors[i+1]
	mix := func(k int) uint8 { return uint8(a[k] + t*(b[k]-a[k]) + 0.5) }
	return color.RGBA{R: mix(0), G: mix(1), B: mix(2), A: 255}
}
