package report

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// ClimberRow is the gain-score climber's record on boards mixed by one
// number of random moves from the goal.
type ClimberRow struct {
	Mix         int     // mixing moves
	Runs        int     // boards tried
	Solved      int     // boards the climber solved
	MeanMoves   float64 // mean moves of the solved runs (NaN when none was solved)
	MeanOptimal float64 // mean true distance of all the mixed boards
	// The same boards under ClimberData.AltLabel's variant of the climber
	// (ignored when AltLabel is empty).
	AltSolved    int
	AltMeanMoves float64 // NaN when AltSolved is 0
}

// ClimberData is the data of the greedy-climber figure: seed 003's
// statistics table, measured.
type ClimberData struct {
	Rows []ClimberRow
	// ReportedSolvePercent and ReportedMoves are the figures the seed's
	// report gives, drawn as dashed reference lines (0 = not drawn).
	ReportedSolvePercent float64
	ReportedMoves        float64
	// Label names the climber measured in Solved and MeanMoves ("measured"
	// when empty).
	Label string
	// AltLabel names a second variant of the climber measured on the same
	// boards, drawn dashed; "" for none.
	AltLabel string
	Note     string
}

// GreedyClimber draws the climber's solve rate and its mean number of moves
// against the number of mixing moves, with the mean optimal distance of the
// same boards for reference. The mixing axis is logarithmic when every
// count is positive and they span at least a factor of 10 (seed 003's run
// from 10 to 1000).
func GreedyClimber(d ClimberData) (*Figure, error) {
	const name, title = NameGreedyClimber, "Seed 003's gain-score climber against mixing moves"
	if len(d.Rows) == 0 {
		return nil, dataErrorf(name, "no rows")
	}
	alt := d.AltLabel != ""
	header := []string{"mixing_moves", "runs", "solved", "solve_percent", "mean_moves_solved", "mean_optimal"}
	if alt {
		header = append(header, "alt_solved", "alt_solve_percent", "alt_mean_moves_solved")
	}
	csv := [][]string{header}
	type series struct{ x, y []float64 }
	var rate, moves, altRate, altMoves, opt series
	minMix, maxMix := math.MaxInt, 0
	for _, r := range d.Rows {
		if r.Runs <= 0 || r.Solved < 0 || r.Solved > r.Runs {
			return nil, dataErrorf(name, "mixing moves %d: %d solved of %d runs", r.Mix, r.Solved, r.Runs)
		}
		if alt && (r.AltSolved < 0 || r.AltSolved > r.Runs) {
			return nil, dataErrorf(name, "mixing moves %d: %d solved of %d runs by %s", r.Mix, r.AltSolved, r.Runs, d.AltLabel)
		}
		if r.Mix < 0 {
			return nil, dataErrorf(name, "mixing moves %d is negative", r.Mix)
		}
		if !finite(r.MeanOptimal) || r.MeanOptimal < 0 {
			return nil, dataErrorf(name, "mixing moves %d: mean optimal distance %v", r.Mix, r.MeanOptimal)
		}
		x := float64(r.Mix)
		meanMoves := func(solved int, m float64, s *series) (string, error) {
			if solved == 0 {
				return "", nil
			}
			if !finite(m) || m < 0 {
				return "", dataErrorf(name, "mixing moves %d: mean moves %v", r.Mix, m)
			}
			s.x, s.y = append(s.x, x), append(s.y, m)
			return num(m), nil
		}
		pct := 100 * float64(r.Solved) / float64(r.Runs)
		mm, err := meanMoves(r.Solved, r.MeanMoves, &moves)
		if err != nil {
			return nil, err
		}
		row := []string{itoa(r.Mix), itoa(r.Runs), itoa(r.Solved), num(pct), mm, num(r.MeanOptimal)}
		rate.x, rate.y = append(rate.x, x), append(rate.y, pct)
		opt.x, opt.y = append(opt.x, x), append(opt.y, r.MeanOptimal)
		if alt {
			apct := 100 * float64(r.AltSolved) / float64(r.Runs)
			amm, err := meanMoves(r.AltSolved, r.AltMeanMoves, &altMoves)
			if err != nil {
				return nil, err
			}
			row = append(row, itoa(r.AltSolved), num(apct), amm)
			altRate.x, altRate.y = append(altRate.x, x), append(altRate.y, apct)
		}
		csv = append(csv, row)
		minMix, maxMix = min(minMix, r.Mix), max(maxMix, r.Mix)
	}
	if len(moves.x) == 0 && len(altMoves.x) == 0 {
		return nil, dataErrorf(name, "no board was solved at any mixing count, so there are no moves to draw")
	}
	logX := minMix > 0 && maxMix >= 10*minMix
	dash := []vg.Length{vg.Points(4), vg.Points(2)}
	xlabel := "mixing moves (random moves from the goal)"
	setX := func(p *plot.Plot) {
		if logX {
			p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks{}
			p.X.Min, p.X.Max = float64(minMix)/1.3, float64(maxMix)*1.3
		} else {
			p.X.Min, p.X.Max = 0, float64(maxMix)*1.04+1
		}
	}
	mainLabel, altLabel := d.Label, d.AltLabel
	if mainLabel == "" {
		mainLabel = "measured"
	}
	line := func(s series, i, dashIdx int) *polyline {
		return &polyline{X: s.x, Y: s.y, Line: lineStyle(colorAt(i), 1.4, seriesDashes[dashIdx]), Glyph: glyphStyle(colorAt(i), seriesGlyphs[i], 2)}
	}

	left := newPlot("Boards solved", xlabel, "solved (%)")
	left.Legend.Top, left.Legend.Left = false, true
	left.Legend.XOffs = vg.Points(4)
	rl := line(rate, 0, 0)
	left.Add(rl)
	left.Legend.Add(mainLabel, rl)
	if alt {
		al := line(altRate, 1, 2)
		left.Add(al)
		left.Legend.Add(altLabel, al)
	}
	if d.ReportedSolvePercent > 0 {
		ref := hline{Y: d.ReportedSolvePercent, Style: lineStyle(grey, 1, dash)}
		left.Add(ref)
		left.Legend.Add(fmt.Sprintf("seed 003 reports ≈%g%%", d.ReportedSolvePercent), ref)
	}
	insetLegend(left)
	setX(left)
	left.Y.Min, left.Y.Max = 0, 105

	right := newPlot("Moves used (solved boards)", xlabel, "moves")
	right.Legend.Top, right.Legend.Left = true, true
	right.Legend.XOffs = vg.Points(4)
	top := maxOf(opt.y)
	if len(moves.x) > 0 {
		ml := line(moves, 0, 0)
		right.Add(ml)
		right.Legend.Add("climber, "+mainLabel, ml)
		top = math.Max(top, maxOf(moves.y))
	}
	if alt && len(altMoves.x) > 0 {
		al := line(altMoves, 1, 2)
		right.Add(al)
		right.Legend.Add("climber, "+altLabel, al)
		top = math.Max(top, maxOf(altMoves.y))
	}
	ol := line(opt, 2, 1)
	right.Add(ol)
	right.Legend.Add("optimal (mean over all boards)", ol)
	if d.ReportedMoves > 0 {
		ref := hline{Y: d.ReportedMoves, Style: lineStyle(grey, 1, dash)}
		right.Add(ref)
		right.Legend.Add(fmt.Sprintf("seed 003 reports ≈%g moves", d.ReportedMoves), ref)
		top = math.Max(top, d.ReportedMoves)
	}
	insetLegend(right)
	setX(right)
	right.Y.Min, right.Y.Max = 0, top*1.45

	note := "The climber takes the move with the highest gain score (1 for each square holding its tile, 0.5 when the tile is orthogonally next to it)\nand never returns to a board it has seen (seed 003)."
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	fig.draw = page{title: title, panels: [][]*plot.Plot{{left, right}}, note: note}.draw
	return fig, nil
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
