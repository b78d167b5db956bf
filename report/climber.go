package report

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ClimberRow is the gain-score climber's record on boards mixed by one
// number of random moves from the goal.
type ClimberRow struct {
	Mix         int     // mixing moves
	Runs        int     // boards tried
	Solved      int     // boards the climber solved
	MeanMoves   float64 // mean moves of the solved runs (NaN when none was solved)
	MeanOptimal float64 // mean true distance of all the mixed boards
}

// ClimberSeries is one reading of the climber on every mixing count.
type ClimberSeries struct {
	Label string // e.g. "adjacent, first-legal"
	Rows  []ClimberRow
}

// ClimberReported is a solve rate the climber report gives, drawn as a
// dashed reference line.
type ClimberReported struct {
	SolvePercent float64
	Label        string // e.g. "report: ≈84% (adjacency bonus)"
}

// ClimberData is the data of the greedy-climber figure: the climber report's
// statistics table, measured under one or more readings of its rules, all
// on the same boards (so every series has the same mixing counts, runs and
// mean optimal distances).
type ClimberData struct {
	// Series are the readings, the first one (the default reading) drawn
	// as a solid line.
	Series []ClimberSeries
	// Reported are the climber report's solve rates; ReportedMoves its mean number
	// of moves (0 = not drawn).
	Reported      []ClimberReported
	ReportedMoves float64
	Note          string
}

// GreedyClimber draws, for each reading, the climber's solve rate and its
// mean number of moves against the number of mixing moves, with the mean
// optimal distance of the same boards for reference. The mixing axis is
// logarithmic when every count is positive and they span at least a factor
// of 10 (the climber report's run from 10 to 1000).
func GreedyClimber(d ClimberData) (*Figure, error) {
	const name, title = NameGreedyClimber, "The climber report's gain-score climber against mixing moves"
	if len(d.Series) == 0 || len(d.Series[0].Rows) == 0 {
		return nil, dataErrorf(name, "no rows")
	}
	base := d.Series[0].Rows
	csv := [][]string{{"reading", "mixing_moves", "runs", "solved", "solve_percent", "mean_moves_solved", "mean_optimal"}}
	type series struct{ x, y []float64 }
	rates := make([]series, len(d.Series))
	moves := make([]series, len(d.Series))
	var opt series
	minMix, maxMix := math.MaxInt, 0
	anySolved := false
	for si, s := range d.Series {
		if s.Label == "" {
			return nil, dataErrorf(name, "series %d has no label", si+1)
		}
		if len(s.Rows) != len(base) {
			return nil, dataErrorf(name, "%s: %d rows, the first reading has %d", s.Label, len(s.Rows), len(base))
		}
		for i, r := range s.Rows {
			if r.Mix != base[i].Mix || r.Runs != base[i].Runs {
				return nil, dataErrorf(name, "%s: row %d is %d runs at %d mixing moves, the first reading's %d at %d (the readings must share boards)",
					s.Label, i+1, r.Runs, r.Mix, base[i].Runs, base[i].Mix)
			}
			if r.Runs <= 0 || r.Solved < 0 || r.Solved > r.Runs {
				return nil, dataErrorf(name, "%s, mixing moves %d: %d solved of %d runs", s.Label, r.Mix, r.Solved, r.Runs)
			}
			if r.Mix < 0 {
				return nil, dataErrorf(name, "mixing moves %d is negative", r.Mix)
			}
			if !finite(r.MeanOptimal) || r.MeanOptimal < 0 {
				return nil, dataErrorf(name, "mixing moves %d: mean optimal distance %v", r.Mix, r.MeanOptimal)
			}
			x := float64(r.Mix)
			mm := ""
			if r.Solved > 0 {
				if !finite(r.MeanMoves) || r.MeanMoves < 0 {
					return nil, dataErrorf(name, "%s, mixing moves %d: mean moves %v", s.Label, r.Mix, r.MeanMoves)
				}
				moves[si].x, moves[si].y = append(moves[si].x, x), append(moves[si].y, r.MeanMoves)
				mm = num(r.MeanMoves)
				anySolved = true
			}
			pct := 100 * float64(r.Solved) / float64(r.Runs)
			rates[si].x, rates[si].y = append(rates[si].x, x), append(rates[si].y, pct)
			csv = append(csv, []string{s.Label, itoa(r.Mix), itoa(r.Runs), itoa(r.Solved), num(pct), mm, num(r.MeanOptimal)})
			if si == 0 {
				opt.x, opt.y = append(opt.x, x), append(opt.y, r.MeanOptimal)
				minMix, maxMix = min(minMix, r.Mix), max(maxMix, r.Mix)
			}
		}
	}
	if !anySolved {
		return nil, dataErrorf(name, "no board was solved at any mixing count, so there are no moves to draw")
	}
	logX := minMix > 0 && maxMix >= 10*minMix
	dash := []vg.Length{vg.Points(4), vg.Points(2)}
	xlabel := "random mixing (moves)"
	setX := func(p *plot.Plot) {
		if logX {
			p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks{}
			p.X.Min, p.X.Max = float64(minMix)/1.3, float64(maxMix)*1.3
		} else {
			p.X.Min, p.X.Max = 0, float64(maxMix)*1.04+1
		}
	}
	line := func(s series, i int) *polyline {
		return &polyline{X: s.x, Y: s.y, Line: lineStyle(colorAt(i), 1.4, seriesDashes[i%len(seriesDashes)]), Glyph: glyphStyle(colorAt(i), seriesGlyphs[i%len(seriesGlyphs)], 2)}
	}

	// One legend beside both panels: the readings are drawn alike in each.
	legend := sideLegend()
	left := newPlot("Boards solved", xlabel, "solved (%)")
	for i, s := range d.Series {
		l := line(rates[i], i)
		left.Add(l)
		legend.Add(s.Label, l)
	}
	setX(left)
	left.Y.Min, left.Y.Max = 0, 105

	right := newPlot("Moves used (solved boards)", xlabel, "path length (moves)")
	top := maxOf(opt.y)
	for i := range d.Series {
		if len(moves[i].x) == 0 {
			continue
		}
		right.Add(line(moves[i], i))
		top = math.Max(top, maxOf(moves[i].y))
	}
	ol := &polyline{X: opt.x, Y: opt.y, Line: lineStyle(grey, 1.4, nil), Glyph: glyphStyle(grey, draw.PlusGlyph{}, 2)}
	right.Add(ol)
	legend.Add("optimal distance (mean)", ol)
	for _, r := range d.Reported {
		if r.SolvePercent > 0 {
			ref := hline{Y: r.SolvePercent, Style: lineStyle(grey, 1, dash)}
			left.Add(ref)
			legend.Add(r.Label, ref)
		}
	}
	if d.ReportedMoves > 0 {
		ref := hline{Y: d.ReportedMoves, Style: lineStyle(grey, 1, dash)}
		right.Add(ref)
		legend.Add(fmt.Sprintf("report: ≈%g moves", d.ReportedMoves), ref)
		top = math.Max(top, d.ReportedMoves)
	}
	setX(right)
	right.Y.Min, right.Y.Max = 0, top*1.1

	note := "The climber takes the move to an unseen board with the highest gain score (1 for each square holding its tile; with the adjacency bonus, " +
		"0.5 when the tile is orthogonally next to it; the blank's cell is not scored). When every move leads to a board seen before, \"first-legal\" " +
		"makes the first legal move anyway (Up, Down, Left, Right) and fails only when it goes round seen boards for ever; \"stop\" gives up."
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.use(page{title: title, panels: [][]*plot.Plot{{left, right}}, legend: legend, note: note})
	return fig, nil
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
