package measure

import (
	"context"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// DFSBlowupConfig says which boards DFS runs on.
type DFSBlowupConfig struct {
	Table     *statespace.Table
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
	rng := RNG(cfg.Seed, SaltDFSBlowup)
	goal := cfg.Table.Space().Goal()
	var starts []statespace.Board
	var optimal []int
	for _, dist := range cfg.Distances {
		for _, b := range cfg.Table.Sample(rng, dist, cfg.N) {
			starts, optimal = append(starts, b), append(optimal, dist)
		}
	}
	d.Runs = make([]report.DFSRun, len(starts))
	err := runAll(ctx, len(starts), cfg.Workers, cfg.Progress, "dfs-blowup", func(i int) error {
		r := search.DFS(search.Problem{Start: starts[i], Goal: goal, Limits: cfg.Limits, Ctx: ctx})
		if err := searchError(r, starts[i]); err != nil {
			return err
		}
		d.Runs[i] = report.DFSRun{Optimal: optimal[i], Found: r.Found, PathLen: len(r.Path), Expanded: r.Expanded}
		return nil
	})
	d.States = cfg.Table.States()
	d.Note = fmt.Sprintf("%s, goal %s: %s drawn uniformly at each optimal distance (seed %d).",
		goal.Shape(), statespace.GoalName(goal), nBoards(cfg.N), cfg.Seed)
	return d, err
}

// MeasureDFSWalk runs graph DFS on start and records, at each expansion,
// the true distance (from table) of the board expanded and DFS's depth.
func MeasureDFSWalk(ctx context.Context, table *statespace.Table, start statespace.Board, lim search.Limits) (report.DFSWalkData, error) {
	var d report.DFSWalkData
	if table == nil {
		return d, errNoTable
	}
	opt, err := table.Lookup(start)
	if err != nil {
		return d, fmt.Errorf("measure: dfs-walk board: %w", err)
	}
	var lookupErr error
	p := search.Problem{Start: start, Goal: table.Space().Goal(), Limits: lim, Ctx: ctx,
		OnExpand: func(b statespace.Board, depth int) {
			dist := table.Distance(b)
			if dist < 0 && lookupErr == nil {
				lookupErr = fmt.Errorf("measure: DFS expanded %s, which the table does not hold", b)
			}
			d.Distances = append(d.Distances, dist)
			d.Depths = append(d.Depths, depth)
		}}
	r := search.DFS(p)
	if err := searchError(r, start); err != nil {
		return d, err
	}
	if lookupErr != nil {
		return d, lookupErr
	}
	d.Board, d.Optimal, d.Found, d.PathLen = start.String(), opt, r.Found, len(r.Path)
	if r.Expanded != int64(len(d.Distances)) {
		return d, fmt.Errorf("measure: DFS reported %d expansions but called OnExpand %d times", r.Expanded, len(d.Distances))
	}
	d.Note = fmt.Sprintf("Graph DFS (COMS 4701 semantics), goal %s; distances from the exact table.", statespace.GoalName(table.Space().Goal()))
	return d, nil
}
