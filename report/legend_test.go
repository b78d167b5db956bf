package report

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestLegendAboveData: a top inset legend never covers the data, in a
// panel of the default figure size and in one of the 8 cm a report prints
// a figure at, on linear and log axes; in a 4 cm panel, too narrow for it,
// it goes under the panel (the depth histogram's
// legend hid the 3x3 peak).
func TestLegendAboveData(t *testing.T) {
	for _, size := range []vg.Point{{X: 8 * vg.Centimeter, Y: 8 * vg.Centimeter}, {X: 4 * vg.Centimeter, Y: 4 * vg.Centimeter}} {
		for _, logScale := range []bool{false, true} {
			p := newPlot("panel", "distance from the goal (moves)", "states")
			if logScale {
				setLogY(p)
			}
			p.Legend.Top, p.Legend.Left = true, true
			x, y := []float64{0, 1, 2, 3}, []float64{1, 40, 100, 60}
			b := &bars{X: x, Y: y, Width: 0.8, Fill: lighten(colorAt(0), 90), Line: lineStyle(colorAt(0), 0.6, nil)}
			p.Add(b)
			for i := range 4 {
				p.Legend.Add(fmt.Sprintf("series %d (radius %d)", i, 30+i), b)
			}
			insetLegendClear(p, 100)
			p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, 3.5, 0.6, 105
			c := draw.New(vgimg.NewWith(vgimg.UseWH(size.X, size.Y), vgimg.UseDPI(150)))
			drawPlot(p, c, sizesFor(size.X))
			st, _ := insetLegends.Load(p)
			if st.(*insetState).under {
				// Too wide for the data area: drawn under the panel,
				// where no data are; the panel keeps the rest.
				l := st.(*insetState).legend
				h := l.Rectangle(c).Size().Y
				if size.X > 5*vg.Centimeter {
					t.Errorf("%.0f cm: the legend went under the panel though it fits", size.X/vg.Centimeter)
				}
				if h <= 0 || h > (c.Max.Y-c.Min.Y)/2 {
					t.Errorf("%.0f cm: legend under the panel %.1f pt tall", size.X/vg.Centimeter, h)
				}
				continue
			}
			dc := p.DataCanvas(c)
			_, trY := p.Transforms(&dc)
			v, _ := legendRooms.Load(p)
			room := v.(legendRoom)
			legendBottom := dc.Max.Y - vg.Points(3) - room.legend.Rectangle(dc).Size().Y
			if top := trY(100); top >= legendBottom {
				t.Errorf("%.0f × %.0f cm, log %v: the data reach %.1f pt, the legend comes down to %.1f pt",
					size.X/vg.Centimeter, size.Y/vg.Centimeter, logScale, top, legendBottom)
			}
		}
	}
}
