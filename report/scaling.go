package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
)

// ScalingPoint holds every run of one algorithm on the boards sampled at one
// optimal distance.
type ScalingPoint struct {
	Distance int       // the boards' optimal distance
	Boards   []string  // the boards sampled at Distance, as text
	Values   []float64 // the measured value of each run that finished
	CutOff   int       // runs stopped by a limit, left out of Values
}

// ScalingSeries is one algorithm's points, by distance.
type ScalingSeries struct {
	Label  string // e.g. "A* (Manhattan)"
	Points []ScalingPoint
}

// ScalingData is one measure (nodes expanded, time, frontier) of several
// algorithms against the optimal distance. The y axis is logarithmic, so
// every value must be positive.
type ScalingData struct {
	Name   string // file name: NameScalingNodes, NameScalingTime or NameScalingFrontier
	Title  string
	YLabel string // with its unit, e.g. "time per search (ms)"
	Series []ScalingSeries
	Note   string
	// Median draws the median instead of the mean: for wall-clock times,
	// where a garbage collection or a busy machine puts a few runs far out.
	Median bool
}

// summary is the statistics the scaling figures draw for one point:
// quartiles by linear interpolation between order statistics (R's type 7).
type summary struct {
	N                              int
	Mean, Min, Q1, Median, Q3, Max float64
}

// summarize returns the statistics of values, which must not be empty.
func summarize(values []float64) summary {
	s := slices.Clone(values)
	slices.Sort(s)
	var sum float64
	for _, v := range s {
		sum += v
	}
	q := func(p float64) float64 {
		h := p * float64(len(s)-1)
		lo := math.Floor(h)
		i := int(lo)
		if i+1 >= len(s) {
			return s[len(s)-1]
		}
		return s[i] + (h-lo)*(s[i+1]-s[i])
	}
	return summary{N: len(s), Mean: sum / float64(len(s)), Min: s[0], Q1: q(0.25), Median: q(0.5), Q3: q(0.75), Max: s[len(s)-1]}
}

// Scaling draws the mean of each series against the optimal distance on a
// log axis, with the interquartile range as a band. The legend sits right of
// the plot, one entry per series.
func Scaling(d ScalingData) (*Figure, error) {
	name := d.Name
	if name == "" {
		name = "scaling"
	}
	if len(d.Series) == 0 {
		return nil, dataErrorf(name, "no series")
	}
	csv := [][]string{{"algorithm", "distance", "runs", "cut_off", "mean", "min", "q1", "median", "q3", "max", "boards"}}
	p := newPlot("", "optimal distance of the board (moves)", d.YLabel)
	setLogY(p)
	legend := sideLegend()
	lo, hi := math.Inf(1), math.Inf(-1)
	maxD := 0
	cutTotal := 0
	for i, s := range d.Series {
		var x, mean, q1, q3 []float64
		for _, pt := range s.Points {
			cutTotal += pt.CutOff
			if len(pt.Boards) != len(pt.Values)+pt.CutOff {
				return nil, dataErrorf(name, "series %q, distance %d: %d boards for %d runs", s.Label, pt.Distance, len(pt.Boards), len(pt.Values)+pt.CutOff)
			}
			maxD = max(maxD, pt.Distance)
			if len(pt.Values) == 0 {
				csv = append(csv, []string{s.Label, itoa(pt.Distance), "0", itoa(pt.CutOff), "", "", "", "", "", "", strings.Join(pt.Boards, " ")})
				continue
			}
			for _, v := range pt.Values {
				if !finitePositive(v) {
					return nil, dataErrorf(name, "series %q: value %v at distance %d cannot be drawn on a log axis", s.Label, v, pt.Distance)
				}
			}
			st := summarize(pt.Values)
			csv = append(csv, []string{s.Label, itoa(pt.Distance), itoa(st.N), itoa(pt.CutOff),
				num(st.Mean), num(st.Min), num(st.Q1), num(st.Median), num(st.Q3), num(st.Max), strings.Join(pt.Boards, " ")})
			x = append(x, float64(pt.Distance))
			centre := st.Mean
			if d.Median {
				centre = st.Median
			}
			mean, q1, q3 = append(mean, centre), append(q1, st.Q1), append(q3, st.Q3)
			lo, hi = math.Min(lo, st.Min), math.Max(hi, st.Max)
		}
		if len(x) == 0 {
			return nil, dataErrorf(name, "series %q is empty (no run finished)", s.Label)
		}
		col := colorAt(i)
		b := &band{X: x, Lo: q1, Hi: q3, Fill: lighten(col, 40)}
		l := &polyline{X: x, Y: mean, Line: lineStyle(col, 1.3, seriesDashes[i%len(seriesDashes)]),
			Glyph: glyphStyle(col, seriesGlyphs[i%len(seriesGlyphs)], 1.8)}
		p.Add(b, l)
		legend.Add(s.Label, b, l)
	}
	p.X.Min, p.X.Max = -0.5, float64(maxD)+0.5
	p.Y.Min, p.Y.Max = lo/1.5, hi*1.5
	note := "Lines: mean over the boards sampled at each distance; bands: interquartile range (the CSV also has min, median, max)."
	if d.Median {
		note = "Lines: median over the boards sampled at each distance; bands: interquartile range (the CSV also has mean, min, max)."
	}
	if cutTotal > 0 {
		note += fmt.Sprintf("\n%d runs were stopped by a limit and are left out (column cut_off).", cutTotal)
	}
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: d.Title, CSV: csv}
	fig.use(page{title: d.Title, panels: [][]*plot.Plot{{p}}, legend: legend, note: note})
	return fig, nil
}
