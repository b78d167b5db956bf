package pyapi

import (
	"fmt"
	"math"

	"github.com/tilespace/tilespace/resolve"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// MaxScalingRuns bounds one scaling request's searches (algorithms ×
// boards), and so its memory and response.
const MaxScalingRuns = 1_000_000

// maxTableCells is the most cells a distance table has (3x4: 239.5 M
// boards); larger shapes are solved by search.
const maxTableCells = 12

// scalingRuns is a scaling response's searches, a list per field in
// search order (classroom.RunScaling's: by distance, algorithm, board).
type scalingRuns struct {
	Algorithm      []int     `json:"algorithm"` // index into the response's algorithms
	Board          []int     `json:"board"`     // index into the response's boards
	NodesExpanded  []int64   `json:"nodes_expanded"`
	NodesGenerated []int64   `json:"nodes_generated"`
	MaxFrontier    []int64   `json:"max_frontier"`
	PathLength     []int     `json:"path_length"` // -1: no path
	Seconds        []float64 `json:"seconds"`
	StoppedBy      []string  `json:"stopped_by"` // "" when a path was found
}

// scaling runs the classroom algorithms on every board (or a sample) at
// each exact distance, as classroom.RunScaling does for plot's scaling
// figures, and returns every search's counts.
//
// Request: shape, goal, algorithms (keys; none: all), distances (none:
// 1 … the radius), sample (boards per distance, drawn without repetition,
// every board where there are fewer; 0: every board), seed, nodes,
// seconds, memory_mib (per search), dfs_depth (DFS's depth limit; 0:
// none).
// Response: shape, goal, counts (boards at each distance 0 … radius),
// algorithms [{key, name, optimal}], distances, sample, seed, limits
// {nodes, seconds, memory_mib, dfs_depth} (the defaults filled in: the
// classroom comparison's), boards (tiles of each board
// searched), board_distance, runs (scalingRuns).
func (e *Engine) scaling(j *Job, r *scalingRequest, _, _ []byte) (*scalingResponse, error) {
	q, err := r.read()
	if err != nil {
		return nil, err
	}
	goal := q.Goal
	if r.Sample < 0 || r.DFSDepth < 0 || r.Nodes < 0 || r.Seconds < 0 || r.MemoryMiB < 0 {
		return nil, &Error{Kind: KindValue, Message: "sample, dfs_depth, nodes, seconds and memory_mib must not be negative"}
	}
	noTable := &Error{Kind: KindShape, Message: fmt.Sprintf("scaling draws boards at exact distances from a distance table, and %s has none: shapes of at most 12 cells have one", goal.Shape())}
	if goal.Shape().Cells() > maxTableCells {
		return nil, noTable // before the resolver builds databases for it
	}
	o, err := e.oracle(j.ctx, goal)
	if err != nil {
		return nil, err
	}
	table := resolve.TableOf(o)
	if table == nil {
		return nil, noTable
	}
	algs, err := classroom.Algorithms(goal, table, r.Algorithms)
	if err != nil {
		return nil, err
	}
	ds, err := scalingDistances(r.Distances, table)
	if err != nil {
		return nil, err
	}
	runs := 0
	for _, d := range ds {
		n := int(table.Counts()[d])
		if r.Sample > 0 {
			n = min(n, r.Sample)
		}
		runs += n * len(algs)
	}
	if runs > MaxScalingRuns {
		return nil, &Error{Kind: KindValue, Message: fmt.Sprintf("%d searches asked for, more than %d: draw a sample per distance (sample=N), or fewer distances or algorithms", runs, MaxScalingRuns)}
	}
	// The classroom comparison's defaults, on every shape.
	lim := search.Limits{MaxExpanded: r.Nodes, MaxTime: seconds(r.Seconds), MaxBytes: r.MemoryMiB << 20, MaxDepth: r.DFSDepth}
	if lim.MaxExpanded == 0 {
		lim.MaxExpanded = search.DefaultMaxExpanded
	}
	if lim.MaxTime == 0 {
		lim.MaxTime = search.DefaultMaxTime
	}
	if lim.MaxBytes == 0 {
		lim.MaxBytes = search.DefaultMaxBytes
	}
	sr, err := classroom.RunScaling(j.ctx, classroom.ScalingConfig{
		Table: table, Algorithms: algs, Distances: ds, Every: true, N: r.Sample, Seed: r.Seed, Limits: lim,
		OnRun: func(done, total int) { j.report("scaling", uint64(done), uint64(total)) },
	})
	if err != nil {
		return nil, err
	}
	return scalingResult(r, lim, goal, table, algs, ds, sr), nil
}

// radiusTable is what scalingDistances asks of a distance table: the
// space it covers and its radius.
type radiusTable interface {
	Space() *statespace.Space
	Radius() int
}

// scalingDistances is the request's distances, checked against table's
// radius; none: every distance from 1.
func scalingDistances(want []int, table radiusTable) ([]int, error) {
	if len(want) == 0 {
		for d := 1; d <= table.Radius(); d++ {
			want = append(want, d)
		}
		return want, nil
	}
	seen := map[int]bool{}
	for _, d := range want {
		if d < 1 || d > table.Radius() {
			return nil, &Error{Kind: KindValue, Message: fmt.Sprintf("distance %d is outside 1 … %d, the distances of %s", d, table.Radius(), table.Space().Goal().Shape())}
		}
		if seen[d] {
			return nil, &Error{Kind: KindValue, Message: fmt.Sprintf("distance %d is named twice", d)}
		}
		seen[d] = true
	}
	return want, nil
}

// countedTable is what scalingResult asks of a distance table: the
// number of boards at each distance 0 … its radius.
type countedTable interface {
	Counts() []uint64
}

// scalingResponse is a scaling run's response.
type scalingResponse struct {
	Shape         string        `json:"shape"`
	Goal          []int         `json:"goal"`
	Counts        []uint64      `json:"counts"`
	Algorithms    []scalingAlg  `json:"algorithms"`
	Distances     []int         `json:"distances"`
	Sample        int           `json:"sample"`
	Seed          uint64        `json:"seed"`
	Limits        scalingLimits `json:"limits"`
	Boards        [][]int       `json:"boards"`
	BoardDistance []int         `json:"board_distance"`
	Runs          scalingRuns   `json:"runs"`
}

// scalingAlg names an algorithm of a scaling run.
type scalingAlg struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Optimal bool   `json:"optimal"`
}

// scalingLimits are a scaling run's limits per search, the defaults
// filled in.
type scalingLimits struct {
	Nodes     int64   `json:"nodes"`
	Seconds   float64 `json:"seconds"`
	MemoryMiB int64   `json:"memory_mib"`
	DFSDepth  int     `json:"dfs_depth"`
}

func scalingResult(r *scalingRequest, lim search.Limits, goal statespace.Board, table countedTable, algs []search.Algorithm, ds []int, sr *classroom.ScalingRuns) *scalingResponse {
	var as []scalingAlg
	for _, a := range algs {
		as = append(as, scalingAlg{a.Key, a.Name, a.Optimal})
	}
	var boards [][]int
	var dist []int
	first := make([]int, len(ds)) // index of each distance's first board
	for di, bs := range sr.Boards {
		first[di] = len(boards)
		for _, b := range bs {
			boards = append(boards, b.Tiles())
			dist = append(dist, ds[di])
		}
	}
	var out scalingRuns
	for _, run := range sr.Runs {
		res := run.Result
		out.Algorithm = append(out.Algorithm, run.Alg)
		out.Board = append(out.Board, first[run.Dist]+run.Board)
		out.NodesExpanded = append(out.NodesExpanded, res.Expanded)
		out.NodesGenerated = append(out.NodesGenerated, res.Generated)
		out.MaxFrontier = append(out.MaxFrontier, res.MaxFrontier)
		length, stopped := run.PathLength, ""
		if !res.Found {
			length, stopped = -1, res.StoppedBy.String()
		}
		out.PathLength = append(out.PathLength, length)
		out.Seconds = append(out.Seconds, math.Max(res.Elapsed.Seconds(), 0))
		out.StoppedBy = append(out.StoppedBy, stopped)
	}
	return &scalingResponse{
		Shape: goal.Shape().String(), Goal: goal.Tiles(), Counts: table.Counts(),
		Algorithms: as, Distances: ds, Sample: r.Sample, Seed: r.Seed,
		Limits: scalingLimits{Nodes: lim.MaxExpanded, Seconds: lim.MaxTime.Seconds(), MemoryMiB: lim.MaxBytes >> 20, DFSDepth: lim.MaxDepth},
		Boards: boards, BoardDistance: dist, Runs: out,
	}
}
