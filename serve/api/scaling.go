package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// algorithms answers /api/algorithms: every classroom algorithm with its
// name and style (classroom.Catalog), the one table the page draws and
// names them from.
func (s *Server) algorithms(_ context.Context, dst []byte, _ url.Values) ([]byte, error) {
	b, err := json.Marshal(struct {
		Algorithms []classroom.AlgorithmInfo `json:"algorithms"`
	}{algorithmCatalog()})
	return append(dst, b...), err
}

// maxDistance is more than any distance a table holds (the 12-cell
// shapes' radius is at most 60), so that a distance is read as a small
// number before the table's radius is known.
const maxDistance = 1000

// scalingRecord is /api/scaling's body: the run's shape, goal and seed,
// each search's limits, the boards drawn at each distance, and a row per
// algorithm and distance (classroom.ScalingSummary).
type scalingRecord struct {
	Shape  string                     `json:"shape"`
	Goal   string                     `json:"goal"`
	Seed   uint64                     `json:"seed"`
	Limits compareLimits              `json:"limits"`
	Boards []scalingBoards            `json:"boards"`
	Rows   []classroom.ScalingSummary `json:"rows"`
}

// scalingBoards are the boards a scaling run drew at one distance.
type scalingBoards struct {
	Distance int      `json:"distance"`
	Boards   []string `json:"boards"`
}

// scaling answers /api/scaling: the classroom algorithms algs= names (as
// /api/compare reads them, with its limit= of expansions and its time per
// search) on boards= boards drawn at each of distances= (comma-separated
// exact distances), without repetition where there are more, every board
// where there are fewer; the same seed= draws the same boards. It is the
// one scaling run (classroom.RunScaling) on one work slot; at most
// Limits.ScalingBoards boards and Limits.ScalingTime in all.
func (s *Server) scaling(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
	shapeText := q.Get("shape")
	if shapeText == "" {
		shapeText = "3x3"
	}
	rq, err := readRequest("", shapeText, q.Get("goal"))
	if err != nil {
		return nil, err
	}
	shape, goal := rq.shape, rq.goal
	params, err := s.readCompareParams(q, goal)
	if err != nil {
		return nil, err
	}
	distances, boards, seed, err := s.readScalingParams(q)
	if err != nil {
		return nil, err
	}
	noTable := badRequest("scaling draws boards at exact distances from the distance table, and %s has none", shape)
	if !s.res.HasTable(goal) {
		return nil, noTable // before the resolver builds databases for it
	}
	o, err := s.source(ctx, goal)
	if err != nil {
		return nil, err
	}
	table := tableOf(o)
	if table == nil {
		return nil, noTable
	}
	for _, d := range distances {
		if d > table.Radius() {
			return nil, badRequest("distances: no %s board is %d moves from the goal; give distances from 1 to %d", shape, d, table.Radius())
		}
	}
	algs, err := scalingAlgorithms(goal, table, params.keys)
	if err != nil {
		return nil, badRequest("algs=%s: %v", q.Get("algs"), err)
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	rctx, cancel := context.WithTimeout(ctx, s.lim.ScalingTime)
	defer cancel()
	cfg := classroom.ScalingConfig{Table: table, Algorithms: algs, Distances: distances, N: boards, Every: true, Seed: seed,
		Limits: search.Limits{MaxExpanded: params.nodes, MaxTime: s.lim.CompareTime}, Workers: 1}
	sr, err := runScaling(rctx, cfg)
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return nil, &statusError{status: StatusServiceUnavailable, err: fmt.Errorf(
			"time limit: the scaling run did not end within %s (%s limit for one run); ask for fewer boards, algorithms or expansions", s.lim.ScalingTime, s.limitsOf())}
	}
	if err != nil {
		return nil, err
	}
	rec := scalingRecord{Shape: shape.String(), Goal: statespace.GoalName(goal), Seed: seed,
		Limits: compareLimits{MaxNodes: s.lim.CompareMaxNodes, Nodes: params.nodes, Seconds: s.lim.CompareTime.Seconds()},
		Rows:   sr.Summary(cfg)}
	for di, d := range distances {
		bs := scalingBoards{Distance: d, Boards: []string{}}
		for _, b := range sr.Boards[di] {
			bs.Boards = append(bs.Boards, b.String())
		}
		rec.Boards = append(rec.Boards, bs)
	}
	b, err := json.Marshal(rec)
	return append(dst, b...), err
}

// readScalingParams reads /api/scaling's distances= (required: exact
// distances, comma-separated, each from 1, none twice, in any order; sorted
// here), boards= (per distance, from 1; 1 when absent) and seed= (1 when
// absent): at most Limits.ScalingBoards boards in all.
func (s *Server) readScalingParams(q url.Values) (distances []int, boards int, seed uint64, err error) {
	text := q.Get("distances")
	if strings.TrimSpace(text) == "" {
		return nil, 0, 0, badRequest("distances: give the exact distances to draw boards at, such as distances=2,4,6")
	}
	parts := strings.Split(text, ",")
	if len(parts) > s.lim.ScalingBoards {
		return nil, 0, 0, badRequest("distances=%s: %d distances, at most %d boards in one run (%s bound)", text, len(parts), s.lim.ScalingBoards, s.limitsOf())
	}
	for _, p := range parts {
		d, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || d < 1 || d > maxDistance {
			return nil, 0, 0, badRequest("distances=%s: %q is not a distance; give whole numbers from 1, such as distances=2,4,6", text, p)
		}
		if slices.Contains(distances, d) {
			return nil, 0, 0, badRequest("distances=%s: %d is named twice", text, d)
		}
		distances = append(distances, d)
	}
	slices.Sort(distances)
	boards = 1
	if t := q.Get("boards"); t != "" {
		v, err := strconv.Atoi(t)
		if err != nil || v < 1 || v > s.lim.ScalingBoards {
			return nil, 0, 0, badRequest("boards=%s: want a whole number of boards per distance from 1 to %d", t, s.lim.ScalingBoards)
		}
		boards = v
	}
	if n := len(distances) * boards; n > s.lim.ScalingBoards {
		return nil, 0, 0, badRequest("%d distances × %d boards is %d boards; at most %d in one run (%s bound)",
			len(distances), boards, n, s.lim.ScalingBoards, s.limitsOf())
	}
	seed = 1
	if t := q.Get("seed"); t != "" {
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return nil, 0, 0, badRequest("seed=%s: want a whole number", t)
		}
	}
	return distances, boards, seed, nil
}
