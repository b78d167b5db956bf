package report

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// The figures' file names.
const (
	NameDepthHistogram          = "depth-histogram"
	NameDepthHistogramLog       = "depth-histogram-log"
	NameLayerRatio              = "layer-ratio"
	NameScalingNodes            = "scaling-nodes"
	NameScalingTime             = "scaling-time"
	NameScalingFrontier         = "scaling-frontier"
	NameDFSBlowup               = "dfs-blowup"
	NameDFSWalk                 = "dfs-walk"
	NameGreedyClimber           = "greedy-climber"
	NameSolutionStrip           = "solution-strip"
	NameHeuristicPrefix         = "heuristic-" // + the heuristic's key, e.g. "heuristic-manhattan"
	NameHeuristicManhattan      = "heuristic-manhattan"
	NameHeuristicLinearConflict = "heuristic-linear-conflict"
)

// DepthSeries is the number of states at each distance from one goal.
type DepthSeries struct {
	Label  string   // e.g. "3x3, blank in a corner"
	Counts []uint64 // Counts[d] = states at distance d, d = 0 … radius
}

// Radius is the largest distance with states.
func (s DepthSeries) Radius() int { return len(s.Counts) - 1 }

// DepthPanel is one panel of the depth histogram: its first series is drawn
// as bars, the others as lines over them.
type DepthPanel struct {
	Title  string
	Series []DepthSeries
	// Share draws each series on the linear histogram as a percentage of
	// its own states, so spaces of very different sizes compare; the log
	// histogram always draws counts.
	Share bool
}

// maxDepthDistances is the most distances a depth series may have (the
// radii tilespace meets are at most 255): what a figure draws, and so
// allocates, stays bounded whatever data it is given.
const maxDepthDistances = 1024

// DepthData is the data of the depth histograms.
type DepthData struct {
	Panels []DepthPanel
	Note   string // printed under the panels, e.g. where the numbers come from
}

func checkDepthSeries(fig string, s DepthSeries, logScale bool) error {
	if len(s.Counts) == 0 {
		return dataErrorf(fig, "series %q is empty", s.Label)
	}
	if len(s.Counts) > maxDepthDistances {
		return dataErrorf(fig, "series %q has %d distances, more than the %d a depth figure draws", s.Label, len(s.Counts), maxDepthDistances)
	}
	if s.Counts[len(s.Counts)-1] == 0 {
		return dataErrorf(fig, "series %q: no states at its last distance %d (the radius is the last distance with states)", s.Label, len(s.Counts)-1)
	}
	for d, n := range s.Counts {
		if n == 0 && logScale {
			return dataErrorf(fig, "series %q: 0 states at distance %d cannot be drawn on a log axis", s.Label, d)
		}
	}
	return nil
}

// DepthHistogram draws the number of states at each distance from the goal,
// one panel per DepthPanel, on a linear or log axis, with each series'
// radius marked by a dashed line in its colour. Its name is
// depth-histogram or depth-histogram-log.
func DepthHistogram(d DepthData, logScale bool) (*Figure, error) {
	name, title := NameDepthHistogram, "States at each distance from the goal"
	if logScale {
		name, title = NameDepthHistogramLog, "States at each distance from the goal (log scale)"
	}
	if len(d.Panels) == 0 {
		return nil, dataErrorf(name, "no panels")
	}
	csv := [][]string{{"panel", "series", "distance", "states", "share_percent"}}
	var row []*plot.Plot
	for _, panel := range d.Panels {
		if len(panel.Series) == 0 {
			return nil, dataErrorf(name, "panel %q has no series", panel.Title)
		}
		p, rows, err := depthPanel(name, panel, logScale)
		if err != nil {
			return nil, err
		}
		csv = append(csv, rows...)
		row = append(row, p)
	}
	note := "Dashed vertical lines mark each goal's radius, the largest distance."
	if d.Note != "" {
		note = d.Note + "\n" + note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	pg := page{title: title, panels: [][]*plot.Plot{row}, note: note}
	fig.use(pg)
	return fig, nil
}

// depthPanel draws one panel of DepthHistogram and returns it with its
// rows of the CSV.
func depthPanel(name string, panel DepthPanel, logScale bool) (*plot.Plot, [][]string, error) {
	var csv [][]string
	share := panel.Share && !logScale
	ylabel := "states (count)"
	if share {
		ylabel = "share of states (%)"
	}
	p := newPlot(panel.Title, "distance from the goal (moves)", ylabel)
	if logScale {
		setLogY(p)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Points(4)
	var maxCount, maxD float64
	var radii []vline
	for i, s := range panel.Series {
		if err := checkDepthSeries(name, s, logScale); err != nil {
			return nil, nil, err
		}
		var total float64
		for _, n := range s.Counts {
			total += float64(n)
		}
		x, y := make([]float64, len(s.Counts)), make([]float64, len(s.Counts))
		for dist, n := range s.Counts {
			pct := 100 * float64(n) / total
			x[dist], y[dist] = float64(dist), float64(n)
			if share {
				y[dist] = pct
			}
			maxCount = math.Max(maxCount, y[dist])
			csv = append(csv, []string{panel.Title, s.Label, itoa(dist), fmt.Sprint(n), num(pct)})
		}
		maxD = math.Max(maxD, float64(s.Radius()))
		col := colorAt(i)
		label := fmt.Sprintf("%s (radius %d)", s.Label, s.Radius())
		if i == 0 {
			b := &bars{X: x, Y: y, Width: 0.85, Fill: lighten(col, 90), Line: lineStyle(col, 0.6, nil)}
			p.Add(b)
			p.Legend.Add(label, b)
		} else {
			l := &polyline{X: x, Y: y, Line: lineStyle(col, 1.2, seriesDashes[i%len(seriesDashes)]),
				Glyph: glyphStyle(col, seriesGlyphs[i%len(seriesGlyphs)], 1.6)}
			p.Add(l)
			p.Legend.Add(label, l)
		}
		radii = append(radii, vline{X: float64(s.Radius()), Style: lineStyle(col, 1, []vg.Length{vg.Points(3), vg.Points(2)})})
	}
	// The radius lines end at the tallest bar, and the legend sits above
	// it: no data under the legend's box.
	for _, l := range radii {
		l.Top = maxCount
		p.Add(l)
	}
	insetLegendClear(p, maxCount)
	p.X.Min, p.X.Max = -0.7, maxD+0.7
	// A little room over the peak; drawPlot adds the legend's.
	if logScale {
		p.Y.Min, p.Y.Max = 0.6, maxCount*1.5
	} else {
		p.Y.Min, p.Y.Max = 0, maxCount*1.05
	}
	return p, csv, nil
}

// LayerRatio draws states(d+1) / states(d) against d for each series on a
// log axis: how fast the state space grows, and where it closes up.
func LayerRatio(series []DepthSeries, note string) (*Figure, error) {
	const name, title = NameLayerRatio, "Layer ratio: states at distance d+1 per state at distance d"
	if len(series) == 0 {
		return nil, dataErrorf(name, "no series")
	}
	csv := [][]string{{"series", "distance", "states", "states_next", "ratio"}}
	p := newPlot("", "distance d from the goal (moves)", "states(d+1) / states(d) (ratio)")
	setLogY(p)
	// Bottom left stays empty: ratios start near 2 and fall below 1 only
	// at large distances.
	p.Legend.Top, p.Legend.Left = false, true
	lo, hi, maxD := math.Inf(1), math.Inf(-1), 0.0
	for i, s := range series {
		if err := checkDepthSeries(name, s, true); err != nil {
			return nil, err
		}
		if len(s.Counts) < 2 {
			return nil, dataErrorf(name, "series %q has a single distance, so no ratio", s.Label)
		}
		x, y := make([]float64, len(s.Counts)-1), make([]float64, len(s.Counts)-1)
		for dist := 0; dist+1 < len(s.Counts); dist++ {
			r := float64(s.Counts[dist+1]) / float64(s.Counts[dist])
			x[dist], y[dist] = float64(dist), r
			lo, hi = math.Min(lo, r), math.Max(hi, r)
			csv = append(csv, []string{s.Label, itoa(dist), fmt.Sprint(s.Counts[dist]), fmt.Sprint(s.Counts[dist+1]), num(r)})
		}
		maxD = math.Max(maxD, float64(len(s.Counts)-2))
		col := colorAt(i)
		l := &polyline{X: x, Y: y, Line: lineStyle(col, 1.2, seriesDashes[i%len(seriesDashes)]),
			Glyph: glyphStyle(col, seriesGlyphs[i%len(seriesGlyphs)], 1.6)}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (radius %d)", s.Label, s.Radius()), l)
	}
	one := hline{Y: 1, Style: lineStyle(grey, 0.8, []vg.Length{vg.Points(3), vg.Points(2)})}
	p.Add(one)
	p.Legend.Add("ratio 1: layers stop growing", one)
	insetLegend(p)
	p.X.Min, p.X.Max = -0.5, maxD+0.5
	p.Y.Min, p.Y.Max = math.Min(lo/1.5, 0.5), math.Max(hi*3, 2)
	fig := &Figure{Name: name, Title: title, CSV: csv}
	if note == "" {
		note = "Each point compares two consecutive layers of a breadth-first search from the goal."
	}
	fig.use(page{title: title, panels: [][]*plot.Plot{{p}}, note: note})
	return fig, nil
}
