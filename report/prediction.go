package report

import (
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// NamePrediction is the figure of IDA*'s expansions against their
// prediction.
const NamePrediction = "prediction-ida"

// PredictionIteration is one IDA* bound: the mean nodes expanded in it
// over the boards compared, and the mean prediction.
type PredictionIteration struct {
	Bound               int
	Boards              int
	Measured, Predicted float64
	// Predicted2 is a second prediction (0: none).
	Predicted2 float64
}

// PredictionData is a comparison of IDA*'s expansions with a prediction,
// iteration by iteration.
type PredictionData struct {
	Caption    string
	Label      string // the prediction's name, e.g. "KRE"
	Label2     string // the second prediction's name, if any
	Iterations []PredictionIteration
}

// Prediction draws the predicted against the measured mean expansions of
// each iteration on log-log axes, with the line where they agree, and the
// ratio predicted/measured by bound.
func Prediction(d PredictionData) (*Figure, error) {
	name := NamePrediction
	csv := [][]string{{"bound", "boards", "measured", "predicted", "ratio", "predicted2", "ratio2"}}
	var mx, py, bx, ry, mx2, py2, bx2, ry2 []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, it := range d.Iterations {
		r := it.Predicted / it.Measured
		csv = append(csv, []string{itoa(it.Bound), itoa(it.Boards), num(it.Measured), num(it.Predicted), num(r), num(it.Predicted2), num(it.Predicted2 / it.Measured)})
		if d.Label2 != "" && finitePositive(it.Measured) && finitePositive(it.Predicted2) {
			mx2, py2 = append(mx2, it.Measured), append(py2, it.Predicted2)
			bx2, ry2 = append(bx2, float64(it.Bound)), append(ry2, it.Predicted2/it.Measured)
			lo, hi = math.Min(lo, it.Predicted2), math.Max(hi, it.Predicted2)
		}
		if !finitePositive(it.Measured) || !finitePositive(it.Predicted) {
			continue
		}
		mx, py = append(mx, it.Measured), append(py, it.Predicted)
		bx, ry = append(bx, float64(it.Bound)), append(ry, r)
		lo, hi = math.Min(lo, math.Min(it.Measured, it.Predicted)), math.Max(hi, math.Max(it.Measured, it.Predicted))
	}
	if len(mx) == 0 {
		return nil, dataErrorf(name, "no iteration to draw")
	}
	left := newPlot("", "measured nodes expanded (count)", "predicted nodes expanded (count)")
	setLogY(left)
	left.X.Scale = plot.LogScale{}
	left.X.Tick.Marker = logTicks{}
	col := colorAt(0)
	pts := &polyline{X: mx, Y: py, Glyph: glyphStyle(col, draw.CircleGlyph{}, 2.2)}
	diag := &polyline{X: []float64{lo / 1.5, hi * 1.5}, Y: []float64{lo / 1.5, hi * 1.5}, Line: lineStyle(color.Gray{Y: 90}, 1, seriesDashes[2])}
	left.Add(diag, pts)
	left.X.Min, left.X.Max, left.Y.Min, left.Y.Max = lo/1.5, hi*1.5, lo/1.5, hi*1.5
	right := newPlot("", "IDA* bound (moves)", "predicted / measured (ratio)")
	setLogY(right)
	rl := &polyline{X: bx, Y: ry, Line: lineStyle(col, 1.3, nil), Glyph: glyphStyle(col, draw.CircleGlyph{}, 1.8)}
	one := &polyline{X: []float64{bx[0] - 0.5, bx[len(bx)-1] + 0.5}, Y: []float64{1, 1}, Line: lineStyle(color.Gray{Y: 90}, 1, seriesDashes[2])}
	right.Add(one, rl)
	legend := sideLegend()
	legend.Add(d.Label, pts)
	if len(mx2) > 0 {
		col2 := colorAt(1)
		pts2 := &polyline{X: mx2, Y: py2, Glyph: glyphStyle(col2, draw.TriangleGlyph{}, 2.2)}
		left.Add(pts2)
		rl2 := &polyline{X: bx2, Y: ry2, Line: lineStyle(col2, 1.3, seriesDashes[1]), Glyph: glyphStyle(col2, draw.TriangleGlyph{}, 1.8)}
		right.Add(rl2)
		legend.Add(d.Label2, pts2)
		ry = append(ry, ry2...)
		bx = append(bx, bx2...)
		slices.Sort(bx)
	}
	rlo, rhi := math.Inf(1), math.Inf(-1)
	for _, r := range ry {
		rlo, rhi = math.Min(rlo, r), math.Max(rhi, r)
	}
	right.X.Min, right.X.Max = bx[0]-0.5, bx[len(bx)-1]+0.5
	right.Y.Min, right.Y.Max = math.Min(rlo, 1)/1.5, math.Max(rhi, 1)*1.5
	title := "IDA*'s expansions against their prediction"
	note := d.Caption + "\nLeft: one point per iteration (bound), the mean over the boards that ran it; dashed: predicted = measured. Right: their ratio by bound."
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{left, right}}, legend: legend, note: note})
	return fig, nil
}
