package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tilespace/tilespace/statespace"
)

// States at each distance of the 8-puzzle for the three goals, from OEIS
// A089473 (blank in a corner), A089474 (centre) and A089483 (edge), and of
// the 2x3 board (A090034), as copied into data/reference/distributions.tsv.
var (
	oeisCorner = publishedCounts("3x3", "corner")
	oeisCentre = publishedCounts("3x3", "centre")
	oeisEdge   = publishedCounts("3x3", "edge")
	small2x3   = publishedCounts("2x3", "corner")
)

func publishedCounts(shape, blank string) []uint64 {
	d, ok := reference.FindDistribution(shape, blank)
	if !ok {
		panic("report test: no published distribution for " + shape + " " + blank)
	}
	return d.Counts
}

func depthData() DepthData {
	return DepthData{Panels: []DepthPanel{
		{Title: "3x3 goals", Series: []DepthSeries{{"corner", oeisCorner}, {"centre", oeisCentre}, {"edge", oeisEdge}}},
		{Title: "shapes", Share: true, Series: []DepthSeries{{"3x3", oeisCorner}, {"2x3", small2x3}}},
	}}
}

// boards names n made-up boards for the figures that list theirs.
func boards(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

func scalingData() ScalingData {
	return ScalingData{Name: NameScalingNodes, Title: "t", YLabel: "nodes expanded (count)", Series: []ScalingSeries{
		{Label: "BFS", Points: []ScalingPoint{{Distance: 1, Boards: boards("a", 2), Values: []float64{2, 3}}, {Distance: 2, Boards: boards("b", 4), Values: []float64{5, 9, 7, 11}}, {Distance: 3, Boards: boards("c", 2), Values: nil, CutOff: 2}}},
		{Label: "A*", Points: []ScalingPoint{{Distance: 1, Boards: boards("a", 1), Values: []float64{1}}, {Distance: 3, Boards: boards("c", 4), Values: []float64{3, 4, 5}, CutOff: 1}}},
	}}
}

func dfsBlowupData() DFSBlowupData {
	return DFSBlowupData{States: 181440, Runs: []DFSRun{
		{Board: "b1", Optimal: 1, Found: true, PathLen: 1, Expanded: 3},
		{Board: "b2", Optimal: 4, Found: true, PathLen: 60, Expanded: 14696},
		{Board: "b3", Optimal: 4, Found: false, Expanded: 181439},
		{Board: "b4", Optimal: 8, Found: true, PathLen: 58, Expanded: 4785},
	}}
}

func dfsWalkData(steps int) DFSWalkData {
	d := DFSWalkData{Board: "1,2,3,4,5,6,7,0,8", Optimal: 1, Found: true, PathLen: 7}
	for i := range steps {
		d.Boards = append(d.Boards, "s"+strconv.Itoa(i))
		d.Distances = append(d.Distances, (i*7)%32)
		d.Depths = append(d.Depths, i/2)
	}
	return d
}

func heuristicData() HeuristicData {
	return HeuristicData{Key: "manhattan", Label: "Manhattan", Counts: [][]uint64{{1}, {0, 2}, {2, 0, 2}, {0, 5, 0, 3}}}
}

func climberData() ClimberData {
	return ClimberData{Reported: []ClimberReported{{84, "report: 84%"}}, ReportedMoves: 240, Series: []ClimberSeries{{Label: "one", Rows: []ClimberRow{
		{Mix: 10, Runs: 4, Solved: 3, MeanMoves: 12.5, MeanOptimal: 6},
		{Mix: 20, Runs: 4, Solved: 0, MeanMoves: math.NaN(), MeanOptimal: 10.25},
		{Mix: 30, Runs: 5, Solved: 2, MeanMoves: 100, MeanOptimal: 13.2},
	}}}}
}

// climberAltData has the climber report's mixing counts 10…1000 (a log axis) and
// two readings of the climber.
func climberAltData() ClimberData {
	return ClimberData{Series: []ClimberSeries{
		{Label: "main", Rows: []ClimberRow{
			{Mix: 10, Runs: 8, Solved: 6, MeanMoves: 20, MeanOptimal: 7},
			{Mix: 1000, Runs: 8, Solved: 2, MeanMoves: 250, MeanOptimal: 21.5},
		}},
		{Label: "variant", Rows: []ClimberRow{
			{Mix: 10, Runs: 8, Solved: 8, MeanMoves: 9.5, MeanOptimal: 7},
			{Mix: 1000, Runs: 8, Solved: 0, MeanMoves: math.NaN(), MeanOptimal: 21.5},
		}},
	}}
}

var sh3x3 = statespace.Shape{Rows: 3, Cols: 3}

// stripData is the notebook's "Medium" preset 1 2 5 / 3 4 _ / 6 7 8 with
// the path Up Left Left (the COMS 4701 answer for goal first, reference
// README), here only drawn, and a long walk to force truncation.
func stripData(long bool) StripData {
	start := statespace.MustBoard(sh3x3, 1, 2, 5, 3, 4, 0, 6, 7, 8)
	path := []statespace.Move{statespace.Up, statespace.Left, statespace.Left}
	if long {
		for range 5 {
			path = append(path, statespace.Right, statespace.Right, statespace.Left, statespace.Left)
		}
	}
	return StripData{Start: start, Path: path}
}

// figureCase builds one figure from small data; check compares its CSV
// with the data.
type figureCase struct {
	name  string
	build func() (*Figure, error)
	check func(t *testing.T, rows [][]string)
}

var figureCases = []figureCase{
	{NameDepthHistogram, func() (*Figure, error) { return DepthHistogram(depthData(), false) }, checkDepthCSV},
	{NameDepthHistogramLog, func() (*Figure, error) { return DepthHistogram(depthData(), true) }, checkDepthCSV},
	{NameLayerRatio, func() (*Figure, error) { return LayerRatio(depthData().Panels[1].Series, "") }, checkRatioCSV},
	{NameScalingNodes, func() (*Figure, error) { return Scaling(scalingData()) }, checkScalingCSV},
	{NameScalingNodes, func() (*Figure, error) { d := scalingData(); d.Median = true; return Scaling(d) }, checkScalingCSV},
	{NameDFSBlowup, func() (*Figure, error) { return DFSBlowup(dfsBlowupData()) }, checkBlowupCSV},
	{NameDFSWalk, func() (*Figure, error) { return DFSWalk(dfsWalkData(50)) }, checkWalkCSV(50)},
	{NameDFSWalk, func() (*Figure, error) { return DFSWalk(dfsWalkData(3000)) }, checkWalkCSV(3000)},
	{NameHeuristicManhattan, func() (*Figure, error) { return HeuristicHeatMap(heuristicData()) }, checkHeuristicCSV},
	{NameGreedyClimber, func() (*Figure, error) { return GreedyClimber(climberData()) }, checkClimberCSV},
	{NameGreedyClimber, func() (*Figure, error) { return GreedyClimber(climberAltData()) }, checkClimberAltCSV},
	{NameSolutionStrip, func() (*Figure, error) { return SolutionStrip(stripData(false)) }, checkStripCSV(false)},
	{NameSolutionStrip, func() (*Figure, error) { return SolutionStrip(stripData(true)) }, checkStripCSV(true)},
	{NameTextbookDeep, func() (*Figure, error) { return TextbookDeep(deepData()) }, checkDeepCSV},
}

// expectedPixels converts a length in centimetres to pixels at dpi the way
// a printer would: inches × dpi, rounded.
func expectedPixels(cm float64, dpi int) int { return int(math.Round(cm / 2.54 * float64(dpi))) }

func TestFiguresRenderAtRequestedSize(t *testing.T) {
	sizes := []struct {
		wcm, hcm float64
		dpi      int
	}{{10, 6, 96}, {16, 10, 150}}
	for i, c := range figureCases {
		f, err := c.build()
		if err != nil {
			t.Fatalf("case %d (%s): %v", i, c.name, err)
		}
		if f.Name != c.name {
			t.Errorf("case %d: name %q, want %q", i, f.Name, c.name)
		}
		for _, sz := range sizes {
			if !longtest.Enabled() && sz.dpi != 96 {
				continue
			}
			size := Size{Width: vg.Length(sz.wcm) * vg.Centimeter, Height: vg.Length(sz.hcm) * vg.Centimeter, DPI: sz.dpi}
			b, err := f.render("png", size)
			if err != nil {
				t.Fatalf("case %d (%s): png: %v", i, c.name, err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("case %d (%s): decoding png: %v", i, c.name, err)
			}
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if w != expectedPixels(sz.wcm, sz.dpi) || h != expectedPixels(sz.hcm, sz.dpi) {
				t.Errorf("case %d (%s): image %d×%d, want %d×%d", i, c.name, w, h, expectedPixels(sz.wcm, sz.dpi), expectedPixels(sz.hcm, sz.dpi))
			}
			if pw, ph := size.pixels(); pw != w || ph != h {
				t.Errorf("case %d (%s): Size.pixels %d×%d, image %d×%d", i, c.name, pw, ph, w, h)
			}
			// Something was drawn: not every pixel is the white background.
			if blank(img) {
				t.Errorf("case %d (%s): image is blank", i, c.name)
			}
			s, err := f.render("svg", size)
			if err != nil {
				t.Fatalf("case %d (%s): svg: %v", i, c.name, err)
			}
			checkSVG(t, i, s, sz.wcm, sz.hcm)
		}
	}
}

// blank reports whether every pixel of img is white.
func blank(img image.Image) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r != 0xffff || g != 0xffff || bl != 0xffff {
				return false
			}
		}
	}
	return true
}

func checkSVG(t *testing.T, i int, b []byte, wcm, hcm float64) {
	t.Helper()
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(b, &root); err != nil {
		t.Fatalf("case %d: svg does not parse: %v", i, err)
	}
	want := func(cm float64) float64 { return cm / 2.54 * 72 } // points
	got := func(s string) float64 {
		v, _ := strconv.ParseFloat(strings.TrimSuffix(s, "pt"), 64)
		return v
	}
	if root.XMLName.Local != "svg" || math.Abs(got(root.Width)-want(wcm)) > 0.01 || math.Abs(got(root.Height)-want(hcm)) > 0.01 {
		t.Errorf("case %d: svg root %s %s×%s, want svg %.2fpt×%.2fpt", i, root.XMLName.Local, root.Width, root.Height, want(wcm), want(hcm))
	}
}

func TestCSVMatchesData(t *testing.T) {
	for i, c := range figureCases {
		f, err := c.build()
		if err != nil {
			t.Fatalf("case %d (%s): %v", i, c.name, err)
		}
		b, err := f.render("csv", DefaultSize)
		if err != nil {
			t.Fatalf("case %d (%s): %v", i, c.name, err)
		}
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatalf("case %d (%s): CSV does not parse: %v", i, c.name, err)
		}
		t.Run(fmt.Sprintf("%d-%s", i, c.name), func(t *testing.T) { c.check(t, rows) })
	}
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

func checkDepthCSV(t *testing.T, rows [][]string) {
	d := depthData()
	want := [][]string{{"panel", "series", "distance", "states", "share_percent"}}
	for _, p := range d.Panels {
		for _, s := range p.Series {
			var total uint64
			for _, n := range s.Counts {
				total += n
			}
			if want := map[string]uint64{"corner": 181440, "centre": 181440, "edge": 181440, "3x3": 181440, "2x3": 360}[s.Label]; total != want {
				t.Fatalf("test data %q: %d states, want %d", s.Label, total, want)
			}
			for dist, n := range s.Counts {
				want = append(want, []string{p.Title, s.Label, strconv.Itoa(dist), strconv.FormatUint(n, 10), ""})
			}
		}
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	totals := map[string]float64{"corner": 181440, "centre": 181440, "edge": 181440, "3x3": 181440, "2x3": 360}
	for i := range want {
		if i == 0 {
			if strings.Join(rows[0], ",") != strings.Join(want[0], ",") {
				t.Fatalf("header %v", rows[0])
			}
			continue
		}
		if strings.Join(rows[i][:4], ",") != strings.Join(want[i][:4], ",") {
			t.Errorf("row %d: %v, want %v", i, rows[i][:4], want[i][:4])
		}
		// The share is of each goal's whole space: 181,440 states for the
		// 8-puzzle (9!/2), 360 for 2x3 (6!/2).
		if got, w := atof(t, rows[i][4]), 100*atof(t, rows[i][3])/totals[rows[i][1]]; math.Abs(got-w) > 1e-12 {
			t.Errorf("row %d: share %v, want %v", i, got, w)
		}
	}
}

func checkRatioCSV(t *testing.T, rows [][]string) {
	series := depthData().Panels[1].Series
	i := 1
	for _, s := range series {
		for dist := 0; dist+1 < len(s.Counts); dist++ {
			r := rows[i]
			i++
			if r[0] != s.Label || atoi(t, r[1]) != dist || atof(t, r[2]) != float64(s.Counts[dist]) || atof(t, r[3]) != float64(s.Counts[dist+1]) {
				t.Fatalf("row %d: %v", i-1, r)
			}
			if atof(t, r[4]) != float64(s.Counts[dist+1])/float64(s.Counts[dist]) {
				t.Errorf("row %d: ratio %s", i-1, r[4])
			}
		}
	}
	if i != len(rows) {
		t.Errorf("%d rows, want %d", len(rows), i)
	}
}

func checkScalingCSV(t *testing.T, rows [][]string) {
	// Hand-computed statistics (quartiles as R's default type 7):
	// {2,3}: mean 2.5, q1 2.25, median 2.5, q3 2.75;
	// {5,9,7,11} sorted 5,7,9,11: mean 8, q1 6.5, median 8, q3 9.5;
	// {3,4,5}: mean 4, q1 3.5, median 4, q3 4.5.
	want := [][]string{
		{"algorithm", "distance", "runs", "cut_off", "mean", "min", "q1", "median", "q3", "max", "boards"},
		{"BFS", "1", "2", "0", "2.5", "2", "2.25", "2.5", "2.75", "3", "a0 a1"},
		{"BFS", "2", "4", "0", "8", "5", "6.5", "8", "9.5", "11", "b0 b1 b2 b3"},
		{"BFS", "3", "0", "2", "", "", "", "", "", "", "c0 c1"},
		{"A*", "1", "1", "0", "1", "1", "1", "1", "1", "1", "a0"},
		{"A*", "3", "3", "1", "4", "3", "3.5", "4", "4.5", "5", "c0 c1 c2 c3"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("CSV\n%v\nwant\n%v", rows, want)
	}
}

func checkBlowupCSV(t *testing.T, rows [][]string) {
	runs := dfsBlowupData().Runs
	if len(rows) != len(runs)+1 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range runs {
		got := rows[i+1]
		path := ""
		if r.Found {
			path = strconv.Itoa(r.PathLen)
		}
		want := []string{r.Board, strconv.Itoa(r.Optimal), strconv.FormatBool(r.Found), path, strconv.FormatInt(r.Expanded, 10)}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("run %d: %v, want %v", i, got, want)
		}
	}
}

func checkWalkCSV(steps int) func(*testing.T, [][]string) {
	return func(t *testing.T, rows [][]string) {
		d := dfsWalkData(steps)
		if len(rows) != steps+1 {
			t.Fatalf("%d rows, want %d", len(rows), steps+1)
		}
		for i := range steps {
			r := rows[i+1]
			if atoi(t, r[0]) != i+1 || r[1] != d.Boards[i] || atoi(t, r[2]) != d.Distances[i] || atoi(t, r[3]) != d.Depths[i] {
				t.Fatalf("step %d: %v", i+1, r)
			}
		}
	}
}

func checkHeuristicCSV(t *testing.T, rows [][]string) {
	d := heuristicData()
	var want [][]string
	for dist, row := range d.Counts {
		for h, n := range row {
			if n > 0 {
				want = append(want, []string{strconv.Itoa(dist), strconv.Itoa(h), strconv.FormatUint(n, 10)})
			}
		}
	}
	if fmt.Sprint(rows[1:]) != fmt.Sprint(want) {
		t.Errorf("rows %v, want %v", rows[1:], want)
	}
}

func checkClimberCSV(t *testing.T, rows [][]string) {
	// 3 of 4 is 75 %, 0 of 4 is 0 %, 2 of 5 is 40 %.
	want := [][]string{
		{"reading", "mixing_moves", "runs", "solved", "solve_percent", "mean_moves_solved", "mean_optimal"},
		{"one", "10", "4", "3", "75", "12.5", "6"},
		{"one", "20", "4", "0", "0", "", "10.25"},
		{"one", "30", "5", "2", "40", "100", "13.2"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("CSV %v, want %v", rows, want)
	}
}

func checkClimberAltCSV(t *testing.T, rows [][]string) {
	// 6 of 8 is 75 %, 8 of 8 100 %, 2 of 8 25 %, 0 of 8 0 %.
	want := [][]string{
		{"reading", "mixing_moves", "runs", "solved", "solve_percent", "mean_moves_solved", "mean_optimal"},
		{"main", "10", "8", "6", "75", "20", "7"},
		{"main", "1000", "8", "2", "25", "250", "21.5"},
		{"variant", "10", "8", "8", "100", "9.5", "7"},
		{"variant", "1000", "8", "0", "0", "", "21.5"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("CSV %v, want %v", rows, want)
	}
}

func checkStripCSV(long bool) func(*testing.T, [][]string) {
	return func(t *testing.T, rows [][]string) {
		d := stripData(long)
		if len(rows) != len(d.Path)+2 {
			t.Fatalf("%d rows for %d moves", len(rows), len(d.Path))
		}
		shown := 0
		for i := 0; i <= len(d.Path); i++ {
			r := rows[i+1]
			b, bad := d.Start.ApplyAll(d.Path[:i])
			if bad >= 0 {
				t.Fatalf("test path illegal at %d", bad)
			}
			if atoi(t, r[0]) != i || r[3] != b.String() || atoi(t, r[4]) != len(d.Path)-i {
				t.Errorf("step %d: %v, want board %s", i, r, b)
			}
			if i > 0 && r[1] != d.Path[i-1].String() {
				t.Errorf("step %d: move %s, want %s", i, r[1], d.Path[i-1])
			}
			if r[5] == "true" {
				shown++
			}
		}
		// The notebook's max_show is 12: a longer path shows 11 boards and the last.
		if want := min(len(d.Path)+1, DefaultMaxShow); shown != want {
			t.Errorf("%d boards shown, want %d", shown, want)
		}
		if long && rows[len(rows)-1][5] != "true" {
			t.Errorf("the last board is not shown")
		}
	}
}

// badCases are data no figure can be drawn from.
var badCases = []struct {
	figure string
	build  func() (*Figure, error)
	want   string // in the message
}{
	{NameDepthHistogramLog, func() (*Figure, error) {
		return DepthHistogram(DepthData{Panels: []DepthPanel{{Title: "p", Series: []DepthSeries{{"a", []uint64{1, 0, 3}}}}}}, true)
	}, "0 states at distance 1"},
	{NameDepthHistogram, func() (*Figure, error) {
		return DepthHistogram(DepthData{Panels: []DepthPanel{{Title: "p", Series: []DepthSeries{{"a", nil}}}}}, false)
	}, "empty"},
	{NameDepthHistogram, func() (*Figure, error) { return DepthHistogram(DepthData{}, false) }, "no panels"},
	{NameLayerRatio, func() (*Figure, error) { return LayerRatio([]DepthSeries{{"a", []uint64{1}}}, "") }, "single distance"},
	{NameScalingTime, func() (*Figure, error) {
		return Scaling(ScalingData{Name: NameScalingTime, Series: []ScalingSeries{{Label: "BFS", Points: []ScalingPoint{{Distance: 1, Boards: boards("a", 2), Values: []float64{0.5, 0}}}}}})
	}, "value 0 at distance 1"},
	{NameScalingNodes, func() (*Figure, error) {
		return Scaling(ScalingData{Name: NameScalingNodes, Series: []ScalingSeries{{Label: "IDDFS", Points: []ScalingPoint{{Distance: 20, Boards: boards("a", 3), CutOff: 3}}}}})
	}, `"IDDFS" is empty`},
	{NameScalingNodes, func() (*Figure, error) {
		return Scaling(ScalingData{Name: NameScalingNodes, Series: []ScalingSeries{{Label: "x", Points: []ScalingPoint{{Distance: 2, Boards: boards("a", 1), Values: []float64{math.NaN()}}}}}})
	}, "NaN"},
	{NameScalingNodes, func() (*Figure, error) {
		return Scaling(ScalingData{Name: NameScalingNodes, Series: []ScalingSeries{{Label: "x", Points: []ScalingPoint{{Distance: 2, Boards: boards("a", 1), Values: []float64{1, 2}}}}}})
	}, "1 boards for 2 runs"},
	{NameDFSBlowup, func() (*Figure, error) {
		return DFSBlowup(DFSBlowupData{Runs: []DFSRun{{Board: "b", Optimal: 0, Found: true, Expanded: 1}}})
	}, "distance 0"},
	{NameDFSBlowup, func() (*Figure, error) {
		return DFSBlowup(DFSBlowupData{Runs: []DFSRun{{Board: "b", Optimal: 5, Found: true, PathLen: 3, Expanded: 10}}})
	}, "shorter than the optimal"},
	{NameDFSBlowup, func() (*Figure, error) {
		return DFSBlowup(DFSBlowupData{Runs: []DFSRun{{Optimal: 5, Found: true, PathLen: 7, Expanded: 10}}})
	}, "no board"},
	{NameDFSWalk, func() (*Figure, error) { return DFSWalk(DFSWalkData{}) }, "no steps"},
	{NameDFSWalk, func() (*Figure, error) {
		return DFSWalk(DFSWalkData{Boards: []string{"a", "b"}, Distances: []int{1, 2}, Depths: []int{0}})
	}, "2 distances but 1 depths"},
	{NameHeuristicManhattan, func() (*Figure, error) {
		return HeuristicHeatMap(HeuristicData{Key: "manhattan", Counts: [][]uint64{{0}}})
	}, "no states"},
	{NameHeuristicPrefix + "Bad Key", func() (*Figure, error) {
		return HeuristicHeatMap(HeuristicData{Key: "Bad Key", Counts: [][]uint64{{1}}})
	}, "lower-case"},
	{NameGreedyClimber, func() (*Figure, error) {
		return GreedyClimber(ClimberData{Series: []ClimberSeries{{Label: "a", Rows: []ClimberRow{{Mix: 5, Runs: 3, Solved: 0, MeanMoves: math.NaN()}}}}})
	}, "no board was solved"},
	{NameGreedyClimber, func() (*Figure, error) {
		return GreedyClimber(ClimberData{Series: []ClimberSeries{{Label: "a", Rows: []ClimberRow{{Mix: 5, Runs: 3, Solved: 4}}}}})
	}, "4 solved of 3"},
	{NameGreedyClimber, func() (*Figure, error) {
		d := climberAltData()
		d.Series[1].Rows[1].Mix = 999
		return GreedyClimber(d)
	}, "must share boards"},
	{NameSolutionStrip, func() (*Figure, error) {
		return SolutionStrip(StripData{Start: statespace.GoalLast(sh3x3), Path: []statespace.Move{statespace.Down}})
	}, "move 1 (Down) is not legal"},
	{NameSolutionStrip, func() (*Figure, error) { return SolutionStrip(StripData{}) }, "no start board"},
}

func TestBadDataIsAnErrorNamingTheFigure(t *testing.T) {
	for i, c := range badCases {
		f, err := c.build()
		var de *DataError
		if !errors.As(err, &de) {
			t.Errorf("case %d: got figure %v, error %v; want a *DataError", i, f != nil, err)
			continue
		}
		if f != nil {
			t.Errorf("case %d: a figure came back with the error", i)
		}
		if de.Figure != c.figure || !strings.Contains(err.Error(), "figure "+c.figure+":") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: error %q, want one naming figure %s and saying %q", i, err, c.figure, c.want)
		}
	}
}

func TestWriteLeavesNoFileWhenRenderingFails(t *testing.T) {
	dir := t.TempDir()
	// A drawing that panics inside the plotting library, as gonum/plot does
	// on a log axis with a non-positive value.
	f := &Figure{Name: "broken", CSV: [][]string{{"a"}}, draw: func(draw.Canvas) { panic("log scale with non-positive value") }}
	paths, err := f.Write(context.Background(), dir, DefaultSize, Formats)
	if err == nil || !strings.Contains(err.Error(), "figure broken") || len(paths) != 0 {
		t.Fatalf("Write = %v, %v; want an error naming the figure and no paths", paths, err)
	}
	// An impossible size fails before anything is drawn.
	good, err := LayerRatio(depthData().Panels[1].Series, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := good.Write(context.Background(), dir, Size{Width: -1, Height: 5 * vg.Centimeter, DPI: 150}, Formats); err == nil {
		t.Fatal("negative width accepted")
	}
	if _, err := good.Write(context.Background(), dir, DefaultSize, []string{"csv", "gif"}); err == nil {
		t.Fatal("unknown format accepted")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("files left behind: %v", entries)
	}
	// And a good figure writes exactly its three files.
	paths, err = good.Write(context.Background(), dir, Size{Width: 8 * vg.Centimeter, Height: 5 * vg.Centimeter, DPI: 72}, Formats)
	if err != nil {
		t.Fatal(err)
	}
	for i, ext := range Formats {
		if want := filepath.Join(dir, NameLayerRatio+"."+ext); paths[i] != want {
			t.Errorf("path %d: %s, want %s", i, paths[i], want)
		}
		if st, err := os.Stat(paths[i]); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", paths[i], err)
		}
	}
}

func TestSummarizeMatchesRQuantileType7(t *testing.T) {
	// R: quantile(c(1,2,3,4)) gives 1, 1.75, 2.5, 3.25, 4 (type 7 is R's
	// default, Hyndman & Fan 1996); quantile(c(10)) is 10 throughout;
	// quantile(c(1,100,2,50,3)) gives 1, 2, 3, 50, 100.
	cases := []struct {
		in   []float64
		want summary
	}{
		{[]float64{4, 1, 3, 2}, summary{N: 4, Mean: 2.5, Min: 1, Q1: 1.75, Median: 2.5, Q3: 3.25, Max: 4}},
		{[]float64{10}, summary{N: 1, Mean: 10, Min: 10, Q1: 10, Median: 10, Q3: 10, Max: 10}},
		{[]float64{1, 100, 2, 50, 3}, summary{N: 5, Mean: 31.2, Min: 1, Q1: 2, Median: 3, Q3: 50, Max: 100}},
	}
	for i, c := range cases {
		if got := summarize(c.in); got != c.want {
			t.Errorf("case %d: %+v, want %+v", i, got, c.want)
		}
	}
}

func TestHumanLabels(t *testing.T) {
	cases := []struct {
		v    float64
		want string
	}{{0.01, "0.01"}, {1, "1"}, {1000, "1k"}, {2500, "2.5k"}, {20000, "20k"}, {100000, "100k"}, {181440, "181,440"}, {1234, "1,234"}, {2e6, "2M"}, {1.5e6, "1.5M"}, {1e10, "1e+10"}}
	for i, c := range cases {
		if got := human(c.v); got != c.want {
			t.Errorf("case %d: human(%v) = %q, want %q", i, c.v, got, c.want)
		}
	}
}

// Log axes label every power of ten in the one style human writes:
// 1, 10, 100, 1k, 10k, 100k, 1M (not "10,000" beside "100k").
func TestLogTickLabelsOneStyle(t *testing.T) {
	var labels []string
	for _, tk := range (logTicks{}).Ticks(1, 1e6) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got, want := strings.Join(labels, " "), "1 10 100 1k 10k 100k 1M"; got != want {
		t.Errorf("labels %q, want %q", got, want)
	}
}
