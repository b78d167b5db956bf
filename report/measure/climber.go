package measure

import (
	"context"
	"fmt"
	"github.com/tilespace/tilespace/internal/textfmt"
	"math"

	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// Seed 003's summary: "as mixing moves increase the average solved percent
// approach 84% and the average moves approach 240 moves" (its text also
// says "approximately 86%"; the summary's 84% is the limit it states).
const (
	Seed003SolvePercent = 84
	Seed003Moves        = 240
)

// ClimberConfig says how the climber's statistics are gathered.
type ClimberConfig struct {
	Table *statespace.Table
	Mixes []int // numbers of mixing moves (seed 003's are search.DefaultGreedyKs)
	Runs  int   // boards per mixing count
	Seed  uint64
}

// MeasureClimber repeats seed 003's experiment with search.GreedyStats: for
// each mixing count, Runs boards mixed by uniformly random legal moves from
// the goal, each climbed by the gain-score climber under both readings of
// the seed's score (blank's cell not scored, and scored). It records how
// many the climber solves, its mean moves when it does, and the boards'
// mean true distance.
func MeasureClimber(ctx context.Context, cfg ClimberConfig) (report.ClimberData, error) {
	d := report.ClimberData{ReportedSolvePercent: Seed003SolvePercent, ReportedMoves: Seed003Moves,
		Label: "blank not scored", AltLabel: "blank scored too"}
	if cfg.Table == nil {
		return d, errNoTable
	}
	if cfg.Runs < 1 || len(cfg.Mixes) == 0 {
		return d, fmt.Errorf("measure: climber needs runs (%d) and mixing counts (%d)", cfg.Runs, len(cfg.Mixes))
	}
	rep, err := search.GreedyStats(ctx, cfg.Table, search.GreedyStatsOptions{Seed: cfg.Seed, N: cfg.Runs, Ks: cfg.Mixes})
	if err != nil {
		return d, err
	}
	for _, r := range rep.Rows {
		row := report.ClimberRow{Mix: r.K, Runs: r.Boards, Solved: r.Solved, MeanMoves: math.NaN(), MeanOptimal: r.MeanOptimal,
			// GreedyStats gives the other reading as a rate of Boards.
			AltSolved: int(math.Round(r.SolveRateBlankCounted * float64(r.Boards))), AltMeanMoves: math.NaN()}
		if r.Solved > 0 {
			row.MeanMoves = r.MeanMoves
		}
		if row.AltSolved > 0 {
			row.AltMeanMoves = r.MeanMovesBlankCounted
		}
		d.Rows = append(d.Rows, row)
	}
	goal := cfg.Table.Space().Goal()
	d.Note = fmt.Sprintf("%s, goal %s: %s per mixing count, each mixed by uniformly random legal moves from the goal (search.GreedyStats, seed %d).",
		goal.Shape(), statespace.GoalName(goal), nBoards(cfg.Runs), cfg.Seed)
	return d, nil
}

// Strip returns the solution-strip data for start: its optimal path from
// table.
func Strip(table *statespace.Table, start statespace.Board, maxShow int) (report.StripData, error) {
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
