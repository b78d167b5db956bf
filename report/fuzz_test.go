package report

import (
	"errors"
	"testing"

	"gonum.org/v1/plot/vg"
)

var tinySize = Size{Width: 4 * vg.Centimeter, Height: 3 * vg.Centimeter, DPI: 30}

// FuzzDepthHistogram feeds arbitrary counts (one byte each, zeros
// included) to the depth histograms and the layer ratio: each must either
// draw or return a *DataError, never panic.
func FuzzDepthHistogram(f *testing.F) {
	f.Add([]byte{1, 2, 4, 8, 16, 20, 39, 62}, []byte{1, 3, 5})
	f.Add([]byte{1, 0, 3}, []byte{})
	f.Add([]byte{0}, []byte{1})
	f.Add([]byte{}, []byte{255, 255})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		// At most fuzzDistances distances a series: a drawing's cost grows
		// with its bars (14 ms at a thousand), and the fuzzer's corpus
		// grows long inputs that then ran a few hundred times in 30 s.
		// Longer series are TestDepthSeriesBounded's.
		a, b = a[:min(len(a), fuzzDistances)], b[:min(len(b), fuzzDistances)]
		series := []DepthSeries{{"a", toCounts(a)}, {"b", toCounts(b)}}
		// One figure an input, chosen by the input, each drawn as SVG:
		// three PNGs an input took tens of milliseconds, and the
		// minimizer's runs of each new input then stalled the fuzzer.
		var fig *Figure
		var err error
		if k := (len(a) + len(b)) % 3; k < 2 {
			fig, err = DepthHistogram(DepthData{Panels: []DepthPanel{{Title: "p", Series: series, Share: true}}}, k == 1)
		} else {
			fig, err = LayerRatio(series, "")
		}
		mustDrawOrDataErrorAs(t, fig, err, "svg")
	})
}

// fuzzDistances is the longest series FuzzDepthHistogram draws: more than
// three times the 15-puzzle's radius (80).
const fuzzDistances = 256

// FuzzScaling feeds arbitrary values, zeros included, to the scaling figure.
func FuzzScaling(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, uint8(2))
	f.Add([]byte{0}, uint8(0))
	f.Add([]byte{}, uint8(5))
	f.Fuzz(func(t *testing.T, vals []byte, cut uint8) {
		var pts []ScalingPoint
		for i, v := range vals {
			pts = append(pts, ScalingPoint{Distance: i % 7, Values: []float64{float64(v) / 8}, CutOff: int(cut % 3)})
		}
		fig, err := Scaling(ScalingData{Name: NameScalingTime, Series: []ScalingSeries{{Label: "x", Points: pts}}})
		mustDrawOrDataError(t, fig, err)
	})
}

func toCounts(b []byte) []uint64 {
	c := make([]uint64, len(b))
	for i, v := range b {
		c[i] = uint64(v) * 997
	}
	return c
}

func mustDrawOrDataError(t *testing.T, fig *Figure, err error) {
	t.Helper()
	mustDrawOrDataErrorAs(t, fig, err, "png")
}

func mustDrawOrDataErrorAs(t *testing.T, fig *Figure, err error, format string) {
	t.Helper()
	if err != nil {
		var de *DataError
		if !errors.As(err, &de) {
			t.Fatalf("error is not a *DataError: %v", err)
		}
		return
	}
	if _, err := fig.render(format, tinySize); err != nil {
		t.Fatalf("accepted data failed to draw: %v", err)
	}
}

// A series longer than maxDepthDistances is refused with a *DataError
// before anything is drawn, so no data makes a depth figure allocate
// without bound; one of that length still draws.
func TestDepthSeriesBounded(t *testing.T) {
	long := make([]uint64, maxDepthDistances+1)
	for i := range long {
		long[i] = 1
	}
	for _, n := range []int{maxDepthDistances + 1, maxDepthDistances} {
		series := []DepthSeries{{"long", long[:n]}}
		fig, err := DepthHistogram(DepthData{Panels: []DepthPanel{{Title: "p", Series: series}}}, false)
		ratio, rerr := LayerRatio(series, "")
		var de *DataError
		if n > maxDepthDistances {
			if !errors.As(err, &de) || !errors.As(rerr, &de) {
				t.Errorf("%d distances: %v, %v; want *DataError", n, err, rerr)
			}
			continue
		}
		mustDrawOrDataErrorAs(t, fig, err, "svg")
		mustDrawOrDataErrorAs(t, ratio, rerr, "svg")
		if err != nil || rerr != nil {
			t.Errorf("%d distances refused: %v, %v", n, err, rerr)
		}
	}
}
