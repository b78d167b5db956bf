package measure

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/statespace"
)

// CountsFunc returns the number of states at each distance from goal, and
// whether a table for goal is available at all (false: skip it).
type CountsFunc func(ctx context.Context, goal statespace.Board) (counts []uint64, ok bool, err error)

// labeledGoal is a goal and how the figures name it.
type labeledGoal struct {
	Label string
	Goal  statespace.Board
}

// goalsByBlank returns the goals of shape with tiles 1…n−1 in reading order
// and the blank in a corner (the last cell), in the middle of the top edge
// and in the centre, for those the shape has: on 3x3 these are the three
// goals of OEIS A089473, A089474 and A089483.
func goalsByBlank(sh statespace.Shape) []labeledGoal {
	goals := []labeledGoal{{"blank in a corner", statespace.GoalLast(sh)}}
	rows, cols := sh.Dims()
	if cols >= 3 {
		goals = append(goals, labeledGoal{"blank on an edge", goalWithBlankAt(sh, sh.Cell(0, cols/2))})
	} else if rows >= 3 {
		goals = append(goals, labeledGoal{"blank on an edge", goalWithBlankAt(sh, sh.Cell(rows/2, 0))})
	}
	if rows >= 3 && cols >= 3 {
		goals = append(goals, labeledGoal{"blank in the centre", goalWithBlankAt(sh, sh.Cell(rows/2, cols/2))})
	}
	return goals
}

// goalWithBlankAt is the goal with the blank at cell and tiles 1…n−1 in
// reading order around it.
func goalWithBlankAt(sh statespace.Shape, cell int) statespace.Board {
	tiles := make([]int, sh.Cells())
	t := 1
	for c := range tiles {
		if c == cell {
			continue
		}
		tiles[c] = t
		t++
	}
	return statespace.MustBoard(sh, tiles...)
}

// GoalPanel is the depth-histogram panel comparing goals of one shape by
// where their blank is. Goals without a table are left out.
func GoalPanel(ctx context.Context, sh statespace.Shape, counts CountsFunc) (report.DepthPanel, error) {
	panel := report.DepthPanel{Title: fmt.Sprintf("%s, by where the goal's blank is", sh)}
	for _, g := range goalsByBlank(sh) {
		c, ok, err := counts(ctx, g.Goal)
		if err != nil {
			return panel, err
		}
		if ok {
			panel.Series = append(panel.Series, report.DepthSeries{Label: g.Label, Counts: c})
		}
	}
	return panel, nil
}

// ShapeSeries is the blank-last goal of each shape that has a table, in
// the order given.
func ShapeSeries(ctx context.Context, shapes []statespace.Shape, counts CountsFunc) ([]report.DepthSeries, error) {
	var series []report.DepthSeries
	for _, sh := range shapes {
		c, ok, err := counts(ctx, statespace.GoalLast(sh))
		if err != nil {
			return nil, err
		}
		if ok {
			series = append(series, report.DepthSeries{Label: sh.String(), Counts: c})
		}
	}
	return series, nil
}
