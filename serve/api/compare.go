package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/tilespace/tilespace/statespace"
)

// profilePoints is the most points of a path's distance profile.
const profilePoints = 240

// compare answers /api/compare: every classroom algorithm on the board,
// as classroom compare -json writes it, plus each path's profile (the
// true distance of the boards along it, sampled) and the limits used.
func (s *Server) compare(ctx context.Context, q url.Values) ([]byte, error) {
	rq, err := readBoard(q)
	if err != nil {
		return nil, err
	}
	params, err := s.readCompareParams(q, rq.goal)
	if err != nil {
		return nil, err
	}
	if err := s.unsolvable(rq.board, rq.goal); err != nil {
		return nil, err
	}
	o, err := s.source(ctx, rq.goal)
	if err != nil {
		return nil, err
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	table := tableOf(o)
	lim := limits{MaxExpanded: params.nodes, MaxTime: s.lim.CompareTime}
	c, err := compareBoard(ctx, rq.board, rq.goal, table, lim, params.keys)
	if err != nil {
		return nil, s.explained(err) // a damaged table: the command that checks it
	}
	reference := ""
	if table == nil {
		// No table (the 15-puzzle): the reference is the optimal solver's.
		sctx, cancel := context.WithTimeout(ctx, s.lim.SolveTime)
		a, err := o.Answer(sctx, rq.board, pathOnly)
		cancel()
		switch {
		case err == nil:
			// A path shorter than the solver's proves its databases wrong.
			if err := checkReference(c, a); err != nil {
				return nil, s.explained(err)
			}
			c.Optimal, c.OptimalSource = a.Distance, o.Source().Solver
		case isDamage(err):
			return nil, s.explained(err) // databases the solver's own path proved wrong
		case errors.Is(err, context.DeadlineExceeded):
			reference = fmt.Sprintf("no optimal reference: the solver did not finish within %s", s.lim.SolveTime)
		default:
			reference = "no optimal reference: " + err.Error()
		}
	}
	raw, err := comparisonJSON(c)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	out["optimal_source"] = c.OptimalSource
	if reference != "" {
		out["optimal_note"] = reference
	}
	out["limits"] = map[string]any{"nodes": params.nodes, "max_nodes": s.lim.CompareMaxNodes, "seconds": s.lim.CompareTime.Seconds()}
	rows, _ := out["algorithms"].([]any)
	for i, row := range c.Rows {
		if i >= len(rows) || table == nil || !row.Result.Found {
			continue
		}
		if m, ok := rows[i].(map[string]any); ok {
			p, err := pathProfile(rq.board, row.Result.Path, table)
			if err != nil {
				return nil, err
			}
			m["path_profile"] = p
		}
	}
	return json.Marshal(out)
}

// profile is the true distance of the boards along a path, at evenly
// spaced steps (every step of paths of at most profilePoints moves).
type profile struct {
	Steps     []int `json:"steps"`
	Distances []int `json:"distances"`
}

func pathProfile(b statespace.Board, path []statespace.Move, t statespace.DistanceTable) (profile, error) {
	n := len(path)
	every := max(1, (n+profilePoints-1)/profilePoints)
	var p profile
	for i := 0; ; i++ {
		if i%every == 0 || i == n {
			d, err := t.Lookup(b)
			if err != nil {
				return profile{}, err
			}
			p.Steps = append(p.Steps, i)
			p.Distances = append(p.Distances, d)
		}
		if i == n {
			break
		}
		b, _ = b.Apply(path[i])
	}
	return p, nil
}

// watch answers /api/watch: the search alg traced expansion by
// expansion, each expanded board with its depth, true distance and the
// frontier after it.
func (s *Server) watch(ctx context.Context, q url.Values) ([]byte, error) {
	rq, err := readBoard(q)
	if err != nil {
		return nil, err
	}
	alg := q.Get("alg")
	known := false
	for _, k := range watchAlgorithms {
		known = known || k == alg
	}
	if !known {
		return nil, badRequest("alg=%q: want bfs, dfs, astar or idastar", alg)
	}
	steps := s.lim.WatchSteps
	if t := q.Get("steps"); t != "" {
		v, err := strconv.Atoi(t)
		if err != nil || v < 1 || v > s.lim.WatchSteps {
			return nil, badRequest("steps=%s: want a whole number from 1 to %d", t, s.lim.WatchSteps)
		}
		steps = v
	}
	if err := s.unsolvable(rq.board, rq.goal); err != nil {
		return nil, err
	}
	// A goal without a table is not resolved at all: that could mean
	// building pattern databases for nothing.
	noTable := badRequest("watching a search shows each board's true distance from the distance table, and %s has none", rq.shape)
	if !s.res.HasTable(rq.goal) {
		return nil, noTable
	}
	o, err := s.source(ctx, rq.goal)
	if err != nil {
		return nil, err
	}
	table := tableOf(o)
	if table == nil {
		return nil, noTable
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	lim := limits{MaxExpanded: int64(steps), MaxTime: s.lim.WatchTime}
	tr, res, err := traceSearch(ctx, alg, rq.board, table, lim)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	optimal, err := table.Lookup(rq.board)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Board    string       `json:"board"`
		Shape    string       `json:"shape"`
		Goal     string       `json:"goal"`
		Optimal  int          `json:"optimal_distance"`
		Radius   int          `json:"radius"`
		Trace    *watchTrace  `json:"trace"`
		Result   searchResult `json:"result"`
		Limits   any          `json:"limits"`
		Complete bool         `json:"complete"` // the search ended by itself, not by a limit
	}{rq.board.String(), rq.shape.String(), rq.goal.String(), optimal, table.Radius(),
		tr, res, map[string]any{"steps": steps, "seconds": s.lim.WatchTime.Seconds()},
		!stoppedByLimit(res)})
}

// shapeInfo is one board shape the page offers.
type shapeInfo struct {
	Shape string   `json:"shape"`
	Goals []string `json:"goals"`
	// Kind is "table" (exact distances) or "search" (the solver, with a
	// time limit).
	Kind string `json:"kind"`
	Note string `json:"note"`
}

// shapes answers /api/shapes: the shapes this server answers and its
// limits.
func (s *Server) shapes(context.Context, url.Values) ([]byte, error) {
	var shapes []shapeInfo
	for _, sh := range []statespace.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, {Rows: 2, Cols: 5}, {Rows: 5, Cols: 2}} {
		shapes = append(shapes, shapeInfo{sh.String(), []string{"last", "first"}, "table", "table built in memory on first use (under a second)"})
	}
	shapes = append(shapes, shapeInfo{"3x3", []string{"last", "first"}, "table", "the 8-puzzle: embedded table"})
	for _, sh := range []statespace.Shape{{Rows: 3, Cols: 4}, {Rows: 4, Cols: 3}, {Rows: 2, Cols: 6}, {Rows: 6, Cols: 2}} {
		var goals []string
		for _, g := range []statespace.Board{statespace.GoalLast(sh), statespace.GoalFirst(sh)} {
			if s.res.HasTable(g) {
				goals = append(goals, statespace.GoalName(g))
			}
		}
		if len(goals) > 0 {
			shapes = append(shapes, shapeInfo{sh.String(), goals, "table", "12 cells: cached table, read on first use"})
		}
	}
	shapes = append(shapes, shapeInfo{"4x4", []string{"last", "first"}, "search",
		fmt.Sprintf("the 15-puzzle: IDA* on pattern databases, at most %s a board", s.lim.SolveTime)})
	return json.Marshal(struct {
		Shapes []shapeInfo    `json:"shapes"`
		Limits map[string]any `json:"limits"`
	}{shapes, map[string]any{
		"solve_seconds":     s.lim.SolveTime.Seconds(),
		"compare_nodes":     s.lim.CompareNodes,
		"compare_max_nodes": s.lim.CompareMaxNodes,
		"compare_seconds":   s.lim.CompareTime.Seconds(),
		"watch_steps":       s.lim.WatchSteps,
		"watch_seconds":     s.lim.WatchTime.Seconds(),
	}})
}
