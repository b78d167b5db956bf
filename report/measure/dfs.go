package measure

import (
	"context"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// SampleTable is what MeasureDFSBlowup asks of a distance table (package
// table's Table or Lazy): the space it covers and boards drawn uniformly
// at a distance (table.Samples).
type SampleTable interface {
	table.Drawer
	Space() *statespace.Space
}

// DFSBlowupConfig says which boards DFS runs on.
type DFSBlowupConfig struct {
	Table     SampleTable
	Distances []int
	N         int // boards per distance
	Seed      uint64
	Limits    search.Limits
	Workers   int
	Progress  io.Writer
}

// MeasureDFSBlowup runs graph DFS (search.DFS) on N boards sampled at each
// distance and records the path it returns and the nodes it expands.
func MeasureDFSBlowup(ctx context.Context, cfg DFSBlowupConfig) (report.DFSBlowupData, error) {
	var d report.DFSBlowupData
	if cfg.Table == nil {
		return d, errNoTable
	}
	rng := RNG(cfg.Seed, saltDFSBlowup)
	goal := cfg.Table.Space().Goal()
	var starts []statespace.Board
	var optimal []int
	for _, dist := range cfg.Distances {
		for b := range table.Samples(cfg.Table, rng, dist, cfg.N) {
			starts, optimal = append(starts, b), append(optimal, dist)
		}
	}
	d.Runs = make([]report.DFSRun, len(starts))
	err := runAll(ctx, len(starts), cfg.Workers, cfg.Progress, "dfs-blowup", func(i int) error {
		r, err := search.DFS(ctx, search.Problem{Start: starts[i], Goal: goal, Limits: cfg.Limits})
		if err != nil {
			return searchError(r, starts[i], err)
		}
		d.Runs[i] = report.DFSRun{Board: starts[i].String(), Optimal: optimal[i], Found: r.Found, PathLen: len(r.Path), Expanded: r.Expanded}
		return nil
	})
	d.States = cfg.Table.Space().Size()
	d.Note = fmt.Sprintf("%s, goal %s: %s drawn uniformly at each optimal distance (seed %d).",
		goal.Shape(), statespace.GoalName(goal), nBoards(cfg.N), cfg.Seed)
	return d, err
}

// MeasureDFSWalk runs graph DFS on start with classroom.WalkDFS (the walk
// classroom explain-dfs explains) and records, at each expansion, the true
// distance (from table) of the board expanded and DFS's depth.
func MeasureDFSWalk(ctx context.Context, table classroom.Table, start statespace.Board, lim search.Limits) (report.DFSWalkData, error) {
	var d report.DFSWalkData
	if table == nil {
		return d, errNoTable
	}
	opt, err := table.Lookup(start)
	if err != nil {
		return d, fmt.Errorf("measure: dfs-walk board: %w", err)
	}
	w, err := classroom.WalkDFS(ctx, table, start, lim, true)
	if err != nil {
		return d, err
	}
	d.Distances, d.Depths, d.Boards = make([]int, len(w.Distances)), make([]int, len(w.Depths)), make([]string, len(w.Boards))
	for i := range w.Distances {
		d.Distances[i], d.Depths[i], d.Boards[i] = int(w.Distances[i]), int(w.Depths[i]), w.Boards[i].String()
	}
	d.Board, d.Optimal, d.Found, d.PathLen = start.String(), opt, w.DFS.Found, len(w.DFS.Path)
	d.Note = fmt.Sprintf("Graph DFS (COMS 4701 semantics), goal %s; distances from the exact table.", statespace.GoalName(table.Space().Goal()))
	return d, nil
}
