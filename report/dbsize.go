package report

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// NameDBSize is the figure of IDA*'s expansions against the pattern
// databases' size.
const NameDBSize = "dbsize"

// DBSizePoint is one partition: its databases' entries s, the share of
// the brute-force tree IDA* expanded, and the predicted share.
type DBSizePoint struct {
	Partition string
	Entries   float64
	Measured  float64
	Predicted float64
}

// DBSizeData is a comparison of database size with search effort.
type DBSizeData struct {
	Caption string
	Label   string // the prediction's name
	Points  []DBSizePoint
}

// DBSize draws the measured and the predicted share of the brute-force
// tree IDA* expands against the databases' entries, on log-log axes.
func DBSize(d DBSizeData) (*Figure, error) {
	name := NameDBSize
	csv := [][]string{{"partition", "entries", "measured", "predicted", "ratio"}}
	var xs, ms, ps []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range d.Points {
		csv = append(csv, []string{p.Partition, num(p.Entries), num(p.Measured), num(p.Predicted), num(p.Predicted / p.Measured)})
		if !finitePositive(p.Entries) || !finitePositive(p.Measured) || !finitePositive(p.Predicted) {
			continue
		}
		xs, ms, ps = append(xs, p.Entries), append(ms, p.Measured), append(ps, p.Predicted)
		lo, hi = math.Min(lo, math.Min(p.Measured, p.Predicted)), math.Max(hi, math.Max(p.Measured, p.Predicted))
	}
	if len(xs) == 0 {
		return nil, dataErrorf(name, "no partition to draw")
	}
	pl := newPlot("", "database entries s (count)", "share of the brute-force tree expanded (ratio)")
	setLogY(pl)
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = logTicks{}
	measured := &polyline{X: xs, Y: ms, Line: lineStyle(colorAt(0), 1.3, nil), Glyph: glyphStyle(colorAt(0), draw.CircleGlyph{}, 2.2)}
	predicted := &polyline{X: xs, Y: ps, Line: lineStyle(colorAt(1), 1.3, seriesDashes[1]), Glyph: glyphStyle(colorAt(1), draw.TriangleGlyph{}, 2.2)}
	pl.Add(measured, predicted)
	pl.Y.Min, pl.Y.Max = lo/2, hi*2
	legend := sideLegend()
	legend.Add("measured", measured)
	legend.Add(d.Label, predicted)
	title := "IDA*'s expansions against the databases' size"
	note := d.Caption + "\nOne point per partition: the mean nodes IDA* expanded over the mean brute-force tree to the boards' depths, and the prediction."
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{pl}}, legend: legend, note: note})
	return fig, nil
}
