package report

import (
	"fmt"
	"image/color"
	"math"

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
}

// PredictionData is a comparison of IDA*'s expansions with a prediction,
// iteration by iteration.
type PredictionData struct {
	Caption    string
	Label      string // the prediction's name, e.g. "KRE"
	Iterations []PredictionIteration
}

// Prediction draws the predicted against the measured mean expansions of
// each iteration on log-log axes, with the line where they agree, and the
// ratio predicted/measured by bound.
func Prediction(d PredictionData) (*Figure, error) {
	name := NamePrediction
	csv := [][]string{{"bound", "boards", "measured", "predicted", "ratio"}}
	var mx, py, bx, ry []float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, it := range d.Iterations {
		r := it.Predicted / it.Measured
		csv = append(csv, []string{itoa(it.Bound), itoa(it.Boards), num(it.Measured), num(it.Predicted), num(r)})
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
	rlo, rhi := math.Inf(1), math.Inf(-1)
	for _, r := range ry {
		rlo, rhi = math.Min(rlo, r), math.Max(rhi, r)
	}
	right.X.Min, right.X.Max = bx[0]-0.5, bx[len(bx)-1]+0.5
	right.Y.Min, right.Y.Max = math.Min(rlo, 1)/1.5, math.Max(rhi, 1)*1.5
	title := fmt.Sprintf("IDA*'s expansions against the %s prediction", d.Label)
	note := d.Caption + "\nLeft: one point per iteration (bound), the mean over the boards that ran it; dashed: predicted = measured. Right: their ratio by bound."
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{left, right}}, note: note})
	return fig, nil
}
