package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// profilePoints is the most points of a path's distance profile.
const profilePoints = 240

// compare answers /api/compare: every classroom algorithm on the board,
// as classroom compare -json writes it, plus each path's profile (the
// true distance of the boards along it, sampled) and the limits used
// (compareRecord).
func (s *Server) compare(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
	rq, err := readBoard(q)
	if err != nil {
		return nil, err
	}
	params, err := s.readCompareParams(q, rq.goal)
	if err != nil {
		return nil, err
	}
	if err := unsolvable(rq); err != nil {
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
	lim := search.Limits{MaxExpanded: params.nodes, MaxTime: s.lim.CompareTime}
	c, err := compareBoard(ctx, rq.board, rq.goal, table, lim, params.keys)
	if err != nil {
		return nil, s.explained(err, 0) // a damaged table: the command that checks it
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
				return nil, s.explained(err, 0)
			}
			c.Optimal, c.OptimalSource = a.Distance, o.Source().Solver
		case isDamage(err):
			return nil, s.explained(err, 0) // databases the solver's own path proved wrong
		case errors.Is(err, context.DeadlineExceeded):
			reference = fmt.Sprintf("no optimal reference: the solver did not finish within %s", s.lim.SolveTime)
		default:
			reference = "no optimal reference: " + err.Error()
		}
	}
	rec, err := s.newCompareRecord(c, table, params.nodes, reference)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(rec)
	return append(dst, b...), err
}

// newCompareRecord is the record of c, a comparison run with nodes
// expansions per algorithm, each row's path profiled on table (when not
// nil); note says why there is no optimal reference, or is "".
func (s *Server) newCompareRecord(c *classroom.Comparison, table pdb.ExactTable, nodes int64, note string) (compareRecord, error) {
	rec := compareRecord{Board: c.Start.String(), Goal: c.Goal.String(), Shape: c.Start.Shape().String(),
		Limits:        compareLimits{MaxNodes: s.lim.CompareMaxNodes, Nodes: nodes, Seconds: s.lim.CompareTime.Seconds()},
		OptimalNote:   note,
		OptimalSource: c.OptimalSource}
	if c.Optimal >= 0 {
		rec.Optimal = &c.Optimal
	}
	for _, row := range c.Rows {
		r := compareRow{Key: row.Key, OptimalAlgorithm: row.Optimal, Outcome: c.Outcome(row), Result: newCompareResult(row.Result)}
		if row.Result.Found && c.Optimal >= 0 {
			e := len(row.Result.Path) - c.Optimal
			r.ExcessMoves = &e
		}
		if table != nil && row.Result.Found {
			p, err := pathProfile(c.Start, row.Result.Path, table)
			if err != nil {
				return rec, err
			}
			r.PathProfile = &p
		}
		rec.Algorithms = append(rec.Algorithms, r)
	}
	return rec, nil
}

// compareRecord is /api/compare's body: the record classroom compare
// -json writes (Comparison.WriteJSON), its limits those of this server
// (the nodes asked, the most allowed, the time), with the optimal
// distance's source and, when there is none, a note saying why. Its keys,
// and those of every object in it but a row's path_profile, are in sorted
// order, as the page has always been served them.
type compareRecord struct {
	Algorithms    []compareRow  `json:"algorithms"`
	Board         string        `json:"board"`
	Goal          string        `json:"goal"`
	Limits        compareLimits `json:"limits"`
	Optimal       *int          `json:"optimal_distance"` // null when unknown
	OptimalNote   string        `json:"optimal_note,omitempty"`
	OptimalSource string        `json:"optimal_source"`
	Shape         string        `json:"shape"`
}

// compareLimits are the limits of a comparison: the expansions each
// algorithm had, the most a request may ask, and the time each had.
type compareLimits struct {
	MaxNodes int64   `json:"max_nodes"`
	Nodes    int64   `json:"nodes"`
	Seconds  float64 `json:"seconds"`
}

// compareRow is one algorithm's row: classroom compare -json's, with the
// distance profile of the path found when there is a table.
type compareRow struct {
	ExcessMoves      *int              `json:"excess_moves"` // path length − optimal distance; null if unknown
	Key              string            `json:"key"`
	OptimalAlgorithm bool              `json:"optimal_algorithm"`
	Outcome          classroom.Outcome `json:"outcome"`
	PathProfile      *profile          `json:"path_profile,omitempty"`
	Result           compareResult     `json:"result"`
}

// compareResult is a row's search.Result with the keys of its JSON
// (search.Result.MarshalJSON), sorted.
type compareResult struct {
	Algorithm      string            `json:"algorithm"`
	Cost           float64           `json:"cost"`
	Found          bool              `json:"found"`
	MaxFrontier    int64             `json:"max_frontier"`
	MaxSearchDepth int               `json:"max_search_depth"`
	Expanded       int64             `json:"nodes_expanded"`
	Generated      int64             `json:"nodes_generated"`
	Path           []string          `json:"path"`
	PathLength     int               `json:"path_length"`
	PeakBytes      int64             `json:"peak_bytes"`
	SearchDepth    int               `json:"search_depth"`
	Seconds        float64           `json:"seconds"`
	StoppedBy      search.StopReason `json:"stopped_by"`
}

func newCompareResult(r search.Result) compareResult {
	path := make([]string, len(r.Path))
	for i, m := range r.Path {
		path[i] = m.String()
	}
	return compareResult{Algorithm: r.Algorithm, Cost: r.Cost, Found: r.Found, MaxFrontier: r.MaxFrontier,
		MaxSearchDepth: r.MaxSearchDepth, Expanded: r.Expanded, Generated: r.Generated, Path: path,
		PathLength: len(r.Path), PeakBytes: r.PeakBytes, SearchDepth: r.SearchDepth,
		Seconds: r.Elapsed.Seconds(), StoppedBy: r.StoppedBy}
}

// profile is the true distance of the boards along a path, at evenly
// spaced steps (every step of paths of at most profilePoints moves).
type profile struct {
	Steps     []int `json:"steps"`
	Distances []int `json:"distances"`
}

func pathProfile(b statespace.Board, path []statespace.Move, t pdb.ExactTable) (profile, error) {
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
func (s *Server) watch(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
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
		return nil, badRequest("alg=%q: want one of %s", alg, strings.Join(watchAlgorithms, ", "))
	}
	steps := s.lim.WatchSteps
	if t := q.Get("steps"); t != "" {
		v, err := strconv.Atoi(t)
		if err != nil || v < 1 || v > s.lim.WatchSteps {
			return nil, badRequest("steps=%s: want a whole number from 1 to %d", t, s.lim.WatchSteps)
		}
		steps = v
	}
	if err := unsolvable(rq); err != nil {
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
	lim := search.Limits{MaxExpanded: int64(steps), MaxTime: s.lim.WatchTime}
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
	b, err := json.Marshal(struct {
		Board    string        `json:"board"`
		Shape    string        `json:"shape"`
		Goal     string        `json:"goal"`
		Optimal  int           `json:"optimal_distance"`
		Radius   int           `json:"radius"`
		Trace    *watchTrace   `json:"trace"`
		Result   search.Result `json:"result"`
		Limits   watchLimits   `json:"limits"`
		Complete bool          `json:"complete"` // the search ended by itself, not by a limit
	}{rq.board.String(), rq.shape.String(), rq.goal.String(), optimal, table.Radius(),
		tr, res, watchLimits{Seconds: s.lim.WatchTime.Seconds(), Steps: steps},
		!stoppedByLimit(res)})
	return append(dst, b...), err
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
func (s *Server) shapes(_ context.Context, dst []byte, _ url.Values) ([]byte, error) {
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
	b, err := json.Marshal(struct {
		Shapes []shapeInfo `json:"shapes"`
		Limits pageLimits  `json:"limits"`
	}{shapes, pageLimits{
		CompareMaxNodes: s.lim.CompareMaxNodes,
		CompareNodes:    s.lim.CompareNodes,
		CompareSeconds:  s.lim.CompareTime.Seconds(),
		ScalingBoards:   s.lim.ScalingBoards,
		ScalingSeconds:  s.lim.ScalingTime.Seconds(),
		SolveSeconds:    s.lim.SolveTime.Seconds(),
		WatchSeconds:    s.lim.WatchTime.Seconds(),
		WatchSteps:      s.lim.WatchSteps,
	}})
	return append(dst, b...), err
}

// pageLimits are the limits /api/shapes tells the page, its keys in
// sorted order.
type pageLimits struct {
	CompareMaxNodes int64   `json:"compare_max_nodes"`
	CompareNodes    int64   `json:"compare_nodes"`
	CompareSeconds  float64 `json:"compare_seconds"`
	ScalingBoards   int     `json:"scaling_boards"`
	ScalingSeconds  float64 `json:"scaling_seconds"`
	SolveSeconds    float64 `json:"solve_seconds"`
	WatchSeconds    float64 `json:"watch_seconds"`
	WatchSteps      int     `json:"watch_steps"`
}

// watchLimits are the limits of a traced search: its time and the
// expansions it may trace.
type watchLimits struct {
	Seconds float64 `json:"seconds"`
	Steps   int     `json:"steps"`
}
