package report

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tilespace/tilespace/internal/textfmt"
)

// DFSRun is one depth-first search on a board.
type DFSRun struct {
	Board    string // the start board, as text
	Optimal  int    // the board's true distance from the goal
	Found    bool   // DFS reached the goal within its limits
	PathLen  int    // length of the path DFS returned (when Found)
	Expanded int64  // nodes DFS expanded
}

// DFSBlowupData is the data of the DFS blow-up figure.
type DFSBlowupData struct {
	Runs   []DFSRun
	States uint64 // number of states in the space, drawn for reference (0 = not drawn)
	Note   string
}

// DFSBlowup draws, against each board's optimal distance, the length of the
// path depth-first search returns and the nodes it expands, both on log
// axes, with the mean at each distance.
func DFSBlowup(d DFSBlowupData) (*Figure, error) {
	const name, title = NameDFSBlowup, "Depth-first search: path found and work done"
	if len(d.Runs) == 0 {
		return nil, dataErrorf(name, "no runs")
	}
	csv := [][]string{{"board", "optimal", "found", "path_length", "expanded"}}
	var px, py, nx, ny []float64
	pathBy, nodesBy := map[int][]float64{}, map[int][]float64{}
	notFound, maxD := 0, 0
	for i, r := range d.Runs {
		if err := checkDFSRun(i, r); err != nil {
			return nil, err
		}
		maxD = max(maxD, r.Optimal)
		pl := ""
		if r.Found {
			pl = itoa(r.PathLen)
			px, py = append(px, float64(r.Optimal)), append(py, float64(r.PathLen))
			pathBy[r.Optimal] = append(pathBy[r.Optimal], float64(r.PathLen))
		} else {
			notFound++
		}
		nx, ny = append(nx, float64(r.Optimal)), append(ny, float64(r.Expanded))
		nodesBy[r.Optimal] = append(nodesBy[r.Optimal], float64(r.Expanded))
		csv = append(csv, []string{r.Board, itoa(r.Optimal), strconv.FormatBool(r.Found), pl, strconv.FormatInt(r.Expanded, 10)})
	}
	if len(px) == 0 {
		return nil, dataErrorf(name, "no run found a path")
	}
	dots := func(col color.Color) *draw.GlyphStyle { return glyphStyle(lighten(col, 140), draw.CircleGlyph{}, 1.6) }

	left := newPlot("Length of the path DFS returns", "optimal distance (moves)", "path length (moves)")
	setLogY(left)
	left.Legend.Top, left.Legend.Left = false, false
	pts := &polyline{X: px, Y: py, Glyph: dots(colorAt(0))}
	mx, my := meanLine(pathBy, maxD)
	mean := &polyline{X: mx, Y: my, Line: lineStyle(colorAt(0), 1.4, nil)}
	opt := &polyline{X: []float64{1, float64(maxD)}, Y: []float64{1, float64(maxD)}, Line: lineStyle(colorAt(1), 1.2, seriesDashes[1])}
	left.Add(pts, mean, opt)
	left.Legend.Add("one board", glyphThumb{*pts.Glyph})
	left.Legend.Add("mean", mean)
	left.Legend.Add("optimal path", opt)
	insetLegend(left)
	left.X.Min, left.X.Max = 0, float64(maxD)+0.5
	left.Y.Min = 0.7

	right := newPlot("Nodes DFS expands", "optimal distance (moves)", "expanded (nodes)")
	setLogY(right)
	right.Legend.Top, right.Legend.Left = false, false
	npts := &polyline{X: nx, Y: ny, Glyph: dots(colorAt(2))}
	nmx, nmy := meanLine(nodesBy, maxD)
	nmean := &polyline{X: nmx, Y: nmy, Line: lineStyle(colorAt(2), 1.4, nil)}
	right.Add(npts, nmean)
	right.Legend.Add("one board", glyphThumb{*npts.Glyph})
	right.Legend.Add("mean", nmean)
	if d.States > 0 {
		all := hline{Y: float64(d.States), Style: lineStyle(grey, 1, seriesDashes[1])}
		right.Add(all)
		right.Legend.Add("all "+textfmt.Commas(int64(d.States))+" states", all)
		right.Y.Max = math.Max(right.Y.Max, float64(d.States)*3)
	}
	insetLegend(right)
	right.X.Min, right.X.Max = 0, float64(maxD)+0.5
	right.Y.Min = 0.7

	note := "DFS is graph search with a visited set (COMS 4701 semantics): it finds a path, rarely a short one."
	if notFound > 0 {
		note += fmt.Sprintf("\n%d of %d runs stopped at a limit without a path; they appear only in the right panel.", notFound, len(d.Runs))
	}
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{left, right}}, note: note})
	return fig, nil
}

// checkDFSRun refuses run i of DFSBlowup's data when it cannot be drawn.
func checkDFSRun(i int, r DFSRun) error {
	const name = NameDFSBlowup
	switch {
	case r.Optimal < 1:
		return dataErrorf(name, "run %d: optimal distance %d; boards at distance 0 cannot be drawn on the log axes", i, r.Optimal)
	case r.Expanded < 1:
		return dataErrorf(name, "run %d: %d nodes expanded cannot be drawn on a log axis", i, r.Expanded)
	case r.Board == "":
		return dataErrorf(name, "run %d: no board", i)
	case r.Found && r.PathLen < r.Optimal:
		return dataErrorf(name, "run %d: path of %d moves is shorter than the optimal %d", i, r.PathLen, r.Optimal)
	}
	return nil
}

// meanLine returns the mean of the values at each distance up to maxD
// that has any.
func meanLine(by map[int][]float64, maxD int) (x, y []float64) {
	for dist := 0; dist <= maxD; dist++ {
		if v := by[dist]; len(v) > 0 {
			x, y = append(x, float64(dist)), append(y, summarize(v).Mean)
		}
	}
	return x, y
}

// DFSWalkData is one depth-first search, step by step: at each expansion
// the true distance of the board DFS stands on and DFS's own depth.
type DFSWalkData struct {
	Board     string   // the start board, as text
	Optimal   int      // its true distance
	Boards    []string // the board expanded at each step, as text (the first is Board)
	Distances []int    // true distance of the board expanded at each step
	Depths    []int    // DFS's depth (moves from the start along its path) at each step
	Found     bool
	PathLen   int // length of the path DFS returned, when Found
	Note      string
}

// walkBuckets is how many columns a long walk is reduced to for drawing:
// each column shows the range and mean of its steps (the CSV keeps every
// step).
const walkBuckets = 400

// DFSWalk draws, for one DFS, the true distance of the board expanded at
// each step and the depth DFS has reached, one panel above the other.
func DFSWalk(d DFSWalkData) (*Figure, error) {
	const name = NameDFSWalk
	title := "Where depth-first search walks: " + d.Board
	if len(d.Distances) == 0 {
		return nil, dataErrorf(name, "no steps")
	}
	if len(d.Depths) != len(d.Distances) || len(d.Boards) != len(d.Distances) {
		return nil, dataErrorf(name, "%d distances but %d depths and %d boards", len(d.Distances), len(d.Depths), len(d.Boards))
	}
	csv := [][]string{{"step", "board", "true_distance", "dfs_depth"}}
	for i := range d.Distances {
		if d.Distances[i] < 0 || d.Depths[i] < 0 {
			return nil, dataErrorf(name, "step %d: negative distance or depth", i+1)
		}
		csv = append(csv, []string{itoa(i + 1), d.Boards[i], itoa(d.Distances[i]), itoa(d.Depths[i])})
	}
	steps := len(d.Distances)
	xlabel := "expansion number (step)"

	top := newPlot("True distance to the goal of the board DFS expands", "", "distance (moves)")
	addWalk(top, d.Distances, colorAt(0))
	top.Add(hline{Y: float64(d.Optimal), Style: lineStyle(colorAt(1), 1.2, seriesDashes[1])})
	top.X.Min, top.X.Max = 0, float64(steps)+1
	top.Y.Min = 0
	top.Y.Max = math.Max(top.Y.Max, float64(d.Optimal)) * 1.1

	bottom := newPlot("Depth of DFS's current path from the start", xlabel, "depth (moves)")
	addWalk(bottom, d.Depths, colorAt(2))
	bottom.X.Min, bottom.X.Max = 0, float64(steps)+1
	bottom.Y.Min = 0
	bottom.Y.Max *= 1.1

	note := fmt.Sprintf("Dashed: the start board's own distance (%d). %s steps; ", d.Optimal, textfmt.Commas(int64(steps)))
	if d.Found {
		note += fmt.Sprintf("DFS returned a path of %s moves where %d suffice.", textfmt.Commas(int64(d.PathLen)), d.Optimal)
	} else {
		note += "DFS stopped at a limit without reaching the goal."
	}
	if steps > walkBuckets {
		note += fmt.Sprintf(" Each of the %d columns shows the range (band) and mean (line) of its steps.", walkBuckets)
	}
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{top}, {bottom}}, note: note})
	return fig, nil
}

// addWalk draws a step series: every point when there are few, else a band
// (min–max) and mean line per bucket of steps.
func addWalk(p *plot.Plot, v []int, col color.Color) {
	if len(v) <= walkBuckets {
		x, y := make([]float64, len(v)), make([]float64, len(v))
		for i := range v {
			x[i], y[i] = float64(i+1), float64(v[i])
		}
		l := &polyline{X: x, Y: y, Line: lineStyle(col, 0.8, nil), Glyph: glyphStyle(col, draw.CircleGlyph{}, 1.2)}
		p.Add(l)
		return
	}
	var x, lo, hi, mean []float64
	per := float64(len(v)) / walkBuckets
	for b := 0; b < walkBuckets; b++ {
		i0, i1 := int(float64(b)*per), int(float64(b+1)*per)
		if b == walkBuckets-1 {
			i1 = len(v)
		}
		if i1 <= i0 {
			continue
		}
		mn, mx, sum := v[i0], v[i0], 0
		for _, d := range v[i0:i1] {
			mn, mx, sum = min(mn, d), max(mx, d), sum+d
		}
		x = append(x, float64(i0+i1+1)/2)
		lo, hi = append(lo, float64(mn)), append(hi, float64(mx))
		mean = append(mean, float64(sum)/float64(i1-i0))
	}
	b := &band{X: x, Lo: lo, Hi: hi, Fill: lighten(col, 70)}
	l := &polyline{X: x, Y: mean, Line: lineStyle(col, 1, nil)}
	p.Add(b, l)
}
