package measure

import (
	"context"
	"fmt"
	"math"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// The climber report's figures: "approximately 30%" of mixed boards solved with the
// matched-squares score, and with the adjacency bonus "approximately 86%"
// in its text and, in its summary, "as mixing moves increase the average
// solved percent approach 84% and the average moves approach 240 moves".
const (
	climberReportMatchedPercent  = 30
	climberReportAdjacentPercent = 84
	climberReportMoves           = 240
)

// climberReadings are the readings of the climber report's rules drawn by default:
// the default one (adjacency bonus, first legal move when stuck) first,
// then the matched-squares score, then both scores giving up when stuck.
var climberReadings = []search.ClimberRule{
	{Score: search.ScoreAdjacent, Stuck: search.StuckFirstLegal},
	{Score: search.ScoreMatched, Stuck: search.StuckFirstLegal},
	{Score: search.ScoreAdjacent, Stuck: search.StuckStop},
	{Score: search.ScoreMatched, Stuck: search.StuckStop},
}

// ClimberConfig says how the climber's statistics are gathered.
type ClimberConfig struct {
	Table    classroom.Table
	Mixes    []int // numbers of mixing moves (the climber report's are classroom.DefaultGreedyKs)
	Runs     int   // boards per mixing count
	Seed     uint64
	Readings []search.ClimberRule // default climberReadings
}

// MeasureClimber repeats the climber report's experiment with classroom.GreedyStats
// (the same measurement classroom greedy-stats prints) once per reading: for
// each mixing count, Runs boards mixed by uniformly random legal moves from
// the goal, the same boards for every reading. It records how many the
// climber solves, its mean moves when it does, and the boards' mean true
// distance.
func MeasureClimber(ctx context.Context, cfg ClimberConfig) (report.ClimberData, error) {
	d := report.ClimberData{ReportedMoves: climberReportMoves, Reported: []report.ClimberReported{
		{SolvePercent: climberReportAdjacentPercent, Label: fmt.Sprintf("report: ≈%d%% (adjacent)", climberReportAdjacentPercent)},
		{SolvePercent: climberReportMatchedPercent, Label: fmt.Sprintf("report: ≈%d%% (matched)", climberReportMatchedPercent)},
	}}
	if cfg.Table == nil {
		return d, errNoTable
	}
	if cfg.Runs < 1 || len(cfg.Mixes) == 0 {
		return d, fmt.Errorf("measure: climber needs runs (%d) and mixing counts (%d)", cfg.Runs, len(cfg.Mixes))
	}
	readings := cfg.Readings
	if len(readings) == 0 {
		readings = climberReadings
	}
	for _, rule := range readings {
		rep, err := classroom.GreedyStats(ctx, cfg.Table, classroom.GreedyStatsOptions{Seed: cfg.Seed, N: cfg.Runs, Ks: cfg.Mixes, Rule: rule})
		if err != nil {
			return d, err
		}
		s := report.ClimberSeries{Label: rule.String()}
		for _, r := range rep.Rows {
			row := report.ClimberRow{Mix: r.K, Runs: r.Boards, Solved: r.Solved, MeanMoves: math.NaN(), MeanOptimal: r.MeanOptimal}
			if r.Solved > 0 {
				row.MeanMoves = r.MeanMoves
			}
			s.Rows = append(s.Rows, row)
		}
		d.Series = append(d.Series, s)
	}
	goal := cfg.Table.Space().Goal()
	d.Note = fmt.Sprintf("%s, goal %s: %s per mixing count, each mixed by uniformly random legal moves from the goal (classroom.GreedyStats, seed %d); readings are score, rule when stuck.",
		goal.Shape(), statespace.GoalName(goal), nBoards(cfg.Runs), cfg.Seed)
	return d, nil
}

// PathTable is what Strip asks of a distance table (package table's
// Table or Lazy): the space it covers and a board's optimal path.
type PathTable interface {
	Space() *statespace.Space
	Path(b statespace.Board) ([]statespace.Move, error)
}

// Strip returns the solution-strip data for start: its optimal path from
// table.
func Strip(table PathTable, start statespace.Board, maxShow int) (report.StripData, error) {
	if table == nil {
		return report.StripData{}, errNoTable
	}
	path, err := table.Path(start)
	if err != nil {
		return report.StripData{}, fmt.Errorf("measure: solution-strip board: %w", err)
	}
	return report.StripData{
		Start: start, Path: path, MaxShow: maxShow,
		Title: fmt.Sprintf("An optimal solution of %s (%s)", start, textfmt.Moves(len(path))),
		Note:  fmt.Sprintf("Goal %s; path from the exact distance table (first optimal move in Up, Down, Left, Right order).", statespace.GoalName(table.Space().Goal())),
	}, nil
}
