package report

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// deepData is three depths of docs/analyze.md's 15-puzzle table, two
// algorithms, one depth of the second with every search stopped; b* is
// the book's definition solved by bisection here.
func deepData() DeepData {
	bs := func(n float64, d int) float64 {
		lo, hi := 1.0, 4.0
		for range 100 {
			b := (lo + hi) / 2
			if (math.Pow(b, float64(d+1))-1)/(b-1) < n+1 {
				lo = b
			} else {
				hi = b
			}
		}
		return lo
	}
	pt := func(d, boards, stopped int, mean, q1, med, q3 float64) DeepPoint {
		return DeepPoint{Depth: d, Boards: boards, Stopped: stopped, Mean: mean, Q1: q1, Median: med, Q3: q3,
			BStar: bs(mean, d), BStarQ1: bs(q1, d), BStarQ3: bs(q3, d)}
	}
	return DeepData{Caption: "4x4, goal last: 10 boards a depth drawn uniformly (seed 1).", Series: []DeepSeries{
		{Label: "ida:manhattan", Points: []DeepPoint{
			pt(40, 10, 0, 3088470, 367642, 1437104, 2016781),
			pt(42, 10, 0, 3053798, 691612, 1407643, 1950129),
			pt(44, 10, 0, 4006752, 231120, 1486058, 7005312)}},
		{Label: "ida:pdb:5-5-5", Points: []DeepPoint{
			pt(40, 10, 0, 20222, 11530, 20341, 28210),
			{Depth: 42, Stopped: 10},
			pt(44, 10, 0, 130097, 4439, 8578, 65824)}},
	}}
}

func checkDeepCSV(t *testing.T, rows [][]string) {
	d := deepData()
	i := 1
	for _, s := range d.Series {
		for _, p := range s.Points {
			f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
			want := []string{s.Label, strconv.Itoa(p.Depth), strconv.Itoa(p.Boards), strconv.Itoa(p.Stopped),
				f(p.Mean), f(p.Q1), f(p.Median), f(p.Q3), f(p.BStar), f(p.BStarQ1), f(p.BStarQ3)}
			if i >= len(rows) || fmt.Sprint(rows[i]) != fmt.Sprint(want) {
				t.Errorf("row %d: %v, want %v", i, rows[min(i, len(rows)-1)], want)
			}
			i++
		}
	}
	if len(rows) != i {
		t.Errorf("%d rows, want %d", len(rows), i)
	}
}

// TestTextbookDeepRefusesEmpty: a table whose every search stopped has
// nothing to draw.
func TestTextbookDeepRefusesEmpty(t *testing.T) {
	if _, err := TextbookDeep(DeepData{Series: []DeepSeries{{Label: "a", Points: []DeepPoint{{Depth: 40, Stopped: 3}}}}}); err == nil {
		t.Error("drew a figure with no search")
	}
}
